/**
 * The sync's pull pages are received by a dedicated worker (src/client/local/sync/worker-fetch.ts),
 * so the main thread is left to write the page before to IndexedDB. Checked in Chromium: a first
 * sync completes with no pull request made by the page itself (a window's resource timing lists
 * only its own requests; a worker's are in the worker's), and when the worker's script cannot be
 * loaded the page makes the requests itself and the sync still completes. A first sync's first page
 * is asked for with the sign-in's answer (src/client/local/sync/first-page.ts), once: the engine
 * takes that answer instead of asking again, and the device's health report goes with the next page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DEMO_PASSWORD } from '../helpers/browser';

const baseURL = inject('baseURL');
const browser = browserPerFile();

/** The local store's meta row `key` (the store of tenant demo), or undefined before it exists. */
function localMeta(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (metaKey) =>
      new Promise<unknown>((resolve) => {
        void indexedDB.databases().then((all) => {
          const name = all.map((d) => d.name ?? '').find((n) => n.startsWith('sys-demo-'));
          if (!name) return resolve(undefined);
          const open = indexedDB.open(name);
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => resolve(undefined);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('meta')) {
              db.close();
              return resolve(undefined);
            }
            const get = db.transaction('meta').objectStore('meta').get(metaKey);
            get.onsuccess = () => {
              db.close();
              resolve((get.result as { value?: unknown } | undefined)?.value);
            };
            get.onerror = () => {
              db.close();
              resolve(undefined);
            };
          };
        });
      }),
    key,
  );
}

/** Pull requests the page's own window made (resource timing; a worker's are not in it). */
function pagePulls(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/sync/pull'))
        .length,
  );
}

async function firstSync(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseURL}/login?tenant=demo`);
  await page.locator('input[name="username"]').fill('manager');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/manager-dashboard');
  // The end of the feed reached: the store holds everything the manager may see.
  await expect.poll(() => localMeta(page, 'mirror_complete'), { timeout: 60_000 }).toBe(true);
  return page;
}

describe('the pull pages, received by a worker', () => {
  it('fills the store on a first sync without a pull request from the page itself', async () => {
    const context = await browser().newContext({ locale: 'tr-TR', serviceWorkers: 'allow' });
    try {
      const page = await firstSync(context);
      expect(page.workers().some((worker) => worker.url().includes('fetch-worker'))).toBe(true);
      expect(await pagePulls(page)).toBe(0);
      // The orders are there, read from the store's own table.
      const cursor = await localMeta(page, 'cursor');
      expect(Number(cursor)).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it("asks for a first sync's first page with the sign-in's answer, once", async () => {
    const context = await browser().newContext({ locale: 'tr-TR', serviceWorkers: 'allow' });
    try {
      // Every pull request the browser makes, the worker's included, in the order they leave.
      const pulls: { cursor: string | null; report: boolean }[] = [];
      context.on('request', (request) => {
        if (!request.url().includes('/api/sync/pull')) return;
        pulls.push({
          cursor: new URL(request.url()).searchParams.get('cursor'),
          report: request.headers()['x-device-report'] !== undefined,
        });
      });
      const page = await firstSync(context);
      // One request for cursor 0, made without the health report (the early one: the engine's
      // own first request of a pull carries the report), and the store filled from it.
      expect(pulls.filter((p) => p.cursor === '0')).toEqual([{ cursor: '0', report: false }]);
      expect(pulls[0]).toEqual({ cursor: '0', report: false });
      const cursor = Number(await localMeta(page, 'cursor'));
      expect(cursor).toBeGreaterThan(0);
      // The next pull (the app started again) goes on from the stored cursor, with the report.
      const before = pulls.length;
      await page.reload();
      await expect.poll(() => pulls.slice(before).some((p) => p.report), { timeout: 30_000 }).toBe(true);
      expect(pulls.slice(before).every((p) => Number(p.cursor) >= cursor)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('pulls from the page itself when the worker cannot be loaded', async () => {
    // No service worker: the worker's script is asked from the network, where it is refused.
    const context = await browser().newContext({ locale: 'tr-TR', serviceWorkers: 'block' });
    try {
      await context.route('**/assets/fetch-worker-*.js', (route) => route.fulfill({ status: 404, body: '' }));
      const page = await firstSync(context);
      expect(await pagePulls(page)).toBeGreaterThan(0);
      expect(Number(await localMeta(page, 'cursor'))).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
