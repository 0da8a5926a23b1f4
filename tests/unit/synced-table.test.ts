import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { LocalDb, META } from '../../src/client/local/database';
import { putServerRows, resetMirror } from '../../src/client/local/outbox';
import { schemaVersion } from '../../src/client/local/schema';
import { pullAll } from '../../src/client/local/sync/pull';
import type { Order } from '../../src/shared/api/entities';
import { pullResponseSchema, type SyncPullResponse, syncPullResponse } from '../../src/shared/api/sync';
import { SYNC_COLLECTIONS, SYNCED, synced } from '../../src/shared/api/synced';

/**
 * The table of synced collections drives the device database and the pull contract: a
 * collection added to the table gets a store with its indexes, a place in the pull answer, its
 * local-only fields, and an upgrade that back-fills it without blanking a tab that has the
 * database open.
 */

const receiptSchema = z.object({
  id: z.string(),
  number: z.string(),
  customer_id: z.string(),
  paid: z.boolean(),
  issued_at: z.string(),
});

/** Today's table plus an receipts collection, as the next app version would declare it. */
const NEXT = {
  ...SYNCED,
  receipts: synced({
    schema: receiptSchema,
    key: 'id',
    record: 'receipt',
    indexes: ['number', 'customer_id', 'unpaid', '[customer_id+issued_at]'],
    local: { unpaid: (row) => (row.paid ? 0 : 1) },
    visibleTo: 'tenant',
    since: schemaVersion(SYNCED) + 1,
  }),
};

const owner = { tenant: 'demo', userId: 'u1' };
let deps: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };
const open: LocalDb[] = [];

function tab(table: typeof SYNCED | typeof NEXT = SYNCED): LocalDb {
  const db = new LocalDb(owner, deps, table);
  open.push(db);
  return db;
}

beforeEach(() => {
  deps = { indexedDB: new IDBFactory(), IDBKeyRange };
});

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** An order as the mirror stores it (the fields the store and these checks touch). */
function order(id: string): Order {
  return {
    id,
    order_number: `ORD-${id}`,
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
    created_at: '2025-01-10T10:00:00.000Z',
    updated_at: '2025-01-10T10:00:00.000Z',
    version: 1,
    items: [],
    events: [],
  } as unknown as Order;
}

const receipt = (id: string, paid = false) => ({
  id,
  number: `F-${id}`,
  customer_id: 'c1',
  paid,
  issued_at: '2025-01-10T10:00:00.000Z',
});

function emptyPage(table: Record<string, unknown>, cursor: string, hasMore = false) {
  const page: Record<string, unknown> = { epoch: 'e1', cursor, has_more: hasMore };
  for (const name of Object.keys(table)) page[name] = { upserts: [], removals: [] };
  return page as SyncPullResponse;
}

describe('the table of synced collections', () => {
  it("today's table gives the stores and indexes the device has always had, plus the tallies (v3), the customers' indexes (v4), the invoices (v5), the products' stock status index (v6), and accounts and payments (v7)", async () => {
    const db = tab();
    await db.open();
    expect(db.verno).toBe(7);
    const stores = Object.fromEntries(
      db.tables.map((t) => [
        t.name,
        [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src)].join(', '),
      ]),
    );
    expect(stores).toEqual({
      orders:
        'id, order_number, status, salesperson_id, driver_id, created_at, updated_at, pending_sync, [status+created_at], [salesperson_id+created_at]',
      notifications: 'id, unread, created_at, type',
      products: 'id, category, brand, status, barcode, name, stock_status',
      customers: 'id, full_name, pending_sync, tax_number',
      invoices: 'id, issued_at, order_id, status, type, invoice_number, pending_sync',
      accounts: 'id, balance_kurus',
      payments: 'id, day, customer_id, [taken_by+day], taken_at, pending_sync, document_due_day',
      outbox: '++seq, &id, record_key, status, *records',
      base: 'key',
      meta: 'key',
      tallies: 'key, collection',
    });
    expect(SYNC_COLLECTIONS).toEqual([
      'orders',
      'notifications',
      'products',
      'customers',
      'invoices',
      'accounts',
      'payments',
    ]);
  });

  it('a collection added to the table gets its store, its indexes, its local-only fields and its place in the pull', async () => {
    const db = tab(NEXT);
    await db.open();
    expect(db.verno).toBe(schemaVersion(SYNCED) + 1);
    const receipts = db.table('receipts');
    expect(receipts.schema.primKey.keyPath).toBe('id');
    expect(receipts.schema.indexes.map((i) => i.src)).toEqual([
      'number',
      'customer_id',
      'unpaid',
      '[customer_id+issued_at]',
    ]);

    // The pull contract of the table carries the collection (and requires it).
    const schema = pullResponseSchema(NEXT);
    type Page = z.infer<typeof schema>;
    expectTypeOf<Page['receipts']['upserts'][number]>().toEqualTypeOf<z.infer<typeof receiptSchema>>();
    expectTypeOf<Page['orders']>().toEqualTypeOf<SyncPullResponse['orders']>();
    const page = { ...emptyPage(NEXT, '7'), receipts: { upserts: [receipt('i1')], removals: [] } };
    expect(schema.parse(page).receipts.upserts).toEqual([receipt('i1')]);
    expect(schema.safeParse({ ...page, receipts: undefined }).success).toBe(false);
    expect(schema.safeParse({ ...page, receipts: { upserts: [{ id: 'x' }], removals: [] } }).success).toBe(
      false,
    );
    // Today's contract is the same derivation over today's table.
    expect(Object.keys(syncPullResponse.shape)).toEqual(['epoch', 'cursor', 'has_more', ...SYNC_COLLECTIONS]);

    // Applying a page writes it with its local-only field; the reset empties it with the others.
    await db.transaction('rw', db.syncScope(), () =>
      putServerRows(db, 'receipts' as never, [receipt('i1'), receipt('i2', true)], []),
    );
    expect(await db.table('receipts').where('unpaid').equals(1).primaryKeys()).toEqual(['i1']);
    expect(db.stripLocal('receipts' as never, await db.table('receipts').get('i1'))).toEqual(receipt('i1'));
    await resetMirror(db);
    expect(await db.table('receipts').count()).toBe(0);
  });

  it('a new database of the next version pulls everything from 0: nothing to back-fill', async () => {
    const db = tab(NEXT);
    await db.open();
    expect(await db.getMeta(META.backfill)).toBeUndefined();
  });
});

describe('upgrading the device database while another tab has it open', () => {
  async function oldTabWithMirror() {
    const old = tab(SYNCED);
    await old.open();
    await old.transaction('rw', old.syncScope(), async () => {
      await putServerRows(old, 'orders', [order('o1'), order('o2')], []);
      await old.setMeta(META.cursor, '42');
      await old.setMeta(META.epoch, 'e1');
    });
    return old;
  }

  it('the old tab steps aside without blocking the upgrade, and keeps its whole mirror', async () => {
    const old = await oldTabWithMirror();
    let superseded = 0;
    old.onSuperseded(() => superseded++);
    expect(old.isOutdated()).toBe(false);

    // The new version opens the same database: its upgrade needs the old connection closed.
    const next = tab(NEXT);
    let blocked = false;
    next.on('blocked', () => {
      blocked = true;
    });
    await next.open();
    expect(blocked).toBe(false);

    // Nothing was emptied: both tabs read the whole mirror; the new store is there, empty.
    expect(await next.orders.count()).toBe(2);
    expect(await next.table('receipts').count()).toBe(0);
    expect(await next.getMeta(META.cursor)).toBe('42');
    expect(superseded).toBe(1);
    expect(old.isOutdated()).toBe(true);
    expect((await old.orders.toArray()).map((o) => o.id)).toEqual(['o1', 'o2']);
    expect(old.isOpen()).toBe(true);

    // The upgrade asked for a back-fill of the new collection alone, from 0.
    expect(await next.getMeta(META.backfill)).toEqual({ collections: ['receipts'], cursor: '0' });
  });

  it('the old tab no longer pulls; the new one back-fills the new collection, then goes on from its cursor', async () => {
    const old = await oldTabWithMirror();
    const next = tab(NEXT);
    await next.open();

    const oldAsked: string[] = [];
    await pullAll(old, async (cursor) => {
      oldAsked.push(cursor);
      return emptyPage(SYNCED, cursor);
    });
    expect(oldAsked).toEqual([]);

    const asked: [string, readonly string[] | undefined][] = [];
    await pullAll(next, async (cursor, collections) => {
      asked.push([cursor, collections]);
      if (collections) {
        // The back-fill: every receipt, in two pages.
        const upserts = cursor === '0' ? [receipt('i1')] : [receipt('i2', true)];
        const page = emptyPage(NEXT, cursor === '0' ? '30' : '50', cursor === '0');
        return { ...page, receipts: { upserts, removals: [] } } as SyncPullResponse;
      }
      return {
        ...emptyPage(NEXT, '60'),
        orders: { upserts: [order('o3')], removals: ['o1'] },
      } as SyncPullResponse;
    });
    expect(asked).toEqual([
      ['0', ['receipts']],
      ['30', ['receipts']],
      ['42', undefined],
    ]);
    expect((await next.table('receipts').toArray()).map((i) => [i.id, i.unpaid])).toEqual([
      ['i1', 1],
      ['i2', 0],
    ]);
    expect((await next.orders.toArray()).map((o) => o.id)).toEqual(['o2', 'o3']);
    expect(await next.getMeta(META.cursor)).toBe('60');
    expect(await next.getMeta(META.backfill)).toBeUndefined();
    // The old tab sees the new tab's writes (same database).
    expect((await old.orders.toArray()).map((o) => o.id)).toEqual(['o2', 'o3']);
  });

  it('older code opening a database a newer version already upgraded reads it but does not pull', async () => {
    const next = tab(NEXT);
    await next.open();
    await next.transaction('rw', next.syncScope(), async () => {
      await putServerRows(next, 'orders', [order('o1')], []);
      await next.setMeta(META.cursor, '42');
    });
    next.close();

    const old = tab(SYNCED);
    await old.open();
    expect(old.isOutdated()).toBe(true);
    expect((await old.orders.toArray()).map((o) => o.id)).toEqual(['o1']);
    let asked = 0;
    await pullAll(old, async (cursor) => {
      asked++;
      return emptyPage(SYNCED, cursor);
    });
    expect(asked).toBe(0);
    expect(await old.getMeta(META.cursor)).toBe('42');
  });

  it('a database deleted by another tab stays closed in this one', async () => {
    const old = await oldTabWithMirror();
    let superseded = 0;
    old.onSuperseded(() => superseded++);
    await new Promise((resolve, reject) => {
      const request = deps.indexedDB.deleteDatabase(old.name);
      request.onsuccess = resolve;
      request.onerror = reject;
    });
    expect(superseded).toBe(0);
    expect(old.isOpen()).toBe(false);
  });
});
