import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';

const baseURL = inject('baseURL');
const browser = browserPerFile();

interface NotificationRow {
  id: string;
  title: string;
  message: string;
  type: string;
  is_read: boolean;
}
interface NotificationList {
  data: { notifications: NotificationRow[]; unread_count: number };
}

async function serverNotifications(tenant: string, token: string) {
  const { body } = await api<NotificationList>(baseURL, tenant, '/notifications?limit=100', { token });
  return body.data;
}

async function signedIn(tenant: string, username: string, landing: string): Promise<Page> {
  const context = await newContext(browser());
  const page = await context.newPage();
  await signIn(page, baseURL, tenant, username);
  await page.waitForURL((url) => url.pathname === landing);
  return page;
}

describe('screens (Chromium against npm start)', () => {
  it('/notifications lists my notifications from the local store; search, type filter, delete and mark-all-read work', async () => {
    const page = await signedIn('default', 'manager', '/manager-dashboard');
    const { token } = await apiLogin(baseURL, 'default', 'manager');
    const before = await serverNotifications('default', token);
    await page.goto(`${baseURL}/notifications`);
    const rows = page.getByTestId('notification-row');
    // The list is paged, 20 a page (the rows of page 1 are what is on screen).
    const onPage = (n: number) => Math.min(n, 20);
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(onPage(before.notifications.length));

    // Search narrows the list to matching titles.
    const target = before.notifications.find((n) => n.type === 'system')!;
    const word = target.title.split(' ')[0]!;
    await page.getByTestId('notification-search').fill(word);
    const needle = word.toLocaleLowerCase('tr');
    const expected = before.notifications.filter((n) =>
      `${n.title} ${n.message}`.toLocaleLowerCase('tr').includes(needle),
    );
    expect(expected.length).toBeLessThan(before.notifications.length);
    await expect.poll(() => rows.count()).toBe(onPage(expected.length));
    for (const text of await rows.allInnerTexts()) expect(text.toLocaleLowerCase('tr')).toContain(needle);
    await page.getByTestId('notification-search').fill('');

    // Type filter: only system notifications.
    await page.getByTestId('notification-type-filter').click();
    await page.getByRole('option', { name: 'Sistem', exact: true }).click();
    const systemCount = before.notifications.filter((n) => n.type === 'system').length;
    await expect.poll(() => rows.count()).toBe(onPage(systemCount));
    await page.getByTestId('notification-type-filter').click();
    await page.getByRole('option', { name: 'Tümü', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(onPage(before.notifications.length));
    const firstId = () => rows.first().getAttribute('data-notification-id');
    const deleted = await firstId();

    // Delete one: gone here at once, gone on the server after the outbox drains.
    await rows.first().getByRole('button', { name: 'Sil' }).click();
    await expect.poll(() => page.getByText('Bildirim silindi', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(firstId).not.toBe(deleted);
    await expect.poll(() => rows.count()).toBe(onPage(before.notifications.length - 1));
    await expect
      .poll(async () => (await serverNotifications('default', token)).notifications.length, {
        timeout: 30_000,
      })
      .toBe(before.notifications.length - 1);

    // Mark all read: the badge empties, and the server agrees.
    await page.getByRole('button', { name: 'Tümünü okundu işaretle' }).click();
    await expect
      .poll(() => page.getByText('Tüm bildirimler okundu olarak işaretlendi', { exact: true }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await serverNotifications('default', token)).unread_count, { timeout: 30_000 })
      .toBe(0);
    expect(
      await page.locator('[data-testid="notification-row"] [aria-label="Okundu olarak işaretle"]').count(),
    ).toBe(0);
    await page.context().close();
  });

  it('/profile updates the name on the server and in the top bar', async () => {
    const page = await signedIn('default', 'sales2', '/dashboard');
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const name = page.locator('input[name="full_name"]');
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill('Deniz Yılmaz-Öztürk');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect.poll(() => page.getByText('Profil başarıyla güncellendi').count()).toBeGreaterThan(0);
    const { token } = await apiLogin(baseURL, 'default', 'sales2');
    const { body } = await api<{ data: { full_name: string } }>(baseURL, 'default', '/auth/profile', {
      token,
    });
    expect(body.data.full_name).toBe('Deniz Yılmaz-Öztürk');
    await page.reload();
    // The account button is named by the user's full name (hidden text; the avatar shows initials).
    await expect
      .poll(() => page.getByRole('button', { name: 'Deniz Yılmaz-Öztürk', exact: true }).count())
      .toBe(1);
    await page.context().close();
  });

  it('Çıkış Yap signs out: back to /login, storage cleared, and the old token is refused by the server', async () => {
    const page = await signedIn('default', 'driver2', '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.getByText('Başarıyla çıkış yapıldı').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    const { status } = await api(baseURL, 'default', '/auth/profile', { token: token! });
    expect(status).toBe(401);
    // A guarded page now sends the visitor to /login.
    await page.goto(`${baseURL}/notifications`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });

  it('keeps the chosen theme across a reload (stored under `theme`)', async () => {
    const page = await signedIn('default', 'admin', '/dashboard');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Temayı değiştir' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await page.reload();
    await expect.poll(background).toBe(dark);
    await page.context().close();
  });
});
