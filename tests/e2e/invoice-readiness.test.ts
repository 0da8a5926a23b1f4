import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  api,
  apiLogin,
  browserPerFile,
  messagesShown,
  newContext,
  openOrderPage,
  recordMessages,
  signIn,
} from '../helpers/browser';
import { deliveredOrder } from '../helpers/delivered-order';
import { apiSetOwnPassword } from '../helpers/one-time-password';

/**
 * A company whose profile lacks what an invoice prints (made in tenant management, so it has no
 * legal name, VKN or tax office), in Chromium against `npm start`:
 * - its admin is prompted on the dashboard; on a delivered order 'Fatura Kes' is greyed out with
 *   the missing fields named and a link that opens the company profile's form; a manager is told
 *   the same and to ask their admin;
 * - after the admin fills the profile in, 'Fatura Kes' issues the invoice and says so once the
 *   server numbered it;
 * - an issue the server refuses while the device is online (the order was returned meanwhile on
 *   the server, and this device has not heard of it) shows only the refusal — never a success
 *   first.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
/** The one-time password the platform admin and the admin type; each user then sets OWN_PASSWORD. */
const PASSWORD = 'Gecici-Sifre-2024';
const OWN_PASSWORD = 'Kendi-Sifrem-2024';
const NUMBER = /^[A-Z0-9]{3}\d{13}$/;

/** A new company with its first admin and a manager, as a platform admin makes it. */
async function newCompany(): Promise<{ sub: string; adminToken: string; driverId: string }> {
  const sub = `e2e-fatura-${Date.now().toString(36)}`;
  const { token } = await apiLogin(baseURL, 'default', 'admin');
  const made = await api(baseURL, 'default', '/admin/tenants', {
    method: 'POST',
    token,
    body: {
      company_name: 'Fatura Deneme',
      subdomain: sub,
      first_admin: { full_name: 'Selin Yönetici', username: 'yonetici', password: PASSWORD },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const admin = await apiSetOwnPassword(baseURL, sub, 'yonetici', PASSWORD, OWN_PASSWORD);
  const manager = await api(baseURL, sub, '/admin/users', {
    method: 'POST',
    token: admin.token,
    body: {
      username: 'mudur',
      email: `mudur.${sub}@example.com.tr`,
      full_name: 'Murat Müdür',
      role: 'manager',
      password: PASSWORD,
    },
  });
  expect(manager.status, JSON.stringify(manager.body)).toBe(201);
  await apiSetOwnPassword(baseURL, sub, 'mudur', PASSWORD, OWN_PASSWORD);
  const driver = await api<{ data: { id: string } }>(baseURL, sub, '/admin/users', {
    method: 'POST',
    token: admin.token,
    body: {
      username: 'surucu',
      email: `surucu.${sub}@example.com.tr`,
      full_name: 'Sami Sürücü',
      role: 'driver',
      password: PASSWORD,
    },
  });
  expect(driver.status, JSON.stringify(driver.body)).toBe(201);
  return { sub, adminToken: admin.token, driverId: driver.body.data.id };
}

async function serverInvoices(sub: string, token: string, orderId: string) {
  const r = await api<{ data: { data: Array<{ order_id: string; invoice_number: string | null }> } }>(
    baseURL,
    sub,
    '/invoices?limit=100',
    { token },
  );
  return r.body.data.data.filter((i) => i.order_id === orderId);
}

async function signedIn(sub: string, username: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await newContext(browser());
  await recordMessages(context);
  const page = await context.newPage();
  await signIn(page, baseURL, sub, username, OWN_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  return { page, close: () => context.close() };
}

describe('invoicing needs the company profile (Chromium against npm start)', () => {
  it("a company without VKN: 'Fatura Kes' greyed out with the reason (the admin's link, the manager's note); filled in, it issues; a refusal online is said alone", async () => {
    const { sub, adminToken, driverId } = await newCompany();
    const first = await deliveredOrder(baseURL, sub, adminToken, { customer_name: 'Ayşe Kaya', driverId });
    const second = await deliveredOrder(baseURL, sub, adminToken, {
      customer_name: 'Mehmet Demir',
      driverId,
    });
    const missing = 'Fatura kesmek için şirket bilgileri eksik: Ticari Ünvan, Vergi No, Vergi Dairesi';

    // ---------------------------------------------------------------------- the manager ---
    const manager = await signedIn(sub, 'mudur');
    try {
      await openOrderPage(manager.page, baseURL, first);
      const note = manager.page.getByTestId('invoice-not-ready');
      await note.waitFor({ timeout: 30_000 });
      expect(await note.innerText()).toBe(`${missing} Yöneticinize başvurun.`);
      expect(await manager.page.getByTestId('invoice-not-ready-link').count()).toBe(0);
      expect(await manager.page.getByTestId('order-issue-invoice').isDisabled()).toBe(true);
    } finally {
      await manager.close();
    }

    // ------------------------------------------------------------------------ the admin ---
    const { page, close } = await signedIn(sub, 'yonetici');
    try {
      const banner = page.getByTestId('invoice-readiness-banner');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.innerText()).toContain('Eksik: Ticari Ünvan, Vergi No, Vergi Dairesi.');

      await openOrderPage(page, baseURL, first);
      await page.getByTestId('invoice-not-ready').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('invoice-not-ready').innerText()).toContain(missing);
      expect(await page.getByTestId('order-issue-invoice').isDisabled()).toBe(true);

      // The link opens the company profile's form at once.
      await page.getByTestId('invoice-not-ready-link').click();
      await page.getByTestId('company-form').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/admin');
      await page.getByTestId('company-input-legal_name').fill('Fatura Deneme Ticaret Limited Şirketi');
      await page.getByTestId('company-input-tax_number').fill('9876543217');
      await page.getByTestId('company-input-tax_office').fill('Konak');
      await page.getByTestId('company-input-address').fill('Kıbrıs Şehitleri Cad. No: 7, Konak, İzmir');
      await page.getByTestId('company-input-phone').fill('0232 333 44 55');
      await page.getByTestId('company-input-email').fill(`bilgi.${sub}@example.com.tr`);
      await page.getByTestId('company-save').click();
      // The save goes to the server; on a loaded machine its answer has taken over 15 s. If the
      // form stays, what it says (a refusal?) is the failure's message.
      await page
        .getByTestId('company-form')
        .waitFor({ state: 'detached', timeout: 30_000 })
        .catch(async (error: unknown) => {
          const shown = await page
            .getByTestId('company-form')
            .innerText()
            .catch(() => '');
          throw new Error(
            `${error instanceof Error ? error.message : error}\nthe form still shows:\n${shown.slice(0, 800)}`,
          );
        });
      expect(await page.getByTestId('company-invoice-missing').count()).toBe(0);

      // 'Fatura Kes' works now, and says so once the server has numbered the invoice.
      await openOrderPage(page, baseURL, first);
      const issue = page.getByTestId('order-issue-invoice');
      await expect.poll(() => issue.isDisabled(), { timeout: 15_000 }).toBe(false);
      expect(await page.getByTestId('invoice-not-ready').count()).toBe(0);
      await issue.click();
      await page.getByTestId('issue-invoice-confirm').click();
      await expect.poll(() => messagesShown(page), { timeout: 15_000 }).toContain('Fatura kesildi');
      await expect
        .poll(() => page.getByTestId('order-invoice-link').innerText(), { timeout: 15_000 })
        .toMatch(NUMBER);
      expect(await serverInvoices(sub, adminToken, first.id)).toHaveLength(1);

      // ------------------------------------------------- a refusal while online, said alone ---
      await openOrderPage(page, baseURL, second);
      await expect.poll(() => page.getByTestId('order-issue-invoice').isDisabled()).toBe(false);
      // This device hears nothing more from the server (no pulls, no live events), but it reaches
      // it: sending goes on. Meanwhile the order is returned on the server.
      const unavailable = {
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Bakım', code: 'UNAVAILABLE' }),
      };
      await page.route('**/api/sync/pull**', (route) => route.fulfill(unavailable));
      await page.route('**/api/events**', (route) => route.fulfill(unavailable));
      const returned = await api(baseURL, sub, `/orders/${second.id}/status`, {
        method: 'PATCH',
        token: adminToken,
        body: { status: 'returned', notes: 'e2e: iade' },
      });
      expect(returned.status).toBe(200);

      const before = (await messagesShown(page)).length;
      await page.getByTestId('order-issue-invoice').click();
      await page.getByTestId('issue-invoice-confirm').click();
      const reason = 'Fatura yalnızca teslim edilmiş siparişten kesilebilir';
      await expect.poll(() => page.getByTestId('toast').textContent(), { timeout: 15_000 }).toContain(reason);
      // The refused change stays listed on the order; the optimistic invoice went away.
      await page.getByTestId('order-outbox-failed').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('order-invoice-link').count()).toBe(0);
      expect((await messagesShown(page)).slice(before)).toEqual([reason]);
      expect(await serverInvoices(sub, adminToken, second.id)).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    } finally {
      await close();
      const { token } = await apiLogin(baseURL, 'default', 'admin');
      await api(baseURL, 'default', `/admin/tenants/${sub}`, { method: 'DELETE', token }).catch(() => {});
    }
  });
});
