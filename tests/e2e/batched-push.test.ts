import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { ensureAvailable } from '../helpers/stock';

/**
 * A warehouse device scans a large order with no signal — 500 wedge scans queued in its outbox —
 * and comes back online: the outbox drains through POST /sync/push in a handful of requests (none
 * to the per-scan endpoint), and the server counts every scan exactly once.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'default';
const SCANS = 500;

interface Product {
  id: string;
  name: string;
  barcode: string | null;
  selling_price: number | string;
}

let managerToken: string;
let product: Product;

beforeAll(async () => {
  managerToken = (await apiLogin(baseURL, TENANT, 'manager')).token;
  const { body } = await api<{ data: Product[] }>(baseURL, TENANT, '/products?limit=50', {
    token: managerToken,
  });
  const found = body.data.find((p) => p.barcode && /^\d{13}$/.test(p.barcode));
  if (!found) throw new Error('no product with an EAN-13');
  product = found;
  await ensureAvailable(baseURL, TENANT, [product.id], SCANS);
});

async function serverOrder(id: string): Promise<Order> {
  const { body } = await api<{ data: Order }>(baseURL, TENANT, `/orders/${id}`, { token: managerToken });
  return body.data;
}

describe('batched push (Chromium)', () => {
  it(`${SCANS} scans queued offline reach the server exactly once, in a few batched requests`, async () => {
    const created = await api<{ data: Order }>(baseURL, TENANT, '/orders', {
      method: 'POST',
      token: managerToken,
      body: {
        customer_name: 'Toplu Tarama E2E',
        items: [
          {
            product_id: product.id,
            product_name: product.name,
            quantity: SCANS,
            unit_price: Number(product.selling_price),
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const orderId = created.body.data.id;
    const approved = await api(baseURL, TENANT, `/orders/${orderId}/status`, {
      method: 'PATCH',
      token: managerToken,
      body: { status: 'approved', expected_status: 'pending_approval' },
    });
    expect(approved.status).toBe(200);

    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname === '/warehouse-dashboard');
    await waitForServiceWorker(page);
    const card = page.locator(`[data-testid="wh-order"][data-order-id="${orderId}"]`);
    await card.waitFor({ timeout: 30_000 });

    /** Entries in the device's outbox (its IndexedDB store, read in the page). */
    const outboxCount = () =>
      page.evaluate(async (tenant) => {
        const names = (await indexedDB.databases()).map((d) => d.name ?? '');
        const name = names.find((n) => n.startsWith(`sys-${tenant}-`));
        if (!name) return -1;
        return new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const count = db.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => {
              db.close();
              resolve(count.result);
            };
            count.onerror = () => reject(count.error);
          };
        });
      }, TENANT);

    await context.setOffline(true);
    await card.getByTestId('wh-prepare').click();
    const input = page.getByTestId('scan-input');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // The code as one text input, then Enter (the scan field's own path; typing it key by key, as
    // the wedge tests do, would only make 500 scans take minutes here).
    for (let i = 0; i < SCANS; i++) {
      await page.keyboard.insertText(product.barcode as string);
      await page.keyboard.press('Enter');
    }
    const scannedOnDevice = () =>
      page.getByTestId('scan-line').first().getAttribute('data-scanned').then(Number);
    await expect.poll(scannedOnDevice, { timeout: 60_000 }).toBe(SCANS);
    // The screen counts a scan at once; its outbox entry is written just after (one Dexie
    // transaction per scan, in order), so the queue may trail the screen for a moment.
    await expect.poll(() => outboxCount(), { timeout: 60_000 }).toBe(SCANS);
    expect((await serverOrder(orderId)).items[0]?.scanned_quantity).toBe(0);

    writes.length = 0;
    await context.setOffline(false);
    await expect
      .poll(async () => (await serverOrder(orderId)).items[0]?.scanned_quantity, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(SCANS);
    // Nothing left to send on the device, and nothing counted twice on the server.
    await expect.poll(() => outboxCount(), { timeout: 30_000 }).toBe(0);
    await page.waitForTimeout(1000);
    expect((await serverOrder(orderId)).items[0]?.scanned_quantity).toBe(SCANS);
    const pushes = writes.filter((w) => w === 'POST /api/sync/push');
    expect(writes.filter((w) => w.includes('/warehouse/scan-barcode'))).toEqual([]);
    expect(pushes.length).toBeGreaterThanOrEqual(Math.ceil(SCANS / 100));
    expect(pushes.length).toBeLessThanOrEqual(Math.ceil(SCANS / 100) + 2);
    await context.close();
  }, 600_000); // 500 scans entered, then the drain: minutes on a shared machine
});
