import { describe, expect, inject, it } from 'vitest';
import {
  api,
  apiLogin,
  browserPerFile,
  newContext,
  openOrderPage,
  signIn,
  waitForServiceWorker,
} from '../helpers/browser';

/**
 * An online-only screen (data asked of the server, not mirrored: here the proof of delivery on the
 * order detail) that was opened online opens again with
 * its data after the network is gone and the page is reloaded — read-only and marked so — because
 * its answers are kept in the signed-in user's own database on the device.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface Envelope<T> {
  data: T;
}
interface OrderLite {
  id: string;
  order_number: string;
}

async function deliveredOrder(): Promise<OrderLite> {
  const admin = await apiLogin(baseURL, TENANT, 'admin');
  const driver = await apiLogin(baseURL, TENANT, 'driver2');
  const call = async <T>(token: string, method: string, path: string, body?: unknown) => {
    const r = await api<Envelope<T>>(baseURL, TENANT, path, { method, token, body });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const order = await call<OrderLite>(admin.token, 'POST', '/orders', {
    customer_name: 'Çevrimdışı Kanıt Müşterisi',
    items: [{ product_name: 'Demlik', quantity: 1, unit_price: 250 }],
  });
  await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status: 'approved' });
  await call(admin.token, 'PATCH', `/orders/${order.id}/assign-driver`, { driver_id: driver.user.id });
  await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status: 'prepared' });
  await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status: 'in_transit' });
  await call(driver.token, 'PATCH', `/orders/${order.id}/status`, { status: 'out_for_delivery' });
  await call(driver.token, 'POST', `/orders/${order.id}/deliver`, {
    recipient_name: 'Zeynep Kaya',
    signature: PNG,
    delivered_at: new Date().toISOString(),
  });
  return order;
}

describe('online-only data offline', () => {
  it('a proof of delivery seen online shows again offline after a reload, marked read-only', async () => {
    const order = await deliveredOrder();
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForServiceWorker(page);

    // Online: the proof is asked of the server and shown, with no "offline" note.
    await openOrderPage(page, baseURL, order);
    const block = page.getByTestId('delivery-proof');
    await block.getByTestId('proof-recipient').waitFor({ timeout: 30_000 });
    expect(await block.getByTestId('proof-cached').count()).toBe(0);
    // The answer reaches this user's database on the device (saved at most a second later).
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              new Promise<boolean>((resolve) => {
                void indexedDB.databases().then((all) => {
                  const name = all.map((d) => d.name ?? '').find((n) => n.startsWith('sys-client1-'));
                  if (!name) return resolve(false);
                  const open = indexedDB.open(name);
                  open.onsuccess = () => {
                    const get = open.result.transaction('meta').objectStore('meta').get('query_cache');
                    get.onsuccess = () => {
                      open.result.close();
                      resolve(String(get.result?.value ?? '').includes('Zeynep Kaya'));
                    };
                    get.onerror = () => resolve(false);
                  };
                  open.onerror = () => resolve(false);
                });
              }),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // Offline, a fresh page load: the proof is there, marked as what was last seen online.
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(
      (number) => document.querySelector('[data-testid="order-detail-number"]')?.textContent === number,
      order.order_number,
      { timeout: 30_000 },
    );
    await block.getByTestId('proof-recipient').waitFor({ timeout: 30_000 });
    expect(await block.getByTestId('proof-recipient').innerText()).toBe('Zeynep Kaya');
    await block.getByTestId('proof-cached').waitFor();
    expect(await block.getByTestId('proof-offline').count()).toBe(0);
    await context.close();
  });
});
