import type { Page } from 'playwright-core';
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
    const context = await newContext(browser(), undefined, { worker: true });
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

/** The manager's approved order (the 'Sürücü Ata' dialog is offered on it). */
async function approvedOrder(): Promise<OrderLite> {
  const manager = await apiLogin(baseURL, 'demo', 'manager');
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const r = await api<Envelope<T>>(baseURL, 'demo', path, { method, token: manager.token, body });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const order = await call<OrderLite>('POST', '/orders', {
    customer_name: 'Çevrimdışı Sürücü Müşterisi',
    items: [{ product_name: 'Çaydanlık', quantity: 1, unit_price: 300 }],
  });
  await call('PATCH', `/orders/${order.id}/status`, { status: 'approved' });
  return order;
}

/** The driver options the 'Sürücü Ata' dialog of the open order offers (it fails if it says none). */
async function driverOptions(page: Page): Promise<string[]> {
  await page.getByTestId('order-assign-driver').click();
  const dialog = page.getByTestId('assign-driver-dialog');
  await dialog.getByTestId('driver-select').or(dialog.getByTestId('drivers-empty')).first().waitFor({
    timeout: 30_000,
  });
  expect(await dialog.getByTestId('drivers-empty').count(), 'the dialog says it has no drivers').toBe(0);
  await dialog.getByTestId('driver-select').click();
  const options = await page.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return options;
}

/** A page load of the open order's page. */
async function reloadOrder(page: Page, order: OrderLite) {
  await page.reload();
  await page.waitForFunction(
    (number) => document.querySelector('[data-testid="order-detail-number"]')?.textContent === number,
    order.order_number,
    { timeout: 30_000 },
  );
}

/** The stored copy of the online-only answers of the page's signed-in demo user, as text. */
function storedCopy(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        void indexedDB.databases().then((all) => {
          const name = all.map((d) => d.name ?? '').find((n) => n.startsWith('sys-demo-'));
          if (!name) return resolve('');
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const get = open.result.transaction('meta').objectStore('meta').get('query_cache');
            get.onsuccess = () => {
              open.result.close();
              resolve(String(get.result?.value ?? ''));
            };
            get.onerror = () => resolve('');
          };
          open.onerror = () => resolve('');
        });
      }),
  );
}

/**
 * On the next page load only, the user's local database is busy for a while before the app may
 * read it (as when another tab is writing to it): a readwrite transaction on its `meta` store is
 * kept going for 2.5 s, so the app's local store opens after the signed-in layout is drawn.
 */
async function holdStoreOnNextLoad(page: Page) {
  await page.addInitScript(() => {
    if (localStorage.getItem('e2e-hold-store') !== '1') return;
    localStorage.removeItem('e2e-hold-store');
    void indexedDB.databases().then((all) => {
      const name = all.map((d) => d.name ?? '').find((n) => n.startsWith('sys-demo-'));
      if (!name) return;
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const db = open.result;
        const until = Date.now() + 2500;
        const store = db.transaction('meta', 'readwrite').objectStore('meta');
        const spin = () => {
          const r = store.get('e2e-none');
          r.onsuccess = () => {
            if (Date.now() < until) spin();
            else db.close();
          };
        };
        spin();
      };
    });
  });
  await page.evaluate(() => localStorage.setItem('e2e-hold-store', '1'));
}

describe("what the device fetched stays readable offline ('Sürücü Ata')", () => {
  it('the drivers fetched online are there offline after 4 reloads, a fresh sign-in, and a store that opens late', async () => {
    const order = await approvedOrder();
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'manager');
    await page.waitForURL((url) => url.pathname === '/manager-dashboard');
    await waitForServiceWorker(page);

    // Online: the dialog fetches the drivers; the answer reaches the device's copy.
    await openOrderPage(page, baseURL, order);
    const online = await driverOptions(page);
    expect(online.length).toBeGreaterThan(0);
    await expect.poll(() => storedCopy(page), { timeout: 15_000 }).toContain(online[0]?.split(' (')[0]);

    // Offline, four page loads: the list is there each time.
    await context.setOffline(true);
    for (let load = 1; load <= 4; load++) {
      await reloadOrder(page, order);
      expect(await driverOptions(page), `offline page load ${load}`).toEqual(online);
    }

    // Signed out and in again (online, without opening the dialog), then offline: still there.
    await context.setOffline(false);
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, baseURL, 'demo', 'manager');
    await page.waitForURL((url) => url.pathname === '/manager-dashboard');
    await context.setOffline(true);
    await openOrderPage(page, baseURL, order);
    expect(await driverOptions(page), 'after a fresh sign-in').toEqual(online);

    // A page load whose local store opens late (after the screen is drawn).
    await holdStoreOnNextLoad(page);
    await reloadOrder(page, order);
    expect(await driverOptions(page), 'the store opened late').toEqual(online);
    await reloadOrder(page, order);
    expect(await driverOptions(page), 'the page load after').toEqual(online);
    await context.close();
  });
});
