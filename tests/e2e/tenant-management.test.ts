import { describe, expect, inject, it } from 'vitest';
import { DNS_NOT_CONFIGURED } from '../../src/server/dns/provider';
import { MESSAGES } from '../../src/shared/api/errors';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';
import { setOwnPassword } from '../helpers/one-time-password';

/**
 * Tenant management in Chromium against `npm start`: a platform admin (admin of tenant default)
 * adds a company through the dialog (the spec's defaults), edits its primary colour — the new
 * company's login page shows that colour at once — and deletes it after the 'cannot be undone'
 * question; the DNS buttons ask first and say plainly when DNS is not configured; an admin of
 * another company has no menu entry and is told the page is for platform admins; at 390 px the
 * list is cards, in English; axe finds nothing serious. Companies made here carry a time stamp.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();

async function openPage(width = 1280, tenant = 'default') {
  const context = await newContext(browser(), { width, height: 900 });
  const page = await context.newPage();
  await signIn(page, baseURL, tenant, 'admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.goto(`${baseURL}/tenant-management`);
  return { context, page };
}

async function openAsPlatformAdmin(width = 1280) {
  const opened = await openPage(width);
  await opened.page.getByTestId('tenant-management-page').waitFor({ timeout: 30_000 });
  await expect
    .poll(() => opened.page.getByTestId('tenant-row').count(), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  return opened;
}

const COLOUR = '#1b5e20';

describe('tenant management (Chromium against npm start)', () => {
  it('a platform admin adds a company, edits its colour (its login page shows it at once) and deletes it after asking', async () => {
    const stamp = Date.now();
    const subdomain = `e2e${stamp}`;
    const name = `E2E Şirket ${stamp}`;
    const { context, page } = await openAsPlatformAdmin();
    const platform = await apiLogin(baseURL, 'default', 'admin');
    try {
      // ------------------------------------------------------------------------ add ---
      await page.getByTestId('tenants-add').click();
      const dialog = page.getByTestId('tenant-dialog');
      await dialog.waitFor();
      const shown = await dialog.innerText();
      for (const text of ['Temel', 'Europe/Istanbul', 'TRY', 'Türkçe', 'demo, client1'])
        expect(shown).toContain(text);
      expect(await page.getByTestId('tenant-field-order_number_prefix').inputValue()).toBe('ORD');
      expect(await page.getByTestId('tenant-field-customer_number_prefix').inputValue()).toBe('CUST');
      expect(await page.getByTestId('tenant-field-primary_color').inputValue()).toBe('#1976d2');
      expect(await page.getByTestId('tenant-field-secondary_color').inputValue()).toBe('#dc004e');
      // a wrong subdomain: the server's reason in the red snackbar, the dialog stays
      await page.getByTestId('tenant-field-company_name').fill(name);
      await page.getByTestId('tenant-field-subdomain').fill('www');
      await page.getByTestId('tenant-save').click();
      await expect.poll(() => page.getByTestId('snackbar').innerText()).toContain('ayrılmıştır');
      // (it hides by itself; the next outcome is shown after it)
      await page.getByTestId('snackbar').waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByTestId('tenant-field-subdomain').fill(subdomain);
      // with its first admin: a one-time password, shown once
      await page.getByTestId('tenant-field-admin_full_name').fill('Ayşe Yılmaz');
      await page.getByTestId('tenant-field-admin_username').fill('ayse');
      await page.getByTestId('tenant-save').click();
      await expect.poll(() => page.getByTestId('tenant-dialog').count(), { timeout: 15_000 }).toBe(0);
      await expect
        .poll(() => page.getByTestId('snackbar').innerText())
        .toContain('Tenant başarıyla oluşturuldu!');
      const otp = page.getByTestId('tenant-otp-dialog');
      await otp.waitFor();
      expect(await page.getByTestId('tenant-otp-username').innerText()).toBe('ayse');
      const password = await page.getByTestId('tenant-otp-password').innerText();
      expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(await otp.innerText()).toContain('Tek kullanımlıktır');
      await page.getByTestId('tenant-otp-close').click();
      await otp.waitFor({ state: 'detached' });
      const row = page.locator(`[data-testid="tenant-row"][data-tenant-id="${subdomain}"]`);
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getByTestId('tenant-company').innerText()).toBe(name);
      expect(await row.getByTestId('tenant-plan').innerText()).toBe('Temel');
      expect(await row.getByTestId('tenant-status-chip').innerText()).toBe('Aktif');

      // ----------------------------------------------------------------------- edit ---
      await row.getByTestId('tenant-edit').click();
      await dialog.waitFor();
      expect(await page.getByTestId('tenant-field-subdomain').getAttribute('readonly')).not.toBeNull();
      await expect
        .poll(() => page.getByTestId('tenant-usage-users').innerText(), { timeout: 15_000 })
        .toBe('1'); // its first admin
      await page.getByTestId('tenant-field-primary_color').fill(COLOUR);
      await page.getByTestId('tenant-save').click();
      await expect.poll(() => page.getByTestId('tenant-dialog').count(), { timeout: 15_000 }).toBe(0);
      await expect
        .poll(() => page.getByTestId('snackbar').innerText())
        .toContain('Tenant başarıyla güncellendi!');

      // the company's own login page, on another device, in that colour
      const other = await newContext(browser());
      const login = await other.newPage();
      await login.goto(`${baseURL}/login?tenant=${subdomain}`);
      await expect.poll(() => login.locator('body').innerText(), { timeout: 30_000 }).toContain(name);
      await expect
        .poll(() => login.locator('meta[name="theme-color"]').getAttribute('content'), { timeout: 15_000 })
        .toBe(COLOUR);
      const button = login.getByRole('button', { name: 'Giriş Yap', exact: true });
      await expect
        .poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 15_000 })
        .toBe('rgb(27, 94, 32)');
      // and its first admin signs in with the one-time password, and sets their own
      await signIn(login, baseURL, subdomain, 'ayse', password);
      await setOwnPassword(login, 'Ayse-Kendi-2024');
      await login.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
      await other.close();

      // --------------------------------------------------------------------- delete ---
      await row.getByTestId('tenant-delete').click();
      const question = page.getByTestId('tenant-delete-dialog');
      await question.waitFor();
      expect(await question.innerText()).toContain('geri alınamaz');
      expect(await question.innerText()).toContain('tüm veriler silinecektir');
      await question.getByRole('button', { name: 'İptal' }).click();
      await question.waitFor({ state: 'detached' });
      expect(await row.count()).toBe(1);
      await row.getByTestId('tenant-delete').click();
      await page.getByTestId('tenant-delete-dialog-confirm').click();
      await expect
        .poll(() => page.getByTestId('snackbar').innerText(), { timeout: 30_000 })
        .toContain('Tenant başarıyla silindi!');
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
      expect((await api(baseURL, subdomain, '/tenants/info')).status).toBe(404);
    } finally {
      // never leave the company behind (the server is shared by every e2e file)
      await api(baseURL, 'default', `/admin/tenants/${subdomain}`, {
        method: 'DELETE',
        token: platform.token,
      });
      await context.close();
    }
  });

  it("a company without an admin gets one from its 'Yöneticiler' section (a one-time password shown once), the admin's password is reset there; a colour 'mavi' is refused by the form", async () => {
    const stamp = Date.now();
    const subdomain = `e2eadm${stamp}`;
    const name = `E2E Yöneticisiz ${stamp}`;
    const platform = await apiLogin(baseURL, 'default', 'admin');
    const made = await api(baseURL, 'default', '/admin/tenants', {
      method: 'POST',
      token: platform.token,
      body: { company_name: name, subdomain },
    });
    expect(made.status).toBe(201);
    const { context, page } = await openAsPlatformAdmin();
    try {
      // the search box finds it by a part of its name, in any case
      await page.getByTestId('tenants-search').fill(`yÖNETİCİSİZ ${stamp}`);
      await expect.poll(() => page.getByTestId('tenant-row').count(), { timeout: 15_000 }).toBe(1);
      const row = page.locator(`[data-testid="tenant-row"][data-tenant-id="${subdomain}"]`);
      await row.getByTestId('tenant-edit').click();
      const dialog = page.getByTestId('tenant-dialog');
      await dialog.waitFor();

      // a colour typed as a name: the form says so under the field and sends nothing
      await page.getByTestId('tenant-field-primary_color').fill('mavi');
      await page.getByTestId('tenant-save').click();
      await expect
        .poll(() => page.getByTestId('tenant-error-primary_color').innerText())
        .toContain('Ana Renk #RRGGBB biçiminde olmalıdır');
      expect(await dialog.count()).toBe(1);
      const stored = await api<{ data: { branding: { primary_color: string } } }>(
        baseURL,
        'default',
        `/admin/tenants/${subdomain}`,
        { token: platform.token },
      );
      expect(stored.body.data.branding.primary_color).toBe('#1976d2');
      await page.getByTestId('tenant-field-primary_color').fill('#1976d2');

      // no admin yet: said, and one is added
      const section = page.getByTestId('tenant-admins');
      await section.getByTestId('tenant-admins-none').waitFor({ timeout: 15_000 });
      await section.getByTestId('tenant-admin-add').click();
      await page.getByTestId('tenant-admin-full_name').fill('Zeynep Kaya');
      await page.getByTestId('tenant-admin-username').fill('zeynep');
      await page.getByTestId('tenant-admin-create').click();
      const otp = page.getByTestId('tenant-otp-dialog');
      await otp.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('tenant-otp-username').innerText()).toBe('zeynep');
      const first = await page.getByTestId('tenant-otp-password').innerText();
      expect(first).toMatch(/^[A-Za-z0-9]{16}$/);
      await page.getByTestId('tenant-otp-close').click();
      await otp.waitFor({ state: 'detached' });
      const adminRow = section.locator('[data-testid="tenant-admin-row"][data-username="zeynep"]');
      await adminRow.waitFor({ timeout: 15_000 });
      await adminRow.getByTestId('tenant-admin-otp').waitFor();

      // the password is reset there: a new one-time password, the first one no longer signs in
      await adminRow.getByTestId('tenant-admin-reset').click();
      await page.getByTestId('tenant-admin-reset-dialog-confirm').click();
      await otp.waitFor({ timeout: 15_000 });
      const second = await page.getByTestId('tenant-otp-password').innerText();
      expect(second).not.toBe(first);
      await page.getByTestId('tenant-otp-close').click();
      const old = await api(baseURL, subdomain, '/auth/login', {
        method: 'POST',
        body: { username: 'zeynep', password: first },
      });
      expect(old.status).toBe(401);

      // the new admin signs in with it and sets their own
      const other = await newContext(browser());
      const login = await other.newPage();
      await signIn(login, baseURL, subdomain, 'zeynep', second);
      await setOwnPassword(login, 'Zeynep-Kendi-2026');
      await login.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
      await other.close();
    } finally {
      await api(baseURL, 'default', `/admin/tenants/${subdomain}`, {
        method: 'DELETE',
        token: platform.token,
      });
      await context.close();
    }
  }, 180_000);

  it('the DNS buttons ask first, then say plainly what the server answered (DNS not configured here)', async () => {
    const { context, page } = await openAsPlatformAdmin();
    const { token } = await apiLogin(baseURL, 'default', 'admin');
    // Without the DNS routes on this server, the answer is "no such address"; with them and no
    // provider configured, the provider's own "not configured" text.
    const probe = await api(baseURL, 'default', '/tenants/admin/dns/list', { token });
    const expected = probe.status === 404 ? MESSAGES.routeNotFound : DNS_NOT_CONFIGURED;
    for (const [button, words] of [
      ['tenants-dns-wildcard', 'otomatik olarak aktif'],
      ['tenants-dns-existing', 'Mevcut tüm tenantlar'],
    ] as const) {
      await page.getByTestId(button).click();
      const question = page.getByTestId('tenant-dns-dialog');
      await question.waitFor();
      expect(await question.innerText()).toContain(words);
      await page.getByTestId('tenant-dns-dialog-confirm').click();
      await question.waitFor({ state: 'detached', timeout: 15_000 });
      const snackbar = page.getByTestId('snackbar');
      await expect.poll(() => snackbar.innerText(), { timeout: 15_000 }).toContain(expected);
      expect(await snackbar.getAttribute('class')).toContain('Error');
      await snackbar.getByRole('button').click();
      await snackbar.waitFor({ state: 'detached' });
    }
    await page.locator('[data-testid="tenant-row"][data-tenant-id="demo"]').getByTestId('tenant-dns').click();
    await expect
      .poll(() => page.getByTestId('snackbar').innerText(), { timeout: 15_000 })
      .toContain(expected);
    await context.close();
  });

  it("a list that cannot be loaded says so in red: the server's reason, else the spec's text", async () => {
    const context = await newContext(browser(), { width: 1280, height: 900 });
    const page = await context.newPage();
    await signIn(page, baseURL, 'default', 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    let answer: { status: number; body: string } = { status: 502, body: '' };
    await page.route(/\/api\/admin\/tenants\?/, (route) =>
      route.fulfill({ status: answer.status, body: answer.body, contentType: 'application/json' }),
    );
    await page.goto(`${baseURL}/tenant-management`);
    const snackbar = page.getByTestId('snackbar');
    await expect
      .poll(() => snackbar.innerText(), { timeout: 30_000 })
      .toContain('Tenant listesi yüklenirken hata oluştu.');
    expect(await snackbar.getAttribute('class')).toContain('Error');
    answer = {
      status: 400,
      body: JSON.stringify({
        success: false,
        error: 'Sayfa boyutu en fazla 100 olabilir',
        code: 'VALIDATION_ERROR',
      }),
    };
    await snackbar.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('tenants-refresh').click();
    await expect
      .poll(() => snackbar.innerText(), { timeout: 15_000 })
      .toContain('Sayfa boyutu en fazla 100 olabilir');
    await context.close();
  });

  it("a company's admin has no menu entry and is told the page is for platform admins", async () => {
    const { context, page } = await openPage(1280, 'demo');
    await page.getByTestId('tenants-platform-only').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('tenants-platform-only').innerText()).toContain(
      'yalnızca platform yöneticileri içindir',
    );
    expect(await page.getByTestId('tenant-row').count()).toBe(0);
    expect(await page.locator('nav a[href="/tenant-management"]').count()).toBe(0);
    expect(await page.locator('nav a[href="/admin"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('at 390 px the list is cards with no sideways scroll; in English every label is English', async () => {
    const { context, page } = await openAsPlatformAdmin(390);
    await page.getByTestId('tenants-cards').waitFor();
    expect(await page.getByTestId('tenants-table').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await chooseEnglish(page);
    await expect.poll(() => page.getByTestId('tenants-add').innerText()).toBe('Add new tenant');
    expect(await page.getByTestId('tenants-refresh').innerText()).toBe('Refresh');
    expect(await page.getByTestId('tenants-dns-wildcard').innerText()).toBe('Wildcard DNS setup');
    const platformRow = page.locator('[data-testid="tenant-row"][data-tenant-id="default"]');
    expect(await platformRow.getByTestId('tenant-plan').innerText()).toBe('Enterprise');
    expect(await platformRow.getByTestId('tenant-status-chip').innerText()).toBe('Active');
    await page.getByTestId('tenants-add').click();
    const dialog = page.getByTestId('tenant-dialog');
    await dialog.waitFor();
    for (const text of ['Add new tenant', 'Company name', 'Primary colour', 'Time zone', 'Basic', 'Create'])
      expect(await dialog.innerText()).toContain(text);
    await page.keyboard.press('Escape');
    await context.close();
  });

  for (const width of [390, 1280])
    it(`axe finds nothing serious in the list, the dialogs and the delete question at ${width} px`, async () => {
      const { context, page } = await openAsPlatformAdmin(width);
      const found: Record<string, string[]> = {};
      await page.waitForTimeout(800);
      found.list = await seriousViolations(page);
      await page.getByTestId('tenants-add').click();
      await page.getByTestId('tenant-dialog').waitFor();
      await page.waitForTimeout(500);
      found.add = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('tenant-dialog').waitFor({ state: 'detached' });
      const demo = page.locator('[data-testid="tenant-row"][data-tenant-id="demo"]');
      await demo.getByTestId('tenant-edit').click();
      await page.getByTestId('tenant-usage-storage').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
      found.edit = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('tenant-dialog').waitFor({ state: 'detached' });
      await demo.getByTestId('tenant-delete').click();
      await page.getByTestId('tenant-delete-dialog').waitFor();
      await page.waitForTimeout(500);
      found.delete = await seriousViolations(page);
      await page.keyboard.press('Escape');
      expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
      await context.close();
    });
});
