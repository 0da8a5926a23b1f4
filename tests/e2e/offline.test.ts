import { describe, expect, inject, it } from 'vitest';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';

const baseURL = inject('baseURL');
const browser = browserPerFile();

interface NotificationRow {
  id: string;
  is_read: boolean;
}
interface NotificationList {
  data: { notifications: NotificationRow[]; unread_count: number };
}
interface AuditList {
  data: { logs: Array<{ entity_id: string | null; action: string }> };
}

async function unreadIds(token: string): Promise<Set<string>> {
  const { body } = await api<NotificationList>(baseURL, 'demo', '/notifications?limit=100', { token });
  return new Set(body.data.notifications.filter((n) => !n.is_read).map((n) => n.id));
}

/** The paths the service worker precaches: its build-time list, read from the served worker. */
async function precacheList(): Promise<string[]> {
  const worker = await (await fetch(`${baseURL}/sw.js`)).text();
  return [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => `/${m[1]}`);
}

async function badgeCount(page: import('playwright-core').Page): Promise<number> {
  const text = await page.getByTestId('notification-badge').locator('.MuiBadge-badge').innerText();
  return text.trim() === '' ? 0 : Number.parseInt(text, 10);
}

describe('offline (Chromium against npm start)', () => {
  it('keeps the shell, the session and the notifications offline; a read made offline reaches the server once', async () => {
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'manager');
    await page.waitForURL((url) => url.pathname === '/manager-dashboard');
    await waitForServiceWorker(page);
    // The first pull fills the local store: the bell shows the unread notifications.
    await expect.poll(() => badgeCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const { token } = await apiLogin(baseURL, 'demo', 'manager');
    const before = await unreadIds(token);
    const unreadBefore = await badgeCount(page);
    expect(unreadBefore).toBe(Math.min(before.size, 100));

    // Network gone: reload. The shell comes from the service worker, the session from storage,
    // the notifications from IndexedDB. Nobody is signed out.
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('notification-bell').count(), { timeout: 30_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/manager-dashboard');
    await expect.poll(() => badgeCount(page)).toBe(unreadBefore);

    // Mark one read while offline: it is read at once locally and waits in the outbox.
    await page.getByTestId('notification-bell').click();
    await page.locator('[data-testid="notification-item"][data-unread="true"]').first().click();
    await expect.poll(() => badgeCount(page)).toBe(unreadBefore - 1);
    await page.keyboard.press('Escape');

    // Still true after another offline reload (Dexie + outbox persisted).
    await page.reload();
    await expect.poll(() => badgeCount(page), { timeout: 30_000 }).toBe(unreadBefore - 1);
    expect(await unreadIds(token)).toEqual(before); // the server has not seen it yet

    // Back online: the outbox drains, the server shows exactly that one notification read.
    await context.setOffline(false);
    await expect.poll(async () => (await unreadIds(token)).size, { timeout: 60_000 }).toBe(before.size - 1);
    const after = await unreadIds(token);
    const changed = [...before].filter((id) => !after.has(id));
    expect(changed).toHaveLength(1);

    // …and applied exactly once: one audit entry for that notification.
    const admin = await apiLogin(baseURL, 'demo', 'admin');
    const { status, body } = await api<AuditList>(baseURL, 'demo', `/admin/logs?entity_id=${changed[0]}`, {
      token: admin.token,
    });
    expect(status).toBe(200);
    expect(body.data.logs.filter((l) => l.action === 'notification.read')).toHaveLength(1);
    expect(await badgeCount(page)).toBe(unreadBefore - 1);
    await context.close();
  });

  it('starts offline on cached data after one online visit, without signing out', async () => {
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForServiceWorker(page);
    // Every file of the worker's list is stored (the precache is filled several at a time; a file
    // left out would be missing offline only on the screen that needs it).
    const listed = await precacheList();
    expect(listed.length).toBeGreaterThan(100);
    const stored = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((name) => name.startsWith('workbox-precache'));
      if (!precache) return [];
      const cache = await caches.open(precache);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(new Set(stored)).toEqual(new Set(listed));
    await expect.poll(() => badgeCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const unread = await badgeCount(page);

    await context.setOffline(true);
    // A cold start at another address of the app, with no network at all.
    await page.goto(`${baseURL}/notifications`);
    await expect.poll(() => page.getByTestId('notification-bell').count(), { timeout: 30_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/notifications');
    await expect.poll(() => badgeCount(page)).toBe(unread);
    // The session survived: token and user are still stored.
    const session = await page.evaluate(() => ({
      token: !!localStorage.getItem('token'),
      user: !!localStorage.getItem('user'),
    }));
    expect(session).toEqual({ token: true, user: true });
    await context.setOffline(false);
    await context.close();
  });

  it('lists a change the server refused in the sync panel with its reason, and lets the user discard it', async () => {
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'warehouse');
    await page.waitForURL((url) => url.pathname === '/warehouse-dashboard');
    await waitForServiceWorker(page);
    await expect.poll(() => badgeCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const { token } = await apiLogin(baseURL, 'demo', 'warehouse');
    const unread = [...(await unreadIds(token))];

    // Offline, the user marks a notification read; meanwhile (another device of theirs) every
    // unread notification is deleted on the server, so the queued read will be refused with 404.
    await context.setOffline(true);
    await page.getByTestId('notification-bell').click();
    await page.locator('[data-testid="notification-item"][data-unread="true"]').first().click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('connection-indicator').getAttribute('data-pending')).toBe('1');
    for (const id of unread) {
      const r = await api(baseURL, 'demo', `/notifications/${id}`, { method: 'DELETE', token });
      expect(r.status).toBe(200);
    }

    await context.setOffline(false);
    await page.getByTestId('connection-indicator').click();
    const failed = page.getByTestId('sync-failed-entry');
    await expect.poll(() => failed.count(), { timeout: 60_000 }).toBe(1);
    expect(await failed.innerText()).toContain('Bildirim bulunamadı.');
    // Nothing else is stuck behind it, and the refused read did not resurrect the notification.
    expect(await page.getByTestId('sync-pending-entry').count()).toBe(0);

    await failed.getByRole('button', { name: 'Vazgeç' }).click();
    await expect.poll(() => page.getByTestId('sync-failed-entry').count()).toBe(0);
    await context.close();
  });
});
