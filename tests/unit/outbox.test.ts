import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDb, recordKey } from '../../src/client/local/database';
import { MUTATIONS } from '../../src/client/local/mutations';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../src/client/local/notifications';
import {
  acknowledge,
  discardEntry,
  enqueue,
  enqueueAll,
  listEntries,
  putServerRows,
  recompute,
  reject,
  resetMirror,
  retryEntry,
} from '../../src/client/local/outbox';
import { keysOverlap } from '../../src/client/local/sync/plan';
import type { Notification, Order } from '../../src/shared/api';

/**
 * The outbox and the local store, without a network: every user action is applied locally and
 * queued atomically; the shown row is always "server version + my pending changes", whatever
 * the server sends meanwhile, and goes back to the server's version when a change is refused.
 */

const NOW = '2025-01-10T10:00:00.000Z';

function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'order_created',
    title: `Bildirim ${id}`,
    message: 'Yeni sipariş oluşturuldu',
    is_read: false,
    created_at: NOW,
    related_order: null,
    ...overrides,
  };
}

function order(id: string, overrides: Partial<Order> = {}): Order {
  return {
    id,
    order_number: 'ORD-000001',
    customer_id: null,
    customer_name: 'Ayşe Yılmaz',
    customer_phone: null,
    customer_email: null,
    customer_address: null,
    status: 'pending_approval',
    total_amount: 100,
    total_amount_kurus: 10000,
    salesperson_id: 'u1',
    salesperson_name: 'Satış',
    manager_id: null,
    manager_name: null,
    warehouse_id: null,
    warehouse_name: null,
    driver_id: null,
    driver_name: null,
    vehicle_plate: null,
    notes: null,
    items: [],
    events: [],
    created_at: NOW,
    updated_at: NOW,
    version: 1,
    ...overrides,
  };
}

const approve = (id = 'o1') =>
  enqueue(db, {
    kind: 'order.status',
    summary: 'Sipariş onaylandı',
    params: { id },
    body: { status: 'approved', expected_status: 'pending_approval' },
    records: [recordKey('orders', id)],
  });

/** An edit of o1's notes, naming the version its user saw. */
const edit = (notes: string, version: number) =>
  enqueue(db, {
    kind: 'order.update',
    summary: 'Sipariş güncellendi',
    params: { id: 'o1' },
    body: { notes, expected_version: version },
    records: [recordKey('orders', 'o1')],
  });

const createBody = (id: string) => ({
  id,
  customer_name: 'Ayşe Yılmaz',
  items: [{ product_name: 'Kalem', quantity: 2, unit_price: 12.5 }],
});

let db: LocalDb;

beforeEach(async () => {
  db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  await db.transaction('rw', [db.notifications, db.orders, db.outbox, db.base], async () => {
    await putServerRows(
      db,
      'notifications',
      [notification('n1'), notification('n2'), notification('n3', { is_read: true })],
      [],
    );
    await putServerRows(db, 'orders', [order('o1')], []);
  });
});

afterEach(() => db.close());

describe('enqueue', () => {
  it('applies a notification read locally and queues it, with owner and key', async () => {
    const entry = await markNotificationRead(db, 'n1');
    expect(entry).not.toBeNull();
    const row = await db.notifications.get('n1');
    expect(row?.is_read).toBe(true);
    expect(row?.unread).toBe(0);
    const entries = await listEntries(db);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: entry?.id,
      tenant: 'demo',
      user_id: 'u1',
      kind: 'notification.read',
      method: 'PATCH',
      path: '/notifications/n1/read',
      record_key: 'notification:n1',
      status: 'pending',
      attempts: 0,
    });
    expect(entries[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    // The server's version is kept to restore from.
    expect((await db.base.get('notification:n1'))?.row).toMatchObject({ id: 'n1', is_read: false });
    expect(await db.notifications.where('unread').equals(1).count()).toBe(1);
  });

  it('does not queue a read of an already read or unknown notification', async () => {
    expect(await markNotificationRead(db, 'n3')).toBeNull();
    expect(await markNotificationRead(db, 'nope')).toBeNull();
    await markNotificationRead(db, 'n1');
    expect(await markNotificationRead(db, 'n1')).toBeNull();
    expect(await db.outbox.count()).toBe(1);
  });

  it('mark all read covers the unread ones and orders with every notification action', async () => {
    const entry = await markAllNotificationsRead(db);
    expect(entry?.record_key).toBe('notification:*');
    expect(entry?.records.sort()).toEqual(['notification:n1', 'notification:n2']);
    expect(await db.notifications.where('unread').equals(1).count()).toBe(0);
    expect(await markAllNotificationsRead(db)).toBeNull();
    expect(keysOverlap('notification:*', 'notification:n1')).toBe(true);
    expect(keysOverlap('notification:n2', 'notification:*')).toBe(true);
    expect(keysOverlap('notification:*', 'order:o1')).toBe(false);
    expect(keysOverlap('notification:n1', 'notification:n2')).toBe(false);
  });

  it('is all or nothing: an effect that fails leaves neither the change nor the entry', async () => {
    const spy = vi.spyOn(MUTATIONS['order.status'], 'apply').mockImplementation(() => {
      throw new Error('effect failed');
    });
    await expect(approve()).rejects.toThrow('effect failed');
    spy.mockRestore();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    expect((await db.orders.get('o1'))?.status).toBe('pending_approval');
  });

  it('deletes a notification locally at once', async () => {
    await deleteNotification(db, 'n2');
    expect(await db.notifications.get('n2')).toBeUndefined();
    expect((await listEntries(db))[0]).toMatchObject({ method: 'DELETE', path: '/notifications/n2' });
  });
});

describe('server versions arriving while a change is pending', () => {
  it('re-applies the pending change on top of a pulled version (not clobbered, other fields taken)', async () => {
    await markNotificationRead(db, 'n1');
    await db.transaction('rw', [db.notifications, db.outbox, db.base], () =>
      putServerRows(
        db,
        'notifications',
        [notification('n1', { title: 'Yeni başlık' }), notification('n2', { title: 'Başka' })],
        [],
      ),
    );
    const n1 = await db.notifications.get('n1');
    expect(n1).toMatchObject({ is_read: true, unread: 0, title: 'Yeni başlık' });
    expect((await db.base.get('notification:n1'))?.row).toMatchObject({
      is_read: false,
      title: 'Yeni başlık',
    });
    // A record without local changes is written as the server sent it.
    expect(await db.notifications.get('n2')).toMatchObject({ title: 'Başka', unread: 1 });
  });

  it('a pulled removal removes the record even with a pending change', async () => {
    await markNotificationRead(db, 'n1');
    await db.transaction('rw', [db.notifications, db.outbox, db.base], () =>
      putServerRows(db, 'notifications', [], ['n1', 'n2']),
    );
    expect(await db.notifications.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1); // still sent; the server decides
  });
});

describe('outcomes', () => {
  it('acknowledge makes the server row the truth and forgets the base', async () => {
    const entry = await markNotificationRead(db, 'n1');
    if (!entry) throw new Error('not queued');
    await acknowledge(db, entry, notification('n1', { is_read: true, message: 'sunucudan' }));
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    expect(await db.notifications.get('n1')).toMatchObject({ is_read: true, message: 'sunucudan' });
  });

  it('acknowledge without a row folds the change into the base, later pending changes stay on top', async () => {
    const all = await markAllNotificationsRead(db);
    const del = await deleteNotification(db, 'n2');
    if (!all || !del) throw new Error('not queued');
    await acknowledge(db, all, { updated: 2, unread_count: 0 });
    expect(await db.base.get('notification:n1')).toBeUndefined();
    expect((await db.base.get('notification:n2'))?.row).toMatchObject({ is_read: true });
    expect(await db.notifications.get('n2')).toBeUndefined();
    expect((await db.notifications.get('n1'))?.is_read).toBe(true);
  });

  it('a refusal marks the entry failed with the server text and restores the server version', async () => {
    const entry = await approve();
    expect(entry).toMatchObject({ method: 'PATCH', path: '/orders/o1/status' });
    expect((await db.orders.get('o1'))?.status).toBe('approved');
    await reject(db, entry, { status: 403, error: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' });
    expect((await db.orders.get('o1'))?.status).toBe('pending_approval');
    const [failed] = await listEntries(db, 'failed');
    expect(failed).toMatchObject({
      id: entry.id,
      status: 'failed',
      error: 'Bu işlem için yetkiniz yok.',
      code: 'FORBIDDEN',
      http_status: 403,
    });

    // Retry: the change shows again, under a NEW Idempotency-Key (the old one's outcome is the refusal).
    expect(await retryEntry(db, entry.id)).toBe(true);
    const [retried] = await listEntries(db, 'pending');
    expect(retried?.id).not.toBe(entry.id);
    expect(retried?.seq).toBe(failed?.seq);
    expect((await db.orders.get('o1'))?.status).toBe('approved');

    // Discard: back to the server's version, nothing left behind.
    expect(await discardEntry(db, retried?.id ?? '')).toBe(true);
    expect((await db.orders.get('o1'))?.status).toBe('pending_approval');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
  });

  it("a 409 conflict replaces the server version with the body's current record", async () => {
    const entry = await approve();
    const current = order('o1', { status: 'cancelled', notes: 'Müşteri vazgeçti' });
    await reject(db, entry, { status: 409, error: 'Sipariş durumu değişmiş.', code: 'CONFLICT', current });
    expect(await db.orders.get('o1')).toMatchObject({
      status: 'cancelled',
      notes: 'Müşteri vazgeçti',
      pending_sync: 0,
    });
  });

  it('an order created offline shows as pending, gets its real number on success, disappears if refused', async () => {
    const draft = order('o-new', { order_number: 'BEKLİYOR' });
    const create = await enqueue(db, {
      kind: 'order.create',
      summary: 'Sipariş oluşturuldu',
      body: createBody('o-new'),
      records: [recordKey('orders', 'o-new')],
      local: { order: { ...draft, pending_sync: 1 } },
    });
    expect(create).toMatchObject({ method: 'POST', path: '/orders' });
    expect(await db.orders.get('o-new')).toMatchObject({ pending_sync: 1, order_number: 'BEKLİYOR' });
    expect(await db.orders.where('pending_sync').equals(1).count()).toBe(1);
    await acknowledge(db, create, order('o-new', { order_number: 'ORD-000042' }));
    expect(await db.orders.get('o-new')).toMatchObject({ pending_sync: 0, order_number: 'ORD-000042' });

    const refused = await enqueue(db, {
      kind: 'order.create',
      summary: 'Sipariş oluşturuldu',
      body: createBody('o-bad'),
      records: [recordKey('orders', 'o-bad')],
      local: { order: { ...order('o-bad'), pending_sync: 1 } },
    });
    await reject(db, refused, { status: 400, error: 'Müşteri adı gereklidir', code: 'VALIDATION_ERROR' });
    expect(await db.orders.get('o-bad')).toBeUndefined();
    expect((await listEntries(db, 'failed'))[0]?.body).toMatchObject({ id: 'o-bad' });
  });
});

describe('resetMirror (full resync, e.g. after a role change)', () => {
  it('empties the mirror and the cursor but keeps showing unacknowledged changes', async () => {
    await db.setMeta('cursor', '42');
    await markNotificationRead(db, 'n1');
    await resetMirror(db);
    expect(await db.getMeta('cursor')).toBe('0');
    expect(await db.orders.count()).toBe(0);
    expect(await db.notifications.toCollection().primaryKeys()).toEqual(['n1']);
    expect((await db.notifications.get('n1'))?.is_read).toBe(true);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('versioned edits (each names the version its user saw)', () => {
  it('a later queued edit moves on to the new version when the server applied the first on the version it saw', async () => {
    const first = await edit('bir', 1);
    const second = await edit('iki', 1);
    expect((await db.orders.get('o1'))?.notes).toBe('iki');
    await acknowledge(db, first, order('o1', { notes: 'bir', version: 7, applied_on_version: 1 }));
    const [waiting] = await listEntries(db);
    expect(waiting?.id).toBe(second.id);
    expect(waiting?.body).toMatchObject({ notes: 'iki', expected_version: 7 });
    // The stored server row carries no write-only field.
    expect((await db.base.get('order:o1'))?.row).not.toHaveProperty('applied_on_version');
    expect((await db.orders.get('o1'))?.notes).toBe('iki');
  });

  it('…but keeps the old version when something else happened in between (the server must refuse it)', async () => {
    const first = await edit('bir', 1);
    await edit('iki', 1);
    await acknowledge(db, first, order('o1', { notes: 'bir', version: 9, applied_on_version: 5 }));
    expect((await listEntries(db))[0]?.body).toMatchObject({ expected_version: 1 });
  });

  it('retrying a refused edit names the version now shown (the user has seen it and asks again)', async () => {
    const entry = await edit('bir', 1);
    await reject(db, entry, {
      status: 409,
      error: 'değişti',
      code: 'CONFLICT',
      current: order('o1', { notes: 'başkası', version: 4 }),
    });
    expect((await db.orders.get('o1'))?.notes).toBe('başkası');
    await retryEntry(db, entry.id);
    expect((await listEntries(db))[0]?.body).toMatchObject({ notes: 'bir', expected_version: 4 });
  });
});

describe('an entry of a kind this app version does not know', () => {
  it('is kept and listed, has no effect, and is never silently dropped', async () => {
    await approve();
    const [stored] = await listEntries(db);
    await db.outbox.update(stored?.seq as number, { kind: 'order.future-kind' });
    await db.transaction('rw', [db.orders, db.outbox, db.base], () => recompute(db, 'order:o1'));
    expect((await db.orders.get('o1'))?.status).toBe('pending_approval');
    expect(await listEntries(db)).toHaveLength(1);
  });
});

describe('a new change is applied on top of the shown row, not by re-applying every earlier one', () => {
  /** What a full recompute (base + every pending entry in order) shows, leaving the store as it was. */
  async function recomputed(): Promise<unknown> {
    let row: unknown;
    await db
      .transaction('rw', [db.orders, db.outbox, db.base], async () => {
        await recompute(db, 'order:o1');
        row = await db.orders.get('o1');
        throw new Error('undo');
      })
      .catch((error: Error) => {
        if (error.message !== 'undo') throw error;
      });
    return row;
  }

  it('shows what a full recompute shows after every step of random changes, outcomes and pulls', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('edit' as const), notes: fc.string({ maxLength: 6 }) }),
            fc.record({ op: fc.constant('approve' as const) }),
            // Several changes queued in one transaction (enqueueAll: a scanner's burst).
            fc.record({
              op: fc.constant('burst' as const),
              notes: fc.array(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 4 }),
              approve: fc.boolean(),
            }),
            fc.record({ op: fc.constant('ack' as const), pick: fc.nat() }),
            fc.record({ op: fc.constant('refuse' as const), pick: fc.nat() }),
            fc.record({ op: fc.constant('retry' as const), pick: fc.nat() }),
            fc.record({ op: fc.constant('discard' as const), pick: fc.nat() }),
            fc.record({ op: fc.constant('pull' as const), notes: fc.string({ maxLength: 6 }) }),
          ),
          { maxLength: 25 },
        ),
        async (steps) => {
          await db.transaction('rw', [db.orders, db.outbox, db.base], async () => {
            await db.outbox.clear();
            await db.base.clear();
            await db.orders.clear();
            await putServerRows(db, 'orders', [order('o1')], []);
          });
          let version = 1;
          for (const step of steps) {
            const entries = await listEntries(db);
            const pick = (n: number) => entries[n % Math.max(1, entries.length)];
            if (step.op === 'edit') await edit(step.notes, version);
            else if (step.op === 'approve') await approve();
            else if (step.op === 'burst')
              await enqueueAll(db, [
                ...step.notes.map((notes) => ({
                  kind: 'order.update' as const,
                  summary: 'Sipariş güncellendi',
                  params: { id: 'o1' },
                  body: { notes, expected_version: version },
                  records: [recordKey('orders', 'o1')],
                })),
                ...(step.approve
                  ? [
                      {
                        kind: 'order.status' as const,
                        summary: 'Sipariş onaylandı',
                        params: { id: 'o1' },
                        body: { status: 'approved' as const, expected_status: 'pending_approval' as const },
                        records: [recordKey('orders', 'o1')],
                      },
                    ]
                  : []),
              ]);
            else if (step.op === 'pull') {
              version += 1;
              await db.transaction('rw', [db.orders, db.outbox, db.base], () =>
                putServerRows(db, 'orders', [order('o1', { notes: step.notes, version })], []),
              );
            } else {
              const entry = pick(step.pick);
              if (!entry) continue;
              if (step.op === 'ack' && entry.status === 'pending') {
                version += 1;
                await acknowledge(db, entry, order('o1', { notes: `onay ${version}`, version }));
              } else if (step.op === 'refuse' && entry.status === 'pending')
                await reject(db, entry, {
                  status: 403,
                  error: 'Bu işlem için yetkiniz yok.',
                  code: 'FORBIDDEN',
                });
              else if (step.op === 'retry' && entry.status === 'failed') await retryEntry(db, entry.id);
              else if (step.op === 'discard' && entry.status === 'failed') await discardEntry(db, entry.id);
            }
            expect(await db.orders.get('o1')).toEqual(await recomputed());
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
