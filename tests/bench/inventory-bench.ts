/**
 * /inventory with many products mirrored, offline. Not a test: it prints figures.
 *
 * The real product on a PGlite prepared before the start (migrated, seeded, plus PRODUCTS —
 * default 10,000 — extra products for tenant demo, each with an EAN-13 and an opening stock
 * movement). In Chromium, as the warehouse user: sign in, wait until the local store holds every
 * product, open /inventory once online (service worker in control), then cut the network and:
 *  1. reload /inventory RELOADS times, timing from the reload until the first stock rows are drawn
 *     (the list is read from the local store, filtered, ordered low stock first and paged);
 *  2. start a count ('all products') and scan SCANS codes through the scan input as a wedge
 *     scanner types them (SCANS / 5 products, 5 scans each), timing the scanning;
 *  3. post the count (queued in the outbox), reconnect, and time from reconnecting until the server
 *     acknowledged it (the outbox is empty) and the server's figures equal the counted ones.
 *
 *   node --import tsx tests/bench/inventory-bench.ts
 *   PRODUCTS=10000 SCANS=1000 RELOADS=3 node --import tsx tests/bench/inventory-bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { migrateToLatest, openDatabase, pgliteDir } from '../../src/server/db/database';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { DEMO_PASSWORD, launchBrowser, newContext } from '../helpers/browser';
import { startCpuProfile } from './support/cpu-profile';
import { countLocalRows, median, seconds } from './support/mirror';
import { pageSignal } from './support/page-signal';
import { type BenchServer, startBenchServer } from './support/server';
import { insertStockedProducts } from './support/stocked-products';

const PRODUCTS = Number((process.env.PRODUCTS ?? '10000').replace(/_/g, ''));
const SCANS = Number((process.env.SCANS ?? '1000').replace(/_/g, ''));
const RELOADS = Number(process.env.RELOADS ?? 3);
const PROFILE = process.env.PROFILE;
/** CPU_THROTTLE=3: Chromium slows the page's main thread that many times (a slower device). */
const CPU_THROTTLE = Number(process.env.CPU_THROTTLE ?? 1);

/**
 * The page's own clock, installed before the app's scripts: when the first stock row is in the
 * DOM, from the navigation's start.
 */
const ROW_SIGNAL = '__bench:row';
const PAGE_CLOCK = `(() => {
  const w = window;
  w.__clock = {};
  new MutationObserver(() => {
    if (w.__clock.row === undefined && document.querySelector('[data-testid="inv-row"]')) {
      w.__clock.row = performance.now();
      console.log('${ROW_SIGNAL}');
    }
  }).observe(document, { subtree: true, childList: true });
})();`;

interface PageTiming {
  row: number;
  /** index.html answered (by the service worker, offline). */
  html: number;
  /** The entry script and the module preloads of index.html answered. */
  scripts: number;
  domInteractive: number;
  resources: number;
}

function pageTiming(page: Page): Promise<PageTiming> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const row = (window as unknown as { __clock: { row: number } }).__clock.row;
    const before = res.filter((r) => r.startTime < nav.domInteractive);
    return {
      row,
      html: nav.responseEnd,
      scripts: Math.max(0, ...before.map((r) => r.responseEnd)),
      domInteractive: nav.domInteractive,
      resources: res.filter((r) => r.startTime < row).length,
    };
  });
}
const TENANT = 'demo';
const USERNAME = 'warehouse';

async function prepare(dataDir: string): Promise<{ userId: string; total: number; barcodes: string[] }> {
  const database = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    await migrateToLatest(database.db);
    await seedIfEmpty(database.db, { demoPassword: DEMO_PASSWORD, production: false });
    const t0 = performance.now();
    const barcodes = await insertStockedProducts(database.db, TENANT, PRODUCTS);
    console.log(`Prepared PGlite in ${dataDir}: +${PRODUCTS} products in ${seconds(performance.now() - t0)}`);
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('username', '=', USERNAME)
      .executeTakeFirstOrThrow();
    const count = await database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', TENANT)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { userId: user.id, total: Number(count.n), barcodes };
  } finally {
    await database.close();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-bench-inv-'));
  let server: BenchServer | undefined;
  const browser = await launchBrowser();
  try {
    const { userId, total, barcodes } = await prepare(dataDir);
    const dbName = `sys-${TENANT}-${userId}`;
    server = await startBenchServer({ dataDir });
    const baseURL = server.baseURL;
    console.log(
      `Server up at ${baseURL}; Chromium ${browser.version()}; ${total} products in tenant ${TENANT}`,
    );
    const context = await newContext(browser, undefined, { worker: true });
    await context.addInitScript(PAGE_CLOCK);
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=${TENANT}`);
    await page.locator('input[name="username"]').fill(USERNAME);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    const t0 = performance.now();
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await waitFor(async () => (await countLocalRows(page, dbName, 'products')) >= total, 300_000);
    console.log(`First sync: ${total} products in the local store after ${seconds(performance.now() - t0)}`);
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });
    await page.goto(`${baseURL}/inventory`);
    await page.locator('[data-testid="inv-row"]').first().waitFor({ timeout: 60_000 });

    await context.setOffline(true);
    if (CPU_THROTTLE > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      console.log(`The page's main thread slowed ${CPU_THROTTLE}×`);
    }
    const runs: number[] = [];
    const timings: PageTiming[] = [];
    for (let i = 0; i < RELOADS; i++) {
      // PROFILE=<file>: a CPU profile of the page's main thread over the last reload.
      const profiler = PROFILE && i === RELOADS - 1 ? await startCpuProfile(page, PROFILE) : null;
      const tracing = process.env.TRACE && i === RELOADS - 1;
      if (tracing)
        await browser.startTracing(page, {
          path: process.env.TRACE,
          categories: [
            'devtools.timeline',
            'v8',
            'v8.execute',
            'loading',
            'blink',
            'disabled-by-default-devtools.timeline',
            'ServiceWorker',
          ],
        });
      const r0 = performance.now();
      const drawn = pageSignal(page, ROW_SIGNAL);
      await page.reload({ waitUntil: 'commit' });
      await drawn;
      runs.push(performance.now() - r0);
      if (tracing) await browser.stopTracing();
      timings.push(await pageTiming(page));
      // WATERFALL=1: every file the last reload fetched, with when it was asked for and answered.
      if (process.env.WATERFALL && i === RELOADS - 1) {
        const files = await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => [
            r.name.replace(location.origin, ''),
            Math.round(r.startTime),
            Math.round(r.responseEnd),
          ]),
        );
        for (const [name, start, end] of files)
          console.log(`    ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${name}`);
      }
      await profiler?.stop();
    }
    console.log(
      `Offline /inventory reload → first stock rows (${total} products mirrored): median ${seconds(median(runs))}` +
        ` (${runs.map(seconds).join(', ')})`,
    );
    const ms = (pick: (t: PageTiming) => number) => `${Math.round(median(timings.map(pick)))} ms`;
    console.log(
      `  on the page's clock (medians): index.html ${ms((t) => t.html)}, scripts ${ms((t) => t.scripts)}, ` +
        `DOM interactive ${ms((t) => t.domInteractive)}, first stock row ${ms((t) => t.row)}; ` +
        `${median(timings.map((t) => t.resources))} files fetched before it`,
    );
    console.log(
      `  each reload (DOM interactive / first row, ms): ${timings.map((t) => `${Math.round(t.domInteractive)}/${Math.round(t.row)}`).join(', ')}`,
    );
    // A search over every product (typed, Turkish folding), offline.
    const s0 = performance.now();
    await page.getByTestId('inv-search').fill('00999 iğne');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="inv-row"]').length === 1,
      undefined,
      {
        timeout: 30_000,
        polling: 10,
      },
    );
    console.log(`Offline search over ${total} products → its one row: ${seconds(performance.now() - s0)}`);

    if (SCANS === 0) return;
    // A count of SCANS scans, offline.
    await page.getByTestId('inv-tab-count').click();
    await page.getByTestId('inv-count-begin').click();
    const input = page.getByTestId('scan-input');
    await input.waitFor();
    await input.focus();
    const productsScanned = Math.max(1, Math.floor(SCANS / 5));
    const c0 = performance.now();
    for (let i = 0; i < SCANS; i++) {
      await page.keyboard.insertText(barcodes[i % productsScanned] as string);
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="inv-count-summary"]')?.getAttribute('data-scans') === String(n),
      SCANS,
      { timeout: 120_000, polling: 20 },
    );
    const scanMs = performance.now() - c0;
    console.log(
      `${SCANS} wedge scans of ${productsScanned} products counted offline: ${seconds(scanMs)} (${(scanMs / SCANS).toFixed(1)} ms per scan, typing included)`,
    );
    await page.getByTestId('inv-count-review').click();
    await page.getByTestId('inv-review-post').click();
    await page.getByTestId('inv-count-start').waitFor({ timeout: 30_000 });
    const queued = await countLocalRows(page, dbName, 'outbox');
    const r0 = performance.now();
    await context.setOffline(false);
    const acked = await waitFor(async () => (await countLocalRows(page, dbName, 'outbox')) === 0, 60_000);
    const ackMs = performance.now() - r0;
    // The server has the counted figures (5 per product).
    const login = await fetch(`${baseURL}/api/auth/login?tenant=${TENANT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const found = await fetch(`${baseURL}/api/products?tenant=${TENANT}&search=${barcodes[0]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const check = found.ok
      ? ((await found.json()) as { data: { current_stock: number }[] }).data[0]?.current_stock
      : null;
    console.log(
      `Count of ${SCANS} scans (${productsScanned} lines; outbox ${queued} entr${queued === 1 ? 'y' : 'ies'}) posted and acknowledged after reconnecting: ` +
        `${acked ? seconds(ackMs) : 'not within 60 s'}; server stock of the first product: ${check ?? 'n/a'} (counted 5)`,
    );
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
