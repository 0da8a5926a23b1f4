import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { META } from '../../src/client/local/database';
import { markNotificationRead } from '../../src/client/local/notifications';
import { bumpChangeSeq } from '../../src/server/db/change-seq';
import { api, device, engine, login } from './support/sync-fixtures';
import { primedDevice, server, serverNotification, setUpSyncServer, unreadOf } from './support/sync-server';

/**
 * The sync engine's pull in Node (fake-indexeddb) against the real server: the first pull fills
 * Dexie page by page, an incremental pull picks up changes and removals, and a replaced server history
 * (sync epoch) empties the mirror and pulls everything again, keeping unsent changes.
 */
setUpSyncServer();

describe('pull', () => {
  it('first pull fills Dexie with what the role may see, page by page', async () => {
    const tenant = 'demo';
    const allOrders = await server.db
      .selectFrom('orders')
      .select(['id', 'status', 'salesperson_id', 'driver_id'])
      .where('tenant_id', '=', tenant)
      .where('deleted_at', 'is', null)
      .execute();
    const products = await server.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('deleted_at', 'is', null)
      .execute();
    const customers = await server.db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('deleted_at', 'is', null)
      .execute();
    const visible: Record<string, (o: (typeof allOrders)[number], userId: string) => boolean> = {
      sales: (o, id) => o.salesperson_id === id,
      warehouse: (o) => ['approved', 'prepared', 'in_transit', 'delivered'].includes(o.status),
      driver: (o, id) => o.driver_id === id,
      manager: () => true,
      admin: () => true,
    };
    for (const username of Object.keys(visible)) {
      const who = await login(server.apiBase, tenant, username);
      const db = device().open(who);
      const sync = engine(db, server.apiBase, () => who.token, { pullLimit: 7 }); // small pages: has_more paging
      await sync.start();
      await sync.whenIdle();
      await sync.stop();

      const expected = allOrders
        .filter((o) => visible[username]?.(o, who.user.id))
        .map((o) => o.id)
        .sort();
      const local = await db.orders.toArray();
      expect(expected.length, `${username} should see some orders`).toBeGreaterThan(0);
      expect(local.map((o) => o.id).sort(), username).toEqual(expected);
      expect(local.every((o) => Array.isArray(o.items) && o.pending_sync === 0)).toBe(true);

      const own = await server.db
        .selectFrom('notifications')
        .select('id')
        .where('tenant_id', '=', tenant)
        .where('user_id', '=', who.user.id)
        .where('deleted_at', 'is', null)
        .execute();
      expect(
        (await db.notifications.toCollection().primaryKeys()).sort(),
        `${username} notifications`,
      ).toEqual(own.map((n) => n.id).sort());
      expect(await db.products.count()).toBe(products.length);
      expect(await db.customers.count()).toBe(customers.length);
      expect(await db.getMeta<string>(META.cursor)).toMatch(/^[1-9]\d*$/);
      expect(sync.status.getState()).toMatchObject({ leader: false, syncing: false, lastError: null });
      expect(sync.status.getState().lastPullAt).not.toBeNull();
      db.close();
    }
  });

  it('an incremental pull picks up server-side changes, new rows and removals (visibility too)', async () => {
    const tenant = 'client1';
    const warehouse = await login(server.apiBase, tenant, 'warehouse');
    const { db } = await primedDevice(warehouse);
    const approved = await db.orders.where('status').equals('approved').toArray();
    expect(approved.length).toBeGreaterThanOrEqual(2);
    const [leaving, edited] = approved;
    if (!leaving || !edited) throw new Error('unreachable');
    const [keptNotification, deletedNotification] = await unreadOf(db, 2);
    if (!keptNotification || !deletedNotification) throw new Error('unreachable');
    const cursorBefore = BigInt((await db.getMeta<string>(META.cursor)) ?? '0');

    // Server-side changes, each in a writing transaction that bumps the tenant's change sequence.
    await server.db.transaction().execute(async (trx) => {
      const seq = await bumpChangeSeq(trx, tenant);
      await trx
        .updateTable('orders')
        .set({ notes: 'Kapıda ödeme', updated_at: new Date(), change_seq: seq })
        .where('tenant_id', '=', tenant)
        .where('id', '=', edited.id)
        .execute();
    });
    await server.db.transaction().execute(async (trx) => {
      // Back to pending approval: no longer visible to the warehouse → a removal for this user.
      const seq = await bumpChangeSeq(trx, tenant);
      await trx
        .updateTable('orders')
        .set({ status: 'pending_approval', updated_at: new Date(), change_seq: seq })
        .where('tenant_id', '=', tenant)
        .where('id', '=', leaving.id)
        .execute();
    });
    const newId = crypto.randomUUID();
    await server.db.transaction().execute(async (trx) => {
      const seq = await bumpChangeSeq(trx, tenant);
      await trx
        .insertInto('notifications')
        .values({
          tenant_id: tenant,
          id: newId,
          user_id: warehouse.user.id,
          type: 'system',
          title: 'Yeni duyuru',
          message: 'Depo sayımı cuma günü',
          related_order_id: null,
          change_seq: seq,
        })
        .execute();
    });
    // The user deletes and reads notifications on another device.
    expect(
      (await api(server.apiBase, warehouse, 'DELETE', `/notifications/${deletedNotification.id}`)).status,
    ).toBe(200);
    expect(
      (await api(server.apiBase, warehouse, 'PATCH', `/notifications/${keptNotification.id}/read`)).status,
    ).toBe(200);

    const sync = engine(db, server.apiBase, () => warehouse.token);
    await sync.start();
    await sync.whenIdle();
    await sync.stop();

    expect(await db.orders.get(leaving.id)).toBeUndefined();
    expect((await db.orders.get(edited.id))?.notes).toBe('Kapıda ödeme');
    expect(await db.notifications.get(newId)).toMatchObject({
      title: 'Yeni duyuru',
      is_read: false,
      unread: 1,
      type: 'system',
    });
    expect(await db.notifications.get(deletedNotification.id)).toBeUndefined();
    expect(await db.notifications.get(keptNotification.id)).toMatchObject({ is_read: true, unread: 0 });
    expect(BigInt((await db.getMeta<string>(META.cursor)) ?? '0')).toBeGreaterThan(cursorBefore);
    db.close();
  });
});

describe('server history replaced (sync epoch)', () => {
  it('empties the mirror and pulls everything again, keeping unsent changes', async () => {
    const who = await login(server.apiBase, 'default', 'sales');
    const { db } = await primedDevice(who);
    const [gone, readElsewhere, mine] = await unreadOf(db, 3);
    if (!gone || !readElsewhere || !mine) throw new Error('unreachable');
    const epochBefore = await db.getMeta<string>(META.epoch);
    expect(epochBefore).toBeTruthy();

    // The server's data is replaced behind the device's back (a restore): one notification no
    // longer exists, another is read — and no change number says so. Only the epoch changes.
    await server.db
      .deleteFrom('notifications')
      .where('tenant_id', '=', 'default')
      .where('id', '=', gone.id)
      .execute();
    await server.db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('tenant_id', '=', 'default')
      .where('id', '=', readElsewhere.id)
      .execute();
    await server.db
      .updateTable('tenants')
      .set({ sync_epoch: 'restored-epoch' })
      .where('id', '=', 'default')
      .execute();

    // Meanwhile the user made a change that is not sent yet.
    await markNotificationRead(db, mine.id);

    const online = engine(db, server.apiBase, () => who.token);
    await online.start();
    await online.pullNow();
    await online.whenIdle();
    expect(await db.getMeta<string>(META.epoch)).toBe('restored-epoch');
    expect(await db.notifications.get(gone.id)).toBeUndefined();
    expect(await db.notifications.get(readElsewhere.id)).toMatchObject({ is_read: true, unread: 0 });
    expect(await db.notifications.get(mine.id)).toMatchObject({ is_read: true });
    expect((await serverNotification('default', mine.id))?.is_read).toBe(true);
    // The rest of the mirror came back in full.
    expect(await db.notifications.count()).toBeGreaterThan(3);
    expect(await db.products.count()).toBeGreaterThan(0);
    await online.stop();
    db.close();
  });
});
