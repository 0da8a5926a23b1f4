import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { ORDER_MESSAGES } from '../../src/shared/api/orders';
import { api, apiLogin, browserPerFile, openOrderPage, signedInDevice } from '../helpers/browser';

/**
 * Two devices act on the same thing, one of them offline (docs/architecture.md, "Every write names
 * what its user saw"): the change made offline on what has meanwhile changed is refused, the device shows the
 * server's state and says so in the sync panel, and the server keeps exactly the other change.
 *
 * Tenant client1, orders created by 'sales2' in each test, so that nothing here changes what the
 * other browser files expect (orders-manage.test.ts uses client1's orders of 'sales' and any
 * pending/approved order, never notifications; demo and default keep their notifications).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';

interface Envelope<T> {
  data: T;
}
interface ServerNotification {
  id: string;
  is_read: boolean;
  related_order: { id: string } | null;
}

async function serverOrder(token: string, id: string): Promise<Order> {
  const { status, body } = await api<Envelope<Order>>(baseURL, TENANT, `/orders/${id}`, { token });
  expect(status).toBe(200);
  return body.data;
}

/** A fresh pending_approval order of 'sales2' (so no other test depends on it). */
async function createOrder(salesToken: string, customer: string): Promise<Order> {
  const { status, body } = await api<Envelope<Order>>(baseURL, TENANT, '/orders', {
    method: 'POST',
    token: salesToken,
    body: {
      customer_name: customer,
      items: [{ product_name: 'Test ürünü', quantity: 2, unit_price: 12.5 }],
      notes: 'İlk not',
    },
  });
  expect(status).toBe(201);
  expect(body.data.status).toBe('pending_approval');
  return body.data;
}

async function approve(managerToken: string, id: string) {
  const { status } = await api(baseURL, TENANT, `/orders/${id}/status`, {
    method: 'PATCH',
    token: managerToken,
    body: { status: 'approved' },
  });
  expect(status).toBe(200);
}

async function serverNotifications(token: string): Promise<ServerNotification[]> {
  const { status, body } = await api<Envelope<{ notifications: ServerNotification[] }>>(
    baseURL,
    TENANT,
    '/notifications?limit=100',
    { token },
  );
  expect(status).toBe(200);
  return body.data.notifications;
}

async function driverName(token: string, id: string): Promise<string> {
  const { body } = await api<Envelope<{ drivers: Array<{ id: string; full_name: string }> }>>(
    baseURL,
    TENANT,
    '/drivers',
    { token },
  );
  const name = body.data.drivers.find((d) => d.id === id)?.full_name;
  expect(name).toBeTruthy();
  return name as string;
}

/** `worker`: a device that will go offline (its service worker installed first). */
const device = (username: string, landing: string, worker = false) =>
  signedInDevice(browser(), baseURL, TENANT, username, landing, { worker });
const openOrder = (page: Page, order: Order) => openOrderPage(page, baseURL, order);

/** Edit the notes of the open order through the edit dialog on its detail page. */
async function editNotes(page: Page, notes: string) {
  await page.getByTestId('order-edit').click();
  await page.getByTestId('edit-notes').fill(notes);
  await page.getByTestId('order-edit-save').click();
  await expect.poll(() => page.getByTestId('order-notes').innerText(), { timeout: 30_000 }).toBe(notes);
}

/** Assign a driver to the open order through the dialog on its detail page (drivers already cached). */
async function chooseDriver(page: Page, name: string, username: string) {
  await page.getByTestId('driver-select').click();
  await page.getByRole('option', { name: `${name} (${username})`, exact: true }).click();
  await page.getByTestId('assign-driver-confirm').click();
}

/** The sync panel's refused entries (opened from the online/offline chip in the top bar). */
async function openSyncPanel(page: Page) {
  await page.getByTestId('connection-indicator').click();
  await expect.poll(() => page.getByTestId('sync-panel').count()).toBe(1);
  return page.getByTestId('sync-failed-entry');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('conflicting changes on two devices (Chromium against npm start)', () => {
  it('notes edited on two devices: the offline edit is refused, the panel shows why and the server notes; the server keeps the online edit', async () => {
    const sales = await apiLogin(baseURL, TENANT, 'sales2');
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const order = await createOrder(sales.token, `Not Çakışması ${Date.now()}`);

    const seller = await device('sales2', '/dashboard');
    const boss = await device('manager', '/manager-dashboard', true);
    await openOrder(seller.page, order);
    await openOrder(boss.page, order);

    // The manager, offline, edits the notes: shown at once, waiting in the outbox.
    await boss.context.setOffline(true);
    const managerNotes = 'Müdür notu: teslimat sabah yapılsın';
    await editNotes(boss.page, managerNotes);
    expect(await boss.page.getByTestId('pending-sync').count()).toBe(1);

    // The salesperson, online, edits them too: the server takes it.
    const salesNotes = 'Satış notu: müşteri öğleden sonra arayacak';
    await editNotes(seller.page, salesNotes);
    await expect
      .poll(async () => (await serverOrder(sales.token, order.id)).notes, { timeout: 60_000 })
      .toBe(salesNotes);
    const afterSales = await serverOrder(sales.token, order.id);

    // The manager comes back: the edit names the version they saw, which is gone → refused.
    await boss.context.setOffline(false);
    const failed = await openSyncPanel(boss.page);
    await expect.poll(() => failed.count(), { timeout: 60_000 }).toBe(1);
    expect(await failed.getAttribute('data-record')).toBe(`order:${order.id}`);
    expect(await failed.getByTestId('sync-failed-reason').innerText()).toBe(ORDER_MESSAGES.versionConflict);
    expect(ORDER_MESSAGES.versionConflict).toBe(
      'Bu sipariş siz görüntüledikten sonra başka bir kullanıcı tarafından değiştirildi',
    );
    // … with what the server has now for the field the change touched.
    const serverValue = failed.locator('[data-testid="sync-server-value"][data-field="notes"]');
    await expect
      .poll(() => serverValue.innerText(), { timeout: 15_000 })
      .toBe(`Sunucudaki değer — Notlar: ${salesNotes}`);
    // A version conflict can be applied on the version now shown.
    expect(await failed.getByTestId('sync-retry').innerText()).toBe('Yine de uygula');
    expect(await failed.getByTestId('sync-discard').innerText()).toBe('Vazgeç');

    // The device shows the salesperson's notes; the server holds exactly them, written once.
    await boss.page.keyboard.press('Escape');
    await expect
      .poll(() => boss.page.getByTestId('order-notes').innerText(), { timeout: 30_000 })
      .toBe(salesNotes);
    const onServer = await serverOrder(manager.token, order.id);
    expect(onServer.notes).toBe(salesNotes);
    expect(onServer.version).toBe(afterSales.version);

    // 'Yine de uygula': the manager, having seen the salesperson's notes, applies theirs on top.
    const again = await openSyncPanel(boss.page);
    await again.getByTestId('sync-retry').click();
    await expect
      .poll(async () => (await serverOrder(manager.token, order.id)).notes, { timeout: 60_000 })
      .toBe(managerNotes);
    await expect.poll(() => boss.page.getByTestId('sync-failed-entry').count(), { timeout: 30_000 }).toBe(0);
    await boss.context.close();
    await seller.context.close();
  });

  it('conflicting driver assignments: the offline one is refused with the server driver shown; the server keeps the online one', async () => {
    const sales = await apiLogin(baseURL, TENANT, 'sales2');
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const driver = await apiLogin(baseURL, TENANT, 'driver');
    const driver2 = await apiLogin(baseURL, TENANT, 'driver2');
    const order = await createOrder(sales.token, `Sürücü Çakışması ${Date.now()}`);
    await approve(manager.token, order.id);
    const approved = await serverOrder(manager.token, order.id);
    expect(approved.driver_id).toBeNull();
    const driverOne = await driverName(manager.token, driver.user.id);
    const driverTwo = await driverName(manager.token, driver2.user.id);

    const boss = await device('manager', '/manager-dashboard', true);
    const admin = await device('admin', '/dashboard');
    await openOrder(boss.page, approved);
    await openOrder(admin.page, approved);

    // The manager opens the dialog online (the driver list is cached), then loses the network
    // and assigns 'driver': shown at once, queued.
    await boss.page.getByTestId('order-assign-driver').click();
    await expect.poll(() => boss.page.getByTestId('driver-select').count(), { timeout: 30_000 }).toBe(1);
    await boss.context.setOffline(true);
    await chooseDriver(boss.page, driverOne, 'driver');
    await expect
      .poll(() => boss.page.getByTestId('order-driver-name').innerText(), { timeout: 30_000 })
      .toBe(driverOne);

    // The admin, online, assigns 'driver2': the server takes it.
    await admin.page.getByTestId('order-assign-driver').click();
    await expect.poll(() => admin.page.getByTestId('driver-select').count(), { timeout: 30_000 }).toBe(1);
    await chooseDriver(admin.page, driverTwo, 'driver2');
    await expect
      .poll(async () => (await serverOrder(manager.token, order.id)).driver_id, { timeout: 60_000 })
      .toBe(driver2.user.id);

    // The manager comes back: refused, with the server's driver under the reason.
    await boss.context.setOffline(false);
    const failed = await openSyncPanel(boss.page);
    await expect.poll(() => failed.count(), { timeout: 60_000 }).toBe(1);
    expect(await failed.getAttribute('data-kind')).toBe('order.assign-driver');
    expect(await failed.getByTestId('sync-failed-reason').innerText()).toBe(ORDER_MESSAGES.versionConflict);
    const serverValue = failed.locator('[data-testid="sync-server-value"][data-field="driver_id"]');
    await expect
      .poll(() => serverValue.innerText(), { timeout: 15_000 })
      .toBe(`Sunucudaki değer — Sürücü: ${driverTwo}`);
    expect(await failed.getByTestId('sync-retry').innerText()).toBe('Yine de uygula');

    // Discard: the order shows the admin's driver; the server holds exactly it, assigned once.
    await failed.getByTestId('sync-discard').click();
    await expect.poll(() => boss.page.getByTestId('sync-failed-entry').count()).toBe(0);
    await boss.page.keyboard.press('Escape');
    await expect
      .poll(() => boss.page.getByTestId('order-driver-name').innerText(), { timeout: 30_000 })
      .toBe(driverTwo);
    const onServer = await serverOrder(manager.token, order.id);
    expect(onServer.driver_id).toBe(driver2.user.id);
    expect(onServer.driver_name).toBe(driverTwo);
    expect(onServer.events.filter((e) => e.event_type === 'driver_assigned')).toHaveLength(1);
    await boss.context.close();
    await admin.context.close();
  });

  it('a status change refused because the order moved on offers no retry, and shows the status the server has', async () => {
    const sales = await apiLogin(baseURL, TENANT, 'sales2');
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const order = await createOrder(sales.token, `Durum Çakışması ${Date.now()}`);

    const boss = await device('manager', '/manager-dashboard', true);
    await openOrder(boss.page, order);
    await boss.context.setOffline(true);
    await boss.page.getByTestId('order-action-approved').click();
    await boss.page.getByTestId('status-confirm').click();
    await expect
      .poll(() => boss.page.getByTestId('order-detail').getAttribute('data-status'))
      .toBe('approved');

    // Meanwhile the order is rejected on the server.
    const { status } = await api(baseURL, TENANT, `/orders/${order.id}/status`, {
      method: 'PATCH',
      token: manager.token,
      body: { status: 'rejected', notes: 'Stok yok', expected_status: 'pending_approval' },
    });
    expect(status).toBe(200);

    await boss.context.setOffline(false);
    const failed = await openSyncPanel(boss.page);
    await expect.poll(() => failed.count(), { timeout: 60_000 }).toBe(1);
    expect(await failed.getByTestId('sync-failed-reason').innerText()).toBe(
      ORDER_MESSAGES.conflict('Reddedildi'),
    );
    const serverValue = failed.locator('[data-testid="sync-server-value"][data-field="status"]');
    await expect
      .poll(() => serverValue.innerText(), { timeout: 15_000 })
      .toBe('Sunucudaki değer — Durum: Reddedildi');
    // Sending it again can only be refused again: no retry, only discard.
    expect(await failed.getByTestId('sync-retry').count()).toBe(0);
    expect(await failed.getByTestId('sync-discard').count()).toBe(1);
    expect((await serverOrder(manager.token, order.id)).status).toBe('rejected');
    await boss.context.close();
  });

  it('mark-all-read while a notification arrives: the ones the device showed are read on the server, the new one stays unread there and on the device', async () => {
    const sales = await apiLogin(baseURL, TENANT, 'sales2');
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    // At least one unread notification the device will show (a new order notifies managers).
    const seen = await createOrder(sales.token, `Görülen Bildirim ${Date.now()}`);
    await expect
      .poll(async () =>
        (await serverNotifications(manager.token)).some((n) => n.related_order?.id === seen.id),
      )
      .toBe(true);
    const unreadBefore = (await serverNotifications(manager.token)).filter((n) => !n.is_read);
    expect(unreadBefore.length).toBeGreaterThan(0);

    const { context, page } = await device('manager', '/manager-dashboard', true);
    await page.goto(`${baseURL}/notifications`);
    const unreadRows = page.locator('[data-testid="notification-row"][data-unread="true"]');
    // The list is paged (20 a page): the bell counts them all.
    const badge = () => page.getByTestId('notification-badge').locator('.MuiBadge-badge').innerText();
    const n = unreadBefore.length;
    await expect.poll(badge, { timeout: 30_000 }).toBe(n > 99 ? '99+' : String(n));
    await expect.poll(() => unreadRows.count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // Offline: 'Tümünü okundu işaretle' reads everything shown, at once, locally.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Tümünü okundu işaretle', exact: true }).click();
    await expect.poll(() => unreadRows.count()).toBe(0);

    // Meanwhile, on the server, a new order notifies the managers.
    const customer = `Yeni Bildirim ${Date.now()}`;
    const fresh = await createOrder(sales.token, customer);
    let freshId = '';
    await expect
      .poll(async () => {
        const found = (await serverNotifications(manager.token)).find(
          (n) => n.related_order?.id === fresh.id,
        );
        freshId = found?.id ?? '';
        return found?.is_read;
      })
      .toBe(false);

    // Back online: exactly the notifications the device showed are read on the server.
    await context.setOffline(false);
    await expect
      .poll(
        async () =>
          (await serverNotifications(manager.token))
            .filter((n) => !n.is_read)
            .map((n) => n.id)
            .sort(),
        { timeout: 60_000 },
      )
      .toEqual([freshId]);
    const after = await serverNotifications(manager.token);
    for (const n of unreadBefore) expect(after.find((a) => a.id === n.id)?.is_read).toBe(true);

    // The device, once it has pulled, shows the new one unread (and only it).
    await page.getByTestId('connection-indicator').click();
    await page.getByRole('button', { name: 'Şimdi eşitle' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => unreadRows.count(), { timeout: 30_000 }).toBe(1);
    expect(await unreadRows.first().innerText()).toMatch(new RegExp(escapeRegExp(customer)));
    await expect
      .poll(() => page.getByTestId('notification-badge').locator('.MuiBadge-badge').innerText())
      .toBe('1');
    await context.close();
  });
});
