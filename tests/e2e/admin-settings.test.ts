import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';

/**
 * The admin panel's 'Sistem Ayarları' tab, and the app obeying it: the lockout limit on the login
 * screen, and maintenance mode (a salesperson's change waits in the outbox and is sent once, after
 * maintenance ends). Every tenant-wide change is made on tenant `default` and restored in `finally`.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'default';

interface Settings {
  version: number;
  max_login_attempts: number;
  maintenance_mode: boolean;
  backup_retention_days: number;
}

async function current(): Promise<Settings> {
  const { token } = await apiLogin(baseURL, TENANT, 'admin');
  const r = await api<{ data: Settings }>(baseURL, TENANT, '/admin/settings', { token });
  return r.body.data;
}

/** Puts settings back as an admin would (the current version, then the values). */
async function restore(values: Partial<Settings>) {
  const { token } = await apiLogin(baseURL, TENANT, 'admin');
  const now = await api<{ data: Settings }>(baseURL, TENANT, '/admin/settings', { token });
  const r = await api(baseURL, TENANT, '/admin/settings', {
    method: 'PUT',
    token,
    body: { ...values, expected_version: now.body.data.version },
  });
  expect(r.status).toBe(200);
}

async function openSettingsTab(page: Page) {
  await page.goto(`${baseURL}/admin?tab=2&tenant=${TENANT}`);
  await page.getByTestId('settings-form').waitFor({ timeout: 30_000 });
}

async function saveSettings(page: Page) {
  await page.getByTestId('set-save').click();
  await expect
    .poll(() => page.getByText('Sistem ayarları güncellendi').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

describe('system settings (Chromium against npm start)', () => {
  it('an admin sets max login attempts to 3: the login screen counts down from it at once', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    try {
      await signIn(page, baseURL, TENANT, 'admin');
      await page.waitForURL((url) => url.pathname !== '/login');
      await openSettingsTab(page);
      const field = page.getByTestId('set-max_login_attempts');
      expect(await field.inputValue()).toBe('5');
      // Out of range: the spec's generic text under the field, and nothing is sent.
      await field.fill('2');
      await expect.poll(() => page.getByText('Minimum değer 3 olmalıdır').count()).toBe(1);
      await field.fill('11');
      await expect.poll(() => page.getByText('Maksimum değer 10 olmalıdır').count()).toBe(1);
      await field.fill('3');
      await saveSettings(page);

      const other = await newContext(browser());
      const login = await other.newPage();
      await login.goto(`${baseURL}/login?tenant=${TENANT}`);
      await login.locator('input[name="username"]').fill('driver');
      for (const left of [2, 1]) {
        await login.locator('input[name="password"]').fill('wrong-password');
        await login.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
        await expect
          .poll(() => login.getByText(`Kalan deneme hakkı: ${left}`).count(), { timeout: 15_000 })
          .toBe(1);
        await expect
          .poll(() => login.getByRole('button', { name: 'Giriş Yap', exact: true }).isEnabled(), {
            timeout: 15_000,
          })
          .toBe(true);
      }
      // The right password before the limit clears the counter (no lock left for other tests).
      await login.locator('input[name="password"]').fill('demo1234');
      await login.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await login.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
      await other.close();
    } finally {
      await restore({ max_login_attempts: 5 });
      await context.close();
    }
  });

  it("maintenance: a salesperson's app shows the banner, their offline change waits and is sent once after it ends", async () => {
    const stamp = Date.now();
    const name = `Bakım Müşterisi ${stamp}`;
    const { token: adminToken } = await apiLogin(baseURL, TENANT, 'admin');
    const onServer = async () => {
      const r = await api<{ data: { customers: { full_name: string }[] } }>(
        baseURL,
        TENANT,
        `/customers?search=${encodeURIComponent(String(stamp))}`,
        { token: adminToken },
      );
      expect(r.status).toBe(200);
      return r.body.data.customers.length;
    };

    // The salesperson's session is open BEFORE maintenance starts.
    const salesContext = await newContext(browser(), undefined, { worker: true });
    const sales = await salesContext.newPage();
    const adminContext = await newContext(browser());
    const admin = await adminContext.newPage();
    try {
      await signIn(sales, baseURL, TENANT, 'sales');
      await sales.waitForURL((url) => url.pathname !== '/login');
      await waitForServiceWorker(sales);
      await sales.goto(`${baseURL}/customers?tenant=${TENANT}`);
      await expect.poll(() => sales.getByTestId('customer-add').count(), { timeout: 30_000 }).toBe(1);

      await signIn(admin, baseURL, TENANT, 'admin');
      await admin.waitForURL((url) => url.pathname !== '/login');
      await openSettingsTab(admin);
      await admin.getByTestId('set-maintenance_mode').click();
      await saveSettings(admin);
      // The admin keeps working and is told maintenance is on.
      await expect.poll(() => admin.getByTestId('maintenance-banner').count()).toBe(1);
      expect(await admin.getByTestId('maintenance-banner').innerText()).toContain('Bakım modu açık');

      // Offline, the salesperson adds a customer; back online, the server is in maintenance.
      await salesContext.setOffline(true);
      await sales.getByTestId('customer-add').click();
      await sales.getByTestId('customer-dialog').waitFor();
      await sales.getByTestId('customer-field-full_name').fill(name);
      await sales.getByTestId('customer-save').click();
      await expect.poll(() => sales.getByTestId('customer-dialog').count(), { timeout: 15_000 }).toBe(0);
      await sales.getByTestId('customer-search').fill(String(stamp));
      await expect
        .poll(() => sales.getByTestId('customer-pending-number').count(), { timeout: 15_000 })
        .toBe(1);
      await salesContext.setOffline(false);
      await expect.poll(() => sales.getByTestId('maintenance-banner').count(), { timeout: 60_000 }).toBe(1);
      expect(await sales.getByTestId('maintenance-banner').innerText()).toContain('Sistem bakımda');
      // The change waits: still on the device, not on the server, not refused.
      await sales.waitForTimeout(3_000);
      expect(await sales.getByTestId('customer-pending-number').count()).toBe(1);
      expect(await sales.getByTestId('customer-row').count()).toBe(1);
      expect(await onServer()).toBe(0);

      // Maintenance ends: the change is sent, once, and the banner goes.
      await admin.getByTestId('set-maintenance_mode').click();
      await saveSettings(admin);
      await expect.poll(() => admin.getByTestId('maintenance-banner').count()).toBe(0);
      await expect
        .poll(() => sales.getByTestId('customer-pending-number').count(), { timeout: 90_000 })
        .toBe(0);
      await expect.poll(() => sales.getByTestId('maintenance-banner').count(), { timeout: 30_000 }).toBe(0);
      expect(await onServer()).toBe(1);
      await sales.waitForTimeout(2_000);
      expect(await onServer()).toBe(1);
    } finally {
      await restore({ maintenance_mode: false });
      await salesContext.close();
      await adminContext.close();
    }
  });

  it("maintenance: the connection chip says 'Bakımda' (English 'Maintenance'), never 'Çevrimiçi', at 390 px", async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const sales = await context.newPage();
    const chip = sales.getByTestId('connection-indicator');
    try {
      await signIn(sales, baseURL, TENANT, 'sales');
      await sales.waitForURL((url) => url.pathname !== '/login');
      await expect.poll(() => chip.getAttribute('data-online'), { timeout: 30_000 }).toBe('true');
      expect(await chip.getAttribute('aria-label')).toContain('Çevrimiçi');

      await restore({ maintenance_mode: true });
      // The next answers of the server say it: a reload asks it again.
      await sales.reload();
      await expect.poll(() => chip.getAttribute('data-maintenance'), { timeout: 60_000 }).toBe('true');
      // The word shows on a phone too, and nothing about the chip says online.
      expect(await chip.innerText()).toBe('Bakımda');
      expect(await chip.getAttribute('aria-label')).toContain('Sunucu bakımda');
      expect(await chip.getAttribute('aria-label')).not.toContain('Çevrimiçi');
      await chooseEnglish(sales);
      await expect.poll(() => chip.innerText()).toBe('Maintenance');
      expect(await chip.getAttribute('aria-label')).not.toContain('Online');

      // Maintenance over: online again.
      await restore({ maintenance_mode: false });
      await sales.reload();
      await expect.poll(() => chip.getAttribute('data-maintenance'), { timeout: 60_000 }).toBe('false');
      expect(await chip.getAttribute('aria-label')).toContain('Online');
    } finally {
      await restore({ maintenance_mode: false });
      await context.close();
    }
  });

  it('the tab at 390 px in English: the groups, the not-configured notes, no sideways scroll, axe clean', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 }, { worker: true });
    const page = await context.newPage();
    const before = await current();
    try {
      await signIn(page, baseURL, TENANT, 'admin');
      await page.waitForURL((url) => url.pathname !== '/login');
      await openSettingsTab(page);
      await chooseEnglish(page);
      await expect.poll(() => page.getByTestId('set-save').innerText()).toBe('Save');
      const text = await page.getByTestId('settings-tab').innerText();
      for (const heading of ['System Settings', 'General', 'Security', 'Notifications', 'Backup'])
        expect(text).toContain(heading);
      expect(text).toContain('No SMS provider is configured');
      expect(await page.getByTestId('set-email-not-configured').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Out of range in English too, then axe with the error shown.
      await page.getByTestId('set-session_timeout').fill('4');
      await expect.poll(() => page.getByText('The minimum value is 5').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('set-refresh').click();
      await expect.poll(() => page.getByTestId('set-session_timeout').inputValue()).not.toBe('4');
      expect(await seriousViolations(page)).toEqual([]);

      // Another admin saves meanwhile: this save is refused, the current values are loaded and said.
      const before = await current();
      await page
        .getByTestId('set-backup_retention_days')
        .fill(String(before.backup_retention_days === 30 ? 31 : 30));
      await restore({ backup_retention_days: 77 });
      await page.getByTestId('set-save').click();
      await page.getByTestId('set-conflict').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('set-conflict').innerText()).toContain(
        'Someone else changed the settings',
      );
      expect(await page.getByTestId('set-backup_retention_days').inputValue()).toBe('77');

      // Offline: read-only, and it says so.
      await context.setOffline(true);
      await page.getByTestId('set-offline').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('set-save').isDisabled()).toBe(true);
      expect(await page.getByTestId('set-max_login_attempts').isDisabled()).toBe(true);
      expect(await page.getByTestId('set-maintenance_mode').isDisabled()).toBe(true);
      await context.setOffline(false);
      await expect.poll(() => page.getByTestId('set-offline').count(), { timeout: 15_000 }).toBe(0);
    } finally {
      await restore({ backup_retention_days: before.backup_retention_days });
      await context.close();
    }
  });
});
