import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Order, Product } from '../../src/shared/api/entities';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';
import { wedgeScan } from '../helpers/scan';

/**
 * /inventory in Chromium against the real server (tenant demo; its warehouse user counts, its
 * admin ships orders through the API). A warehouse user counts a shelf by scanning with no signal
 * while someone else ships an order of the same product; the count survives a reload, is posted
 * offline, and once the network is back the server's stock is the counted quantity minus what
 * shipped after the count started — the shipment is not overwritten. The screen opens offline
 * after one online visit, at 390 px, in English, with nothing serious for axe.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';
let adminToken: string;

async function products(): Promise<Product[]> {
  const { body } = await api<{ data: Product[] }>(baseURL, TENANT, '/products?limit=100', {
    token: adminToken,
  });
  return body.data;
}

/** One product as the server has it now (through the list: found by its code). */
async function product(p: Pick<Product, 'id' | 'product_code'>): Promise<Product> {
  const { body } = await api<{ data: Product[] }>(
    baseURL,
    TENANT,
    `/products?search=${encodeURIComponent(p.product_code)}&limit=100`,
    { token: adminToken },
  );
  const found = body.data.find((x) => x.id === p.id);
  if (!found) throw new Error(`product ${p.product_code} not found`);
  return found;
}

/** An order of `quantity` × product, created, approved, prepared and shipped through the API. */
async function shipOrder(p: Product, quantity: number): Promise<Order> {
  const created = await api<{ data: Order }>(baseURL, TENANT, '/orders', {
    method: 'POST',
    token: adminToken,
    body: {
      customer_name: 'Envanter E2E Müşterisi',
      customer_address: 'Depo Caddesi 1, Gebze',
      items: [{ product_id: p.id, product_name: p.name, quantity, unit_price: Number(p.selling_price) }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let order = created.body.data;
  // Shipping needs an assigned driver.
  const drivers = await api<{ data: { drivers: { id: string }[] } }>(baseURL, TENANT, '/drivers', {
    token: adminToken,
  });
  for (const [from, to] of [
    ['pending_approval', 'approved'],
    ['approved', 'prepared'],
    ['prepared', 'in_transit'],
  ] as const) {
    if (to === 'in_transit') {
      const assigned = await api(baseURL, TENANT, `/orders/${order.id}/assign-driver`, {
        method: 'PATCH',
        token: adminToken,
        body: { driver_id: (drivers.body.data.drivers[0] as { id: string }).id },
      });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    }
    const moved = await api<{ data: Order }>(baseURL, TENANT, `/orders/${order.id}/status`, {
      method: 'PATCH',
      token: adminToken,
      body: { status: to, expected_status: from },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    order = moved.body.data;
  }
  return order;
}

async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((n) => n.startsWith('sys-demo-'));
    let total = 0;
    for (const name of names) {
      total += await new Promise<number>((done) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            done(0);
            return;
          }
          const r = db.transaction('outbox').objectStore('outbox').count();
          r.onsuccess = () => {
            db.close();
            done(r.result);
          };
          r.onerror = () => {
            db.close();
            done(0);
          };
        };
        open.onerror = () => done(0);
      });
    }
    return total;
  });
}

describe('/inventory (Chromium)', () => {
  it('counts by scanning offline while an order of the same product ships; after reconnecting stock = counted − shipped after', async () => {
    adminToken = (await apiLogin(baseURL, TENANT, 'admin')).token;
    const all = await products();
    const target = all.find((p) => p.barcode && /^\d{13}$/.test(p.barcode) && p.available_stock >= 5);
    expect(target, 'a barcoded product with stock to ship').toBeTruthy();
    const p = target as Product;

    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname !== '/login');
    await waitForServiceWorker(page);
    // The device has the product as the server has it now (mirrored by its pull).
    await page.goto(`${baseURL}/inventory`);
    await page.getByTestId('inv-search').fill(p.barcode as string);
    const stockRow = page.locator(`[data-testid="inv-row"][data-product-id="${p.id}"]`);
    await expect
      .poll(() => stockRow.getByTestId('inv-current').innerText(), { timeout: 30_000 })
      .toBe(String(p.current_stock));
    await page.getByTestId('inv-tab-count').click();
    await page.getByTestId('inv-count-start').waitFor();

    // A shelf count, with no signal.
    await page.getByTestId('inv-count-scope').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Raf' }).click();
    await page.getByTestId('inv-count-shelf').fill('A-12');
    await page.getByTestId('inv-count-begin').click();
    await page.getByTestId('scan-input').waitFor();
    await context.setOffline(true);
    await page.getByTestId('scan-input').focus();

    // An unknown barcode: a clear message, nothing counted.
    await wedgeScan(page, '4006381333931');
    expect(await page.getByTestId('scan-feedback').getAttribute('data-kind')).toBe('unknown');
    expect(await page.getByTestId('scan-feedback').innerText()).toContain('4006381333931');

    // 7 single scans, then +5 in one scan: 12 counted.
    for (let i = 0; i < 7; i++) await wedgeScan(page, p.barcode as string);
    await page.getByTestId('scan-quantity').fill('5');
    await page.getByTestId('scan-input').focus();
    await wedgeScan(page, p.barcode as string);
    const line = page.locator(`[data-testid="inv-count-line"][data-product-id="${p.id}"]`);
    await expect.poll(() => line.getAttribute('data-counted')).toBe('12');
    expect(Number(await line.getAttribute('data-expected'))).toBe(p.current_stock);
    // Manual − then + on the line.
    await line.getByTestId('inv-count-minus').click();
    await expect.poll(() => line.getAttribute('data-counted')).toBe('11');
    await line.getByTestId('inv-count-plus').click();
    await expect.poll(() => line.getAttribute('data-counted')).toBe('12');

    // Meanwhile another user ships 3 of the same product (the device does not know).
    await shipOrder(p, 3);
    const shipped = await product(p);
    expect(shipped.current_stock).toBe(p.current_stock - 3);

    // The count survives a reload (offline).
    await page.reload();
    await expect
      .poll(
        () =>
          page
            .locator(`[data-testid="inv-count-line"][data-product-id="${p.id}"]`)
            .getAttribute('data-counted'),
        {
          timeout: 30_000,
        },
      )
      .toBe('12');

    // Review: a large difference is listed for a second look; post (queued: offline).
    await page.getByTestId('inv-count-review').click();
    const review = page.getByTestId('inv-review-dialog');
    await review.waitFor();
    if (Math.abs(12 - p.current_stock) >= 10 || Math.abs(12 - p.current_stock) >= 0.2 * p.current_stock)
      await review.locator(`[data-testid="inv-review-line"][data-product-id="${p.id}"]`).waitFor();
    await page.getByTestId('inv-review-post').click();
    await page.getByText('Bu cihazda kaydedildi; bağlantı gelince sunucuya gönderilecek.').waitFor();
    await page.getByTestId('inv-count-start').waitFor();
    expect(await outboxCount(page)).toBe(1);
    expect((await product(p)).current_stock).toBe(p.current_stock - 3);

    // Back online: the count is posted once; the shipment after the count still counts.
    await context.setOffline(false);
    await expect
      .poll(async () => (await product(p)).current_stock, { timeout: 60_000, interval: 500 })
      .toBe(12 - 3);
    await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0);
    expect((await product(p)).current_stock).toBe(9);

    // Its movements (online) show the count.
    await page.getByTestId('inv-tab-stock').click();
    await page.getByTestId('inv-search').fill(p.barcode as string);
    const row = page.locator(`[data-testid="inv-row"][data-product-id="${p.id}"]`);
    await expect.poll(() => row.getByTestId('inv-current').innerText(), { timeout: 30_000 }).toBe('9');
    await row.getByTestId('inv-open').click();
    await page.getByTestId('inv-movement').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('inv-movement').first().innerText()).toContain('Sayım');
    await context.close();
  });

  it("a double-click on 'Sayım Başlat' starts one count with the focus in the scan field; wedge scans typed anywhere are counted, none lost", async () => {
    adminToken ||= (await apiLogin(baseURL, TENANT, 'admin')).token;
    const all = await products();
    const p = all.find((x) => x.barcode && /^\d{13}$/.test(x.barcode)) as Product;
    expect(p, 'a barcoded product').toBeTruthy();
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/inventory?view=count`);
    // The device knows the product (its pull ran).
    await page.getByTestId('inv-tab-stock').click();
    await page.getByTestId('inv-search').fill(p.barcode as string);
    await page.locator(`[data-testid="inv-row"][data-product-id="${p.id}"]`).waitFor({ timeout: 30_000 });
    await page.getByTestId('inv-tab-count').click();

    await page.getByTestId('inv-count-begin').dblclick();
    await page.getByTestId('scan-input').waitFor();
    expect(await page.getByTestId('inv-count').count()).toBe(1);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? 'body');
    expect(await focused()).toBe('scan-input');
    const scans = () => page.getByTestId('inv-count-summary').getAttribute('data-scans');

    // Two scans where the double-click left the focus.
    await wedgeScan(page, p.barcode as string);
    await wedgeScan(page, p.barcode as string);
    await expect.poll(scans).toBe('2');
    // The focus on the page (a click on an empty spot): two more.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await focused()).toBe('body');
    await wedgeScan(page, p.barcode as string);
    await wedgeScan(page, p.barcode as string);
    await expect.poll(scans).toBe('4');
    // The focus on a button: the scan is counted and its Enter does not press the button.
    await page.getByTestId('inv-count-discard').focus();
    await wedgeScan(page, p.barcode as string);
    await expect.poll(scans).toBe('5');
    expect(await page.getByTestId('inv-discard-dialog').count()).toBe(0);
    const line = page.locator(`[data-testid="inv-count-line"][data-product-id="${p.id}"]`);
    expect(await line.getAttribute('data-counted')).toBe('5');

    // A window over the count (the review): a scan is refused with a message, nothing counted.
    await page.getByTestId('inv-count-review').click();
    await page.getByTestId('inv-review-dialog').waitFor();
    await wedgeScan(page, p.barcode as string);
    await page.getByText('Okutma alınmadı: açık pencere ekranı kapatıyor', { exact: false }).waitFor();
    expect(await scans()).toBe('5');
    expect(await page.getByTestId('inv-review-dialog').count()).toBe(1);
    await context.close();
  });

  it('390 px, English, offline after one online visit: stock levels, an adjustment queued offline, the count screen; axe clean', async () => {
    adminToken ||= (await apiLogin(baseURL, TENANT, 'admin')).token;
    const all = await products();
    const context = await newContext(browser(), { width: 390, height: 844 }, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname !== '/login');
    await waitForServiceWorker(page);
    await chooseEnglish(page);
    await page.goto(`${baseURL}/inventory`);
    await page.getByTestId('inv-cards').waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    const cards = page.getByTestId('inv-cards');
    await cards.waitFor({ timeout: 30_000 });
    // Low stock first.
    const statuses = await page
      .getByTestId('inv-stock-chip')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    const rank = (s: string | null) => (s === 'out_of_stock' ? 0 : s === 'low_stock' ? 1 : 2);
    expect(statuses.map(rank)).toEqual([...statuses.map(rank)].sort((a, b) => a - b));
    // English chrome, no sideways scroll.
    expect(await page.getByTestId('inv-summary').innerText()).toMatch(
      /products · \d+ running low · \d+ out of stock/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // Search with Turkish folding (a lower-case 'i' finds 'İ' / 'I').
    const withI = all.find((x) => /[İI]/.test(x.name));
    if (withI) {
      const word = (withI.name.split(/\s+/).find((w) => /[İI]/.test(w)) ?? withI.name).toLocaleLowerCase(
        'tr-TR',
      );
      await page.getByTestId('inv-search').fill(word);
      await page.locator(`[data-testid="inv-row"][data-product-id="${withI.id}"]`).waitFor();
      await page.getByTestId('inv-search').fill('');
    }

    // An adjustment offline: the figure moves at once and the change waits in the outbox.
    const p = all.find((x) => x.current_stock >= 1) as Product;
    await page.getByTestId('inv-search').fill(p.product_code);
    const row = page.locator(`[data-testid="inv-row"][data-product-id="${p.id}"]`);
    await row.getByTestId('inv-open').click();
    const dialog = page.getByTestId('inv-product-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Stock movements load when online.');
    await page.getByTestId('inv-adjust-increase').click();
    await page.getByTestId('inv-adjust-quantity').fill('4');
    await page.getByTestId('inv-adjust-save').click();
    await expect
      .poll(() => page.getByTestId('inv-dialog-current').innerText())
      .toBe(String(p.current_stock + 4));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('inv-product-close').click();

    // The count screen at 390 px, in English.
    await page.getByTestId('inv-tab-count').click();
    await page.getByTestId('inv-count-begin').click();
    await page.getByTestId('scan-input').waitFor();
    expect(await page.getByTestId('scan-feedback').innerText()).toBe('Scan a product barcode');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('inv-count-discard').click();
    await page.getByTestId('inv-discard-confirm').click();
    await page.getByTestId('inv-count-start').waitFor();

    await context.setOffline(false);
    await expect
      .poll(async () => (await product(p)).current_stock, { timeout: 60_000, interval: 500 })
      .toBe(p.current_stock + 4);
    await context.close();
  });
});
