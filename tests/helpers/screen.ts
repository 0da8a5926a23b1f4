/**
 * Moving through the app in a browser test as a user does, and knowing when a screen is ready to
 * be checked (its layout measured, axe run): without fixed sleeps, which cost minutes over a walk
 * of every screen and still guess wrong on a busy machine.
 */
import type { Page } from 'playwright-core';

/** The page has settled: its main content is shown and nothing in it is still loading. */
export async function settle(page: Page) {
  await page.locator('main').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page
    .waitForFunction(
      // A "working…" indicator has no value (a figure's bar, e.g. a target reached, has one).
      () => !document.querySelector('main [role="progressbar"]:not([aria-valuenow]), main .MuiSkeleton-root'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  // Then until the page has stopped changing: 300 ms without a change to its elements (entering
  // animations, late rows, a tab's indicator), at most 2 s (a screen with a ticking clock).
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const started = performance.now();
        let changed = started;
        const observer = new MutationObserver(() => {
          changed = performance.now();
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        const check = () => {
          const now = performance.now();
          if (now - changed >= 300 || now - started >= 2_000) {
            observer.disconnect();
            done();
          } else setTimeout(check, 50);
        };
        setTimeout(check, 50);
      }),
  );
}

/**
 * Opens `path` in the running app as its own links do (the router follows the history), not by
 * loading the page again: a role's walk is one visit of the app, as a user's day is. Waits until
 * the screen shown before has begun to go (some of its elements removed; the layout around it
 * stays), or 3 s when the route shows the same screen again (a route that sends the user on to
 * where they were); `settle` then waits for the new screen.
 */
export async function openInApp(page: Page, path: string) {
  const before = await page.evaluate((to) => {
    const shown = document.querySelectorAll('main *');
    for (const el of shown) el.setAttribute('data-fit-before', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return shown.length;
  }, path);
  await page
    .waitForFunction((count) => document.querySelectorAll('[data-fit-before]').length < count, before, {
      timeout: 3_000,
    })
    .catch(() => undefined);
}
