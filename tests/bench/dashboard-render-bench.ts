/**
 * Dashboards' first render from the local store, offline. Not a test: it prints figures.
 *
 * The real product on a PGlite prepared before the start (migrated, seeded, plus ORDERS — default
 * 10,000 — extra orders for tenant demo, tests/bench/support/bulk-orders.ts), as in
 * dexie-sync-bench.ts. In Chromium, as the manager (who sees every order of the tenant): sign in,
 * wait until the local store holds every order, open /dashboard and /manager-dashboard once online
 * (service worker in control), then cut the network and reload each screen RELOADS times, timing
 * from the reload until the cards show numbers (any digit in 'Toplam Sipariş' — the figures the device saved
 * last time, read synchronously), and until the fresh figures from Dexie are shown (data-fresh:
 * read from the counts the store keeps per group).
 * Then, in the page, the read the figures are made of on its own: every mirrored order against the
 * counts the store keeps per group (src/client/local/tallies.ts).
 *
 *   node --import tsx tests/bench/dashboard-render-bench.ts
 *   ORDERS=10000 RELOADS=3 node --import tsx tests/bench/dashboard-render-bench.ts
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newContext } from '../helpers/browser';
import { startCpuProfile } from './support/cpu-profile';
import { countLocalOrders, median, prepareData, seconds } from './support/mirror';
import { pageSignal } from './support/page-signal';
import { type BenchServer, startBenchServer } from './support/server';

const ORDERS = Number((process.env.ORDERS ?? '10000').replace(/_/g, ''));
const RELOADS = Number(process.env.RELOADS ?? 3);
/** PROFILE=<file>: a CPU profile of the page's main thread over the last reload of /dashboard. */
const PROFILE = process.env.PROFILE;
const TENANT = 'demo';
const USERNAME = 'manager';

/**
 * Notes, on the page's own clock (ms from the navigation's start), when the total card first shows
 * a number and when it first shows the fresh figures: installed before the app's scripts.
 */
const NUMBER_SIGNAL = '__bench:number';
const FRESH_SIGNAL = '__bench:fresh';
const PAGE_CLOCK = `(() => {
  const w = window;
  w.__clock = {};
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid="stat-total-value"]')?.textContent || '';
    if (w.__clock.number === undefined && /\\d/.test(text)) {
      w.__clock.number = performance.now();
      console.log('${NUMBER_SIGNAL}');
    }
    const fresh = document.querySelector('[data-testid="dashboard-cards"]')?.getAttribute('data-fresh') === 'true';
    if (w.__clock.fresh === undefined && fresh && /\\d/.test(text)) {
      w.__clock.fresh = performance.now();
      console.log('${FRESH_SIGNAL}');
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

interface Timing {
  firstNumber: number;
  full: number;
  /** The page's own clock: navigation start → the first number / the fresh figures in the DOM. */
  pageNumber: number;
  pageFresh: number;
}

/** Reload (offline) and time until the total card shows a number, then the full count. */
async function timeReload(page: Page, expected: number): Promise<Timing> {
  // Waited for by the page's console lines (support/page-signal.ts): nothing runs in the page
  // while it starts.
  const r0 = performance.now();
  const number = pageSignal(page, NUMBER_SIGNAL);
  const fresh = pageSignal(page, FRESH_SIGNAL);
  await page.reload({ waitUntil: 'commit' });
  await number;
  const firstNumber = performance.now() - r0;
  await fresh;
  const full = performance.now() - r0;
  // The fresh figures are the whole store's: checked once the clock has stopped.
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="stat-total-value"]')?.textContent === String(n),
    expected,
    { timeout: 60_000 },
  );
  const clock = await page.evaluate(
    () => (window as unknown as { __clock: { number: number; fresh: number } }).__clock,
  );
  return { firstNumber, full, pageNumber: clock.number, pageFresh: clock.fresh };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-bench-dash-'));
  let server: BenchServer | undefined;
  const browser = await launchBrowser();
  try {
    const { userId, expected } = await prepareData(dataDir, {
      tenant: TENANT,
      username: USERNAME,
      orders: ORDERS,
    });
    const dbName = `sys-${TENANT}-${userId}`;
    server = await startBenchServer({ dataDir });
    const baseURL = server.baseURL;
    console.log(
      `Server up at ${baseURL}; Chromium ${browser.version()}; the manager sees ${expected} orders`,
    );
    const context = await newContext(browser, undefined, { worker: true });
    await context.addInitScript(PAGE_CLOCK);
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=${TENANT}`);
    await page.locator('input[name="username"]').fill(USERNAME);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    const t0 = performance.now();
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    let count = -1;
    while (performance.now() < t0 + 300_000) {
      count = await countLocalOrders(page, dbName);
      if (count >= expected) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `First sync: ${count} of ${expected} orders in the local store after ${seconds(performance.now() - t0)}`,
    );
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });

    const paths = ['/dashboard', '/manager-dashboard'];
    for (const path of paths) {
      await page.goto(`${baseURL}${path}`);
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="stat-total-value"]')?.textContent === String(n),
        expected,
        { timeout: 60_000 },
      );
    }
    await context.setOffline(true);
    for (const path of paths) {
      await page.goto(`${baseURL}${path}`);
      const runs: Timing[] = [];
      for (let i = 0; i < RELOADS; i++) {
        const profiler =
          PROFILE && path === paths[0] && i === RELOADS - 1 ? await startCpuProfile(page, PROFILE) : null;
        runs.push(await timeReload(page, expected));
        await profiler?.stop();
      }
      const source = await page.getByTestId('dashboard-cards').getAttribute('data-source');
      console.log(
        `Offline ${path} reload → cards with numbers: median ${seconds(median(runs.map((r) => r.firstNumber)))}` +
          ` (${runs.map((r) => seconds(r.firstNumber)).join(', ')}); fresh figures (total ${expected}) from Dexie: median ${seconds(
            median(runs.map((r) => r.full)),
          )} (${runs.map((r) => seconds(r.full)).join(', ')}); figures from: ${source}; ` +
          `on the page's clock (navigation start →): number ${seconds(median(runs.map((r) => r.pageNumber)))}, ` +
          `fresh figures ${seconds(median(runs.map((r) => r.pageFresh)))} (${runs.map((r) => seconds(r.pageFresh)).join(', ')})`,
      );
    }
    // The read the figures are made of, on its own (no app start, no React): every mirrored order
    // (what the cards were counted from before the counts were kept) against the kept groups.
    // tsx keeps function names with a `__name` helper the page does not have: give it one.
    await page.evaluate('globalThis.__name = (f) => f');
    const reads = await page.evaluate(async (name) => {
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((done, fail) => {
          r.onsuccess = () => done(r.result);
          r.onerror = () => fail(r.error);
        });
      const db = await request(indexedDB.open(name));
      const time = async (read: () => Promise<unknown[]>) => {
        const runs: number[] = [];
        let rows = 0;
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          rows = (await read()).length;
          runs.push(performance.now() - t0);
        }
        return { rows, ms: runs.sort((a, b) => a - b)[2] ?? Number.NaN };
      };
      const orders = await time(() => request(db.transaction('orders').objectStore('orders').getAll()));
      const groups = db.objectStoreNames.contains('tallies')
        ? await time(() =>
            request(db.transaction('tallies').objectStore('tallies').index('collection').getAll('orders')),
          )
        : null;
      db.close();
      return { orders, groups };
    }, dbName);
    console.log(
      `The figures' read, median of 5: every order ${reads.orders.rows} rows ${seconds(reads.orders.ms)}` +
        (reads.groups
          ? `; the kept groups ${reads.groups.rows} rows ${seconds(reads.groups.ms)}`
          : '; no kept groups'),
    );
    await context.setOffline(false);
    await context.close();
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
