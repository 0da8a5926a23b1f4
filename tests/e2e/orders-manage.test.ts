import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { formatTL } from '../../src/shared/domain/money';
import { api, apiLogin, browserPerFile, openOrderPage, signedInDevice } from '../helpers/browser';

/**
 * /orders and /orders/{id} against the real product (npm start, PGlite, Chromium): the list's
 * filters and search, an approval made offline that syncs once, two devices racing on one order
 * (the loser sees the server's reason and state), and assigning a driver.
 *
 * Tenant client1 is used so that these approvals do not change what the other browser files
 * (demo, default) expect.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';

interface Envelope<T> {
  data: T;
}
interface OrderList {
  orders: Order[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

async function listOrders(token: string, query = ''): Promise<OrderList> {
  const { status, body } = await api<Envelope<OrderList>>(baseURL, TENANT, `/orders?limit=100${query}`, {
    token,
  });
  expect(status).toBe(200);
  return body.data;
}

async function serverOrder(token: string, id: string): Promise<Order> {
  const { status, body } = await api<Envelope<Order>>(baseURL, TENANT, `/orders/${id}`, { token });
  expect(status).toBe(200);
  return body.data;
}

/** `worker`: a device that will go offline (its service worker installed first). */
const device = (username: string, landing: string, worker = false) =>
  signedInDevice(browser(), baseURL, TENANT, username, landing, { worker });
const openOrder = (page: Page, order: Order) => openOrderPage(page, baseURL, order);

const detailStatus = (page: Page) => page.getByTestId('order-detail').getAttribute('data-status');
const fold = (s: string) => s.toLocaleLowerCase('tr-TR');

describe('orders screens (Chromium against npm start)', () => {
  it('/orders: rows from the local store; status filter in ?status= survives reload; search narrows; empty text; row opens the detail', async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'manager');
    const all = (await listOrders(token)).orders;
    expect(all.length).toBeGreaterThan(10);
    const { context, page } = await device('manager', '/manager-dashboard');
    await page.goto(`${baseURL}/orders`);
    const rows = page.getByTestId('order-row');

    // First page: the 10 newest, with the total count, money as '1.234,50 TL'.
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(10);
    await expect
      .poll(() => page.getByTestId('orders-pagination').innerText())
      .toContain(`1–10 / ${all.length}`);
    const newest = all[0]!;
    const firstRow = page.locator(`[data-testid="order-row"][data-order-id="${newest.id}"]`);
    expect(await firstRow.getByTestId('order-total').innerText()).toBe(formatTL(newest.total_amount_kurus));
    expect(await firstRow.getByTestId('order-total').innerText()).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} TL$/);

    // Status filter: kept in the address, and a reload keeps it.
    const pending = all.filter((o) => o.status === 'pending_approval');
    expect(pending.length).toBeGreaterThan(0);
    await page.getByTestId('orders-status-filter').click();
    await page.getByRole('option', { name: 'Onay Bekliyor', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('pending_approval');
    // (the filter reaches the list through the address: wait until every row shows it, since the
    // unfiltered first page may have as many rows as the filtered one)
    const statuses = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    await expect.poll(async () => (await statuses()).every((s) => s === 'pending_approval')).toBe(true);
    await expect.poll(() => rows.count()).toBe(Math.min(10, pending.length));
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(Math.min(10, pending.length));
    expect(new URL(page.url()).searchParams.get('status')).toBe('pending_approval');
    expect(await page.getByTestId('orders-status-filter').innerText()).toContain('Onay Bekliyor');

    // Clear filters: every order again, no status in the address.
    await page.getByTestId('orders-clear-filters').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBeNull();
    await expect.poll(() => page.getByTestId('orders-pagination').innerText()).toContain(`/ ${all.length}`);

    // Search by customer name (Turkish case folding) and by order number.
    const name = all[3]!.customer_name;
    const byName = all.filter(
      (o) => fold(o.customer_name).includes(fold(name)) || fold(o.order_number).includes(fold(name)),
    );
    await page.getByTestId('orders-search').fill(name.toLocaleUpperCase('tr-TR'));
    await expect.poll(() => rows.count()).toBe(Math.min(10, byName.length));
    for (const text of await rows.getByTestId('order-customer').allInnerTexts())
      expect(fold(text)).toContain(fold(name));
    const target = all[5]!;
    await page.getByTestId('orders-search').fill(target.order_number);
    // (the search reaches the list through the address, so wait for the row, not only the count)
    await expect.poll(() => rows.first().getByTestId('order-number').innerText()).toBe(target.order_number);
    await expect.poll(() => rows.count()).toBe(1);

    // Nothing matches: the spec's empty text.
    await page.getByTestId('orders-search').fill('zzqx-hiçbir-şey');
    await expect.poll(() => page.getByTestId('orders-empty').innerText()).toBe('Sipariş bulunamadı');
    expect(await rows.count()).toBe(0);

    // Row → detail.
    await page.getByTestId('orders-search').fill(target.order_number);
    await rows.first().click();
    await page.waitForURL((url) => url.pathname === `/orders/${target.id}`);
    await expect.poll(() => page.getByTestId('order-detail-number').textContent()).toBe(target.order_number);
    expect(await page.getByTestId('order-grand-total').innerText()).toBe(formatTL(target.total_amount_kurus));
    expect(await page.getByTestId('order-item').count()).toBe(target.items.length);
    expect(await page.getByTestId('order-customer-name').innerText()).toBe(target.customer_name);
    await page.getByTestId('order-back').click();
    await page.waitForURL((url) => url.pathname === '/orders');

    // An unknown id: the not-found text, with a way back.
    await page.goto(`${baseURL}/orders/00000000-0000-4000-8000-000000000000`);
    await expect
      .poll(() => page.getByTestId('order-not-found').innerText(), { timeout: 30_000 })
      .toBe('Sipariş bulunamadı');
    expect(await page.getByTestId('order-back').count()).toBe(1);
    await context.close();
  });

  it('a manager approves offline: approved at once and after an offline reload; back online it reaches the server once and the salesperson sees it', async () => {
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const sales = await apiLogin(baseURL, TENANT, 'sales');
    const candidates = (
      await listOrders(manager.token, `&status=pending_approval&salesperson_id=${sales.user.id}`)
    ).orders;
    expect(candidates.length).toBeGreaterThan(0);
    const order = candidates[0]!;

    // The salesperson's device already has the order, pending approval.
    const seller = await device('sales', '/dashboard');
    await openOrder(seller.page, order);
    expect(await detailStatus(seller.page)).toBe('pending_approval');

    const { context, page } = await device('manager', '/manager-dashboard', true);
    await openOrder(page, order);
    expect(await detailStatus(page)).toBe('pending_approval');

    await context.setOffline(true);
    expect(await page.getByTestId('order-action-approved').innerText()).toBe('Onayla');
    await page.getByTestId('order-action-approved').click();
    await page.getByTestId('status-notes').fill('Çevrimdışı onay');
    await page.getByTestId('status-confirm').click();
    await expect.poll(() => detailStatus(page)).toBe('approved');
    // Offline the approval is only queued: the message says it is saved on the device.
    await expect
      .poll(() =>
        page
          .getByText('Bu cihazda kaydedildi; bağlantı gelince sunucuya gönderilecek.', { exact: true })
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await page.getByTestId('order-detail-status').getAttribute('data-status')).toBe('approved');
    expect(await page.getByTestId('pending-sync').count()).toBe(1);
    // The history already lists the change, with its note.
    expect(await page.getByTestId('order-history').innerText()).toContain('Çevrimdışı onay');

    // Offline reload: the change is still there (Dexie + outbox), still unsent.
    await page.reload();
    await expect.poll(() => detailStatus(page), { timeout: 30_000 }).toBe('approved');
    // The waiting entry is read by a query of its own, which may answer after the status drawn.
    await expect.poll(() => page.getByTestId('order-outbox-pending').count()).toBe(1);
    expect((await serverOrder(manager.token, order.id)).status).toBe('pending_approval');

    // Back online: it is sent, once.
    await context.setOffline(false);
    await expect
      .poll(async () => (await serverOrder(manager.token, order.id)).status, { timeout: 60_000 })
      .toBe('approved');
    const onServer = await serverOrder(manager.token, order.id);
    const changes = onServer.events.filter((e) => e.event_type === 'status_changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      from_status: 'pending_approval',
      to_status: 'approved',
      notes: 'Çevrimdışı onay',
    });
    await expect.poll(() => page.getByTestId('pending-sync').count(), { timeout: 30_000 }).toBe(0);
    expect(await page.getByTestId('order-outbox').count()).toBe(0);
    expect(await detailStatus(page)).toBe('approved');

    // The salesperson's device, after a pull, shows it approved.
    await seller.page.getByTestId('connection-indicator').click();
    await seller.page.getByRole('button', { name: 'Şimdi eşitle' }).click();
    await seller.page.keyboard.press('Escape');
    await expect.poll(() => detailStatus(seller.page), { timeout: 30_000 }).toBe('approved');
    await context.close();
    await seller.context.close();
  });

  it('two devices act on one order: the offline approval loses to an online rejection; the sync panel shows why and the server state', async () => {
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const order = (await listOrders(manager.token, '&status=pending_approval')).orders[0]!;
    expect(order).toBeDefined();

    const a = await device('manager', '/manager-dashboard', true);
    const b = await device('admin', '/dashboard');
    await openOrder(a.page, order);
    await openOrder(b.page, order);

    // Device A, offline, approves.
    await a.context.setOffline(true);
    await a.page.getByTestId('order-action-approved').click();
    await a.page.getByTestId('status-confirm').click();
    await expect.poll(() => detailStatus(a.page)).toBe('approved');

    // Device B, online, rejects ('Reddet' on the order detail → rejected).
    expect(await b.page.getByTestId('order-action-rejected').innerText()).toBe('Reddet');
    await b.page.getByTestId('order-action-rejected').click();
    await b.page.getByTestId('status-notes').fill('Stok yok');
    await b.page.getByTestId('status-confirm').click();
    await expect
      .poll(() => b.page.getByText('Sipariş reddedildi', { exact: true }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await serverOrder(manager.token, order.id)).status, { timeout: 60_000 })
      .toBe('rejected');

    // A comes back: its approval is refused; the order shows the server's state.
    await a.context.setOffline(false);
    await a.page.getByTestId('connection-indicator').click();
    const failed = a.page.getByTestId('sync-failed-entry');
    await expect.poll(() => failed.count(), { timeout: 60_000 }).toBe(1);
    const reason = 'Bu sipariş başka bir kullanıcı tarafından zaten "Reddedildi" durumuna getirildi';
    expect(await failed.getByTestId('sync-failed-reason').innerText()).toBe(reason);
    // The refusal is a failed change: the top-right toast says why.
    await expect.poll(() => a.page.getByTestId('toast').textContent()).toContain(reason);
    expect(await failed.getAttribute('data-record')).toBe(`order:${order.id}`);
    await expect.poll(() => detailStatus(a.page), { timeout: 30_000 }).toBe('rejected');
    expect(await a.page.getByTestId('order-outbox-failed').innerText()).toContain(reason);
    expect(await a.page.getByTestId('sync-failed').count()).toBe(1);

    // Nothing was applied twice: one status change on the server, the rejection.
    const onServer = await serverOrder(manager.token, order.id);
    const changes = onServer.events.filter((e) => e.event_type === 'status_changed');
    expect(changes.map((e) => e.to_status)).toEqual(['rejected']);

    // Discard: the entry is gone, the order stays as the server has it.
    await failed.getByTestId('sync-discard').click();
    await expect.poll(() => a.page.getByTestId('sync-failed-entry').count()).toBe(0);
    await a.page.keyboard.press('Escape');
    await expect.poll(() => a.page.getByTestId('order-outbox').count()).toBe(0);
    expect(await detailStatus(a.page)).toBe('rejected');
    expect(await a.page.getByTestId('sync-failed').count()).toBe(0);
    // Rejected: the machine allows the manager nothing more here.
    expect(await a.page.locator('[data-testid^="order-action-"]').count()).toBe(0);
    await a.context.close();
    await b.context.close();
  });

  it('/orders row actions: the edit dialog approves (generic text), the assign-driver dialog sets the driver on the server', async () => {
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const driver2 = await apiLogin(baseURL, TENANT, 'driver2');
    const { context, page } = await device('manager', '/manager-dashboard');

    // Edit dialog from the list, status select: pending_approval → approved.
    const pending = (await listOrders(manager.token, '&status=pending_approval')).orders[0]!;
    await page.goto(`${baseURL}/orders?status=pending_approval`);
    const pendingRow = page.locator(`[data-testid="order-row"][data-order-id="${pending.id}"]`);
    await expect.poll(() => pendingRow.count(), { timeout: 30_000 }).toBe(1);
    await pendingRow.getByTestId('order-edit').click();
    await page.getByTestId('edit-status').click();
    await page.getByRole('option', { name: 'Onaylandı (Onayla)' }).click();
    await page.getByTestId('order-edit-save').click();
    await expect
      .poll(() => page.getByText('Sipariş durumu başarıyla güncellendi', { exact: true }).count())
      .toBeGreaterThan(0);
    // It leaves the pending_approval list at once, and the server has it approved.
    await expect.poll(() => pendingRow.count()).toBe(0);
    await expect
      .poll(async () => (await serverOrder(manager.token, pending.id)).status, { timeout: 60_000 })
      .toBe('approved');

    // Assign-driver dialog on an approved order.
    const approved = (await listOrders(manager.token, '&status=approved')).orders.find(
      (o) => o.driver_id !== driver2.user.id,
    )!;
    expect(approved).toBeDefined();
    await page.goto(`${baseURL}/orders?status=approved`);
    await page.getByTestId('orders-search').fill(approved.order_number);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${approved.id}"]`);
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    // Only approved/prepared rows offer it; a pending row never does.
    await row.getByTestId('order-assign-driver').click();
    await page.getByTestId('driver-select').click();
    const driverName = (await serverDriverName(manager.token, driver2.user.id)) ?? '';
    await page.getByRole('option', { name: new RegExp(`^${driverName}`) }).click();
    await page.getByTestId('vehicle-plate').fill('34 ABC 123');
    await page.getByTestId('assign-driver-confirm').click();
    await expect
      .poll(() => page.getByText('Sürücü başarıyla atandı', { exact: true }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await serverOrder(manager.token, approved.id)).driver_id, { timeout: 60_000 })
      .toBe(driver2.user.id);
    const after = await serverOrder(manager.token, approved.id);
    expect(after.vehicle_plate).toBe('34 ABC 123');
    expect(after.status).toBe('approved');

    // The detail shows the driver's name.
    await row.click();
    await expect
      .poll(() => page.getByTestId('order-driver-name').innerText(), { timeout: 30_000 })
      .toBe(driverName);
    await context.close();
  });

  it('an admin deletes an order from its detail page: gone locally at once, 404 on the server, a removal for other devices', async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'admin');
    const victim =
      (await listOrders(token, '&status=refunded')).orders[0] ?? (await listOrders(token)).orders.at(-1)!;
    const { context, page } = await device('admin', '/dashboard');
    await openOrder(page, victim);
    await page.getByTestId('order-delete').click();
    await page.getByTestId('order-delete-confirm').click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await expect.poll(() => page.getByText('Sipariş silindi').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator(`[data-testid="order-row"][data-order-id="${victim.id}"]`).count())
      .toBe(0);
    // The server has it deleted (once the outbox has sent it) …
    await expect
      .poll(async () => (await api(baseURL, TENANT, `/orders/${victim.id}`, { token })).status, {
        timeout: 30_000,
      })
      .toBe(404);
    // … and a manager's device loses it with its pull; only admins get the button.
    const manager = await device('manager', '/manager-dashboard');
    await manager.page.goto(`${baseURL}/orders/${victim.id}`);
    await expect.poll(() => manager.page.getByTestId('order-not-found').count(), { timeout: 30_000 }).toBe(1);
    const other = (await listOrders(token)).orders[0]!;
    await openOrder(manager.page, other);
    expect(await manager.page.getByTestId('order-delete').count()).toBe(0);
    await manager.context.close();
    await context.close();
  });
});

async function serverDriverName(token: string, id: string): Promise<string | null> {
  const { status, body } = await api<Envelope<{ drivers: Array<{ id: string; full_name: string }> }>>(
    baseURL,
    TENANT,
    '/drivers',
    { token },
  );
  expect(status).toBe(200);
  return body.data.drivers.find((d) => d.id === id)?.full_name ?? null;
}
