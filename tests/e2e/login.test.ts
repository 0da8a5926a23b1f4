import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, newContext, signIn } from '../helpers/browser';

const baseURL = inject('baseURL');
const browser = browserPerFile();

describe('signing in (Chromium against npm start)', () => {
  // Spec: salesperson → /salesperson-dashboard (which redirects to /dashboard), manager →
  // /manager-dashboard, warehouse → /warehouse-dashboard, others → /dashboard.
  const landings: Array<[string, string]> = [
    ['admin', '/dashboard'],
    ['manager', '/manager-dashboard'],
    ['sales', '/dashboard'],
    ['warehouse', '/warehouse-dashboard'],
    ['driver', '/dashboard'],
  ];
  for (const [username, path] of landings) {
    it(`lands ${username} on ${path} and replaces the login history entry`, async () => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await signIn(page, baseURL, 'demo', username);
      await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
      await expect
        .poll(() => page.getByText('Başarıyla giriş yapıldı').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      // The login page was replaced in history: going back does not show the login form again.
      await page.goBack().catch(() => undefined);
      expect(new URL(page.url()).pathname).not.toBe('/login');
      await context.close();
    });
  }

  it('validates the form before calling the server, username first', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=demo`);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await expect.poll(() => page.getByText('Kullanıcı adı gereklidir.').count()).toBe(1);
    await page.locator('input[name="username"]').fill('   ');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await expect.poll(() => page.getByText('Kullanıcı adı gereklidir.').count()).toBe(1);
    await page.locator('input[name="username"]').fill('admin');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await expect.poll(() => page.getByText('Şifre gereklidir.').count()).toBe(1);
    await context.close();
  });

  it('shows the spec text and the remaining attempts for a wrong password, and clears the password', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=client1`);
    await page.locator('input[name="username"]').fill('driver');
    for (let attempt = 1; attempt <= 2; attempt++) {
      await page.locator('input[name="password"]').fill('wrong-password');
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      // Each wrong attempt costs the server a full scrypt (≈ 1 s on this machine): wait for it.
      await expect
        .poll(() => page.getByText('Kullanıcı adı veya şifre hatalı. Lütfen tekrar deneyin.').count(), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('input[name="password"]').inputValue(), { timeout: 15_000 })
        .toBe('');
      await expect
        .poll(() => page.getByRole('button', { name: 'Giriş Yap', exact: true }).isEnabled(), {
          timeout: 15_000,
        })
        .toBe(true);
    }
    // 5 allowed: after 2 failures 3 remain, and the warning appears at 3 or fewer.
    await expect.poll(() => page.getByText('Kalan deneme hakkı: 3').count(), { timeout: 15_000 }).toBe(1);
    // The right password still works before the limit, and resets the counter.
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  it('locks after the limit, and the lockout survives a reload', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=client1`);
    await page.locator('input[name="username"]').fill('warehouse');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.locator('input[name="password"]').fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await page.waitForFunction(
        () => !document.querySelector('button[type="submit"]')?.textContent?.includes('Giriş Yapılıyor'),
      );
    }
    const lockedButton = page.getByRole('button', { name: 'Hesap Kilitli' });
    await expect.poll(() => lockedButton.count()).toBe(1);
    expect(await lockedButton.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('Kalan süre: 15 dakika').count()).toBe(1);
    await expect.poll(() => page.getByRole('progressbar').count()).toBeGreaterThan(0);
    const stored = await page.evaluate(() => Number(localStorage.getItem('loginLockout')));
    expect(stored).toBeGreaterThan(Date.now() + 14 * 60_000);

    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Hesap Kilitli' }).count()).toBe(1);
    await expect.poll(() => page.getByText(/Kalan süre: 1[45] dakika/).count()).toBe(1);

    // The server keeps the lock too: even the right password is refused with 429.
    const response = await page.evaluate(async () => {
      const r = await fetch('/api/auth/login?tenant=client1', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'warehouse', password: 'demo1234' }),
      });
      return { status: r.status, body: await r.json() };
    });
    expect(response.status).toBe(429);
    expect(response.body.remainingTime).toBeGreaterThan(0);
    await context.close();
  });

  it('sends an unauthenticated visitor to /login and an unknown path there too', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseURL}/orders?tenant=demo`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${baseURL}/no-such-page`);
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('sends a signed-in user without the role to /dashboard', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'driver');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${baseURL}/admin`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${baseURL}/manager-dashboard`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });
});
