import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';

/**
 * Changes are never stranded on a device without the user knowing: signing out with
 * unsent changes asks first, the login screen says what is waiting and for whom, signing in again
 * sends it exactly once, and a browser that refuses persistent storage is reported.
 *
 * Tenant `default` with users no other browser file changes (sales, warehouse, driver).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'default';

interface NotificationList {
  data: { notifications: Array<{ id: string; is_read: boolean }> };
}
interface AuditList {
  data: { logs: Array<{ entity_id: string | null; action: string }> };
}

async function unreadIds(token: string): Promise<Set<string>> {
  const { body } = await api<NotificationList>(baseURL, TENANT, '/notifications?limit=100', { token });
  return new Set(body.data.notifications.filter((n) => !n.is_read).map((n) => n.id));
}

/** How many times the server applied "read" to this notification (its audit trail). */
async function readAudits(notificationId: string): Promise<number> {
  const admin = await apiLogin(baseURL, TENANT, 'admin');
  const { status, body } = await api<AuditList>(baseURL, TENANT, `/admin/logs?entity_id=${notificationId}`, {
    token: admin.token,
  });
  expect(status).toBe(200);
  return body.data.logs.filter((l) => l.action === 'notification.read').length;
}

/** `worker`: a device that will go offline (its service worker in control first). */
async function device(
  username: string,
  landing: string,
  worker = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), undefined, { worker });
  const page = await context.newPage();
  await signIn(page, baseURL, TENANT, username);
  await page.waitForURL((url) => url.pathname === landing);
  if (worker) await waitForServiceWorker(page);
  return { context, page };
}

/** Mark the first unread notification read from the bell (a change that goes through the outbox). */
async function markOneRead(page: Page) {
  await expect
    .poll(() => page.locator('[data-testid="notification-badge"] .MuiBadge-badge').innerText(), {
      timeout: 30_000,
    })
    .not.toBe('');
  const unread = page.locator('[data-testid="notification-item"][data-unread="true"]').first();
  // Open the bell until its menu shows an unread item (under load the first click can land while
  // the shell is still settling, and the menu closes again).
  await expect
    .poll(
      async () => {
        if (!(await unread.isVisible())) {
          await page.keyboard.press('Escape');
          await page.getByTestId('notification-bell').click();
          await unread.waitFor({ timeout: 5_000 }).catch(() => undefined);
        }
        return unread.isVisible();
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  await unread.click();
  await page.keyboard.press('Escape');
}

const pendingOnIndicator = (page: Page) =>
  page.getByTestId('connection-indicator').getAttribute('data-pending');

async function clickSignOut(page: Page) {
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click();
}

describe('unsent changes and sign-out (Chromium against npm start)', () => {
  it('offline: sign-out shows the unsent count; Vazgeç keeps the session; Yine de çıkış yap leaves it waiting, and signing in again sends it once', async () => {
    const { context, page } = await device('sales', '/dashboard', true);
    const { token } = await apiLogin(baseURL, TENANT, 'sales');
    const before = await unreadIds(token);
    expect(before.size).toBeGreaterThan(0);

    await context.setOffline(true);
    await markOneRead(page);
    await expect.poll(() => pendingOnIndicator(page)).toBe('1');

    // The dialog says how many changes have not been sent.
    await clickSignOut(page);
    const dialog = page.getByTestId('sign-out-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('1 değişiklik henüz sunucuya gönderilmedi.');
    expect(await dialog.innerText()).toContain('tekrar giriş yaptığınızda gönderilir');

    // 'Vazgeç': nothing happens, the session stays.
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await expect.poll(() => page.getByTestId('sign-out-dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.evaluate(() => !!localStorage.getItem('token'))).toBe(true);

    // 'Önce senkronize et' while offline: it cannot, and says so with the remaining count.
    await clickSignOut(page);
    await dialog.getByRole('button', { name: 'Önce senkronize et' }).click();
    await expect.poll(() => dialog.getByTestId('sign-out-sync-problem').count(), { timeout: 30_000 }).toBe(1);
    expect(await dialog.getByTestId('sign-out-sync-problem').innerText()).toContain(
      'Sunucuya ulaşılamadı: 1 değişiklik hâlâ gönderilmedi.',
    );
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // 'Yine de çıkış yap': signed out; the login screen says the change waits for this user.
    await dialog.getByRole('button', { name: 'Yine de çıkış yap' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const notice = page.getByTestId('waiting-changes-notice');
    await expect.poll(() => notice.count(), { timeout: 30_000 }).toBe(1);
    expect(await notice.innerText()).toBe(
      'Gönderilmemiş 1 değişikliğiniz var; tekrar giriş yaptığınızda gönderilecek.',
    );
    expect(await unreadIds(token)).toEqual(before); // still only on the device

    // Another tab (which does not know who signed out here) names the user whose changes wait.
    const other = await context.newPage();
    await other.goto(`${baseURL}/login?tenant=${TENANT}`);
    const named = other.getByTestId('waiting-changes-notice');
    await expect.poll(() => named.count(), { timeout: 30_000 }).toBe(1);
    expect(await named.innerText()).toBe(
      'Selin Arslan kullanıcısının gönderilmemiş 1 değişikliği bu cihazda bekliyor; Selin Arslan tekrar giriş yaptığında gönderilecek.',
    );
    await other.close();

    // Online, the same user signs in again: the change is sent, exactly once.
    await context.setOffline(false);
    await signIn(page, baseURL, TENANT, 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(async () => (await unreadIds(token)).size, { timeout: 60_000 }).toBe(before.size - 1);
    const after = await unreadIds(token);
    const changed = [...before].filter((id) => !after.has(id));
    expect(changed).toHaveLength(1);
    await expect.poll(() => pendingOnIndicator(page), { timeout: 30_000 }).toBe('0');
    expect(await readAudits(changed[0]!)).toBe(1);

    // Nothing waits any more: the next sign-out goes straight to /login, no dialog in between.
    await clickSignOut(page);
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.getByText('Başarıyla çıkış yapıldı').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('online: Önce senkronize et shows progress, sends the change, then signs out by itself', async () => {
    const { context, page } = await device('warehouse', '/warehouse-dashboard');
    const { token } = await apiLogin(baseURL, TENANT, 'warehouse');
    const before = await unreadIds(token);

    // Hold the send on the wire (a slow network): the change is pending while the app is online.
    // (The outbox sends it in a batch, POST /api/sync/push, or alone to its own endpoint.)
    const SEND = /\/api\/(notifications\/[^/]+\/read|sync\/push)/;
    const held: Route[] = [];
    await context.route(SEND, (route) => {
      held.push(route);
    });
    await markOneRead(page);
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => pendingOnIndicator(page)).toBe('1');

    await clickSignOut(page);
    const dialog = page.getByTestId('sign-out-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('1 değişiklik henüz sunucuya gönderilmedi.');
    await dialog.getByRole('button', { name: 'Önce senkronize et' }).click();
    await expect.poll(() => dialog.getByTestId('sign-out-syncing').count()).toBe(1);
    expect(await dialog.getByTestId('sign-out-syncing').innerText()).toBe(
      'Gönderiliyor… 1 değişiklik kaldı.',
    );

    // The network delivers: the outbox empties and the sign-out continues without another click.
    for (const route of held) await route.continue();
    await context.unroute(SEND);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 60_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const after = await unreadIds(token);
    const changed = [...before].filter((id) => !after.has(id));
    expect(changed).toHaveLength(1);
    expect(await readAudits(changed[0]!)).toBe(1);
    await context.close();
  });

  it('after a 401 the login screen says the changes wait, and the same user signing in sends them', async () => {
    const { context, page } = await device('driver', '/dashboard', true);
    const { token } = await apiLogin(baseURL, TENANT, 'driver');
    const before = await unreadIds(token);

    await context.setOffline(true);
    await markOneRead(page);
    await expect.poll(() => pendingOnIndicator(page)).toBe('1');
    // Meanwhile the server ends this session (revoked elsewhere): the next send gets a 401.
    const pageToken = await page.evaluate(() => localStorage.getItem('token'));
    const revoked = await api(baseURL, TENANT, '/auth/logout', { method: 'POST', token: pageToken! });
    expect(revoked.status).toBe(200);
    await context.setOffline(false);

    await page.waitForURL((url) => url.pathname === '/login', { timeout: 60_000 });
    await expect.poll(() => page.getByText('Oturumunuzun süresi doldu').count()).toBeGreaterThan(0);
    const notice = page.getByTestId('waiting-changes-notice');
    await expect.poll(() => notice.count(), { timeout: 30_000 }).toBe(1);
    expect(await notice.innerText()).toBe(
      'Gönderilmemiş 1 değişikliğiniz var; tekrar giriş yaptığınızda gönderilecek.',
    );
    expect(await unreadIds(token)).toEqual(before);

    await signIn(page, baseURL, TENANT, 'driver');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(async () => (await unreadIds(token)).size, { timeout: 60_000 }).toBe(before.size - 1);
    const after = await unreadIds(token);
    const changed = [...before].filter((id) => !after.has(id));
    expect(changed).toHaveLength(1);
    expect(await readAudits(changed[0]!)).toBe(1);
    await context.close();
  });

  it('warns in the app shell when the browser refuses persistent storage, once: dismissed, it stays gone; /settings still says it', async () => {
    const context = await newContext(browser());
    await context.addInitScript(() => {
      // Headless Chromium may grant or refuse by its own heuristics: make it refuse. The flag
      // tells the test that the app has asked (so an absent warning means "not shown").
      const w = window as unknown as { storageAsked?: boolean };
      Object.defineProperty(navigator.storage, 'persisted', {
        value: () => {
          w.storageAsked = true;
          return Promise.resolve(false);
        },
      });
      Object.defineProperty(navigator.storage, 'persist', { value: () => Promise.resolve(false) });
    });
    const page = await context.newPage();
    // No warning on the login screen: it is asked after sign-in.
    await page.goto(`${baseURL}/login?tenant=${TENANT}`);
    await page.locator('input[name="username"]').waitFor();
    expect(await page.getByTestId('storage-warning').count()).toBe(0);
    await signIn(page, baseURL, TENANT, 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const warning = page.getByTestId('storage-warning');
    await expect.poll(() => warning.count(), { timeout: 30_000 }).toBe(1);
    expect(await warning.innerText()).toContain(
      'Tarayıcı çevrimdışı verileri silebilir: kalıcı depolama izni verilmedi.',
    );
    // It does not block anything: the page is usable, and its link leads to /settings.
    await warning.getByRole('link', { name: 'Ayarlar' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');

    // Dismissed: gone, and it stays gone — on the next screen, after a reload, in a new tab.
    await warning.getByRole('button', { name: 'Kapat' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    /** The page has asked the browser and had time to render the answer, yet shows no warning. */
    const noWarning = async (p: typeof page) => {
      await p.waitForFunction(() => (window as unknown as { storageAsked?: boolean }).storageAsked === true);
      // Let the answer reach React and render (two frames) before looking.
      await p.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      await p.getByTestId('page-title').waitFor();
      expect(await p.getByTestId('storage-warning').count()).toBe(0);
    };
    await page.getByRole('link', { name: 'Müşteriler' }).first().click();
    await page.waitForURL((url) => url.pathname === '/customers');
    await noWarning(page);
    await page.reload();
    await noWarning(page);
    const second = await context.newPage();
    await second.goto(`${baseURL}/dashboard`);
    await noWarning(second);

    // What it said stays available on /settings.
    await second.goto(`${baseURL}/settings`);
    await expect
      .poll(() => second.getByTestId('settings-persisted').innerText(), { timeout: 30_000 })
      .toContain('İzin verilmedi: tarayıcı yer darlığında bu cihazdaki verileri');
    await context.close();
  });
});
