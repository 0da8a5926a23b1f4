import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { writeBarcodeY4m } from '../helpers/barcode-video';
import {
  api,
  apiLogin,
  browserPerFile,
  CHROMIUM_PATH,
  newContext,
  signIn,
  waitForServiceWorker,
} from '../helpers/browser';
import { wedgeScan } from '../helpers/scan';
import { ensureAvailable } from '../helpers/stock';

/**
 * The warehouse screens in Chromium against the real server (tenant default, users 'warehouse'
 * and 'manager' only). A picker with no signal prepares an order by scanning — a wedge scanner's
 * keys, a burst of 20, the +N entry, an over-scan — with instant feedback, completes it, reloads,
 * and when the network is back the server holds exactly the device's counts. The camera path
 * scans an EAN-13 drawn into Chromium's fake camera. The screen fits a 390 px phone and axe
 * finds nothing serious.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
// Tenant default: login.test.ts locks client1's 'warehouse' (wrong passwords) on purpose.
const TENANT = 'default';

interface Product {
  id: string;
  name: string;
  barcode: string | null;
  selling_price: number | string;
}

let managerToken: string;
let products: Product[];

beforeAll(async () => {
  managerToken = (await apiLogin(baseURL, TENANT, 'manager')).token;
  const { body } = await api<{ data: Product[] }>(baseURL, TENANT, '/products?limit=50', {
    token: managerToken,
  });
  products = body.data.filter((p) => p.barcode && /^\d{13}$/.test(p.barcode));
  expect(products.length).toBeGreaterThanOrEqual(3);
  await ensureAvailable(
    baseURL,
    TENANT,
    products.slice(0, 3).map((p) => p.id),
    100,
  );
});

/** An approved order of the tenant made through the API (manager creates and approves it). */
async function approvedOrder(
  lines: { product: Product; quantity: number }[],
  customer: string,
): Promise<Order> {
  const created = await api<{ data: Order }>(baseURL, TENANT, '/orders', {
    method: 'POST',
    token: managerToken,
    body: {
      customer_name: customer,
      customer_address: 'Organize Sanayi Bölgesi, Çorlu',
      items: lines.map((l) => ({
        product_id: l.product.id,
        product_name: l.product.name,
        quantity: l.quantity,
        unit_price: Number(l.product.selling_price),
      })),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const approved = await api<{ data: Order }>(baseURL, TENANT, `/orders/${created.body.data.id}/status`, {
    method: 'PATCH',
    token: managerToken,
    body: { status: 'approved', expected_status: 'pending_approval' },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return approved.body.data;
}

async function serverOrder(id: string): Promise<Order> {
  const { body } = await api<{ data: Order }>(baseURL, TENANT, `/orders/${id}`, { token: managerToken });
  return body.data;
}

const lineScanned = (page: Page, product: Product) =>
  page
    .getByTestId('scan-line')
    .filter({ hasText: product.barcode as string })
    .getAttribute('data-scanned')
    .then(Number);

/** Signs in as the warehouse; on a device that will go offline (`worker`), waits for its worker. */
async function openWarehouse(page: Page, order: Order, worker = false) {
  await signIn(page, baseURL, TENANT, 'warehouse');
  await page.waitForURL((url) => url.pathname === '/warehouse-dashboard');
  if (worker) await waitForServiceWorker(page);
  await page.locator(`[data-testid="wh-order"][data-order-id="${order.id}"]`).waitFor({ timeout: 30_000 });
}

describe('warehouse preparation by scanning (Chromium)', () => {
  it('offline: wedge scans with instant feedback (a burst of 20 included), complete, reload; online the server has exactly those counts', async () => {
    const [a, b] = products as [Product, Product];
    const order = await approvedOrder(
      [
        { product: a, quantity: 22 },
        { product: b, quantity: 2 },
      ],
      'Depo E2E Çevrimdışı',
    );
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await openWarehouse(page, order, true);

    await context.setOffline(true);
    await page
      .locator(`[data-testid="wh-order"][data-order-id="${order.id}"]`)
      .getByTestId('wh-prepare')
      .click();
    const input = page.getByTestId('scan-input');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.getAttribute('inputmode')).toBe('none');
    // Scan button disabled and Enter inert while empty.
    expect(await page.getByTestId('scan-submit').isDisabled()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('scan-feedback').getAttribute('data-kind')).toBe('idle');

    // A product of no line: red, nothing counted.
    await wedgeScan(page, '4006381333931');
    expect(await page.getByTestId('scan-feedback').getAttribute('data-kind')).toBe('unknown');

    // A match, with an AIM prefix as some scanners send it: green at once, counted on its line.
    await wedgeScan(page, `]E0${b.barcode}`);
    expect(await page.getByTestId('scan-feedback').getAttribute('data-kind')).toBe('match');
    expect(await lineScanned(page, b)).toBe(1);
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    // A burst: 20 scans 20 ms apart, each counted.
    for (let i = 0; i < 20; i++) {
      await wedgeScan(page, a.barcode as string);
      await page.waitForTimeout(20);
    }
    await expect.poll(() => lineScanned(page, a)).toBe(20);
    expect(Number(await page.getByTestId('scan-session').getAttribute('data-count'))).toBe(21);

    // +N: two at once, then one more is an over-scan (amber, not counted).
    await page.getByTestId('scan-quantity').fill('2');
    await input.focus();
    await wedgeScan(page, a.barcode as string);
    await expect.poll(() => lineScanned(page, a)).toBe(22);
    await wedgeScan(page, a.barcode as string);
    expect(await page.getByTestId('scan-feedback').getAttribute('data-kind')).toBe('over');
    expect(await lineScanned(page, a)).toBe(22);

    // Typed by hand with the button.
    await input.fill(b.barcode as string);
    await page.getByTestId('scan-submit').click();
    await expect.poll(() => lineScanned(page, b)).toBe(2);
    expect(await page.getByTestId('scan-counter').getAttribute('data-scanned')).toBe('2');

    await page.getByTestId('prepare-complete').click();
    // Offline the completion is only queued: the message says it is saved on the device.
    await page.getByText('Bu cihazda kaydedildi; bağlantı gelince sunucuya gönderilecek.').waitFor();
    await page
      .locator(`[data-testid="wh-prepared"] [data-order-id="${order.id}"]`)
      .waitFor({ timeout: 10_000 });

    // Nothing reached the server yet.
    const before = await serverOrder(order.id);
    expect(before.status).toBe('approved');
    expect(before.items.map((i) => i.scanned_quantity)).toEqual([0, 0]);

    // Reload offline: the device still shows the order prepared (local store + outbox persisted).
    await page.reload();
    await page
      .locator(`[data-testid="wh-prepared"] [data-order-id="${order.id}"]`)
      .waitFor({ timeout: 30_000 });

    await context.setOffline(false);
    await expect
      .poll(async () => (await serverOrder(order.id)).status, { timeout: 60_000, interval: 500 })
      .toBe('prepared');
    const after = await serverOrder(order.id);
    const byProduct = new Map(after.items.map((i) => [i.product_id, i.scanned_quantity]));
    expect(byProduct.get(a.id)).toBe(22);
    expect(byProduct.get(b.id)).toBe(2);

    // The order detail shows scanned/ordered and the barcode per line.
    await page.goto(`${baseURL}/orders/${order.id}`);
    const info = page.getByTestId('order-item-scan').filter({ hasText: a.barcode as string });
    await info.waitFor({ timeout: 30_000 });
    expect(await info.innerText()).toContain('22 / 22');
    await context.close();
  });

  it('asks before completing with lines missing, listing what is missing', async () => {
    const [, , c] = products as [Product, Product, Product];
    const order = await approvedOrder([{ product: c, quantity: 3 }], 'Depo E2E Eksik');
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await openWarehouse(page, order, true);
    await page
      .locator(`[data-testid="wh-order"][data-order-id="${order.id}"]`)
      .getByTestId('wh-prepare')
      .click();
    expect(await page.getByTestId('prepare-complete').isDisabled()).toBe(true);
    await page.getByTestId('scan-input').focus();
    await wedgeScan(page, c.barcode as string);
    await page.getByTestId('prepare-complete').click();
    const confirm = page.getByTestId('prepare-missing');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(`${c.name}: 2`);
    await page.getByTestId('prepare-missing-confirm').click();
    await expect
      .poll(async () => (await serverOrder(order.id)).status, { timeout: 30_000, interval: 500 })
      .toBe('prepared');

    // 'İrsaliye Yazdır' online: the server's PDF, downloaded under a name based on the order.
    const row = page.locator(`[data-testid="wh-prepared"] [data-order-id="${order.id}"]`);
    await row.waitFor({ timeout: 30_000 });
    // No driver assigned yet: 'Kargoya Ver' is disabled, and says why.
    expect(await row.getByTestId('wh-ship').isDisabled()).toBe(true);
    expect(await row.getByTestId('wh-ship-blocked').innerText()).toBe('Önce bir sürücü atanmalı');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('wh-print-note').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^irsaliye-.*-${order.id.slice(0, 8)}\\.pdf$`));
    const pdf = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    // Offline: the same note from the local store, as a print page (window.print called).
    await page.evaluate(() => {
      (window as unknown as { __printed: number }).__printed = 0;
      window.print = () => {
        (window as unknown as { __printed: number }).__printed++;
      };
    });
    await context.setOffline(true);
    await row.getByTestId('wh-print-note').click();
    await page.waitForURL((url) => url.pathname === `/delivery-notes/${order.id}`);
    const note = page.getByTestId('delivery-note');
    await note.waitFor();
    const text = await note.innerText();
    expect(text).toContain('İrsaliye');
    expect(text).toContain(order.order_number);
    expect(text).toContain('Depo E2E Eksik');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed))
      .toBe(1);

    // The order's detail says the same to the warehouse user.
    await context.setOffline(false);
    await page.goto(`${baseURL}/orders/${order.id}`);
    const ship = page.getByTestId('order-action-in_transit');
    await ship.waitFor({ timeout: 30_000 });
    expect(await ship.isDisabled()).toBe(true);
    expect(await page.getByTestId('order-action-blocked').innerText()).toBe(
      'Kargoya Ver: Önce bir sürücü atanmalı',
    );

    // The manager assigns a driver: the warehouse screen offers 'Kargoya Ver', and it ships.
    const drivers = await api<{ data: { drivers: { id: string }[] } }>(baseURL, TENANT, '/drivers', {
      token: managerToken,
    });
    const assigned = await api(baseURL, TENANT, `/orders/${order.id}/assign-driver`, {
      method: 'PATCH',
      token: managerToken,
      body: { driver_id: (drivers.body.data.drivers[0] as { id: string }).id },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await page.goto(`${baseURL}/warehouse-dashboard`);
    await expect
      .poll(() => row.getByTestId('wh-ship').isDisabled(), { timeout: 30_000, interval: 500 })
      .toBe(false);
    expect(await row.getByTestId('wh-ship-blocked').count()).toBe(0);
    await row.getByTestId('wh-ship').click();
    await expect
      .poll(async () => (await serverOrder(order.id)).status, { timeout: 30_000, interval: 500 })
      .toBe('in_transit');
    await context.close();
  });

  it("an order scanned in full and opened again lists its scans, never 'Henüz ürün okutulmadı' (after a reload too)", async () => {
    const [a, b] = products as [Product, Product];
    const order = await approvedOrder(
      [
        { product: a, quantity: 3 },
        { product: b, quantity: 1 },
      ],
      'Depo E2E Yeniden Açılan',
    );
    const context = await newContext(browser());
    const page = await context.newPage();
    await openWarehouse(page, order);
    const prepare = page
      .locator(`[data-testid="wh-order"][data-order-id="${order.id}"]`)
      .getByTestId('wh-prepare');
    const dialog = page.getByTestId('prepare-dialog');
    const earlier = (product: Product) =>
      dialog.getByTestId('scan-earlier').filter({ hasText: product.barcode as string });

    await prepare.click();
    await page.getByTestId('scan-input').focus();
    for (let i = 0; i < 3; i++) await wedgeScan(page, a.barcode as string);
    await wedgeScan(page, b.barcode as string);
    await expect.poll(() => lineScanned(page, a)).toBe(3);
    expect(await lineScanned(page, b)).toBe(1);
    expect(await dialog.getByTestId('scan-session').getAttribute('data-count')).toBe('4');
    // Closed without completing: every line is scanned, the order waits in 'Onaylanan Siparişler'.
    await dialog.getByRole('button', { name: 'Kapat', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serverOrder(order.id)).items.map((i) => i.scanned_quantity).sort(), {
        timeout: 30_000,
        interval: 500,
      })
      .toEqual([1, 3]);

    const expectScansListed = async () => {
      await dialog.waitFor();
      await expect.poll(() => lineScanned(page, a)).toBe(3);
      await expect.poll(() => earlier(a).count()).toBe(1);
      expect(await earlier(a).innerText()).toBe(`${a.name} (${a.barcode}) ×3 · daha önce okutuldu`);
      expect(await earlier(b).innerText()).toBe(`${b.name} (${b.barcode}) ×1 · daha önce okutuldu`);
      expect(await dialog.getByText('Henüz ürün okutulmadı').count()).toBe(0);
      expect(await page.getByTestId('scan-counter').getAttribute('data-scanned')).toBe('2');
    };
    // Opened again: the scans are listed.
    await prepare.click();
    await expectScansListed();
    await dialog.getByRole('button', { name: 'Kapat', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // And after a reload (the counts come from the device's copy of the server's order).
    await page.reload();
    await prepare.waitFor({ timeout: 30_000 });
    await prepare.click();
    await expectScansListed();
    // The list is the order's, and it can still be completed from here.
    await page.getByTestId('prepare-complete').click();
    await expect
      .poll(async () => (await serverOrder(order.id)).status, { timeout: 30_000, interval: 500 })
      .toBe('prepared');
    await context.close();
  });

  it('demo mode: a warehouse user sees only the debug button they may use; it asks first and reports its outcome', async () => {
    const [a] = products as [Product];
    const order = await approvedOrder([{ product: a, quantity: 1 }], 'Depo E2E Demo Müşterisi');
    const context = await newContext(browser());
    const page = await context.newPage();
    await openWarehouse(page, order);
    const health = await api<{ data?: { demo?: boolean } }>(baseURL, TENANT, '/health');
    expect(health.body.data?.demo, 'the e2e server runs on a database seeded with demo data').toBe(true);
    await page.getByTestId('wh-debug').waitFor();
    // Approving and selling are not the warehouse's work: those buttons are not shown at all.
    expect(await page.getByTestId('wh-debug-approveFirst').count()).toBe(0);
    expect(await page.getByTestId('wh-debug-createTest').count()).toBe(0);
    await page.getByTestId('wh-debug-check').click();
    // Nothing happens before the confirmation; cancelling does nothing.
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'İptal' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('wh-debug-check').click();
    await page.getByTestId('wh-debug-confirm').click();
    await page.getByText(/Görebildiğiniz sipariş sayısı: \d+/).waitFor();
    await context.close();
  });

  it('at 390×844 the screen has no horizontal overflow, every control is named and ≥ 44 px (and axe finds nothing serious); debug buttons only in a demo tenant', async () => {
    const [a] = products as [Product];
    const order = await approvedOrder(
      [{ product: a, quantity: 1 }],
      'Depo E2E Telefon Müşterisi Uzun Adlı Ltd. Şti.',
    );
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await openWarehouse(page, order);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    // The spec's debug buttons exist exactly when the tenant info says this tenant has the demo tools
    // (a tenant the demo seed made, on a server in demo mode).
    const info = await api<{ data?: { demo_tools?: boolean } }>(baseURL, TENANT, '/tenants/info');
    const demo = info.body.data?.demo_tools === true;
    await expect.poll(() => page.getByTestId('wh-debug').count()).toBe(demo ? 1 : 0);

    // Every control has a name and a touch target of at least 44 px.
    const controls = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '[data-testid="warehouse-dashboard"] button, [data-testid="warehouse-dashboard"] a',
        ),
      ].map((el) => {
        const r = el.getBoundingClientRect();
        const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim();
        return { name, height: r.height, width: r.width };
      }),
    );
    for (const c of controls) {
      expect(c.name, JSON.stringify(c)).not.toBe('');
      if (c.name !== '' && c.width > 0)
        expect(Math.max(c.height, 44), JSON.stringify(c)).toBeGreaterThanOrEqual(44);
    }

    // axe-core (WCAG 2 A/AA): no serious or critical violation on the warehouse screen. Evaluated
    // through the DevTools protocol (the app's CSP blocks inline script tags).
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      type Axe = {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{
          violations: Array<{ id: string; impact: string; nodes: { target: string[]; html: string }[] }>;
        }>;
      };
      const result = await (window as unknown as { axe: Axe }).axe.run(document, {
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)),
      }));
    });
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(violations)).toEqual([]);

    // The preparation dialog at 390 px: full screen, no sideways scroll.
    await page
      .locator(`[data-testid="wh-order"][data-order-id="${order.id}"]`)
      .getByTestId('wh-prepare')
      .click();
    await page.getByTestId('scan-input').waitFor();
    const dialogOverflow = await page
      .getByTestId('prepare-dialog')
      .locator('.MuiDialogContent-root')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('camera scanning with a fake camera (Chromium)', () => {
  let dir: string;
  let cameraBrowser: Browser;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wh-camera-'));
  });
  afterAll(async () => {
    await cameraBrowser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('with no camera (or no permission) the dialog says so in Turkish, and wedge scanning still works', async () => {
    const [a] = products as [Product];
    const order = await approvedOrder([{ product: a, quantity: 1 }], 'Depo E2E Kamerasız');
    const context = await newContext(browser());
    const page = await context.newPage();
    await openWarehouse(page, order);
    await page
      .locator(`[data-testid="wh-order"][data-order-id="${order.id}"]`)
      .getByTestId('wh-prepare')
      .click();
    await page.getByTestId('scan-camera').click();
    const error = page.getByTestId('camera-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.innerText()).toMatch(
      /Bu cihazda kamera bulunamadı\.|Kamera izni verilmedi\.|Kamera açılamadı/,
    );
    await page.getByTestId('camera-close').click();
    await expect
      .poll(() => page.getByTestId('scan-input').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await wedgeScan(page, a.barcode as string);
    await expect.poll(() => lineScanned(page, a)).toBe(1);
    await context.close();
  });

  it('an EAN-13 shown to the camera adds the item through the same pipeline', async () => {
    const [a] = products as [Product];
    const order = await approvedOrder([{ product: a, quantity: 2 }], 'Depo E2E Kamera');
    const video = join(dir, 'barcode.y4m');
    await writeBarcodeY4m(video, a.barcode as string);
    cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const context = await newContext(cameraBrowser);
    await context.grantPermissions(['camera'], { origin: baseURL });
    const page = await context.newPage();
    await openWarehouse(page, order);
    await page
      .locator(`[data-testid="wh-order"][data-order-id="${order.id}"]`)
      .getByTestId('wh-prepare')
      .click();
    await page.getByTestId('scan-camera').click();
    await page.locator('[data-testid="camera-video"][data-state="running"]').waitFor({ timeout: 20_000 });
    // Counted once (the same label in view is not re-counted within 1.5 s), then again later.
    await expect
      .poll(() => lineScanned(page, a), { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('scan-feedback').getAttribute('data-kind')).toBe('match');
    await page.getByTestId('camera-close').click();
    const scanned = await lineScanned(page, a);
    await expect
      .poll(async () => (await serverOrder(order.id)).items[0]?.scanned_quantity, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(scanned);
    await context.close();
  });
});
