/**
 * A company's sign-up, end to end in Chromium against `npm start`: the login screen's link opens
 * the public form; the form's own rules speak first, the subdomain is checked live, and the sent
 * form says that no verification e-mail went out (the e2e server has no SMTP_URL). A platform
 * admin (tenant default) approves it in the admin panel's tab 6 and reads the one-time password;
 * the new company's admin signs in with it at /login?tenant=<subdomain>. A company's own admin
 * (demo) has no tab 6. In English at 390 px the form and the tab are English, cards, without
 * sideways scrolling, and axe finds nothing serious. Subdomains carry a time stamp (the server is
 * shared by every e2e file); the companies made here are suspended at the end.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { browserPerFile, newContext, signIn } from '../helpers/browser';
import { fillSignUpForm, registrationsOf, suspendRegistrations } from '../helpers/company-signup';
import { setOwnPassword } from '../helpers/one-time-password';

const baseURL = inject('baseURL');
const browser = browserPerFile();
const made: string[] = [];

async function english(context: BrowserContext) {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('language', 'en');
    } catch {
      /* storage blocked */
    }
  });
}

async function platformAdminTab(width: number, lang: 'tr' | 'en' = 'tr') {
  const context = await newContext(browser(), { width, height: 900 });
  const page = await context.newPage();
  await signIn(page, baseURL, 'default', 'admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  // English from the next page load on (the sign-in helper reads the Turkish button).
  if (lang === 'en') await english(context);
  await page.goto(`${baseURL}/admin?tab=6`);
  await page.getByTestId('registrations-tab').waitFor({ timeout: 30_000 });
  return { context, page };
}

describe('company sign-up and approval (Chromium against npm start)', () => {
  it('a company signs up; a platform admin approves it in tab 6; its admin signs in with the one-time password', async () => {
    const sub = `e2e-${Date.now().toString(36)}`;
    const email = `zeynep.${sub}@example.com.tr`;
    const context = await newContext(browser(), { width: 1280, height: 900 });
    const page = await context.newPage();
    try {
      // the login screen's link (the first visit's plain form has it too)
      await page.goto(`${baseURL}/login?tenant=default`);
      await page.getByRole('link', { name: 'Şirket kaydı oluşturun' }).click();
      await page.getByTestId('register-form').waitFor({ timeout: 30_000 });
      // the form's own rules first
      await page.getByTestId('register-submit').click();
      await expect
        .poll(() => page.getByTestId('register-form').innerText())
        .toContain('Şirket Adı gereklidir');
      expect(await page.getByTestId('register-form').innerText()).toContain('Alt alan adı gereklidir');
      // what the company's invoices will print is asked here, and a VKN is checked by its digits
      expect(await page.getByTestId('register-form').innerText()).toContain('Ticari Ünvan gereklidir');
      await page.getByTestId('reg-tax_number').fill('9876543210');
      await page.getByTestId('register-submit').click();
      await expect
        .poll(() => page.getByTestId('register-form').innerText())
        .toContain('10 haneli geçerli bir VKN veya 11 haneli geçerli bir TCKN giriniz');
      // live subdomain check: reserved, taken, then free
      await page.getByTestId('reg-subdomain').fill('www');
      await expect
        .poll(() => page.getByTestId('register-form').innerText())
        .toContain('sistem tarafından ayrılmıştır');
      await page.getByTestId('reg-subdomain').fill('demo');
      await expect
        .poll(() => page.getByTestId('register-form').innerText(), { timeout: 10_000 })
        .toContain('başka bir şirket tarafından kullanılıyor');
      await fillSignUpForm(page, sub, email);
      await expect
        .poll(() => page.getByTestId('register-form').innerText(), { timeout: 10_000 })
        .toContain('Bu alt alan adı kullanılabilir');
      await page.getByTestId('reg-plan').click();
      await page.getByRole('option', { name: 'Pro', exact: true }).click();
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-done').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('register-done').innerText()).toContain(sub);
      expect(await page.getByTestId('register-email-note').innerText()).toContain(
        'e-posta gönderimi yapılandırılmamış',
      );
    } finally {
      await context.close();
    }

    const { context: adminContext, page: admin } = await platformAdminTab(1280);
    try {
      await admin.getByTestId('registrations-search').fill(sub);
      const row = admin.getByTestId(`registration-row-${sub}`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.innerText()).toContain('Pro');
      // what its invoices will print, to review before approving
      expect(await admin.getByTestId(`registration-tax-${sub}`).innerText()).toContain('9876543217');
      expect(await row.innerText()).toContain('Beklemede');
      const pendingBefore = Number(await admin.getByTestId('registrations-pending').innerText());
      expect(pendingBefore).toBeGreaterThanOrEqual(1);
      await admin.getByTestId(`registration-approve-${sub}`).click();
      const dialog = admin.getByTestId('registration-action-dialog');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(
        'yeni bir şirket (tenant) ve bir yönetici kullanıcısı oluşturur',
      );
      await admin.getByTestId('registration-reason').fill('Belgeler tamam');
      await admin.getByTestId('registration-action-confirm').click();
      const result = admin.getByTestId('registration-result-dialog');
      await result.waitFor({ timeout: 30_000 });
      const password = (await admin.getByTestId('registration-result-password').innerText()).trim();
      const username = (await admin.getByTestId('registration-result-username').innerText()).trim();
      expect(username).toBe(`zeynep.${sub}`);
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(await admin.getByTestId('registration-result-dns').innerText()).toContain('yapılandırılmadığı');
      expect(await admin.getByTestId('registration-result-password-note').innerText()).toContain(
        'Tek kullanımlıktır',
      );
      await admin.getByTestId('registration-result-close').click();
      await expect.poll(() => row.innerText()).toContain('Onaylandı');
      await expect
        .poll(async () => Number(await admin.getByTestId('registrations-pending').innerText()))
        .toBe(pendingBefore - 1);
      made.push(...(await registrationsOf(baseURL, sub)));

      // the new company's admin signs in with the one-time password and sets their own
      const theirs = await newContext(browser());
      const page = await theirs.newPage();
      await signIn(page, baseURL, sub, username, password);
      await setOwnPassword(page, 'Zeynep-Kendi-1');
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
      // the sign-up's invoicing fields are the company profile's: nothing is missing for invoices
      await page.goto(`${baseURL}/admin`);
      await expect
        .poll(() => page.getByTestId('company-value-tax_number').innerText(), { timeout: 30_000 })
        .toBe('9876543217');
      expect(await page.getByTestId('company-value-tax_office').innerText()).toBe('Nilüfer');
      expect(await page.getByTestId('company-invoice-missing').count()).toBe(0);

      // the platform admin gives the new company its colour; its login page shows it at once
      await admin.goto(`${baseURL}/tenant-management`);
      const tenantRow = admin.locator(`[data-testid="tenant-row"][data-tenant-id="${sub}"]`);
      await tenantRow.waitFor({ timeout: 30_000 });
      await tenantRow.getByTestId('tenant-edit').click();
      await admin.getByTestId('tenant-dialog').waitFor();
      await admin.getByTestId('tenant-field-primary_color').fill('#6a1b9a');
      await admin.getByTestId('tenant-save').click();
      await expect.poll(() => admin.getByTestId('tenant-dialog').count(), { timeout: 15_000 }).toBe(0);
      await page.goto(`${baseURL}/login?tenant=${sub}`);
      await expect
        .poll(() => page.locator('meta[name="theme-color"]').getAttribute('content'), { timeout: 15_000 })
        .toBe('#6a1b9a');
      await theirs.close();
    } finally {
      await adminContext.close();
    }
  });

  it("a company's own admin (demo) has no tab 6", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.goto(`${baseURL}/admin?tab=6`);
    await page.getByTestId('admin-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('admin-tab-company').waitFor();
    expect(await page.getByTestId('admin-tab-registrations').count()).toBe(0);
    expect(await page.getByTestId('registrations-tab').count()).toBe(0);
    await context.close();
  });

  it('in English at 390 px: the form and tab 6 are English cards without sideways scroll; axe finds nothing serious', async () => {
    const sub = `e2e-en-${Date.now().toString(36)}`;
    const context = await newContext(browser(), { width: 390, height: 844 });
    await english(context);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    try {
      await page.goto(`${baseURL}/register-company`);
      await page.getByTestId('register-form').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('register-submit').innerText()).toBe('Send registration');
      found.form = await seriousViolations(page);
      await page.getByTestId('register-submit').click();
      await expect
        .poll(() => page.getByTestId('register-form').innerText())
        .toContain('Company name is required');
      await page.getByTestId('reg-contact_person_email').fill('yanlis');
      await page.getByTestId('reg-subdomain').fill('-ab');
      await page.getByTestId('register-submit').click();
      await expect
        .poll(() => page.getByTestId('register-form').innerText())
        .toContain('Enter a valid e-mail address');
      expect(await page.getByTestId('register-form').innerText()).toContain(
        'cannot start or end with a hyphen',
      );
      found.errors = await seriousViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // a valid form is sent; the answer says (in English) that no e-mail went out
      await fillSignUpForm(page, sub, `zeynep.${sub}@example.com.tr`);
      await expect
        .poll(() => page.getByTestId('register-form').innerText(), { timeout: 10_000 })
        .toContain('This subdomain is available');
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-done').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('register-email-note').innerText()).toContain(
        'E-mail sending is not configured',
      );
      found.done = await seriousViolations(page);
    } finally {
      await context.close();
    }

    const { context: adminContext, page: admin } = await platformAdminTab(390, 'en');
    try {
      await admin.getByTestId('registrations-cards').waitFor({ timeout: 30_000 });
      await admin.getByTestId(`registration-row-${sub}`).waitFor({ timeout: 30_000 });
      expect(await admin.getByTestId(`registration-row-${sub}`).innerText()).toContain('Pending');
      expect(await admin.getByTestId('registrations-table').count()).toBe(0);
      expect(await admin.getByTestId('registrations-refresh').innerText()).toBe('Refresh');
      expect(await admin.getByTestId('admin-tab-registrations').innerText()).toBe('Company Registrations');
      await admin.waitForTimeout(500);
      found.tab = await seriousViolations(admin);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await admin.getByTestId(`registration-reject-${sub}`).click();
      await admin.getByTestId('registration-action-dialog').waitFor();
      expect(await admin.getByTestId('registration-action-dialog').innerText()).toContain('cannot be undone');
      // A final decision needs its reason: the button stays off until one is typed (blank is none).
      const rejectButton = admin.getByTestId('registration-action-confirm');
      expect(await rejectButton.isDisabled()).toBe(true);
      await admin.getByTestId('registration-reason').fill('   ');
      expect(await rejectButton.isDisabled()).toBe(true);
      expect(await admin.getByTestId('registration-action-dialog').innerText()).toContain(
        'A reason is required',
      );
      await admin.getByTestId('registration-reason').fill('Missing tax documents');
      await expect.poll(() => rejectButton.isDisabled()).toBe(false);
      await admin.keyboard.press('Escape');
      await admin.getByTestId('registration-action-dialog').waitFor({ state: 'detached' });
      await admin.getByTestId(`registration-approve-${sub}`).click();
      await admin.getByTestId('registration-action-dialog').waitFor();
      expect(await admin.getByTestId('registration-action-dialog').innerText()).toContain(
        'and an admin user',
      );
      await admin.waitForTimeout(500);
      found.dialog = await seriousViolations(admin);
      await admin.getByTestId('registration-action-confirm').click();
      await admin.getByTestId('registration-result-dialog').waitFor({ timeout: 30_000 });
      expect(await admin.getByTestId('registration-result-dialog').innerText()).toContain(
        'One-time password',
      );
      await admin.waitForTimeout(500);
      found.result = await seriousViolations(admin);
      await admin.getByTestId('registration-result-close').click();
      made.push(...(await registrationsOf(baseURL, sub)));
      expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
    } finally {
      await adminContext.close();
      await suspendRegistrations(baseURL, made);
    }
  });
});
