/**
 * First visit of /login in Chromium (not a test: it prints figures and asserts nothing).
 *
 * A fresh browser context (empty cache, no service worker) opens /login?tenant=demo and waits
 * until the network is idle (Playwright's `networkidle`: no request for 500 ms). A first visit
 * gets the login form as plain HTML and a small boot script; the app (React, MUI, the login
 * screen) is fetched on the user's first action (src/client/login-boot.ts). So the bench then
 * submits the empty form (the first action, and the moment the app takes the form over) and
 * measures until the app has taken over the form and the network is idle again.
 * Reported:
 *   - the JavaScript the PAGE fetched until then, as gzip bytes (the server sends files
 *     uncompressed, so each body is gzipped here at level 9: what a compressing proxy/CDN sends),
 *     with the list of files; the requests the service worker makes to fill its precache are
 *     counted apart: they do not block the page;
 *   - whether a zod (schemas) or Dexie (local store) chunk was among the page's downloads;
 *   - LCP and TBT (long tasks over 50 ms after FCP, until idle) from Chromium's performance APIs,
 *     on a CPU throttled 4× (Lighthouse's mobile setting) and, apart, unthrottled.
 *
 *   node --import tsx tests/bench/login-load-bench.ts
 * BENCH_DIST_DIR: where scripts/start.mjs builds/serves the client (default ./dist, like `npm start`).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { launchBrowser, newContext } from '../helpers/browser';
import { startBenchServer } from './support/server';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

interface Visit {
  pageJs: { url: string; gzip: number; heavy: string | null }[];
  /** How many of `pageJs` were fetched before the first action. */
  beforeAction: number;
  /** From the first action (a submit) until the app's login screen replaced the HTML form, ms. */
  takeover: number;
  swJs: number;
  swCount: number;
  lcp: number;
  tbt: number;
  fcp: number;
}

async function visit(browser: Browser, baseURL: string, cpuThrottle: number): Promise<Visit> {
  const context = await newContext(browser, { width: 412, height: 823 }, { worker: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  const pageJs: Visit['pageJs'] = [];
  let swJs = 0;
  let swCount = 0;
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const url = response.url();
    if (!/\.m?js(\?|$)/.test(new URL(url).pathname)) return;
    pending.push(
      response
        .body()
        .then((body) => {
          const gzip = gzipSync(body, { level: 9 }).length;
          // Recognised by content, whatever the chunk is called.
          const text = body.toString('utf8');
          const heavy = text.includes('DexieError') ? 'Dexie' : text.includes('$ZodType') ? 'zod' : null;
          if (response.request().serviceWorker()) {
            swJs += gzip;
            swCount++;
          } else pageJs.push({ url: new URL(url).pathname, gzip, heavy });
        })
        .catch(() => undefined),
    );
  };
  context.on('response', onResponse);
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __tbt: number; __fcp: number };
    w.__lcp = 0;
    w.__tbt = 0;
    w.__fcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (w.__fcp && e.startTime >= w.__fcp) w.__tbt += Math.max(0, e.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${baseURL}/login?tenant=demo`, { waitUntil: 'networkidle' });
  await page.locator('input[name="username"]').waitFor();
  const m = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __tbt: number; __fcp: number };
    return { lcp: w.__lcp, tbt: w.__tbt, fcp: w.__fcp };
  });
  await Promise.all(pending);
  const beforeAction = pageJs.length;
  // The first action, a submit (here empty): the app is fetched and takes over the form.
  const started = Date.now();
  await page.locator('#username').press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-login-shell]'), undefined, {
    timeout: 60_000,
    polling: 10,
  });
  const takeover = Date.now() - started;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await Promise.all(pending);
  await context.close();
  return { pageJs, beforeAction, takeover, swJs, swCount, ...m };
}

const server = await startBenchServer();
const browser = await launchBrowser();
try {
  const first = await visit(browser, server.baseURL, 4);
  const before = first.pageJs.slice(0, first.beforeAction);
  const sum = (files: Visit['pageJs']) => files.reduce((s, f) => s + f.gzip, 0);
  console.log(
    `/login first visit, JS fetched by the page until network idle (gzip): ${kb(sum(before))} in ${before.length} files`,
  );
  for (const f of [...before].sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${f.url.padEnd(50)} ${kb(f.gzip)}`);
  console.log(
    `After the first action, until idle again (the app): ${kb(sum(first.pageJs))} in ${first.pageJs.length} files in all; the app took over the form ${first.takeover} ms after a submit as the first action (CPU 4x slower, local network)`,
  );
  const heavy = first.pageJs.filter((f) => f.heavy);
  console.log(
    `zod/Dexie chunks among them: ${heavy.length ? heavy.map((f) => `${f.url} (${f.heavy})`).join(', ') : 'none'}`,
  );
  console.log(
    `Service worker precache fetches by then: ${first.swCount} JS files, ${kb(first.swJs)} gzip (not blocking the page)`,
  );
  console.log(
    `CPU 4x slower: FCP ${first.fcp.toFixed(0)} ms, LCP ${first.lcp.toFixed(0)} ms, TBT ${first.tbt.toFixed(0)} ms`,
  );
  const fast = await visit(browser, server.baseURL, 1);
  console.log(
    `No throttling:  FCP ${fast.fcp.toFixed(0)} ms, LCP ${fast.lcp.toFixed(0)} ms, TBT ${fast.tbt.toFixed(0)} ms; takeover ${fast.takeover} ms after the first action`,
  );
} finally {
  await browser.close();
  await server.stop();
}
