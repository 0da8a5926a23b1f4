import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';
import { setOwnPassword } from '../helpers/one-time-password';

/**
 * The admin panel's 'Kullanıcı Yönetimi' tab in Chromium against `npm start`: an admin creates a
 * user through the dialog (the generic form rules first), the new user signs in on another
 * device and sets their own password (the admin's is one-time); the admin edits the user; a delete asks first and then the user can no longer sign in;
 * at 390 px the list is cards with no sideways scroll, in English; axe finds nothing serious.
 * Users made here carry a time stamp in their username (the server is shared by every e2e file).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';

async function openUsersTab(width = 1280) {
  const context = await newContext(browser(), { width, height: 900 });
  const page = await context.newPage();
  await signIn(page, baseURL, TENANT, 'admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.goto(`${baseURL}/admin?tab=1`);
  await page.getByTestId('admin-users').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('user-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  return { context, page };
}

async function searchFor(page: Page, text: string, rows: number) {
  await page.getByTestId('users-search').fill(text);
  await expect.poll(() => page.getByTestId('user-row').count(), { timeout: 30_000 }).toBe(rows);
}

describe('admin users tab (Chromium against npm start)', () => {
  it('an admin creates a user who then signs in; edits them; a delete asks first and ends their access', async () => {
    const stamp = Date.now();
    const username = `e2e.surucu${stamp}`;
    const password = 'Gizli12345';
    const { context, page } = await openUsersTab();
    // page size 10 by default
    expect(await page.getByTestId('users-pagination').innerText()).toContain('10');

    // ------------------------------------------------------------------------- create ---
    await page.getByTestId('users-add').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.waitFor();
    await page.getByTestId('user-save').click();
    await expect.poll(() => dialog.innerText()).toContain('Kullanıcı Adı gereklidir');
    expect(await dialog.innerText()).toContain('Email gereklidir');
    expect(await dialog.innerText()).toContain('Rol gereklidir');
    await page.getByTestId('user-field-username').fill(username);
    await expect.poll(() => dialog.innerText()).not.toContain('Kullanıcı Adı gereklidir');
    await page.getByTestId('user-field-full_name').fill(`E2E Sürücü ${stamp}`);
    await page.getByTestId('user-field-email').fill('yanlis');
    await page.getByTestId('user-field-password').fill(password);
    await page.getByTestId('user-save').click();
    await expect.poll(() => dialog.innerText()).toContain('Geçerli bir email adresi giriniz');
    await page.getByTestId('user-field-email').fill(`surucu${stamp}@ornek.com.tr`);
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Sürücü', exact: true }).click();
    await page.getByTestId('user-save').click();
    await expect.poll(() => page.getByTestId('user-dialog').count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => page.getByTestId('snackbar').innerText())
      .toContain('Kullanıcı başarıyla oluşturuldu!');
    await searchFor(page, `surucu${stamp}`, 1);
    expect(await page.getByTestId('user-role').innerText()).toBe('Sürücü');
    expect(await page.getByTestId('user-active-chip').innerText()).toBe('Aktif');
    expect(await page.getByTestId('user-temp-chip').innerText()).toBe('Geçici şifre');

    // the new user signs in on another device: the admin's password is one-time, so they set their own
    const other = await newContext(browser());
    const theirs = await other.newPage();
    await signIn(theirs, baseURL, TENANT, username, password);
    await setOwnPassword(theirs, 'Kendi-Sifrem-77');
    await theirs.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    await other.close();
    // the admin's list, refreshed, no longer marks them (and holds the account's new version)
    await page.getByTestId('users-refresh').click();
    await expect.poll(() => page.getByTestId('user-temp-chip').count(), { timeout: 15_000 }).toBe(0);

    // --------------------------------------------------------------------------- edit ---
    await page.getByTestId('user-edit').click();
    await dialog.waitFor();
    expect(await page.getByTestId('user-field-username').count()).toBe(0); // not editable
    expect(await page.getByTestId('user-field-password').count()).toBe(0); // create only
    await page.getByTestId('user-field-full_name').fill(`E2E Düzenlendi ${stamp}`);
    await page.getByTestId('user-save').click();
    await expect.poll(() => page.getByTestId('user-dialog').count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => page.getByTestId('snackbar').innerText())
      .toContain('Kullanıcı başarıyla güncellendi!');
    await expect
      .poll(() => page.getByTestId('user-full-name').innerText(), { timeout: 15_000 })
      .toBe(`E2E Düzenlendi ${stamp}`);

    // ------------------------------------------------------------------------- delete ---
    await page.getByTestId('user-delete').click();
    const question = page.getByTestId('user-delete-dialog');
    await question.waitFor();
    expect(await question.innerText()).toContain('Bu kullanıcıyı silmek istediğinizden emin misiniz?');
    await question.getByRole('button', { name: 'İptal' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await page.getByTestId('user-row').count()).toBe(1);
    await page.getByTestId('user-delete').click();
    await page.getByTestId('user-delete-confirm').click();
    await expect
      .poll(() => page.getByTestId('snackbar').innerText())
      .toContain('Kullanıcı başarıyla silindi!');
    await expect.poll(() => page.getByTestId('user-row').count(), { timeout: 15_000 }).toBe(0);
    for (const tried of [password, 'Kendi-Sifrem-77']) {
      const login = await api(baseURL, TENANT, '/auth/login', {
        method: 'POST',
        body: { username, password: tried },
      });
      expect(login.status).toBe(401);
    }
    await context.close();
  });

  it('offline after one online visit: the list from the device, read-only, saying writes need the server', async () => {
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await waitForServiceWorker(page);
    await page.goto(`${baseURL}/admin?tab=1`);
    await expect.poll(() => page.getByTestId('user-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const shown = await page.getByTestId('user-row').count();
    expect(await page.getByTestId('users-offline-note').count()).toBe(0);
    // The answer is saved to this user's database on the device at most a second later.
    await page.waitForTimeout(2_500);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('admin-users').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('user-row').count(), { timeout: 30_000 }).toBe(shown);
    expect(await page.getByTestId('users-offline-note').innerText()).toContain(
      'sunucu bağlantısı gerektirir',
    );
    expect(await page.getByTestId('users-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('user-edit').first().isDisabled()).toBe(true);
    await context.close();
  });

  it('at 390 px the list is cards with no sideways scroll; in English every label is English', async () => {
    const { context, page } = await openUsersTab(390);
    await page.getByTestId('users-cards').waitFor();
    expect(await page.getByTestId('users-table').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await chooseEnglish(page);
    await expect.poll(() => page.getByTestId('users-add').innerText()).toBe('New User');
    expect(await page.getByTestId('users-refresh').innerText()).toBe('Refresh');
    await searchFor(page, 'admin', 1);
    expect(await page.getByTestId('user-role').innerText()).toBe('Administrator');
    expect(await page.getByTestId('user-active-chip').innerText()).toBe('Active');
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-save').click();
    await expect.poll(() => page.getByTestId('user-dialog').innerText()).toContain('Username is required');
    expect(await page.getByTestId('user-dialog').innerText()).toContain('Create');
    await page.keyboard.press('Escape');
    await context.close();
  });

  for (const width of [390, 1280])
    it(`axe finds nothing serious in the list, the user dialog and the delete question at ${width} px`, async () => {
      const { context, page } = await openUsersTab(width);
      const { token } = await apiLogin(baseURL, TENANT, 'admin');
      expect(token).toBeTruthy();
      const found: Record<string, string[]> = {};
      await page.waitForTimeout(800);
      found.list = await seriousViolations(page);
      await page.getByTestId('users-add').click();
      await page.getByTestId('user-dialog').waitFor();
      await page.getByTestId('user-save').click(); // with its errors showing
      await page.waitForTimeout(500);
      found.add = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('user-delete').first().click();
      await page.getByTestId('user-delete-dialog').waitFor();
      await page.waitForTimeout(500);
      found.delete = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('user-reset-password').first().click();
      await page.getByTestId('user-reset-dialog').waitFor();
      await page.waitForTimeout(500);
      found.reset = await seriousViolations(page);
      await page.keyboard.press('Escape');
      expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
      await context.close();
    });
});
