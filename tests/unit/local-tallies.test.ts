import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, META } from '../../src/client/local/database';
import { changeOrderStatus, createOrder } from '../../src/client/local/orders';
import { acknowledge, discardEntry, listEntries, reject, resetMirror } from '../../src/client/local/outbox';
import { applyPage } from '../../src/client/local/sync/pull';
import { type OrderTally, TALLIES, type TallyRow, tallyRows } from '../../src/client/local/tallies';
import { assignDriver, deleteOrder } from '../../src/client/orders/local';
import type { Order } from '../../src/shared/api';
import type { SyncPullResponse } from '../../src/shared/api/sync';
import { countGroups, countOrders, finalizeStats } from '../../src/shared/domain/dashboard-stats';
import { findTransition, type OrderStatus, transitionBlock } from '../../src/shared/domain/order-status';

/**
 * The counts the local store keeps per group of orders (src/client/local/tallies.ts), which the
 * dashboards read instead of every order: after pulled pages, local edits, refusals, discards,
 * acknowledgements and a mirror reset they equal a full recount of the mirrored orders — in the
 * groups themselves and in the figures made from them — and an older database gets them counted
 * when it upgrades.
 */

const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const MANAGERS = ['mgr-1', 'mgr-2'] as const;
const SALES = ['sales-1', 'sales-2', 'sales-3'] as const;
const DRIVERS = ['drv-1', 'drv-2'] as const;
const STATUSES: OrderStatus[] = [
  'pending_approval',
  'approved',
  'rejected',
  'cancelled',
  'prepared',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'returned',
  'refunded',
];

interface OrderSpec {
  n: number;
  status: OrderStatus;
  kurus: number;
  salesperson: number;
  driver: number | null;
  /** Who decided (index into MANAGERS, or -1 for the salesperson withdrawing) and minutes after creation. */
  decision: { by: number; to: 'approved' | 'rejected' | 'cancelled'; after: number } | null;
}

function serverOrder(spec: OrderSpec): Order {
  const id = `order-${spec.n}`;
  const created = new Date(T0 + spec.n * 60_000).toISOString();
  const salesperson = SALES[spec.salesperson % SALES.length] as string;
  const decider = spec.decision
    ? spec.decision.by < 0
      ? salesperson
      : (MANAGERS[spec.decision.by % MANAGERS.length] as string)
    : null;
  return {
    id,
    order_number: `ORD-${String(spec.n).padStart(6, '0')}`,
    customer_id: null,
    customer_name: `Müşteri ${spec.n}`,
    customer_phone: null,
    customer_email: null,
    customer_address: null,
    status: spec.status,
    total_amount: spec.kurus / 100,
    total_amount_kurus: spec.kurus,
    salesperson_id: salesperson,
    salesperson_name: null,
    manager_id: null,
    manager_name: null,
    warehouse_id: null,
    warehouse_name: null,
    driver_id: spec.driver === null ? null : (DRIVERS[spec.driver % DRIVERS.length] as string),
    driver_name: null,
    vehicle_plate: null,
    notes: null,
    items: [],
    events:
      spec.decision && decider
        ? [
            {
              id: `${id}-e1`,
              order_id: id,
              event_type: 'status_changed',
              from_status: 'pending_approval',
              to_status: spec.decision.to,
              user_id: decider,
              user_name: `${decider} adı`,
              notes: null,
              created_at: new Date(Date.parse(created) + spec.decision.after * 60_000).toISOString(),
            },
          ]
        : [],
    created_at: created,
    updated_at: created,
    version: spec.n,
  };
}

const orderSpec = (n: fc.Arbitrary<number>) =>
  fc.record({
    n,
    status: fc.constantFrom(...STATUSES),
    kurus: fc.integer({ min: 1, max: 5_000_000 }),
    salesperson: fc.nat(SALES.length - 1),
    driver: fc.option(fc.nat(DRIVERS.length - 1), { nil: null }),
    decision: fc.option(
      fc.record({
        by: fc.integer({ min: -1, max: MANAGERS.length - 1 }),
        to: fc.constantFrom('approved' as const, 'rejected' as const, 'cancelled' as const),
        after: fc.integer({ min: 0, max: 300 }),
      }),
      { nil: null },
    ),
  });

function emptyPage(cursor: string, hasMore: boolean): SyncPullResponse {
  const none = { upserts: [], removals: [] };
  return {
    epoch: 'e1',
    cursor,
    has_more: hasMore,
    orders: { upserts: [], removals: [] },
    notifications: none,
    products: none,
    customers: none,
    invoices: none,
    accounts: none,
    payments: none,
  } as SyncPullResponse;
}

/** Applies one pulled page after the stored cursor. */
async function pull(db: LocalDb, upserts: Order[], removals: string[] = [], hasMore = false) {
  const from = (await db.getMeta<string>(META.cursor)) ?? '0';
  const page = emptyPage(String(BigInt(from) + 1n), hasMore);
  page.orders = { upserts, removals };
  expect(await applyPage(db, from, page)).toBe(true);
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The kept groups equal a recount of the mirrored orders, and so do the figures made from them. */
async function expectKeptEqualsRecount(db: LocalDb) {
  const [orders, kept] = await Promise.all([
    db.orders.toArray(),
    db.tallies.where('collection').equals('orders').toArray() as unknown as Promise<OrderTally[]>,
  ]);
  const recount = tallyRows('orders', orders);
  expect(kept.map(({ key, count, sums }) => ({ key, count, sums })).sort(byKey)).toEqual(
    recount.map(({ key, count, sums }) => ({ key, count, sums })).sort(byKey),
  );
  const fromGroups = countGroups(kept);
  const fromOrders = countOrders(orders);
  expect(finalizeStats(fromGroups.totals, [])).toEqual(finalizeStats(fromOrders.totals, []));
  expect(fromGroups.members).toEqual(fromOrders.members);
  return { orders, kept };
}

let indexedDB: IDBFactory;
let db: LocalDb;

function openDb(): LocalDb {
  return new LocalDb({ tenant: 'demo', userId: 'mgr-1' }, { indexedDB, IDBKeyRange });
}

beforeEach(async () => {
  indexedDB = new IDBFactory();
  db = openDb();
  await db.open();
  await db.setMeta(META.user, {
    id: 'mgr-1',
    username: 'manager',
    full_name: 'Mehmet Müdür',
    role: 'manager',
  });
});

afterEach(() => db.close());

const spec = (n: number, over: Partial<OrderSpec> = {}): OrderSpec => ({
  n,
  status: 'pending_approval',
  kurus: 1000 * n,
  salesperson: n % 3,
  driver: null,
  decision: null,
  ...over,
});

describe('the counts kept per group of orders', () => {
  it('follow pulled pages: new rows, changed rows moving between groups, removals', async () => {
    await pull(
      db,
      [1, 2, 3, 4, 5].map((n) => serverOrder(spec(n))),
      [],
      true,
    );
    let { kept } = await expectKeptEqualsRecount(db);
    expect(kept.reduce((sum, g) => sum + g.count, 0)).toBe(5);

    // Order 2 approved by a manager within the target, order 3 delivered, order 4 removed.
    await pull(
      db,
      [
        serverOrder(spec(2, { status: 'approved', decision: { by: 0, to: 'approved', after: 30 } })),
        serverOrder(spec(3, { status: 'delivered', driver: 1 })),
      ],
      ['order-4', 'order-never-seen'],
    );
    ({ kept } = await expectKeptEqualsRecount(db));
    const { totals, members } = countGroups(kept);
    expect(totals).toMatchObject({
      total: 4,
      pending: 2,
      approved: 1,
      completed: 1,
      decided: 1,
      withinTarget: 1,
    });
    expect(totals.revenueKurus).toBe(1000 + 2000 + 3000 + 5000);
    expect(members.get('mgr-1')).toMatchObject({ name: 'mgr-1 adı', decided: 1, approvedDecisions: 1 });
    // An emptied group is deleted, not kept at zero.
    expect(kept.every((g) => g.count > 0)).toBe(true);
  });

  it('follow local changes, their refusal, their discard and their acknowledgement', async () => {
    await pull(
      db,
      [1, 2, 3].map((n) => serverOrder(spec(n, { status: n === 3 ? 'approved' : 'pending_approval' }))),
    );

    // Approve offline: the order moves to 'approved' with a decision by this manager.
    const approve = await changeOrderStatus(db, 'order-1', 'approved');
    let { kept } = await expectKeptEqualsRecount(db);
    expect(countGroups(kept).totals).toMatchObject({ pending: 1, approved: 2, decided: 1 });

    // Created offline, a driver assigned, one deleted: all counted at once.
    const created = await createOrder(db, {
      customer_name: 'Ayşe',
      items: [{ product_name: 'Kalem', quantity: 2, unit_price: 12.5 }],
    });
    await assignDriver(db, 'order-3', { id: 'drv-1', full_name: 'Cem Sürücü' });
    const removal = await deleteOrder(db, 'order-2');
    ({ kept } = await expectKeptEqualsRecount(db));
    expect(countGroups(kept).totals).toMatchObject({ total: 3, revenueKurus: 1000 + 3000 + 2500 });

    // The server refuses the approval (409 with the order as it is): back to pending.
    await reject(db, approve, {
      status: 409,
      error: 'Sipariş durumu değişmiş.',
      code: 'CONFLICT',
      current: serverOrder(spec(1)),
    });
    ({ kept } = await expectKeptEqualsRecount(db));
    // (pending: order 1 and the order created offline)
    expect(countGroups(kept).totals).toMatchObject({ pending: 2, decided: 0 });

    // The user discards the deletion: order 2 counts again.
    await discardEntry(db, removal.id);
    ({ kept } = await expectKeptEqualsRecount(db));
    expect(countGroups(kept).totals.total).toBe(4);

    // The server accepts the create: the server's row replaces the optimistic one.
    const entries = await listEntries(db);
    const createEntry = entries.find((e) => e.id === created.id);
    await acknowledge(db, createEntry!, {
      ...serverOrder(spec(9)),
      id: created.id,
      total_amount_kurus: 2500,
    });
    await expectKeptEqualsRecount(db);
  });

  it('are emptied with the mirror on a reset, keeping only the unsent changes, and refill with the next pull', async () => {
    await pull(
      db,
      [1, 2, 3].map((n) => serverOrder(spec(n))),
    );
    expect(await db.getMeta(META.mirrorComplete)).toBe(true);
    await changeOrderStatus(db, 'order-1', 'approved');
    await resetMirror(db);
    const { orders, kept } = await expectKeptEqualsRecount(db);
    expect(orders.map((o) => o.id)).toEqual(['order-1']);
    expect(kept.reduce((sum, g) => sum + g.count, 0)).toBe(1);
    // The mirror is partial again until a pull reaches the end of the feed.
    expect(await db.getMeta(META.mirrorComplete)).toBeUndefined();
    await pull(
      db,
      [1, 2, 3].map((n) => serverOrder(spec(n))),
      [],
      true,
    );
    expect(await db.getMeta(META.mirrorComplete)).toBeUndefined();
    await pull(db, []);
    expect(await db.getMeta(META.mirrorComplete)).toBe(true);
    await expectKeptEqualsRecount(db);
  });

  it('stay right when writes interleave in one transaction, and when a table is cleared or a range deleted', async () => {
    await db.transaction('rw', db.orders, async () => {
      await Promise.all([
        db.orders.put({ ...serverOrder(spec(1)), pending_sync: 0 }),
        db.orders.put({ ...serverOrder(spec(2, { status: 'approved' })), pending_sync: 0 }),
        db.orders.bulkPut([3, 4, 5].map((n) => ({ ...serverOrder(spec(n)), pending_sync: 0 as const }))),
        db.orders.put({ ...serverOrder(spec(1, { status: 'delivered' })), pending_sync: 0 }),
        db.orders.delete('order-4'),
      ]);
    });
    await expectKeptEqualsRecount(db);
    await db.orders.where('id').between('order-2', 'order-4', true, true).delete();
    expect((await expectKeptEqualsRecount(db)).orders.map((o) => o.id)).toEqual(['order-1', 'order-5']);
    await db.orders.where('status').equals('delivered').modify({ status: 'returned' });
    await expectKeptEqualsRecount(db);
    await db.orders.clear();
    expect((await expectKeptEqualsRecount(db)).kept).toEqual([]);
  });

  it('follow the large pages of a first sync, an order sent again on a later page included', async () => {
    const first = Array.from({ length: 300 }, (_, i) => serverOrder(spec(i + 1)));
    await pull(db, first, [], true);
    await expectKeptEqualsRecount(db);
    // The next page: 200 new orders and 100 of the first page changed meanwhile (other groups).
    const second = [
      ...Array.from({ length: 200 }, (_, i) => serverOrder(spec(i + 301))),
      ...Array.from({ length: 100 }, (_, i) =>
        serverOrder(spec(2 * i + 1, { status: 'delivered', driver: 0, kurus: 7 })),
      ),
    ];
    await pull(db, second, [], false);
    const { orders, kept } = await expectKeptEqualsRecount(db);
    expect(orders).toHaveLength(500);
    expect(countGroups(kept).totals).toMatchObject({ total: 500, completed: 100 });
  });

  it('roll back with the rows when the transaction fails', async () => {
    await pull(db, [serverOrder(spec(1))]);
    await expect(
      db.transaction('rw', db.orders, async () => {
        await db.orders.put({ ...serverOrder(spec(2)), pending_sync: 0 });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { kept } = await expectKeptEqualsRecount(db);
    expect(kept.reduce((sum, g) => sum + g.count, 0)).toBe(1);
  });

  it('equal a full recount after any sequence of pulls, local changes, refusals, discards and resets', async () => {
    type Op =
      | { kind: 'pull'; upserts: OrderSpec[]; removals: number[]; hasMore: boolean }
      | { kind: 'bulk'; upserts: OrderSpec[] }
      | { kind: 'status'; pick: number; status: OrderStatus }
      | { kind: 'driver'; pick: number }
      | { kind: 'create'; kurus: number }
      | { kind: 'reject'; pick: number }
      | { kind: 'discard'; pick: number }
      | { kind: 'acknowledge'; pick: number }
      | { kind: 'reset' };
    const id = fc.integer({ min: 1, max: 12 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('pull' as const),
          upserts: fc.array(orderSpec(id), { maxLength: 6 }),
          removals: fc.array(id, { maxLength: 2 }),
          hasMore: fc.boolean(),
        }),
      },
      // A first sync's page: many rows, some already stored (read in bulk, see tallies.ts readOld).
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('bulk' as const),
          upserts: fc.array(orderSpec(fc.integer({ min: 1, max: 150 })), { minLength: 60, maxLength: 120 }),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('status' as const),
          pick: fc.nat(),
          status: fc.constantFrom(...STATUSES),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('driver' as const), pick: fc.nat() }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('create' as const),
          kurus: fc.integer({ min: 1, max: 99_999 }),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('discard' as const), pick: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('acknowledge' as const), pick: fc.nat() }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const local = new LocalDb({ tenant: 'demo', userId: `mgr-1-${run++}` }, { indexedDB, IDBKeyRange });
        await local.open();
        try {
          for (const step of ops) {
            const orders = await local.orders.toArray();
            const entries = await listEntries(local);
            const pickOrder = (n: number) => orders[n % Math.max(orders.length, 1)];
            const pickEntry = (n: number) => entries[n % Math.max(entries.length, 1)];
            if (step.kind === 'pull') {
              // A page never carries two versions of one order (the server sends the latest).
              const latest = new Map(step.upserts.map((s) => [s.n, s]));
              await pull(
                local,
                [...latest.values()].map(serverOrder),
                step.removals.filter((n) => !latest.has(n)).map((n) => `order-${n}`),
                step.hasMore,
              );
            } else if (step.kind === 'bulk') {
              const latest = new Map(step.upserts.map((s) => [s.n, s]));
              await pull(local, [...latest.values()].map(serverOrder), [], true);
            } else if (step.kind === 'status' && pickOrder(step.pick)) {
              const order = pickOrder(step.pick)!;
              const transition = findTransition(order.status, step.status);
              if (transition && transitionBlock(transition, order)) {
                // The device refuses a move whose precondition is not met (no driver): nothing queued.
                await expect(changeOrderStatus(local, order.id, step.status)).rejects.toThrow();
              } else {
                await changeOrderStatus(local, order.id, step.status);
              }
            } else if (step.kind === 'driver' && pickOrder(step.pick)) {
              await assignDriver(local, pickOrder(step.pick)!.id, { id: 'drv-2', full_name: 'Sürücü' });
            } else if (step.kind === 'create') {
              await createOrder(local, {
                customer_name: 'Yeni',
                items: [{ product_name: 'Ürün', quantity: 1, unit_price: step.kurus / 100 }],
              });
            } else if (step.kind === 'reject' && pickEntry(step.pick)) {
              await reject(local, pickEntry(step.pick)!, { status: 409, error: 'Çakışma', code: 'CONFLICT' });
            } else if (step.kind === 'discard' && pickEntry(step.pick)) {
              await discardEntry(local, pickEntry(step.pick)!.id);
            } else if (step.kind === 'acknowledge' && pickEntry(step.pick)) {
              await acknowledge(local, pickEntry(step.pick)!, null);
            } else if (step.kind === 'reset') {
              await resetMirror(local);
            }
            await expectKeptEqualsRecount(local);
          }
        } finally {
          local.close();
          await local.delete();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('upgrading a database mirrored before the counts were kept', () => {
  it('counts the mirrored orders once, and a completed mirror shows its figures at once', async () => {
    db.close();
    const name = db.name;
    indexedDB = new IDBFactory(); // a device that never ran this version
    // The previous schema (version 2), as a device that synced under the last release has it.
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(2).stores({
      orders:
        'id, order_number, status, salesperson_id, driver_id, created_at, updated_at, pending_sync, [status+created_at], [salesperson_id+created_at]',
      notifications: 'id, unread, created_at, type',
      products: 'id, category, brand, status, barcode, name',
      customers: 'id, full_name',
      outbox: '++seq, &id, record_key, status, *records',
      base: 'key',
      meta: 'key',
    });
    await old.open();
    await old.table('orders').bulkPut(
      [1, 2, 3, 4].map((n) => ({
        ...serverOrder(
          spec(n, {
            status: n % 2 ? 'delivered' : 'approved',
            decision: { by: 1, to: 'approved', after: 90 },
          }),
        ),
        pending_sync: 0,
      })),
    );
    await old.table('meta').bulkPut([
      { key: META.cursor, value: '42' },
      { key: META.lastPullAt, value: '2026-03-02T09:00:00.000Z' },
    ]);
    old.close();

    db = openDb();
    await db.open();
    const { kept } = await expectKeptEqualsRecount(db);
    expect(countGroups(kept).totals).toMatchObject({
      total: 4,
      completed: 2,
      approved: 2,
      decided: 4,
      withinTarget: 0,
    });
    expect(await db.getMeta(META.mirrorComplete)).toBe(true);
  });
});

describe('the table of tallied collections', () => {
  /** The stock figures of the inventory, as the next collection would be counted. */
  const stock = {
    version: 1,
    group: (row: Record<string, unknown>) => ({
      dims: { stock_status: row.stock_status, category: row.category ?? null },
      sums: { available_stock: Number(row.available_stock) },
    }),
  };
  const product = (id: string, stockStatus: string, available: number) => ({
    id,
    name: id,
    category: 'Kırtasiye',
    stock_status: stockStatus,
    available_stock: available,
  });
  const keptProducts = async () =>
    (await db.tallies.where('collection').equals('products').toArray())
      .map(({ key, count, sums }: TallyRow) => ({ key, count, sums }))
      .sort(byKey);
  const recountProducts = async () =>
    tallyRows('products', await db.products.toArray())
      .map(({ key, count, sums }) => ({ key, count, sums }))
      .sort(byKey);

  it('a collection added to it is counted when the database next opens, then kept as its rows change', async () => {
    await db.products.bulkPut([product('p1', 'low_stock', 3), product('p2', 'in_stock', 40)] as never[]);
    expect(await keptProducts()).toEqual([]); // not tallied yet
    TALLIES.products = stock;
    try {
      db.close();
      db = openDb();
      await db.open();
      expect(await keptProducts()).toEqual(await recountProducts());
      expect((await keptProducts()).map((g) => g.count)).toEqual([1, 1]);
      await db.products.put(product('p2', 'out_of_stock', 0) as never);
      await db.products.put(product('p3', 'low_stock', 2) as never);
      expect(await keptProducts()).toEqual(await recountProducts());
      const low = (await keptProducts()).find((g) => g.key.includes('low_stock'));
      expect(low).toMatchObject({ count: 2, sums: { available_stock: 5 } });

      // A changed definition (here: a new version that groups by stock status only) is recounted.
      TALLIES.products = {
        version: 2,
        group: (row) => ({
          dims: { stock_status: row.stock_status },
          sums: { available_stock: Number(row.available_stock) },
        }),
      };
      db.close();
      db = openDb();
      await db.open();
      expect(await keptProducts()).toEqual(await recountProducts());
      expect((await keptProducts()).map((g) => g.key)).toEqual([
        'products|{"stock_status":"low_stock"}',
        'products|{"stock_status":"out_of_stock"}',
      ]);
    } finally {
      delete TALLIES.products;
    }
  });
});
