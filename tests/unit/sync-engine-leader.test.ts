import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { markNotificationRead } from '../../src/client/local/notifications';
import { device, engine, login, networkFetch, type Sent, TestLocks } from './support/sync-fixtures';
import { server, serverNotification, setUpSyncServer, unreadOf } from './support/sync-server';

/**
 * One syncer per device: the sync engine elects one leader with Web Locks; a follower sends nothing
 * and takes over when the leader stops.
 */
setUpSyncServer();

describe('one syncer per device', () => {
  it('elects one leader with Web Locks; a follower sends nothing and takes over when the leader stops', async () => {
    const who = await login(server.apiBase, 'client1', 'driver');
    const dev = device();
    const locks = new TestLocks();
    const tabA = dev.open(who);
    const tabB = dev.open(who);
    const logA: Sent[] = [];
    const logB: Sent[] = [];
    const a = engine(tabA, server.apiBase, () => who.token, { locks, fetch: networkFetch({ log: logA }) });
    const b = engine(tabB, server.apiBase, () => who.token, { locks, fetch: networkFetch({ log: logB }) });
    await a.start();
    await b.start();
    await vi.waitFor(() => expect(a.status.getState().leader).toBe(true));
    await a.whenIdle();
    expect(b.status.getState().leader).toBe(false);
    await b.pullNow();
    await b.flushNow();
    expect(logB).toEqual([]);
    // The follower sees the leader's pull through the shared IndexedDB.
    expect(await tabB.notifications.count()).toBeGreaterThan(0);

    await a.stop();
    await vi.waitFor(() => expect(b.status.getState().leader).toBe(true));
    const [target] = await unreadOf(tabB, 1);
    if (!target) throw new Error('unreachable');
    await markNotificationRead(tabB, target.id);
    await b.flushNow();
    await b.whenIdle();
    expect(logB.some((c) => c.path === `/notifications/${target.id}/read`)).toBe(true);
    expect((await serverNotification('client1', target.id))?.is_read).toBe(true);
    await b.stop();
    tabA.close();
    tabB.close();
  });
});
