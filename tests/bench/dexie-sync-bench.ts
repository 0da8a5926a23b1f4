/**
 * Offline-first benchmark in Chromium (not a test: it prints figures and asserts nothing).
 *
 * The real product (`scripts/start.mjs`, the same start as the browser tests) on a temporary
 * DATA_DIR whose PGlite was prepared BEFORE the start: migrated, seeded with the demo data, plus
 * ORDERS (default 10,000) extra orders for tenant demo (tests/bench/support/bulk-orders.ts). The
 * server then finds a non-empty database and starts on it as it would in production.
 *
 * In the page, as the manager (who sees every order of the tenant), the username and password
 * typed key by key (TYPE_DELAY_MS apart, default 60 ms; 0 fills them at once):
 *   1. first sync: from the click on "Giriş Yap" until the app announces that its pull reached the
 *      end of the feed (its last page committed; the local store, IndexedDB `sys-demo-<id>` table
 *      `orders`, is then checked to hold every order) — sign-in, app start, the paged pull, Dexie
 *      writes and whatever the screens render meanwhile. Nothing is run in the page meanwhile
 *      (support/page-signal.ts): polling the store would queue its reads between the app's writes;
 *   2. baselines for the write part of that, with the SAME rows (read back from that store with
 *      getAll) written in the same page into scratch databases with the same indexes:
 *        - bare Dexie `bulkPut` (the Dexie UMD build from node_modules, evaluated in the page),
 *        - raw IndexedDB `put` of every row in ONE transaction;
 *   3. offline: the network cut (context.setOffline), /orders reloaded, time until the first table
 *      row is drawn from the local mirror (median of RELOADS reloads).
 *
 * Each of the first sync and the bare `bulkPut` prints its CPU per process and, for Chromium's
 * renderer and browser processes, per thread (support/process-cpu.ts): on a 2-core machine the
 * sync is bound by the CPU its parts share, and this says which part spent it.
 * TIMELINE=1: every API request of the first sync (start, first byte, last byte from the click);
 * TIMELINE=all: every request (the app's code too).
 *
 * WARM_SERVER=1: before the browser signs in, the manager's whole feed is pulled once over HTTP
 * (pages of 2,000), so the server's cache of the orders' JSON is warm and the first sync measures
 * the device's side with a server that has served these orders before (the default measures a
 * server that never has: a fresh start).
 *
 *   node --import tsx tests/bench/dexie-sync-bench.ts
 *   ORDERS=10000 RELOADS=3 BENCH_DIST_DIR=/tmp/dist node --import tsx tests/bench/dexie-sync-bench.ts
 * BENCH_DIST_DIR: where scripts/start.mjs builds/serves the client (default ./dist, like `npm start`).
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Request } from 'playwright-core';
import { CAUGHT_UP_EVENT } from '../../src/client/local/sync/caught-up';
import { DEMO_PASSWORD, launchBrowser, newContext } from '../helpers/browser';
import { type CpuProfiler, startCpuProfile } from './support/cpu-profile';
import { countLocalOrders, median, prepareData, seconds } from './support/mirror';
import { pageSignal } from './support/page-signal';
import { processCpu, processCpuDelta } from './support/process-cpu';
import { type BenchServer, startBenchServer } from './support/server';

const ORDERS = Number((process.env.ORDERS ?? '10000').replace(/_/g, ''));
const RELOADS = Number(process.env.RELOADS ?? 3);
const TENANT = 'demo';
const USERNAME = 'manager';
/** The Dexie schema of the `orders` table (src/client/local/database.ts, version 2). */
/** PROFILE=<file.cpuprofile>: a CPU profile of the page during the first sync (support/cpu-profile.ts). */
const PROFILE = process.env.PROFILE;
const WARM_SERVER = process.env.WARM_SERVER === '1';
/** What the page logs when the app announces the end of the feed (CAUGHT_UP_EVENT). */
const CAUGHT_UP_SIGNAL = '__bench:caught-up';
const TYPE_DELAY_MS = Number(process.env.TYPE_DELAY_MS ?? 60);
const ORDER_INDEXES =
  'id, order_number, status, salesperson_id, driver_id, created_at, updated_at, pending_sync, [status+created_at], [salesperson_id+created_at]';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-bench-dexie-'));
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

    if (WARM_SERVER) console.log(`Server warmed: ${await pullEverything(baseURL)}`);

    const context = await newContext(browser, undefined, { worker: true });
    const page = await context.newPage();
    if (process.env.BENCH_CONSOLE) page.on('console', (m) => console.log(`[page ${m.type()}] ${m.text()}`));

    // ---------------------------------------------------------------- 1. first sync ---
    await page.goto(`${baseURL}/login?tenant=${TENANT}`);
    // Typed key by key, as a person types (TYPE_DELAY_MS between keys, default 60; 0 fills each
    // field at once): the first key loads the app (login-boot.ts), which a person's typing leaves
    // time for and an instant fill does not.
    for (const [field, text] of [
      ['username', USERNAME],
      ['password', DEMO_PASSWORD],
    ] as const) {
      const input = page.locator(`input[name="${field}"]`);
      if (TYPE_DELAY_MS > 0) await input.pressSequentially(text, { delay: TYPE_DELAY_MS });
      else await input.fill(text);
    }
    // The pull requests of the first sync: how many pages, their time on the wire, their size.
    const pulls: { ms: number; bytes: number }[] = [];
    // TIMELINE=1: every API request of the first sync, from the click (start, first byte, last byte).
    const timeline: string[] = [];
    let clickEpoch = 0;
    const onPull = async (request: Request) => {
      const timing = request.timing();
      if (process.env.TIMELINE && (process.env.TIMELINE === 'all' || request.url().includes('/api/')))
        timeline.push(
          `  ${new URL(request.url()).pathname.padEnd(28)} start ${(timing.startTime - clickEpoch).toFixed(0)} ms, ` +
            `first byte +${timing.responseStart.toFixed(0)}, last byte +${timing.responseEnd.toFixed(0)} ms`,
        );
      if (!request.url().includes('/api/sync/pull')) return;
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
      pulls.push({ ms: timing.responseEnd, bytes: sizes.responseBodySize });
    };
    page.on('requestfinished', onPull);
    const profiler: CpuProfiler | null = PROFILE ? await startCpuProfile(page, PROFILE) : null;
    // On the page's clock: when the landing screen (the manager's dashboard) is first drawn and
    // when the pull reaches the end of the feed (the app's own event, after the last page's
    // transaction has committed). The bench waits for that event's console line: it does not poll the store, whose
    // reads (a connection and a transaction over `orders` every few ms) would queue between the
    // app's writes, and it runs nothing in the page until the sync is over.
    // (tsx wraps named functions in page callbacks with `__name(…)`, which the page lacks.)
    await page.evaluate('globalThis.__name ??= (fn) => fn');
    await page.evaluate(
      ({ signal, event }) => {
        const w = window as unknown as { __benchScreenAt?: number; __benchDoneAt?: number };
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[data-testid="manager-dashboard"]')) return;
          w.__benchScreenAt = performance.now();
          observer.disconnect();
        }).observe(document.documentElement, { childList: true, subtree: true });
        window.addEventListener(event, () => {
          if (w.__benchDoneAt !== undefined) return;
          w.__benchDoneAt = performance.now();
          console.log(signal);
        });
      },
      { signal: CAUGHT_UP_SIGNAL, event: CAUGHT_UP_EVENT },
    );
    const clickedAt = await page.evaluate(() => performance.now());
    const cpu0 = machineCpu();
    const perProcess0 = processCpu();
    const t0 = performance.now();
    clickEpoch = Date.now();
    const caughtUp = pageSignal(page, CAUGHT_UP_SIGNAL, 300_000).then(
      () => true,
      () => false,
    );
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    const reachedEnd = await caughtUp;
    const cpu1 = machineCpu();
    const perProcess1 = processCpu();
    const marks = await page.evaluate(() => {
      const w = window as unknown as { __benchScreenAt?: number; __benchDoneAt?: number };
      return { screen: w.__benchScreenAt ?? null, done: w.__benchDoneAt ?? null };
    });
    const syncMs = marks.done === null ? performance.now() - t0 : marks.done - clickedAt;
    // The end of the feed, checked in the store itself once the sync is over.
    const count = reachedEnd ? await countLocalOrders(page, dbName) : -1;
    const synced = count >= expected;
    await profiler?.stop();
    if (!synced) {
      await page.screenshot({ path: '/tmp/dexie-sync-bench-stuck.png' }).catch(() => undefined);
      console.log(`Stuck at ${page.url()} (screenshot /tmp/dexie-sync-bench-stuck.png):`);
      console.log(
        (
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        ).slice(0, 600),
      );
    }
    page.off('requestfinished', onPull);
    const since = (at: number | null) => (at === null ? '—' : seconds(at - clickedAt));
    console.log(
      synced
        ? `First sync: ${count} orders in the local store ${seconds(syncMs)} after the click on "Giriş Yap" (the landing screen drawn after ${since(marks.screen)})`
        : `First sync: NOT complete after ${seconds(syncMs)}: ${count} of ${expected} orders`,
    );

    if (cpu0 && cpu1) {
      // The whole machine (server, browser, this process): was the sync bound by its cores?
      const busy = cpu1.busy - cpu0.busy;
      const all = busy + (cpu1.idle - cpu0.idle);
      console.log(
        `  machine CPU during the sync: ${((100 * busy) / all).toFixed(0)} % busy of ${cpu1.cores} cores (${(busy / 100).toFixed(2)} CPU-s)`,
      );
      const kinds = processCpuDelta(perProcess0, perProcess1);
      if (kinds) console.log(`  by process: ${kinds}`);
      for (const kind of ['renderer', 'browser', 'node'])
        console.log(`    ${kind}'s threads: ${processCpuDelta(perProcess0, perProcess1, kind)}`);
    }
    for (const line of timeline) console.log(line);
    if (pulls.length) {
      const wireMs = pulls.reduce((sum, p) => sum + p.ms, 0);
      const mib = pulls.reduce((sum, p) => sum + p.bytes, 0) / 1024 / 1024;
      console.log(
        `  of which ${pulls.length} GET /api/sync/pull pages: ${seconds(wireMs)} request→last byte in all, ${mib.toFixed(1)} MiB of JSON`,
      );
    }

    // ------------------------------------------------------------- 2. write baselines ---
    const dexieSource = readFileSync(resolve('node_modules/dexie/dist/dexie.js'), 'utf8');
    // Evaluated through the DevTools protocol (not a <script>: the app's CSP allows only 'self').
    await page.evaluate(`${dexieSource}\n;window.__BenchDexie = Dexie;`);
    // tsx (esbuild keepNames) wraps named functions in the callbacks below with `__name(…)`.
    await page.evaluate('globalThis.__name ??= (fn) => fn');
    // CPU per process around the bare bulkPut (the page calls this binding before and after it).
    const bulkPutCpu: ReturnType<typeof processCpu>[] = [];
    await page.exposeFunction('__benchCpuMark', () => {
      bulkPutCpu.push(processCpu());
    });
    const baseline = await page.evaluate(
      async ({ name, indexes }) => {
        const request = (r: IDBRequest) =>
          new Promise<unknown>((done, fail) => {
            r.onsuccess = () => done(r.result);
            r.onerror = () => fail(r.error);
          });
        const source = (await request(indexedDB.open(name))) as IDBDatabase;
        const rows = (await request(
          source.transaction('orders', 'readonly').objectStore('orders').getAll(),
        )) as Record<string, unknown>[];
        source.close();
        const bytes = new Blob([JSON.stringify(rows)]).size;

        // Bare Dexie bulkPut into a scratch database with the app's `orders` indexes.
        interface ScratchDexie {
          version(n: number): { stores(schema: Record<string, string>): void };
          open(): Promise<unknown>;
          table(name: string): { bulkPut(rows: unknown[]): Promise<unknown> };
          close(): void;
          delete(): Promise<void>;
        }
        const DexieCtor = (window as unknown as { __BenchDexie: new (n: string) => ScratchDexie })
          .__BenchDexie;
        const scratch = new DexieCtor('bench-scratch-dexie');
        await scratch.delete();
        const dexieDb = new DexieCtor('bench-scratch-dexie');
        dexieDb.version(1).stores({ orders: indexes });
        await dexieDb.open();
        const mark = (window as unknown as { __benchCpuMark: () => Promise<void> }).__benchCpuMark;
        await mark();
        const d0 = performance.now();
        await dexieDb.table('orders').bulkPut(rows);
        const dexieMs = performance.now() - d0;
        await mark();
        dexieDb.close();
        await new DexieCtor('bench-scratch-dexie').delete();

        // Raw IndexedDB: every row put in ONE readwrite transaction, same indexes.
        await request(indexedDB.deleteDatabase('bench-scratch-idb'));
        const open = indexedDB.open('bench-scratch-idb', 1);
        open.onupgradeneeded = () => {
          const store = open.result.createObjectStore('orders', { keyPath: 'id' });
          for (const spec of indexes
            .split(',')
            .map((s: string) => s.trim())
            .slice(1)) {
            const compound = spec.startsWith('[');
            const keyPath = compound ? spec.slice(1, -1).split('+') : spec;
            store.createIndex(spec, keyPath);
          }
        };
        const raw = (await request(open)) as IDBDatabase;
        const r0 = performance.now();
        await new Promise<void>((done, fail) => {
          const tx = raw.transaction('orders', 'readwrite');
          const store = tx.objectStore('orders');
          for (const row of rows) store.put(row);
          tx.oncomplete = () => done();
          tx.onerror = () => fail(tx.error);
        });
        const rawMs = performance.now() - r0;
        raw.close();
        await request(indexedDB.deleteDatabase('bench-scratch-idb'));
        return { rows: rows.length, bytes, dexieMs, rawMs };
      },
      { name: dbName, indexes: ORDER_INDEXES },
    );
    console.log(
      `Baselines with the same ${baseline.rows} rows (${(baseline.bytes / 1024 / 1024).toFixed(1)} MiB as JSON), same indexes:`,
    );
    console.log(`  bare Dexie bulkPut:                ${seconds(baseline.dexieMs)}`);
    const [putCpu0, putCpu1] = bulkPutCpu;
    if (putCpu0 && putCpu1) {
      console.log(`    by process: ${processCpuDelta(putCpu0, putCpu1)}`);
      for (const kind of ['renderer', 'browser'])
        console.log(`      ${kind}'s threads: ${processCpuDelta(putCpu0, putCpu1, kind)}`);
    }
    console.log(`  raw IndexedDB put, one transaction: ${seconds(baseline.rawMs)}`);
    if (synced) {
      console.log(
        `  first sync / bare Dexie bulkPut = ${(syncMs / baseline.dexieMs).toFixed(1)}×; ` +
          `first sync / raw IndexedDB = ${(syncMs / baseline.rawMs).toFixed(1)}×`,
      );
    }

    // ------------------------------------------------------ 3. offline first render ---
    await page.goto(`${baseURL}/orders`);
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });
    // The screen's own row test id; a generic table row only if the screen has none (the empty
    // text 'Sipariş bulunamadı' is also a row, so the generic selector could be early).
    let rowSelector = '[data-testid="order-row"]';
    let screenOk = true;
    try {
      await page.locator(rowSelector).first().waitFor({ timeout: 60_000 });
    } catch {
      rowSelector = 'table tbody tr';
      try {
        await page.locator(rowSelector).first().waitFor({ timeout: 5_000 });
        console.log('(no [data-testid="order-row"] on /orders: timing the first `table tbody tr`)');
      } catch {
        screenOk = false;
        console.log(
          '/orders (online) drew no table row within 60 s: is the screen built? (offline figure skipped)',
        );
      }
    }
    if (screenOk) {
      await context.setOffline(true);
      const times: number[] = [];
      for (let i = 0; i < RELOADS; i++) {
        const r0 = performance.now();
        await page.reload({ waitUntil: 'commit' });
        try {
          await page.locator(rowSelector).first().waitFor({ timeout: 60_000 });
          times.push(performance.now() - r0);
        } catch {
          console.log(`offline reload ${i + 1}: no table row within 60 s`);
        }
      }
      const shown = await page.locator(rowSelector).count();
      const nav = await page.evaluate(() => {
        const entry = performance.getEntriesByType('navigation')[0] as
          | PerformanceNavigationTiming
          | undefined;
        return entry ? { domContentLoaded: entry.domContentLoadedEventEnd, load: entry.loadEventEnd } : null;
      });
      await context.setOffline(false);
      if (times.length) {
        console.log(
          `Offline /orders reload → first table row: median ${seconds(median(times))} of ${times.length} (${times
            .map((t) => seconds(t))
            .join(', ')}); ${shown} rows on screen` +
            (nav
              ? `; last reload DOMContentLoaded ${seconds(nav.domContentLoaded)}, load ${seconds(nav.load)}`
              : ''),
        );
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The machine's CPU time so far, busy and idle, in clock ticks (Linux /proc/stat; null elsewhere). */
function machineCpu(): { busy: number; idle: number; cores: number } | null {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    const total = (lines[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const idle = (total[3] ?? 0) + (total[4] ?? 0);
    const busy = total.reduce((sum, n) => sum + n, 0) - idle;
    return { busy, idle, cores: lines.filter((l) => /^cpu\d/.test(l)).length };
  } catch {
    return null;
  }
}

/** The manager's whole feed over HTTP, pages of 2,000 (WARM_SERVER); returns what it took. */
async function pullEverything(baseURL: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-tenant-id': TENANT };
  const login = await fetch(`${baseURL}/api/auth/login?tenant=${TENANT}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: USERNAME, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { token?: string }).token;
  if (!token) throw new Error(`WARM_SERVER: sign-in refused (${login.status})`);
  const t0 = performance.now();
  let cursor = '0';
  let pages = 0;
  for (;;) {
    const response = await fetch(`${baseURL}/api/sync/pull?tenant=${TENANT}&cursor=${cursor}&limit=2000`, {
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const page = ((await response.json()) as { data: { cursor: string; has_more: boolean } }).data;
    pages++;
    if (!page.has_more) break;
    cursor = page.cursor;
  }
  return `the whole feed in ${pages} pages in ${seconds(performance.now() - t0)}`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
