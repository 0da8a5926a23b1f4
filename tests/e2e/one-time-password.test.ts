import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';

/**
 * One-time passwords in Chromium against `npm start`: an admin resets a user's password in the
 * admin panel ('Kullanıcı Yönetimi' → Şifre Sıfırla; the dialog says it is one-time and for how
 * many days). The user signs in with it and is taken to the change-password screen — no menu, and
 * every other address leads back to it; the server refuses the app's data calls meanwhile. Offline
 * the screen says it needs the server. The user sets their own password (the company's rule is
 * shown) and lands on their role's page; the one-time password no longer works. At 390 px nothing
 * scrolls sideways and axe finds nothing serious. The user is made here with a time stamp in the
 * username (the server is shared by every e2e file).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';

describe('a password an admin reset (Chromium against npm start)', () => {
  it('signs the user in to the change screen only; they set their own and land on their page', async () => {
    const stamp = Date.now();
    const username = `e2e.gecici${stamp}`;
    const { token: adminToken } = await apiLogin(baseURL, TENANT, 'admin');
    const created = await api(baseURL, TENANT, '/admin/users', {
      method: 'POST',
      token: adminToken,
      body: {
        username,
        email: `gecici${stamp}@ornek.com.tr`,
        full_name: `E2E Depocu ${stamp}`,
        role: 'warehouse',
        password: 'Ilk-Sifre-123',
      },
    });
    expect(created.status).toBe(201);

    // ------------------------------------------------------------- the admin resets it ---
    const adminContext = await newContext(browser());
    const admin = await adminContext.newPage();
    await signIn(admin, baseURL, TENANT, 'admin');
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await admin.goto(`${baseURL}/admin?tab=1`);
    await admin.getByTestId('admin-users').waitFor({ timeout: 30_000 });
    await admin.getByTestId('users-search').fill(`gecici${stamp}`);
    await expect.poll(() => admin.getByTestId('user-row').count(), { timeout: 30_000 }).toBe(1);
    // a user who has not replaced the admin's password yet is marked so
    expect(await admin.getByTestId('user-temp-chip').innerText()).toBe('Geçici şifre');
    await admin.getByTestId('user-reset-password').first().click();
    const dialog = admin.getByTestId('user-reset-dialog');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('user-one-time-note').innerText(), { timeout: 15_000 })
      .toContain('7 gün içinde kullanılmazsa geçersiz olur');
    expect(await dialog.innerText()).toContain('tek kullanımlıktır');
    await dialog.getByTestId('user-reset-password').fill('Gecici-Sifre-9');
    await admin.getByTestId('user-reset-confirm').click();
    await expect
      .poll(() => admin.getByTestId('snackbar').innerText(), { timeout: 15_000 })
      .toContain('tarihine kadar geçerli');
    await adminContext.close();

    // ------------------------------------------------ the user signs in, on a phone ---
    const context = await newContext(browser(), { width: 390, height: 844 }, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, username, 'Gecici-Sifre-9');
    await page.waitForURL((url) => url.pathname === '/change-password', { timeout: 30_000 });
    const screen = page.getByTestId('change-password-page');
    await screen.waitFor();
    expect(await page.getByTestId('change-password-intro').innerText()).toContain(
      'Devam etmek için şifrenizi değiştirmelisiniz',
    );
    expect(await page.getByTestId('change-password-rules').innerText()).toContain('en az 6 karakter');
    // the one-time password just typed is the current one: not asked again
    expect(await page.locator('#cp-current').count()).toBe(0);
    // nothing else: no menu, no top bar
    expect(await page.getByTestId('account-menu-button').count()).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // every other address leads back here
    for (const path of ['/warehouse-dashboard', '/orders', '/profile', '/']) {
      await page.goto(`${baseURL}${path}?tenant=${TENANT}`);
      await page.waitForURL((url) => url.pathname === '/change-password', { timeout: 30_000 });
    }
    // and the server refuses this session's data calls until the change
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const refused = await api<{ code: string; error: string }>(baseURL, TENANT, '/sync/pull', {
      token: token ?? '',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      error: 'Devam etmek için şifrenizi değiştirmelisiniz.',
    });

    // offline: the change needs the server, and the screen says so
    await context.setOffline(true);
    await page.getByTestId('change-password-offline').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('change-password-offline').innerText()).toContain(
      'sunucu bağlantısı gerekir',
    );
    await context.setOffline(false);
    await page.getByTestId('change-password-offline').waitFor({ state: 'detached', timeout: 15_000 });

    // after those page loads the one-time password is asked for (it is kept in memory only)
    expect(await page.locator('#cp-current').count()).toBe(1);
    await page.locator('#cp-current').fill('Gecici-Sifre-9');
    await page.locator('#cp-next').fill('Kendi-Sifre-55');
    await page.locator('#cp-repeat').fill('Kendi-Sifre-56');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => screen.innerText()).toContain('Şifreler eşleşmiyor.');
    await page.locator('#cp-repeat').fill('Kendi-Sifre-55');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/warehouse-dashboard', { timeout: 30_000 });
    // the app is open now: its menu is there
    await page.getByTestId('account-menu-button').waitFor({ timeout: 30_000 });

    const old = await api(baseURL, TENANT, '/auth/login', {
      method: 'POST',
      body: { username, password: 'Gecici-Sifre-9' },
    });
    expect(old.status).toBe(401);
    const own = await api<{ must_change_password: boolean }>(baseURL, TENANT, '/auth/login', {
      method: 'POST',
      body: { username, password: 'Kendi-Sifre-55' },
    });
    expect(own.status).toBe(200);
    expect(own.body.must_change_password).toBe(false);
    await context.close();
  });

  it('in English the change screen is English', async () => {
    const stamp = Date.now();
    const username = `e2e.gecici.en${stamp}`;
    const { token } = await apiLogin(baseURL, TENANT, 'admin');
    const created = await api(baseURL, TENANT, '/admin/users', {
      method: 'POST',
      token,
      body: {
        username,
        email: `gecici.en${stamp}@ornek.com.tr`,
        full_name: `E2E Driver ${stamp}`,
        role: 'driver',
        password: 'Ilk-Sifre-123',
      },
    });
    expect(created.status).toBe(201);
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, username, 'Ilk-Sifre-123');
    await page.waitForURL((url) => url.pathname === '/change-password', { timeout: 30_000 });
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('change-password-intro').innerText())
      .toContain('You must change your password to continue');
    expect(await page.getByTestId('change-password-submit').innerText()).toMatch(
      /save password and continue/i,
    );
    await page.locator('#cp-next').fill('Ilk-Sifre-123');
    await page.locator('#cp-repeat').fill('Ilk-Sifre-123');
    await page.getByTestId('change-password-submit').click();
    await expect
      .poll(() => page.getByTestId('change-password-page').innerText())
      .toContain('The new password must differ from the temporary password.');
    await page.getByTestId('change-password-sign-out').click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await context.close();
  });
});
