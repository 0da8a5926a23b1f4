import { describe, expect, inject, it } from 'vitest';
import { formatTL } from '../../src/shared/domain/money';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { type DeliveredOrder, deliveredOrder } from '../helpers/delivered-order';

/**
 * A customer's screen (/customers/{id}) in Chromium against the e2e server, tenant `demo`: a new
 * customer's delivered order is invoiced and a payment taken through the API; the manager opens the customer
 * from the /customers list and sees the balance and the ageing the server counts, the payment with
 * its receipt number and the ledger's lines; offline (after a reload) the balance is still shown
 * from the device and the ledger says it needs the connection; on a 390 px phone nothing scrolls
 * sideways. The manager then reverses the payment and sets the terms, online; the warehouse sees
 * the facts and no account.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';
const RECEIPT = /^THS\d{13}$/;

interface ApiAccount {
  balance_kurus: number;
  overdue_kurus: number;
  ageing: Record<'not_due' | 'd0_30' | 'd31_60' | 'd61_90' | 'd90_plus', number>;
  terms_version: number;
}
interface ApiPayment {
  id: string;
  receipt_number: string;
  amount_kurus: number;
  version: number;
}

/**
 * A new customer of the demo company with a delivered order of theirs, made through the API: the
 * seed's delivered orders are shared by every file of the run, and each is invoiced only once.
 */
async function deliveredOrderOfNewCustomer(token: string): Promise<DeliveredOrder> {
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  const name = `Cari Deneme ${stamp}`;
  const made = await api<{ data: { id: string } }>(baseURL, TENANT, '/customers', {
    method: 'POST',
    token,
    body: { full_name: name, company_name: `Cari Gıda ${stamp}`, city: 'İzmir' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const admin = await apiLogin(baseURL, TENANT, 'admin');
  return deliveredOrder(baseURL, TENANT, admin.token, {
    customer_name: name,
    customer_id: made.body.data.id,
  });
}

const serverAccount = async (token: string, customerId: string) => {
  const r = await api<{ data: ApiAccount }>(baseURL, TENANT, `/customers/${customerId}/account`, { token });
  expect(r.status).toBe(200);
  return r.body.data;
};

/** Invoice a delivered order and take part of it in cash (the server numbers the receipt). */
async function invoicedCustomerWithPayment(token: string) {
  const order = await deliveredOrderOfNewCustomer(token);
  const issued = await api(baseURL, TENANT, '/invoices', {
    method: 'POST',
    token,
    body: { id: crypto.randomUUID(), order_id: order.id },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const amount = Math.floor(order.total_amount_kurus / 2);
  const paid = await api<{ data: ApiPayment }>(baseURL, TENANT, '/payments', {
    method: 'POST',
    token,
    body: {
      id: crypto.randomUUID(),
      customer_id: order.customer_id,
      method: 'cash',
      amount_kurus: amount,
      taken_at: new Date().toISOString(),
    },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  expect(paid.body.data.receipt_number).toMatch(RECEIPT);
  return { order, customerId: order.customer_id as string, payment: paid.body.data };
}

describe('customer account screen (Chromium against npm start)', () => {
  it('the manager sees the balance, ageing, payment and ledger online; offline the balance stays and the ledger says it needs the connection; 390 px fits', async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'manager');
    const { order, customerId, payment } = await invoicedCustomerWithPayment(token);
    const account = await serverAccount(token, customerId);
    expect(account.balance_kurus).toBeGreaterThan(0);

    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'manager');
    await page.waitForURL((url) => url.pathname !== '/login');
    await waitForServiceWorker(page);

    // From the list: the row opens the customer's screen.
    await page.goto(`${baseURL}/customers`);
    await page.getByTestId('customer-search').fill(order.customer_name);
    const row = page.locator(`[data-testid="customer-row"][data-id="${customerId}"]`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('customer-open').click();
    await page.waitForURL((url) => url.pathname === `/customers/${customerId}`);
    await page.getByTestId('customer-detail').waitFor({ timeout: 30_000 });

    // The figures are the device's copy: they arrive with the sync feed.
    await expect
      .poll(() => page.getByTestId('account-balance').innerText(), { timeout: 60_000 })
      .toBe(formatTL(account.balance_kurus));
    expect(await page.getByTestId('account-overdue').innerText()).toBe(formatTL(account.overdue_kurus));
    for (const [bucket, kurus] of Object.entries(account.ageing))
      expect(await page.getByTestId(`account-ageing-${bucket}`).innerText(), bucket).toBe(formatTL(kurus));

    // The payment, with its receipt number.
    const paymentRow = page.locator(`[data-testid="customer-payment-row"][data-id="${payment.id}"]`);
    await paymentRow.waitFor({ timeout: 60_000 });
    expect(await paymentRow.getByTestId('payment-receipt-number').innerText()).toBe(payment.receipt_number);
    expect(await paymentRow.innerText()).toContain(formatTL(payment.amount_kurus));
    expect(await paymentRow.innerText()).toContain('Nakit');

    // The ledger, online: the invoice and the payment.
    const kinds = () =>
      page
        .getByTestId('account-movement-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    await expect
      .poll(kinds, { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['sales_invoice', 'payment']));
    expect(await page.getByTestId('account-ledger-offline').count()).toBe(0);

    // The statement asks for exactly its address, with this month's period and the format.
    expect(await page.getByTestId('statement-pdf').isDisabled()).toBe(false);
    const from = await page.getByTestId('statement-from').inputValue();
    const to = await page.getByTestId('statement-to').inputValue();
    expect(from).toMatch(/^\d{4}-\d{2}-01$/);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(`/customers/${customerId}/account/statement/xlsx`)),
      page.getByTestId('statement-xlsx').click(),
    ]);
    const url = new URL(request.url());
    expect(url.pathname).toBe(`/api/customers/${customerId}/account/statement/xlsx`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ from, to });
    expect(await seriousViolations(page)).toEqual([]);

    // ------------------------------------------------------------------------ offline ---
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('customer-detail').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('account-balance').innerText(), { timeout: 30_000 })
      .toBe(formatTL(account.balance_kurus));
    await page.getByTestId('account-ledger-offline').waitFor();
    expect(await page.getByTestId('account-ledger-offline').innerText()).toContain('bağlantı gerekir');
    expect(await page.getByTestId('account-movement-row').count()).toBe(0);
    expect(await page.getByTestId('statement-pdf').isDisabled()).toBe(true);
    expect(await page.getByTestId('account-terms-edit').isDisabled()).toBe(true);
    expect(await paymentRow.getByTestId('payment-receipt-number').innerText()).toBe(payment.receipt_number);
    expect(await seriousViolations(page)).toEqual([]);
    // 'Tahsilat Al' offline: the amount due is the balance; the payment waits for its number and
    // the balance falls at once, from the device.
    await page.getByTestId('take-payment').click();
    const dialog = page.getByTestId('payment-dialog');
    expect(await dialog.getByTestId('payment-due').innerText()).toBe(formatTL(account.balance_kurus));
    await dialog.getByTestId('payment-amount').fill('12,50');
    await dialog.getByTestId('payment-submit').click();
    await dialog.getByTestId('payment-receipt').waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('receipt-number').innerText()).toBe('Numara bekleniyor');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByTestId('payment-done').click();
    await expect
      .poll(() => page.getByTestId('account-balance').innerText())
      .toBe(formatTL(account.balance_kurus - 1250));
    expect(await page.getByTestId('payment-pending-number').count()).toBe(1);
    await context.close();

    // ------------------------------------------------------------------------ 390 px ---
    const phone = await newContext(browser(), { width: 390, height: 844 });
    const small = await phone.newPage();
    await signIn(small, baseURL, TENANT, 'manager');
    await small.waitForURL((u) => u.pathname !== '/login');
    await small.goto(`${baseURL}/customers/${customerId}`);
    await expect
      .poll(() => small.getByTestId('account-balance').innerText(), { timeout: 60_000 })
      .toBe(formatTL(account.balance_kurus));
    await small.getByTestId('customer-payments-cards').waitFor();
    await small.getByTestId('account-ledger-cards').waitFor();
    await expect
      .poll(() => small.getByTestId('account-movement-row').count(), { timeout: 30_000 })
      .toBeGreaterThan(1);
    const overflow = await small.evaluate(() => {
      const limit = window.innerWidth + 1;
      const wide = [...document.querySelectorAll<HTMLElement>('button, a[href], input, td, th')]
        .filter((el) => {
          const rect = el.getBoundingClientRect();
          return rect.width > 0 && rect.right > limit;
        })
        .map((el) => el.dataset.testid ?? el.tagName);
      return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, wide };
    });
    expect(overflow.wide).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
    expect(await seriousViolations(small)).toEqual([]);
    await phone.close();
  });

  it('the manager reverses a payment with a reason and sets the terms; a too-short reason is refused on the device', async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'manager');
    const { customerId, payment } = await invoicedCustomerWithPayment(token);
    const before = await serverAccount(token, customerId);

    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'manager');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/customers/${customerId}`);
    const paymentRow = page.locator(`[data-testid="customer-payment-row"][data-id="${payment.id}"]`);
    await paymentRow.waitFor({ timeout: 60_000 });

    // 'Tahsilatı İptal Et': the reason must reach the minimum before it is sent.
    await paymentRow.getByTestId('payment-reverse').click();
    await page.getByTestId('payment-reverse-reason').fill('ab');
    expect(await page.getByTestId('payment-reverse-confirm').isDisabled()).toBe(true);
    expect(await page.getByTestId('payment-reverse-returned').count()).toBe(0); // cash: no 'Karşılıksız'
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('payment-reverse-reason').fill('Yanlış müşteriye girildi');
    await page.getByTestId('payment-reverse-confirm').click();
    await paymentRow.getByTestId('payment-reversed').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('account-balance').innerText(), { timeout: 30_000 })
      .toBe(formatTL(before.balance_kurus + payment.amount_kurus));
    expect(await paymentRow.getByTestId('payment-reverse').count()).toBe(0);
    // The ledger is asked again: it shows the reversal.
    await expect
      .poll(
        () =>
          page
            .getByTestId('account-movement-row')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind'))),
        { timeout: 30_000 },
      )
      .toContain('payment_reversal');

    // 'Vade ve Risk Limiti': a refused value is named under its field; a valid one is saved.
    await page.getByTestId('account-terms-edit').click();
    await page.getByTestId('account-terms-due-days').fill('400');
    await page.getByTestId('account-terms-credit-limit').fill('15.000,50');
    await page.getByTestId('account-terms-save').click();
    expect(await page.getByTestId('account-terms-due-days-helper').innerText()).toContain('365');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('account-terms-due-days').fill('45');
    await page.getByTestId('account-terms-save').click();
    await page.getByTestId('account-terms-save').waitFor({ state: 'detached', timeout: 30_000 });
    const after = await serverAccount(token, customerId);
    expect(after.terms_version).toBe(before.terms_version + 1);
    await expect
      .poll(() => page.getByTestId('account-credit-limit').innerText(), { timeout: 30_000 })
      .toBe(formatTL(1_500_050));
    expect(await page.getByTestId('account-due-days').innerText()).toBe('45 gün');
    await context.close();
  });

  it("the warehouse opens a customer's screen: the facts, no account", async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'manager');
    const customers = await api<{ data: { customers: { id: string; customer_number: string }[] } }>(
      baseURL,
      TENANT,
      '/customers?limit=1',
      { token },
    );
    const customer = customers.body.data.customers[0];
    if (!customer) throw new Error('the demo seed has no customer');
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/customers/${customer.id}`);
    await expect
      .poll(() => page.getByTestId('customer-fact-number').innerText(), { timeout: 30_000 })
      .toBe(customer.customer_number);
    expect(await page.getByTestId('customer-account').count()).toBe(0);
    expect(await page.getByTestId('take-payment').count()).toBe(0);
    await context.close();
  });
});
