/**
 * Two builds of the PWA side by side: offline reloads of one screen, alternating between them in
 * the same browser and the same minute, so that a busy machine slows both alike. Not a test: it
 * prints figures. What a change to the client's start costs or saves, as the ratio B ÷ A.
 *
 * One PGlite data directory is prepared (migrated, seeded, plus the screen's bulk data). The real
 * product (`scripts/start.mjs`) is started on it with build A, the user signs in in a context of
 * its own, the local store fills, the screen is opened online (service worker in control) and the
 * context goes offline; the server is stopped and started again with build B on another port (an
 * origin, so a store and a service worker, of its own) for a second context. Then each context
 * reloads the screen RELOADS times, A and B in turn, timed on the page's own clock from the
 * navigation's start until the screen's data is drawn.
 *
 *   BENCH_A_DIST=/tmp/dist-old BENCH_B_DIST=/tmp/dist-new node --import tsx tests/bench/reload-ab.ts
 *   BENCH_SCREEN=dashboard|manager-dashboard|orders|inventory (default inventory), RELOADS=15,
 *   ROWS=10000 (products for inventory, orders for the others), CPU_THROTTLE=4 (both pages' main
 *   threads slowed that many times: a slower device, and main-thread costs stand out of the noise)
 *
 * Build a client into a directory with `NODE_ENV=production npx vite build --outDir <dir>`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { migrateToLatest, openDatabase, pgliteDir } from '../../src/server/db/database';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { DEMO_PASSWORD, launchBrowser, newContext } from '../helpers/browser';
import { insertBulkOrders } from './support/bulk-orders';
import { countLocalRows, median } from './support/mirror';
import { pageSignal } from './support/page-signal';
import { startBenchServer } from './support/server';
import { insertStockedProducts } from './support/stocked-products';

const TENANT = 'demo';
const RELOADS = Number(process.env.RELOADS ?? 15);
const ROWS = Number((process.env.ROWS ?? '10000').replace(/_/g, ''));
/** CPU_THROTTLE=4: Chromium runs each page's main thread that many times slower (a slower device). */
const CPU_THROTTLE = Number(process.env.CPU_THROTTLE ?? 1);

interface Screen {
  user: string;
  path: string;
  /** Orders or products added for the tenant. */
  data: 'orders' | 'products';
  /**
   * JavaScript run by a MutationObserver installed before the app (the app's CSP forbids evaluating
   * strings later): true once the screen's data is drawn (its fresh figures, its first row).
   */
  ready: string;
}

const SCREENS: Record<string, Screen> = {
  inventory: {
    user: 'warehouse',
    path: '/inventory',
    data: 'products',
    ready: `!!document.querySelector('[data-testid="inv-row"]')`,
  },
  orders: { user: 'manager', path: '/orders', data: 'orders', ready: `!!document.querySelector('tbody tr')` },
  dashboard: {
    user: 'manager',
    path: '/dashboard',
    data: 'orders',
    ready: `document.querySelector('[data-testid="dashboard-cards"]')?.getAttribute('data-fresh') === 'true' && /\\d/.test(document.querySelector('[data-testid="stat-total-value"]')?.textContent || '')`,
  },
  'manager-dashboard': {
    user: 'manager',
    path: '/manager-dashboard',
    data: 'orders',
    ready: `document.querySelector('[data-testid="dashboard-cards"]')?.getAttribute('data-fresh') === 'true' && /\\d/.test(document.querySelector('[data-testid="stat-total-value"]')?.textContent || '')`,
  },
};

const READY_SIGNAL = '__bench:ready';

/** Installed before the app's scripts: when the screen's data is first drawn, on the page's clock. */
const clockScript = (ready: string) => `(() => {
  const w = window;
  w.__ready = undefined;
  new MutationObserver(() => {
    if (w.__ready === undefined && (${ready})) {
      w.__ready = performance.now();
      console.log('${READY_SIGNAL}');
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

async function prepare(dataDir: string, screen: Screen): Promise<void> {
  const database = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    await migrateToLatest(database.db);
    await seedIfEmpty(database.db, { demoPassword: DEMO_PASSWORD, production: false });
    const t0 = performance.now();
    if (screen.data === 'products') await insertStockedProducts(database.db, TENANT, ROWS);
    else await insertBulkOrders(database.db, { tenantId: TENANT, count: ROWS });
    console.log(`Prepared: +${ROWS} ${screen.data} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

/** Signs in with build `dist`, waits for the screen's data online, and leaves the context offline. */
async function setUp(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  dataDir: string,
  dist: string,
  screen: Screen,
): Promise<{ context: BrowserContext; page: Page }> {
  process.env.BENCH_DIST_DIR = resolve(dist);
  const server = await startBenchServer({ dataDir });
  try {
    const context = await newContext(browser, undefined, { worker: true });
    await context.addInitScript(clockScript(screen.ready));
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/login?tenant=${TENANT}`);
    await page.locator('input[name="username"]').fill(screen.user);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });
    // The whole mirror: the sync panel's state says the first sync is over.
    await page.goto(`${server.baseURL}${screen.path}`);
    await page.waitForFunction(
      () => (window as unknown as { __ready?: number }).__ready !== undefined,
      undefined,
      {
        timeout: 300_000,
      },
    );
    // The whole mirror before going offline: the local store holds every row added.
    const dbName = await page.evaluate(async () => {
      for (;;) {
        const found = (await indexedDB.databases()).find((d) => d.name?.startsWith('sys-demo-'))?.name;
        if (found) return found;
        await new Promise((r) => setTimeout(r, 200));
      }
    });
    const end = Date.now() + 300_000;
    while ((await countLocalRows(page, dbName, screen.data)) < ROWS) {
      if (Date.now() > end) throw new Error(`the local store did not reach ${ROWS} ${screen.data}`);
      await page.waitForTimeout(500);
    }
    await page.waitForTimeout(2000);
    await context.setOffline(true);
    if (CPU_THROTTLE > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    }
    return { context, page };
  } finally {
    await server.stop();
  }
}

async function reload(page: Page): Promise<number> {
  // Waited for by the page's console line (support/page-signal.ts): nothing runs in the page
  // while it starts.
  const ready = pageSignal(page, READY_SIGNAL);
  await page.reload({ waitUntil: 'commit' });
  await ready;
  return page.evaluate(() => (window as unknown as { __ready: number }).__ready);
}

async function main() {
  const a = process.env.BENCH_A_DIST;
  const b = process.env.BENCH_B_DIST;
  if (!a || !b) throw new Error('BENCH_A_DIST=<dist dir> BENCH_B_DIST=<dist dir> are required');
  const screen = SCREENS[process.env.BENCH_SCREEN ?? 'inventory'];
  if (!screen) throw new Error(`BENCH_SCREEN: one of ${Object.keys(SCREENS).join(', ')}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-bench-ab-'));
  const browser = await launchBrowser();
  try {
    await prepare(dataDir, screen);
    const sideA = await setUp(browser, dataDir, a, screen);
    const sideB = await setUp(browser, dataDir, b, screen);
    // One reload each first: whatever a first offline start does once is not measured.
    await reload(sideA.page);
    await reload(sideB.page);
    const times: { a: number[]; b: number[] } = { a: [], b: [] };
    for (let i = 0; i < RELOADS; i++) {
      // Alternate which goes first, so neither always follows the other.
      const order = i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      for (const side of order) times[side].push(await reload((side === 'a' ? sideA : sideB).page));
    }
    const ms = (v: number) => `${Math.round(v)} ms`;
    const ma = median(times.a);
    const mb = median(times.b);
    console.log(
      `${screen.path} offline reload → data drawn (page's clock), median of ${RELOADS}` +
        (CPU_THROTTLE > 1 ? `, main thread slowed ${CPU_THROTTLE}×:` : ':'),
    );
    console.log(`  A ${a}: ${ms(ma)}  (${times.a.map((v) => Math.round(v)).join(', ')})`);
    console.log(`  B ${b}: ${ms(mb)}  (${times.b.map((v) => Math.round(v)).join(', ')})`);
    // Pairwise: each B beside the A of the same round.
    const ratios = times.b.map((v, i) => v / (times.a[i] as number));
    console.log(
      `  B ÷ A: ${(mb / ma).toFixed(2)} (median of the rounds' ratios ${median(ratios).toFixed(2)})`,
    );
    await sideA.context.close();
    await sideB.context.close();
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
