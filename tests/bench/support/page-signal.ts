import type { Page } from 'playwright-core';

/**
 * Waits until the page's own script logs `signal` to its console, without running anything in
 * the page. Why not `locator.waitFor` or `waitForFunction`: their first call after a navigation
 * has Playwright inject and evaluate its helper script in the new document — 50 ms and more of
 * the page's main thread on a 2-core machine, in the middle of the start a bench is timing. A
 * console message reaches the bench through the DevTools protocol alone. Ask for the signal
 * BEFORE the navigation that should produce it.
 */
export async function pageSignal(page: Page, signal: string, timeout = 60_000): Promise<void> {
  await page.waitForEvent('console', { predicate: (message) => message.text() === signal, timeout });
}
