import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { META } from '../../src/client/local/database';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../src/client/local/notifications';
import { listEntries } from '../../src/client/local/outbox';
import { otherUsersWaiting } from '../../src/client/local/registry';
import { MESSAGES } from '../../src/shared/api/errors';
import { api, engine, login, networkFetch, offlineFetch, type Sent } from './support/sync-fixtures';
import {
  auditCount,
  primedDevice,
  server,
  serverNotification,
  setUpSyncServer,
  unreadOf,
} from './support/sync-server';

/**
 * The sync engine's outbox in Node (fake-indexeddb) against the real server: changes shown at once
 * and sent once, network flaps, 401 pauses, per-user entries, refusals restoring server truth, and
 * ordering per record.
 */
setUpSyncServer();

describe('outbox', () => {
  it('marks a notification read offline: shown at once, queued, survives a restart, sent once online', async () => {
    const who = await login(server.apiBase, 'demo', 'sales');
    const { dev, db } = await primedDevice(who);
    const [target] = await unreadOf(db, 1);
    if (!target) throw new Error('unreachable');

    // Offline: the change is local and queued; nothing reaches the server.
    const offline = engine(db, server.apiBase, () => who.token, { fetch: offlineFetch });
    await offline.start();
    await markNotificationRead(db, target.id);
    expect(await db.notifications.get(target.id)).toMatchObject({ is_read: true, unread: 0 });
    await offline.flushNow();
    await offline.whenIdle();
    const [queued] = await listEntries(db);
    expect(queued).toMatchObject({
      kind: 'notification.read',
      status: 'pending',
      record_key: `notification:${target.id}`,
      tenant: 'demo',
      user_id: who.user.id,
    });
    expect(queued?.attempts).toBeGreaterThanOrEqual(1);
    expect(queued?.last_error).toBeTruthy();
    // The counts follow the outbox through a Dexie liveQuery (asynchronously).
    await vi.waitFor(() =>
      expect(offline.status.getState()).toMatchObject({ online: false, pendingCount: 1, failedCount: 0 }),
    );
    expect((await serverNotification('demo', target.id))?.is_read).toBe(false);

    // The app is closed and opened again (new engine, new Dexie connection, same IndexedDB).
    await offline.stop();
    db.close();
    const reopened = dev.open(who);
    expect(await reopened.outbox.count()).toBe(1);
    expect((await reopened.notifications.get(target.id))?.is_read).toBe(true);
    const online = engine(reopened, server.apiBase, () => who.token);
    await online.start();
    await online.whenIdle();
    expect(await reopened.outbox.count()).toBe(0);
    expect(await reopened.base.count()).toBe(0);
    expect((await serverNotification('demo', target.id))?.is_read).toBe(true);
    expect(await auditCount('demo', target.id)).toBe(1);
    expect(await reopened.notifications.get(target.id)).toMatchObject({ is_read: true, unread: 0 });
    // The counts follow the outbox through a Dexie liveQuery (asynchronously).
    await vi.waitFor(() => expect(online.status.getState()).toMatchObject({ online: true, pendingCount: 0 }));
    await online.stop();
    reopened.close();
  });

  it('is applied exactly once when the network flaps (answer lost, retried with the same key)', async () => {
    const who = await login(server.apiBase, 'demo', 'manager');
    const { db } = await primedDevice(who);
    const [readTarget, deleteTarget] = await unreadOf(db, 2);
    if (!readTarget || !deleteTarget) throw new Error('unreachable');
    const log: Sent[] = [];
    // The first two tries of each action reach the server; the phone never hears back.
    const tries = new Map<string, number>();
    const lose = (call: Sent) => {
      if (call.method === 'GET') return false;
      tries.set(call.path, (tries.get(call.path) ?? 0) + 1);
      return (tries.get(call.path) ?? 0) <= 2;
    };
    const flaky = networkFetch({ log, lose });
    const sync = engine(db, server.apiBase, () => who.token, { fetch: flaky });
    await sync.start();
    await sync.whenIdle();

    await markNotificationRead(db, readTarget.id);
    await deleteNotification(db, deleteTarget.id);
    for (let i = 0; i < 10 && (await db.outbox.count()) > 0; i++) await sync.flushNow();
    await sync.whenIdle();
    expect(await db.outbox.count()).toBe(0);

    const readCalls = log.filter((c) => c.path === `/notifications/${readTarget.id}/read`);
    const deleteCalls = log.filter((c) => c.path === `/notifications/${deleteTarget.id}`);
    expect(readCalls.length).toBe(3);
    expect(deleteCalls.length).toBe(3);
    // One Idempotency-Key per action, reused on every retry.
    expect(new Set(readCalls.map((c) => c.key)).size).toBe(1);
    expect(new Set(deleteCalls.map((c) => c.key)).size).toBe(1);
    expect(readCalls[0]?.key).not.toBe(deleteCalls[0]?.key);

    expect((await serverNotification('demo', readTarget.id))?.is_read).toBe(true);
    expect((await serverNotification('demo', deleteTarget.id))?.deleted_at).not.toBeNull();
    expect(await auditCount('demo', readTarget.id)).toBe(1);
    expect(await auditCount('demo', deleteTarget.id)).toBe(1);
    expect(await db.notifications.get(readTarget.id)).toMatchObject({ is_read: true });
    expect(await db.notifications.get(deleteTarget.id)).toBeUndefined();
    await sync.stop();
    db.close();
  });

  it('pauses on 401 with nothing dropped, and resumes when the same user signs in again', async () => {
    const first = await login(server.apiBase, 'demo', 'warehouse');
    const { db } = await primedDevice(first);
    const [a, b] = await unreadOf(db, 2);
    if (!a || !b) throw new Error('unreachable');
    let token: string | null = first.token;
    const refused: string[] = [];
    const log: Sent[] = [];
    const sync = engine(db, server.apiBase, () => token, {
      fetch: networkFetch({ log }),
      onUnauthorized: (t) => refused.push(t),
    });
    await sync.start();
    await sync.whenIdle();

    // The session is revoked on the server (signed out elsewhere / expired).
    expect((await api(server.apiBase, first, 'POST', '/auth/logout')).status).toBe(200);
    await markNotificationRead(db, a.id);
    await markNotificationRead(db, b.id);
    await sync.flushNow();
    await sync.whenIdle();
    expect(sync.status.getState().paused).toBe('unauthorized');
    expect(sync.status.getState().lastError).toBe(MESSAGES.unauthorized);
    expect(refused).toEqual([first.token]);
    expect(await db.outbox.count()).toBe(2);
    expect((await listEntries(db)).every((e) => e.status === 'pending')).toBe(true);
    // Local data stays readable and still shows the user's changes.
    expect((await db.notifications.get(a.id))?.is_read).toBe(true);

    // While paused nothing is sent, however often we are asked.
    const before = log.length;
    await sync.flushNow();
    await sync.pullNow();
    await sync.whenIdle();
    expect(log.length).toBe(before);

    // The same user signs in again: the engine picks up the new token and sends everything.
    const again = await login(server.apiBase, 'demo', 'warehouse');
    token = again.token;
    await sync.resume();
    await sync.whenIdle();
    expect(sync.status.getState().paused).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    expect((await serverNotification('demo', a.id))?.is_read).toBe(true);
    expect((await serverNotification('demo', b.id))?.is_read).toBe(true);
    // Refused once (the batch of both) with the revoked token, then everything under the new one.
    expect(log.filter((c) => c.method === 'PATCH').map((c) => c.auth)).toEqual([
      `Bearer ${first.token}`,
      `Bearer ${first.token}`,
      `Bearer ${again.token}`,
      `Bearer ${again.token}`,
    ]);
    await sync.stop();
    db.close();
  });

  it("never sends a user's entries under another user's token; the registry says they wait", async () => {
    const owner = await login(server.apiBase, 'client1', 'sales');
    const other = await login(server.apiBase, 'client1', 'manager');
    const { db } = await primedDevice(owner);
    const [target] = await unreadOf(db, 1);
    if (!target) throw new Error('unreachable');
    const log: Sent[] = [];
    // Wired wrongly on purpose: the getter hands out the OTHER user's token.
    const sync = engine(db, server.apiBase, () => other.token, { fetch: networkFetch({ log }) });
    await sync.start();
    await markNotificationRead(db, target.id);
    await sync.flushNow();
    await sync.pullNow();
    await sync.whenIdle();
    expect(log).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
    expect((await serverNotification('client1', target.id))?.is_read).toBe(false);
    await vi.waitFor(async () => {
      const waiting = await otherUsersWaiting('client1', other.user.id);
      expect(waiting.find((r) => r.user_id === owner.user.id)).toMatchObject({
        pending: 1,
        tenant: 'client1',
      });
    });
    expect(await otherUsersWaiting('client1', owner.user.id)).toEqual([]);
    await sync.stop();
    db.close();
  });

  it('a 4xx marks the entry failed with the server text, restores server truth, and blocks only its own record', async () => {
    const who = await login(server.apiBase, 'demo', 'driver');
    const { db } = await primedDevice(who);
    const [gone, other] = await unreadOf(db, 2);
    if (!gone || !other) throw new Error('unreachable');
    // Deleted on another device; this device has not pulled since.
    expect((await api(server.apiBase, who, 'DELETE', `/notifications/${gone.id}`)).status).toBe(200);

    const log: Sent[] = [];
    const sync = engine(db, server.apiBase, () => who.token, { fetch: networkFetch({ log }) });
    await markNotificationRead(db, gone.id); // will be refused: 404
    await deleteNotification(db, gone.id); // same record, behind the refused one: must wait
    await markNotificationRead(db, other.id); // another record: must not wait
    await sync.start();
    await sync.whenIdle();

    const entries = await listEntries(db);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      kind: 'notification.read',
      status: 'failed',
      http_status: 404,
      code: 'NOT_FOUND',
      error: MESSAGES.notificationNotFound,
    });
    expect(entries[1]).toMatchObject({ kind: 'notification.delete', status: 'pending', attempts: 0 });
    // The delete went in the same batch, but the server held it behind the refused read: never
    // tried, nothing stored under its key.
    const neverTried = async (key: string | undefined) =>
      (await server.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('key', '=', key ?? '')
        .executeTakeFirst()) === undefined;
    expect(await neverTried(entries[1]?.id)).toBe(true);
    expect((await serverNotification('demo', other.id))?.is_read).toBe(true);
    // The counts follow the outbox through a Dexie liveQuery (asynchronously).
    await vi.waitFor(() => expect(sync.status.getState()).toMatchObject({ failedCount: 1, pendingCount: 1 }));
    // Server truth: the pull after the refusal removed the notification that no longer exists.
    expect(await db.notifications.get(gone.id)).toBeUndefined();

    // Asking again changes nothing: a refused entry is not resent by itself, and its record's
    // later entries keep waiting for the user's decision.
    await sync.flushNow();
    await sync.whenIdle();
    expect(log.filter((c) => c.path === `/notifications/${gone.id}/read`)).toHaveLength(1);
    expect(await neverTried(entries[1]?.id)).toBe(true);

    // The user discards the refused entry: the delete behind it goes, and succeeds.
    const { discardEntry } = await import('../../src/client/local/outbox');
    await discardEntry(db, entries[0]?.id ?? '');
    await sync.flushNow();
    await sync.whenIdle();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    await sync.stop();
    db.close();
  });

  it('one request per entry: entries of one record strictly in order while other records go ahead', async () => {
    const who = await login(server.apiBase, 'client1', 'warehouse');
    const { db } = await primedDevice(who);
    const [x, y] = await unreadOf(db, 2);
    if (!x || !y) throw new Error('unreachable');
    const log: Sent[] = [];
    let outage = true; // a gateway answers 503 for x's first request
    const gateway = (c: Sent) => {
      if (!outage || c.path !== `/notifications/${x.id}/read`) return false;
      outage = false;
      return true;
    };
    // A long backoff, so that only our explicit flushNow retries (no timer racing the assertions).
    // One request per entry (the per-record endpoints, what the engine falls back to when a server
    // refuses batches), so that the gateway can fail one entry's request alone.
    const sync = engine(db, server.apiBase, () => who.token, {
      fetch: networkFetch({ log, gateway }),
      backoffBaseMs: 60_000,
      push: 'single',
    });
    await markNotificationRead(db, x.id);
    await deleteNotification(db, x.id);
    await markNotificationRead(db, y.id);
    await sync.start();
    await sync.whenIdle();
    const mutations = () => log.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(mutations()).toEqual([`PATCH /notifications/${x.id}/read`, `PATCH /notifications/${y.id}/read`]);
    const [first] = await listEntries(db);
    expect(first).toMatchObject({
      kind: 'notification.read',
      status: 'pending',
      attempts: 1,
      last_error: 'Sunucu geçici olarak kullanılamıyor',
    });
    expect(first?.next_attempt_at).toBeGreaterThan(Date.now() + 10_000);

    await sync.flushNow();
    await sync.whenIdle();
    expect(mutations()).toEqual([
      `PATCH /notifications/${x.id}/read`,
      `PATCH /notifications/${y.id}/read`,
      `PATCH /notifications/${x.id}/read`,
      `DELETE /notifications/${x.id}`,
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect((await serverNotification('client1', x.id))?.deleted_at).not.toBeNull();
    expect(await auditCount('client1', x.id)).toBe(2); // read, then delete
    await sync.stop();
    db.close();
  });

  it('one request per entry: an order created and edited offline goes through whole (the edit names the version the create made)', async () => {
    const who = await login(server.apiBase, 'client1', 'sales');
    const { db } = await primedDevice(who);
    const { createOrder } = await import('../../src/client/local/orders');
    const { updateOrder } = await import('../../src/client/orders/local');
    const order = await createOrder(db, {
      customer_name: 'Tek Tek Müşteri',
      items: [{ product_name: 'Kalem', quantity: 1, unit_price: 5 }],
    });
    // Named on the offline copy (version 0); acknowledging the create moves it on to the server's.
    await updateOrder(db, order.id, { notes: 'çevrimdışı not' });
    const sync = engine(db, server.apiBase, () => who.token, { push: 'single' });
    await sync.start();
    await sync.whenIdle();
    expect(await listEntries(db)).toEqual([]);
    const onServer = await api(server.apiBase, who, 'GET', `/orders/${order.id}`);
    expect(onServer.body?.data).toMatchObject({ notes: 'çevrimdışı not' });
    await sync.stop();
    db.close();
  });

  it('keeps a pending change on top of a resync from cursor 0 until the server acknowledges it', async () => {
    const who = await login(server.apiBase, 'client1', 'admin');
    const { db } = await primedDevice(who);
    const [target] = await unreadOf(db, 1);
    if (!target) throw new Error('unreachable');
    // Reads work, writes are lost on the way (e.g. a captive portal that only lets GETs through).
    let writesFail = true;
    const sync = engine(db, server.apiBase, () => who.token, {
      fetch: networkFetch({ gateway: (c) => writesFail && c.method !== 'GET' }),
    });
    await sync.start();
    await sync.whenIdle();
    await markAllNotificationsRead(db);
    await sync.whenIdle();
    await db.setMeta(META.cursor, '0'); // a full resync: the server sends every notification as unread
    await sync.pullNow();
    expect((await serverNotification('client1', target.id))?.is_read).toBe(false);
    expect(await db.notifications.where('unread').equals(1).count()).toBe(0);
    expect((await db.notifications.get(target.id))?.is_read).toBe(true);

    writesFail = false;
    await sync.flushNow();
    await sync.whenIdle();
    expect(await db.outbox.count()).toBe(0);
    expect((await serverNotification('client1', target.id))?.is_read).toBe(true);
    expect(await db.notifications.where('unread').equals(1).count()).toBe(0);
    await sync.stop();
    db.close();
  });
});
