import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, newContext, signIn } from '../helpers/browser';

/**
 * A reload draws its screen WITH the screen's data in the first frame that shows the screen: the
 * app opens the local store and reads what the screen's first render needs while the screen's
 * code loads (main.tsx, the screens' `firstRead`), in Chromium against `npm start`.
 * - /manager-dashboard: the cards' first frame shows the figures counted from the store
 *   (data-fresh), not the ones the device saved on the last visit;
 * - /inventory: the stock list's first frame shows its rows, not a progress bar.
 * A recorder installed before the app's scripts notes what the first DOM state holding the screen
 * showed (the observer sees whole commits: React writes a commit's DOM in one go).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();

const RECORDER = `(() => {
  const w = window;
  w.__first = {};
  new MutationObserver(() => {
    const cards = document.querySelector('[data-testid="dashboard-cards"]');
    if (cards && !w.__first.cards)
      w.__first.cards = {
        fresh: cards.getAttribute('data-fresh'),
        total: (document.querySelector('[data-testid="stat-total-value"]')?.textContent || '').trim(),
      };
    const inventory = document.querySelector('[data-testid="inventory-page"]');
    if (inventory && !w.__first.inventory)
      w.__first.inventory = {
        rows: inventory.querySelectorAll('[data-testid="inv-row"]').length,
        progress: inventory.querySelector('[role="progressbar"]') !== null,
      };
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

interface First {
  cards?: { fresh: string | null; total: string };
  inventory?: { rows: number; progress: boolean };
}

const first = (page: Page) => page.evaluate(() => (window as unknown as { __first: First }).__first);

describe('the first frame of a reload (Chromium against npm start)', () => {
  it("manager@client1: /manager-dashboard's first cards show the store's figures, not the saved ones", async () => {
    const context = await newContext(browser());
    try {
      await context.addInitScript(RECORDER);
      const page = await context.newPage();
      await signIn(page, baseURL, 'client1', 'manager');
      await page.waitForURL((url) => url.pathname === '/manager-dashboard');
      const settled = () =>
        page.waitForFunction(
          () => {
            const cards = document.querySelector('[data-testid="dashboard-cards"]');
            return (
              cards?.getAttribute('data-source') === 'local' &&
              cards.getAttribute('data-fresh') === 'true' &&
              /\d/.test(document.querySelector('[data-testid="stat-total-value"]')?.textContent ?? '')
            );
          },
          undefined,
          { timeout: 90_000 },
        );
      await settled();
      const total = await page.getByTestId('stat-total-value').innerText();
      // The visit saved its figures: without the first read, a reload shows those first.
      expect(
        await page.evaluate(() =>
          Object.keys(localStorage).some((k) => k.startsWith('sys-dashboard-stats:')),
        ),
      ).toBe(true);
      for (let i = 0; i < 2; i++) {
        await page.reload();
        await settled();
        expect(await first(page)).toMatchObject({ cards: { fresh: 'true', total } });
      }
    } finally {
      await context.close();
    }
  });

  it("warehouse@demo: /inventory's first frame draws stock rows, not a progress bar", async () => {
    const context = await newContext(browser());
    try {
      await context.addInitScript(RECORDER);
      const page = await context.newPage();
      await signIn(page, baseURL, 'demo', 'warehouse');
      await page.waitForURL((url) => url.pathname === '/warehouse-dashboard');
      await page.goto(`${baseURL}/inventory`);
      await page.getByTestId('inv-row').first().waitFor({ timeout: 60_000 });
      for (let i = 0; i < 2; i++) {
        await page.reload();
        await page.getByTestId('inv-row').first().waitFor({ timeout: 60_000 });
        const shown = await first(page);
        expect(shown.inventory?.progress).toBe(false);
        expect(shown.inventory?.rows).toBeGreaterThan(0);
      }
    } finally {
      await context.close();
    }
  });
});
