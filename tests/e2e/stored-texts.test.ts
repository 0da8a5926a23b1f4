import { describe, expect, inject, it } from 'vitest';
import { api, apiLogin, browserPerFile, DEMO_PASSWORD, newContext } from '../helpers/browser';

/**
 * An English reader sees what the server stored in Turkish in English: an order's history (a
 * driver assignment, a failed delivery's reason, the delivery's 'Teslim alan') and the order
 * notices (a rejection with the manager's notes, a delivery), with the words users typed left as
 * typed. The language is picked on the first visit's login form, before signing in.
 *
 * The orders are made through the API by the demo tenant's users, as they would in the app; the
 * reader is their salesperson (whose list and bell hold exactly these orders' notices).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Order {
  id: string;
  order_number: string;
}
type Envelope<T> = { data: T };

async function call<T = Order>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await api<Envelope<T>>(baseURL, TENANT, path, { method, token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path}: ${res.status}`);
  return res.body.data;
}

describe('stored texts in English (Chromium against npm start)', () => {
  it('a salesperson who picks English on the login form reads the history and the notices in English', async () => {
    const login = async (username: string) =>
      (await apiLogin(baseURL, TENANT, username)) as {
        token: string;
        user: { id: string; full_name: string };
      };
    const [sales, manager, warehouse, driver] = await Promise.all(
      ['sales', 'manager', 'warehouse', 'driver'].map(login),
    );
    if (!sales || !manager || !warehouse || !driver) throw new Error('demo users missing');
    const [s, m, w, d] = [sales.token, manager.token, warehouse.token, driver.token];
    const driverUser = driver.user;
    const create = (customer: string) =>
      call(s, 'POST', '/orders', {
        customer_name: customer,
        items: [{ product_name: 'Kargo Kutusu', quantity: 1, unit_price: 12 }],
      });
    const status = (token: string, id: string, to: string, extra: object = {}) =>
      call(token, 'PATCH', `/orders/${id}/status`, { status: to, ...extra });

    // Rejected with the manager's notes.
    const rejected = await create('Çiçek Evi Reddedilen');
    await status(m, rejected.id, 'rejected', { notes: 'Fiyat uygun değil' });
    // Delivered after a failed attempt.
    const delivered = await create('Çiçek Evi Teslim');
    await status(m, delivered.id, 'approved');
    await call(m, 'PATCH', `/orders/${delivered.id}/assign-driver`, {
      driver_id: driverUser.id,
      vehicle_plate: '34 ST 01',
    });
    await status(w, delivered.id, 'prepared');
    await status(w, delivered.id, 'in_transit');
    await status(d, delivered.id, 'out_for_delivery');
    await status(d, delivered.id, 'in_transit', { notes: 'Alıcı adreste değil: zil çalışmıyor' });
    await status(d, delivered.id, 'out_for_delivery');
    await call(d, 'POST', `/orders/${delivered.id}/deliver`, {
      expected_status: 'out_for_delivery',
      recipient_name: 'Zeynep Kaya',
      notes: 'Kapıcıya bırakıldı',
      signature: SIGNATURE,
      delivered_at: new Date().toISOString(),
    });

    const context = await newContext(browser());
    const page = await context.newPage();
    // The first visit's form (plain HTML), its language switch: English, kept.
    await page.goto(`${baseURL}/login?tenant=${TENANT}`);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('button', { name: 'English', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.locator('input[name="username"]').fill('sales');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });

    // The delivered order's history.
    await page.goto(`${baseURL}/orders/${delivered.id}`);
    const notes = page.getByTestId('order-event-notes');
    await expect
      .poll(async () => notes.allInnerTexts(), { timeout: 30_000 })
      .toEqual([
        `Driver assigned: ${driverUser.full_name} (34 ST 01)`,
        'Recipient not at the address: zil çalışmıyor',
        'Received by: Zeynep Kaya\nKapıcıya bırakıldı',
      ]);
    // The rejection's notes are the manager's words: as typed.
    await page.goto(`${baseURL}/orders/${rejected.id}`);
    await expect.poll(async () => notes.allInnerTexts(), { timeout: 30_000 }).toEqual(['Fiyat uygun değil']);

    // The notices, on /notifications.
    await page.goto(`${baseURL}/notifications`);
    await page.getByTestId('notification-row').first().waitFor({ timeout: 30_000 });
    const notice = async (type: string, orderNumber: string) => {
      const row = page
        .getByTestId('notification-row')
        .filter({ hasText: orderNumber })
        .and(page.locator(`[data-type="${type}"]`));
      return row.innerText();
    };
    await expect
      .poll(() => notice('order_rejected', rejected.order_number), { timeout: 30_000 })
      .toContain(
        `Order ${rejected.order_number} (Çiçek Evi Reddedilen) was rejected. Note: Fiyat uygun değil`,
      );
    const rejection = await notice('order_rejected', rejected.order_number);
    expect(rejection).toContain('Order Rejected');
    expect(rejection).not.toMatch(/Sipariş|reddedildi/);
    await expect
      .poll(() => notice('order_delivered', delivered.order_number))
      .toContain(`Order ${delivered.order_number} (Çiçek Evi Teslim) was delivered to the customer.`);
    await context.close();
  });
});
