import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recentNotifications, unreadNotificationCount } from '../../src/client/local/queries';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../src/client/local/shared-mutations';
import { closeLocalStore, getLocalStore, openLocalStore, pullNow } from '../../src/client/local/store';
import { bumpChangeSeq } from '../../src/server/db/change-seq';
import { insertNotifications } from '../../src/server/notifications/notifications.repository';
import { startTestServer } from '../helpers/test-server';
import { login } from './support/sync-fixtures';

/**
 * The UI's entry point: open the signed-in user's store, read with the exported queries, change
 * through the bound mutations; a change is sent by itself (no explicit flush), and another user on
 * the same device gets a separate store.
 */
type TestServer = Awaited<ReturnType<typeof startTestServer>>;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 180_000);

afterAll(async () => {
  await closeLocalStore();
  await server?.close();
});

describe('openLocalStore', () => {
  it('opens one store per user, syncs on open, sends a change by itself', async () => {
    const sales = await login(server.apiBase, 'demo', 'sales');
    const open = () =>
      openLocalStore({
        tenant: 'demo',
        user: sales.user,
        getToken: () => sales.token,
        baseUrl: server.apiBase,
      });
    // Opened twice at once (React StrictMode runs effects twice): one store, one engine.
    const [store, same] = await Promise.all([open(), open()]);
    expect(same).toBe(store);
    expect(getLocalStore()).toBe(store);
    expect(store.db.name).toBe(`sys-demo-${sales.user.id}`);
    await store.engine.whenIdle();
    expect(store.status.getState()).toMatchObject({ leader: true, paused: null });

    const list = await recentNotifications(store.db, 3);
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((n) => n.created_at)).toEqual([...list.map((n) => n.created_at)].sort().reverse());
    const unreadBefore = await unreadNotificationCount(store.db);
    const target = (await store.db.notifications.where('unread').equals(1).first())?.id;
    if (!target) throw new Error('the seed should give sales an unread notification');

    await markNotificationRead(target);
    expect(await unreadNotificationCount(store.db)).toBe(unreadBefore - 1);
    // Nobody calls flushNow: the engine notices the new entry and sends it.
    await vi.waitFor(
      async () => {
        const row = await server.db
          .selectFrom('notifications')
          .select('is_read')
          .where('tenant_id', '=', 'demo')
          .where('id', '=', target)
          .executeTakeFirstOrThrow();
        expect(row.is_read).toBe(true);
        expect(await store.db.outbox.count()).toBe(0);
      },
      { timeout: 10_000 },
    );

    // Another user signs in on this device: a separate database, none of the first user's rows.
    const driver = await login(server.apiBase, 'demo', 'driver');
    const other = await openLocalStore({
      tenant: 'demo',
      user: driver.user,
      getToken: () => driver.token,
      baseUrl: server.apiBase,
    });
    expect(other.db).not.toBe(store.db);
    expect(store.db.isOpen()).toBe(false);
    await other.engine.whenIdle();
    expect(await other.db.notifications.get(target)).toBeUndefined();
    const salesOrders = await server.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('salesperson_id', '=', sales.user.id)
      .where((eb) => eb.or([eb('driver_id', 'is', null), eb('driver_id', '!=', driver.user.id)]))
      .execute();
    expect(salesOrders.length).toBeGreaterThan(0);
    expect(await other.db.orders.bulkGet(salesOrders.map((o) => o.id))).toEqual(
      salesOrders.map(() => undefined),
    );
    await closeLocalStore();
    expect(getLocalStore()).toBeNull();
    await expect(markNotificationRead(target)).rejects.toThrow();
  });
});

describe('the unread count of notifications', () => {
  it('read −1 (never below 0, a second read changes nothing), delete an unread −1, a read one 0, all read → 0, a new one +1', async () => {
    const admin = await login(server.apiBase, 'demo', 'admin');
    const store = await openLocalStore({
      tenant: 'demo',
      user: admin.user,
      getToken: () => admin.token,
      baseUrl: server.apiBase,
    });
    await store.engine.whenIdle();
    const count = () => unreadNotificationCount(store.db);
    const unread = (await store.db.notifications.where('unread').equals(1).primaryKeys()) as string[];
    const read = (await store.db.notifications.where('unread').equals(0).primaryKeys()) as string[];
    if (unread.length < 3 || read.length < 1)
      throw new Error('the seed should give admin read and unread notifications');
    const start = await count();
    expect(start).toBe(unread.length);

    await markNotificationRead(unread[0] as string);
    expect(await count()).toBe(start - 1);
    await markNotificationRead(unread[0] as string);
    expect(await count()).toBe(start - 1);

    await deleteNotification(read[0] as string);
    expect(await count()).toBe(start - 1);
    await deleteNotification(unread[1] as string);
    expect(await count()).toBe(start - 2);

    await markAllNotificationsRead();
    expect(await count()).toBe(0);
    await markAllNotificationsRead();
    expect(await count()).toBe(0);
    await store.engine.whenIdle();

    // A notification that reaches the device later raises the count by one.
    await server.db.transaction().execute(async (trx) => {
      const seq = await bumpChangeSeq(trx, 'demo');
      await insertNotifications(trx, 'demo', [
        {
          id: randomUUID(),
          user_id: admin.user.id,
          type: 'system',
          title: 'Yeni',
          message: 'Yeni bildirim',
          is_read: false,
          related_order_id: null,
          created_at: new Date(),
          change_seq: seq,
        },
      ]);
    });
    await pullNow();
    await store.engine.whenIdle();
    expect(await count()).toBe(1);
    await closeLocalStore();
  });
});
