import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import {
  api,
  apiLogin,
  browserPerFile,
  newContext,
  openOrderPage,
  signIn,
  waitForServiceWorker,
} from '../helpers/browser';
import { type DeliveredOrder, deliveredOrder } from '../helpers/delivered-order';
import { chooseEnglish } from '../helpers/language';

/**
 * Invoices in Chromium against the e2e server, tenant `demo`: a manager issues the invoice of a
 * delivered order with the network off ('Numara bekleniyor' at once, printable from the device),
 * gets its 16-character number once after reconnecting, downloads the server's PDF; the list on a
 * 390 px phone shows cards, in English, axe clean; the warehouse is told it has no access.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';
const NUMBER = /^[A-Z0-9]{3}\d{13}$/;

type ApiOrder = DeliveredOrder;
interface ApiInvoice {
  id: string;
  order_id: string;
  invoice_number: string | null;
  status: string;
  gross_total_kurus: number;
}

/** GET /invoices pages (the envelope's data is `{ data, pagination }`). */
async function serverInvoices(token: string, search?: string): Promise<ApiInvoice[]> {
  const query = `/invoices?limit=100${search ? `&search=${encodeURIComponent(search)}` : ''}`;
  const r = await api<{ data: { data: ApiInvoice[] } }>(baseURL, TENANT, query, { token });
  expect(r.status).toBe(200);
  return r.body.data.data;
}

/**
 * A delivered order that has no invoice yet, made through the API: the seed's delivered orders are
 * shared by every file of the run, and each is invoiced only once.
 */
async function deliveredOrderWithoutInvoice(): Promise<ApiOrder> {
  const admin = await apiLogin(baseURL, TENANT, 'admin');
  const stamp = Date.now().toString(36);
  return deliveredOrder(baseURL, TENANT, admin.token, { customer_name: `Fatura Deneme ${stamp}` });
}

describe('invoices (Chromium against npm start)', () => {
  it('a manager issues an invoice offline from a delivered order; it is numbered once after reconnecting; print offline, PDF online', async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'manager');
    const order = await deliveredOrderWithoutInvoice();

    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'manager');
    await page.waitForURL((url) => url.pathname !== '/login');
    await waitForServiceWorker(page);
    await openOrderPage(page, baseURL, order);
    await page.getByTestId('order-issue-invoice').waitFor({ timeout: 30_000 });

    // ------------------------------------------------------------------------ offline ---
    await context.setOffline(true);
    await page.getByTestId('order-issue-invoice').click();
    await page.getByTestId('issue-invoice-confirm').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('issue-invoice-confirm').click();
    // The button becomes the link to the invoice, which waits for its number.
    const link = page.getByTestId('order-invoice-link');
    await link.waitFor({ timeout: 15_000 });
    expect(await link.innerText()).toBe('Numara bekleniyor');
    expect(await page.getByTestId('order-issue-invoice').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect((await serverInvoices(token)).filter((i) => i.order_id === order.id)).toEqual([]);

    // The detail, offline: everything from the device, the server's files not yet.
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith('/invoices/'));
    const invoiceId = new URL(page.url()).pathname.split('/').at(-1) as string;
    await page.getByTestId('invoice-document').waitFor();
    expect(await page.getByTestId('invoice-detail-number').innerText()).toBe('Numara bekleniyor');
    expect(await page.getByTestId('invoice-grand-total').innerText()).toContain('TL');
    expect(await page.getByTestId('invoice-in-words').innerText()).toMatch(/^Yalnız: /);
    expect(await page.getByTestId('invoice-pdf').isDisabled()).toBe(true);

    // The print page works offline, from the local store (window.print is called once).
    await page.evaluate(() => {
      (window as unknown as { __printed: number }).__printed = 0;
      window.print = () => {
        (window as unknown as { __printed: number }).__printed++;
      };
    });
    await page.getByTestId('invoice-print').click();
    await page.waitForURL((url) => url.pathname === `/invoice-print/${invoiceId}`);
    // The detail page's 'Yazdır' button carries the same test id as the print page's sheet, and
    // stays in the page until the print page's code has loaded: wait for the sheet's text.
    const printed = page.getByTestId('invoice-print');
    await expect.poll(() => printed.innerText(), { timeout: 15_000 }).toContain(order.order_number);
    expect(await page.getByTestId('invoice-print-offline').count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed))
      .toBe(1);

    // The list offline shows it without a number.
    await page.goto(`${baseURL}/invoices`);
    await page.getByTestId('invoice-search').fill(order.order_number);
    await expect.poll(() => page.getByTestId('invoice-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('invoice-pending-number').count()).toBe(1);
    expect(await page.getByTestId('invoice-export').isDisabled()).toBe(true);

    // ------------------------------------------------------------------- reconnecting ---
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('invoice-pending-number').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('invoice-row').count()).toBe(1);
    const number = await page.getByTestId('invoice-number').innerText();
    expect(number).toMatch(NUMBER);
    const onServer = (await serverInvoices(token)).filter((i) => i.order_id === order.id);
    expect(onServer).toHaveLength(1);
    expect(onServer[0]).toMatchObject({
      invoice_number: number,
      gross_total_kurus: order.total_amount_kurus,
    });

    // The order detail links to the numbered invoice.
    await openOrderPage(page, baseURL, order);
    await expect
      .poll(() => page.getByTestId('order-invoice-link').innerText(), { timeout: 15_000 })
      .toBe(number);

    // 'PDF indir' online: the server's PDF.
    const serverId = (onServer[0] as ApiInvoice).id;
    await page.goto(`${baseURL}/invoices/${serverId}`);
    await page.getByTestId('invoice-document').waitFor({ timeout: 15_000 });
    const [response, download] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/invoices/${serverId}/pdf`)),
      page.waitForEvent('download'),
      page.getByTestId('invoice-pdf').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("a refused issue (the order was returned meanwhile) shows in the sync panel with the server's reason; the optimistic invoice goes away", async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'manager');
    const order = await deliveredOrderWithoutInvoice();
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'manager');
    await page.waitForURL((url) => url.pathname !== '/login');
    await waitForServiceWorker(page);
    await openOrderPage(page, baseURL, order);
    await page.getByTestId('order-issue-invoice').waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await page.getByTestId('order-issue-invoice').click();
    await page.getByTestId('issue-invoice-confirm').click();
    await expect.poll(() => page.getByTestId('order-invoice-link').innerText()).toBe('Numara bekleniyor');
    // Meanwhile, on the server, the order is returned: it is no longer delivered.
    const returned = await api(baseURL, TENANT, `/orders/${order.id}/status`, {
      method: 'PATCH',
      token,
      body: { status: 'returned', notes: 'e2e: iade' },
    });
    expect(returned.status).toBe(200);

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('order-invoice-link').count(), { timeout: 60_000 }).toBe(0);
    await page.getByTestId('connection-indicator').click();
    const failed = page.locator('[data-testid="sync-failed-entry"][data-kind="invoice.issue"]');
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.getByTestId('sync-failed-reason').innerText()).toBe(
      'Fatura yalnızca teslim edilmiş siparişten kesilebilir',
    );
    expect(await failed.getByTestId('sync-open-order').count()).toBe(1);
    expect((await serverInvoices(token)).filter((i) => i.order_id === order.id)).toEqual([]);
    await failed.getByTestId('sync-discard').click();
    await context.close();
  });

  it('the admin cancels an issued invoice with a reason (at least 3 characters); the server has it cancelled', async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'admin');
    const issued = (await serverInvoices(token)).find((i) => i.invoice_number && i.status === 'issued');
    expect(issued, 'an issued invoice (the first test issues one)').toBeTruthy();
    const invoice = issued as ApiInvoice;
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/invoices/${invoice.id}`);
    await page.getByTestId('invoice-document').waitFor({ timeout: 30_000 });
    await page.getByTestId('invoice-cancel').click();
    await page.getByTestId('invoice-cancel-reason').fill('ab');
    expect(await page.getByTestId('invoice-cancel-confirm').isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('invoice-cancel-reason').fill('Yanlış müşteriye kesildi');
    await page.getByTestId('invoice-cancel-confirm').click();
    await expect.poll(() => page.getByTestId('invoice-detail').getAttribute('data-status')).toBe('cancelled');
    expect(await page.getByTestId('invoice-cancelled').innerText()).toContain('Yanlış müşteriye kesildi');
    expect(await page.getByTestId('invoice-cancel').count()).toBe(0);
    await expect
      .poll(async () => (await serverInvoices(token)).find((i) => i.id === invoice.id)?.status, {
        timeout: 30_000,
      })
      .toBe('cancelled');
    await context.close();
  });

  it("'İptal et' of a sale whose return invoice stands is disabled, naming the return invoice; once the return is cancelled it is offered", async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'admin');
    const order = await deliveredOrderWithoutInvoice();
    const issued = await api<{ data: ApiInvoice }>(baseURL, TENANT, '/invoices', {
      method: 'POST',
      token,
      body: { id: crypto.randomUUID(), order_id: order.id },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const sale = issued.body.data;
    const returned = await api(baseURL, TENANT, `/orders/${order.id}/status`, {
      method: 'PATCH',
      token,
      body: { status: 'returned', expected_status: 'delivered' },
    });
    expect(returned.status).toBe(200);
    const iade = (await serverInvoices(token, order.order_number)).find(
      (i) => i.id !== sale.id,
    ) as ApiInvoice;
    expect(iade?.invoice_number).toMatch(NUMBER);

    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/invoices/${sale.id}`);
    await page.getByTestId('invoice-document').waitFor({ timeout: 30_000 });
    const reason = page.getByTestId('invoice-cancel-blocked');
    await reason.waitFor({ timeout: 30_000 });
    expect(await reason.innerText()).toBe(
      `İptal et: Bu faturanın iade faturası (${iade.invoice_number}) var; önce iade faturası iptal edilmeli`,
    );
    expect(await page.getByTestId('invoice-cancel').isDisabled()).toBe(true);
    expect(await page.getByTestId('invoice-cancel').getAttribute('aria-describedby')).toBe(
      'invoice-cancel-blocked',
    );

    // The return invoice cancelled (elsewhere): the sale may be cancelled, the button comes back.
    const iadeRow = await api<{ data: ApiInvoice & { version: number } }>(
      baseURL,
      TENANT,
      `/invoices/${iade.id}`,
      { token },
    );
    const cancelled = await api(baseURL, TENANT, `/invoices/${iade.id}/cancel`, {
      method: 'POST',
      token,
      body: { reason: 'İade faturası hatalı', expected_version: iadeRow.body.data.version },
    });
    expect(cancelled.status).toBe(200);
    await expect.poll(() => page.getByTestId('invoice-cancel').isDisabled(), { timeout: 60_000 }).toBe(false);
    expect(await reason.count()).toBe(0);
    await context.close();
  });

  it("the admin sets the company's invoice prefix and automatic invoicing; a wrong prefix is refused on the device", async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'admin');
    type Settings = { invoice_number_prefix: string; auto_invoice_on_delivery: boolean; version: number };
    const read = async () =>
      (await api<{ data: Settings }>(baseURL, TENANT, '/invoices/settings', { token })).body.data;
    const before = await read();
    const context = await newContext(browser());
    const page = await context.newPage();
    try {
      await signIn(page, baseURL, TENANT, 'admin');
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto(`${baseURL}/invoices`);
      await page.getByTestId('invoice-settings').click();
      const prefix = page.getByTestId('invoice-settings-prefix');
      await expect.poll(() => prefix.inputValue(), { timeout: 30_000 }).toBe(before.invoice_number_prefix);
      await prefix.fill('a-');
      expect(await page.getByTestId('invoice-settings-save').isDisabled()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await prefix.fill('zy9');
      expect(await prefix.inputValue()).toBe('ZY9');
      await page.getByTestId('invoice-settings-auto').check();
      await page.getByTestId('invoice-settings-save').click();
      await expect
        .poll(() => page.getByTestId('snackbar').innerText())
        .toContain('Fatura ayarları kaydedildi');
      const after = await read();
      expect(after).toMatchObject({ invoice_number_prefix: 'ZY9', auto_invoice_on_delivery: true });
    } finally {
      await context.close();
      const now = await read();
      await api(baseURL, TENANT, '/invoices/settings', {
        method: 'PUT',
        token,
        body: {
          invoice_number_prefix: before.invoice_number_prefix,
          auto_invoice_on_delivery: before.auto_invoice_on_delivery,
          expected_version: now.version,
        },
      });
    }
  });

  it('/invoices at 390 px in English: cards, no sideways scroll, axe clean; the table on a desktop', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'manager');
    await page.waitForURL((url) => url.pathname !== '/login');
    await chooseEnglish(page);
    await page.goto(`${baseURL}/invoices`);
    await expect.poll(() => page.getByTestId('invoice-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('invoice-export').innerText()).toBe('Export period');
    expect(await page.getByTestId('invoices-cards').count()).toBe(1);
    expect(await page.getByTestId('invoices-table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByTestId('invoice-total').first().innerText()).toMatch(/^[\d.]+,\d{2} TL$/);
    expect(await seriousViolations(page)).toEqual([]);

    // A filter that matches nothing: the empty state, in English.
    await page.getByTestId('invoice-search').fill('zzzz-none');
    await expect.poll(() => page.getByTestId('invoices-empty').innerText()).toContain('No invoice matches');

    // The detail on the phone: lines as blocks, no sideways scroll, axe clean.
    await page.getByTestId('invoice-search').fill('');
    await page.getByTestId('invoice-row').first().click();
    await page.getByTestId('invoice-document').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('invoice-pdf').innerText()).toBe('Download PDF');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // The export dialog by keyboard.
    await page.goto(`${baseURL}/invoices`);
    await page.getByTestId('invoice-export').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('invoice-export-download').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.getByTestId('invoices-table').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the warehouse is told it has no access to invoices', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/invoices`);
    await page.getByTestId('invoices-no-access').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('invoices-no-access').innerText()).toContain(
      'Faturaları görüntüleme yetkiniz yok',
    );
    expect(await page.getByTestId('invoice-row').count()).toBe(0);
    await context.close();
  });
});
