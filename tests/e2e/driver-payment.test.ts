import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { drawSignature } from '../helpers/signature';

/**
 * The driver takes a payment at the door with no signal. The admin makes an order of a customer
 * with a record and takes it to in_transit for `driver2` of `client1`. On a 390×844 phone the
 * driver starts the delivery, loses the network, delivers, and the 'Tahsilat' step opens with the
 * order's amount due: cash is taken, the receipt shows 'Numara bekleniyor' and prints from the
 * device (offline), the driver's day shows the cash. Back online: the office sees ONE payment,
 * the customer's balance lowered by it, and the device's receipt gets its number.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';

interface Envelope<T> {
  success: boolean;
  data: T;
}

async function noHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe('driver: a cash payment at the door, offline (Chromium against npm start)', () => {
  it('takes it offline with a receipt that prints; the office sees it once with the new balance', async () => {
    const admin = await apiLogin(baseURL, TENANT, 'admin');
    const driverLogin = await apiLogin(baseURL, TENANT, 'driver2');
    const call = async <T>(method: string, path: string, body?: unknown) => {
      const r = await api<Envelope<T>>(baseURL, TENANT, path, { method, token: admin.token, body });
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data;
    };
    const customer = await call<{ id: string }>('POST', '/customers', {
      full_name: 'Tahsilat Testi Müşterisi',
      phone: '0532 444 55 66',
      address: 'Bağdat Cad. No:10, Kadıköy, İstanbul',
    });
    const order = await call<{ id: string; order_number: string }>('POST', '/orders', {
      customer_id: customer.id,
      customer_name: 'Tahsilat Testi Müşterisi',
      customer_phone: '0532 444 55 66',
      customer_address: 'Bağdat Cad. No:10, Kadıköy, İstanbul',
      items: [{ product_name: 'Zeytinyağı 5 L', quantity: 2, unit_price: 625.38 }],
    });
    await call('PATCH', `/orders/${order.id}/status`, { status: 'approved' });
    await call('PATCH', `/orders/${order.id}/assign-driver`, {
      driver_id: driverLogin.user.id,
      vehicle_plate: '34 TAH 01',
    });
    await call('PATCH', `/orders/${order.id}/status`, { status: 'prepared' });
    await call('PATCH', `/orders/${order.id}/status`, { status: 'in_transit' });
    const orderTotal = (await call<{ total_amount_kurus: number }>('GET', `/orders/${order.id}`))
      .total_amount_kurus;
    const payments = async () =>
      (
        await call<{ data: { id: string; amount_kurus: number; method: string; receipt_number: string }[] }>(
          'GET',
          `/payments?customer_id=${customer.id}`,
        )
      ).data;

    const context = await newContext(browser(), { width: 390, height: 844 }, { worker: true });
    await context.grantPermissions([]);
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'driver2');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForServiceWorker(page);
    // The receipt page's code is on the device before the signal goes (the app precaches it).
    const card = page.locator(`[data-testid="driver-order"][data-order-id="${order.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    await card.getByTestId('driver-start').click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('out_for_delivery');

    // No signal at the door: deliver, then the payment step.
    await context.setOffline(true);
    await card.getByTestId('driver-deliver').click();
    const delivery = page.getByTestId('delivery-dialog');
    await delivery.getByTestId('delivery-recipient').fill('Ayşe Tahsildar');
    await drawSignature(page, delivery.getByTestId('delivery-signature'));
    await delivery.getByTestId('delivery-submit').click();
    const dialog = page.getByTestId('payment-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    const due = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      orderTotal / 100,
    );
    expect(await dialog.getByTestId('payment-due').innerText()).toBe(`${due} TL`);
    expect(await dialog.getByTestId('payment-amount').inputValue()).toBe(due);
    expect(await noHorizontalOverflow(page)).toBe(true);
    // A wrong amount is refused under the field, nothing queued.
    await dialog.getByTestId('payment-amount').fill('abc');
    await dialog.getByTestId('payment-submit').click();
    await dialog.getByTestId('payment-amount-helper').waitFor();
    await dialog.getByTestId('payment-amount').fill(due);
    await dialog.getByTestId('payment-submit').click();

    // The receipt, waiting for its number.
    const receipt = dialog.getByTestId('payment-receipt');
    await receipt.waitFor({ timeout: 30_000 });
    expect(await receipt.getByTestId('receipt-number').innerText()).toBe('Numara bekleniyor');
    expect(await receipt.getByTestId('receipt-amount').innerText()).toBe(`${due} TL`);
    expect(await receipt.getByTestId('receipt-method').innerText()).toBe('Nakit');
    // It prints from the device, offline.
    await dialog.getByTestId('payment-print').click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment-receipt/'));
    // The print page's own button first: until the route's chunk has rendered, the dialog's receipt
    // (same test id) may still be on its way out.
    await page.getByTestId('receipt-print').waitFor({ timeout: 30_000 });
    const printed = page.getByTestId('payment-receipt');
    await printed.waitFor({ timeout: 30_000 });
    expect(await printed.getByTestId('receipt-customer').innerText()).toBe('Tahsilat Testi Müşterisi');
    expect(await noHorizontalOverflow(page)).toBe(true);
    await page.goBack();
    await page.getByTestId('driver-dashboard').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('driver-collections-cash').innerText()).toBe(`Nakit: ${due} TL`);
    expect(await payments()).toHaveLength(0); // the server has not seen it

    // Back online: the delivery and then the payment are sent; the office sees it once.
    await context.setOffline(false);
    await expect.poll(async () => (await payments()).length, { timeout: 60_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('connection-indicator').getAttribute('data-pending'), { timeout: 30_000 })
      .toBe('0');
    const [taken] = await payments();
    expect(taken).toMatchObject({ amount_kurus: orderTotal, method: 'cash' });
    expect(taken?.receipt_number).toMatch(/^THS\d{13}$/);
    const account = await call<{ balance_kurus: number }>('GET', `/customers/${customer.id}/account`);
    expect(account.balance_kurus).toBe(-orderTotal);
    // The device's receipt now carries the server's number.
    await page.goto(`${baseURL}/payment-receipt/${taken?.id}`);
    await expect
      .poll(() => page.getByTestId('receipt-number').innerText(), { timeout: 30_000 })
      .toBe(taken?.receipt_number);
    await context.close();
  });
});
