import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttp, getHttpConfig } from '../../src/client/api/http';
import { markNotificationRead } from '../../src/client/local/notifications';
import { listEntries } from '../../src/client/local/outbox';
import { startTestServer } from '../helpers/test-server';
import { api, device, engine, type Identity, login } from './support/sync-fixtures';

/**
 * A device whose user must first replace a one-time password (an admin reset it): the server
 * refuses the device's sends with 403 PASSWORD_CHANGE_REQUIRED. The HTTP layer hands that refusal
 * to the app (which shows the change-password screen), and the outbox keeps the entries waiting —
 * never marked failed, never dropped — until the password is changed; then they go through.
 * Real server in-process, real HTTP, fake-indexeddb.
 */
type TestServer = Awaited<ReturnType<typeof startTestServer>>;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => server?.close());

async function serverNotificationRead(id: string): Promise<boolean | undefined> {
  const row = await server.db
    .selectFrom('notifications')
    .select('is_read')
    .where('tenant_id', '=', 'demo')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.is_read;
}

describe('a device signed in with a one-time password', () => {
  it('keeps its queued changes waiting (403 PASSWORD_CHANGE_REQUIRED) and sends them after the change', async () => {
    const admin = await login(server.apiBase, 'demo', 'admin');
    const own = await login(server.apiBase, 'demo', 'sales');
    // The device pulls with the user's own password first.
    const db = device().open(own);
    let token: string | null = own.token;
    const sync = engine(db, server.apiBase, () => token);
    await sync.start();
    await sync.whenIdle();
    await sync.stop();
    const unread = await db.notifications.where('unread').equals(1).first();
    if (!unread) throw new Error('the seed gives sales unread notifications');

    // The admin resets the password; the user signs in with the one-time password.
    const reset = await api(server.apiBase, admin, 'POST', `/admin/users/${own.user.id}/reset-password`, {
      password: 'Gecici-Sifre-1',
    });
    expect(reset.status).toBe(200);
    const oneTime: Identity = await login(server.apiBase, 'demo', 'sales', 'Gecici-Sifre-1');
    expect(oneTime.user.must_change_password).toBe(true);
    token = oneTime.token;

    const told: Array<string | null> = [];
    const before = getHttpConfig().onPasswordChangeRequired;
    configureHttp({ onPasswordChangeRequired: (_error, used) => told.push(used) });
    try {
      await markNotificationRead(db, unread.id);
      const blocked = engine(db, server.apiBase, () => token);
      await blocked.start();
      await blocked.flushNow();
      await blocked.whenIdle();
      await blocked.stop();
      const [waiting] = await listEntries(db);
      expect(waiting).toMatchObject({ kind: 'notification.read', status: 'pending' });
      expect(waiting?.last_error).toBe('Devam etmek için şifrenizi değiştirmelisiniz.');
      expect(await serverNotificationRead(unread.id)).toBe(false);
      expect(told.length).toBeGreaterThan(0);
      expect(new Set(told)).toEqual(new Set([oneTime.token]));
    } finally {
      configureHttp({ onPasswordChangeRequired: before });
    }

    // The user sets their own password with the same session: the entry goes through.
    const changed = await api(server.apiBase, oneTime, 'PUT', '/auth/profile', {
      current_password: 'Gecici-Sifre-1',
      new_password: 'Kendi-Sifrem-2',
    });
    expect(changed.status).toBe(200);
    const after = engine(db, server.apiBase, () => token);
    await after.start();
    await after.flushNow();
    await after.whenIdle();
    await after.stop();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverNotificationRead(unread.id)).toBe(true);
    db.close();
  });
});
