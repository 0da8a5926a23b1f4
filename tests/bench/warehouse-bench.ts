/**
 * Warehouse benchmark in Chromium (prints figures, asserts nothing; not part of `npm test`).
 *
 * The real product (scripts/start.mjs, rebuilt when its sources changed) on a fresh PGlite. As the
 * client1 manager an approved order is made through the API; the client1 warehouse user opens its
 * preparation dialog and scans it with a "wedge scanner" (Playwright's keyboard: the code's keys
 * then Enter):
 *   1. wedge scan → visible confirmation, p50/p95 over SCANS scans (default 500), offline and
 *      online. Start: the app's `wh-scan-start` performance mark (taken in the Enter keydown).
 *      Confirmation: the feedback panel's new verdict in the DOM (a MutationObserver) and the next
 *      animation frame after it (≈ painted);
 *   2. the offline run's SCANS queued scans flushed after reconnect: time until the server's count
 *      equals the device's (and whether it does);
 *   3. camera: Chromium's fake camera showing an EAN-13 (y4m generated here), decode time per
 *      frame in the worker (`wh-camera-decode`) and per frame round trip (`wh-camera-frame`),
 *      frames and scans per second;
 *   4. chunk sizes (gzip) of the warehouse screen, the camera chunk and its decode worker, and
 *      whether zxing leaked into the initial bundle.
 *
 *   node --import tsx tests/bench/warehouse-bench.ts          (SCANS=500)
 *   FLUSHES=5 CAMERA=0 …   (the offline scans and flush five times, their median; no camera part)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { writeBarcodeY4m } from '../helpers/barcode-video';
import { api, apiLogin, CHROMIUM_PATH, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { ensureAvailable } from '../helpers/stock';
import { startBenchServer } from './support/server';

const SCANS = Number(process.env.SCANS ?? 500);
/** FLUSHES=5: the offline scans and their flush that many times (a fresh order each), median. */
const FLUSHES = Number(process.env.FLUSHES ?? 1);
/** CAMERA=0 leaves out the camera part. */
const CAMERA = process.env.CAMERA !== '0';
const TENANT = 'client1';

interface Product {
  id: string;
  name: string;
  barcode: string | null;
  selling_price: number | string;
}
interface OrderRow {
  id: string;
  status: string;
  items: { product_id: string | null; scanned_quantity: number }[];
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function main() {
  const server = await startBenchServer();
  const dir = mkdtempSync(join(tmpdir(), 'wh-bench-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${join(dir, 'barcode.y4m')}`,
    ],
  });
  try {
    const { baseURL } = server;
    const manager = (await apiLogin(baseURL, TENANT, 'manager')).token;
    const { body } = await api<{ data: Product[] }>(baseURL, TENANT, '/products?limit=50', {
      token: manager,
    });
    const product = body.data.find((p) => p.barcode && /^\d{13}$/.test(p.barcode)) as Product;
    await writeBarcodeY4m(join(dir, 'barcode.y4m'), product.barcode as string);

    const makeOrder = async (quantity: number, customer: string) => {
      const created = await api<{ data: OrderRow }>(baseURL, TENANT, '/orders', {
        method: 'POST',
        token: manager,
        body: {
          customer_name: customer,
          items: [
            {
              product_id: product.id,
              product_name: product.name,
              quantity,
              unit_price: Number(product.selling_price),
            },
          ],
        },
      });
      await api(baseURL, TENANT, `/orders/${created.body.data.id}/status`, {
        method: 'PATCH',
        token: manager,
        body: { status: 'approved', expected_status: 'pending_approval' },
      });
      return created.body.data.id;
    };
    const serverScanned = async (id: string) =>
      (await api<{ data: OrderRow }>(baseURL, TENANT, `/orders/${id}`, { token: manager })).body.data.items[0]
        ?.scanned_quantity ?? -1;

    // Approving an order reserves its units: the product first gets the stock of all three.
    await ensureAvailable(baseURL, TENANT, [product.id], (FLUSHES + 1) * SCANS + 1000);
    const offlineOrders: string[] = [];
    for (let i = 0; i < FLUSHES; i++) offlineOrders.push(await makeOrder(SCANS, `Bench çevrimdışı ${i + 1}`));
    const onlineOrder = await makeOrder(SCANS, 'Bench çevrimiçi');
    const cameraOrder = await makeOrder(1000, 'Bench kamera');

    const context = await newContext(browser, undefined, { worker: true });
    await context.grantPermissions(['camera'], { origin: baseURL });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname === '/warehouse-dashboard');
    await waitForServiceWorker(page);

    const openDialog = async (id: string) => {
      const row = page.locator(`[data-testid="wh-order"][data-order-id="${id}"]`);
      await row.waitFor({ timeout: 60_000 });
      await row.getByTestId('wh-prepare').click();
      await page.getByTestId('scan-input').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'scan-input');
    };
    const closeDialog = async () => {
      await page.keyboard.press('Escape');
      await page.getByTestId('prepare-dialog').waitFor({ state: 'detached' });
    };

    /** SCANS wedge scans; returns [DOM latency, frame latency] per scan. */
    const scanRun = async (page: Page): Promise<{ dom: number[]; frame: number[] }> => {
      await page.evaluate(() => {
        const w = window as unknown as { __lat: { dom: number[]; frame: number[] } };
        w.__lat = { dom: [], frame: [] };
        const el = document.querySelector('[data-testid="scan-feedback"]') as HTMLElement;
        new MutationObserver(() => {
          const marks = performance.getEntriesByName('wh-scan-start', 'mark');
          const start = marks[marks.length - 1]?.startTime;
          if (start === undefined) return;
          const now = performance.now();
          w.__lat.dom.push(now - start);
          requestAnimationFrame(() => w.__lat.frame.push(performance.now() - start));
        }).observe(el, { attributes: true, attributeFilter: ['data-seq'] });
      });
      for (let i = 0; i < SCANS; i++) {
        await page.keyboard.type(product.barcode as string);
        await page.keyboard.press('Enter');
        // Let each scan's frame land before the next one (a human-speed scanner: ~20 ms apart).
        await page.waitForTimeout(20);
      }
      await page.waitForTimeout(300);
      return page.evaluate(() => (window as unknown as { __lat: { dom: number[]; frame: number[] } }).__lat);
    };
    const report = (label: string, r: { dom: number[]; frame: number[] }) =>
      console.log(
        `${label}: n=${r.dom.length}  in DOM p50 ${ms(pct(r.dom, 50))} p95 ${ms(pct(r.dom, 95))}  ` +
          `next frame p50 ${ms(pct(r.frame, 50))} p95 ${ms(pct(r.frame, 95))}`,
      );

    // 1a + 2: offline (once the first pull brought the order), then reconnect and flush.
    const flushes: number[] = [];
    for (const offlineOrder of offlineOrders) {
      await page
        .locator(`[data-testid="wh-order"][data-order-id="${offlineOrder}"]`)
        .waitFor({ timeout: 60_000 });
      await context.setOffline(true);
      await openDialog(offlineOrder);
      const offline = await scanRun(page);
      report(`wedge scan → confirmation, OFFLINE (${SCANS} scans)`, offline);
      const deviceCount = Number(await page.getByTestId('scan-line').first().getAttribute('data-scanned'));
      await closeDialog();
      const flushStart = Date.now();
      await context.setOffline(false);
      let count = -1;
      while (Date.now() - flushStart < 300_000) {
        count = await serverScanned(offlineOrder);
        if (count === deviceCount) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      flushes.push(Date.now() - flushStart);
      console.log(
        `${SCANS} queued scans flushed after reconnect: ${((Date.now() - flushStart) / 1000).toFixed(2)} s; ` +
          `device ${deviceCount}, server ${count} (${count === deviceCount ? 'equal' : 'DIFFERENT'})`,
      );
    }
    if (FLUSHES > 1) {
      const sorted = [...flushes].sort((a, b) => a - b);
      console.log(
        `  median of ${FLUSHES} flushes: ${((sorted[Math.floor(FLUSHES / 2)] ?? 0) / 1000).toFixed(2)} s`,
      );
    }

    // 1b: online.
    await openDialog(onlineOrder);
    const online = await scanRun(page);
    report(`wedge scan → confirmation, ONLINE (${SCANS} scans)`, online);
    await closeDialog();

    // 3: camera.
    if (CAMERA) {
      await openDialog(cameraOrder);
      await page.evaluate(() => performance.clearMeasures());
      await page.getByTestId('scan-camera').click();
      await page.locator('[data-testid="camera-video"][data-state="running"]').waitFor({ timeout: 30_000 });
      const t0 = Date.now();
      await page.waitForTimeout(8000);
      const camera = await page.evaluate(() => ({
        decode: performance.getEntriesByName('wh-camera-decode').map((e) => e.duration),
        frame: performance.getEntriesByName('wh-camera-frame').map((e) => e.duration),
      }));
      const seconds = (Date.now() - t0) / 1000;
      const scanned = Number(await page.getByTestId('scan-line').first().getAttribute('data-scanned'));
      console.log(
        `camera (fake 640×480 EAN-13, zxing in a worker): decode p50 ${ms(pct(camera.decode, 50))} p95 ${ms(pct(camera.decode, 95))}; ` +
          `frame round trip p50 ${ms(pct(camera.frame, 50))} p95 ${ms(pct(camera.frame, 95))}; ` +
          `${(camera.frame.length / seconds).toFixed(1)} frames/s decoded; ${scanned} scans counted in ${seconds.toFixed(1)} s ` +
          `(same code held in view: one count per 1.5 s by design)`,
      );
      await page.getByTestId('camera-close').click();
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  // 4: chunk sizes.
  const assets = join(process.env.BENCH_DIST_DIR ?? 'dist', 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const gz = (f: string) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length / 1024;
  for (const prefix of [
    'warehouse-dashboard-page',
    'warehouse-data',
    'delivery-note-page',
    'camera-scanner',
    'decode.worker',
  ]) {
    const file = files.find((f) => f.startsWith(`${prefix}-`));
    if (file) console.log(`chunk ${prefix}: ${gz(file).toFixed(1)} KiB gzip`);
  }
  const html = readFileSync(join(assets, '..', 'index.html'), 'utf8');
  const entries = [...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  const leaked = entries.some((f) =>
    readFileSync(join(assets, f), 'utf8').includes('MultiFormatUPCEANReader'),
  );
  console.log(`zxing in the entry bundle: ${leaked ? 'YES' : 'no'}`);
}

await main();
