import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, META, recordKey } from '../../src/client/local/database';
import { changeOrderStatus, createOrder, pendingOrderNumber } from '../../src/client/local/orders';
import { acknowledge, discardEntry, listEntries, putServerRows, reject } from '../../src/client/local/outbox';
import { queryOrders } from '../../src/client/local/queries';
import { assignDriver, deleteOrder, updateOrder } from '../../src/client/orders/local';
import type { Order } from '../../src/shared/api';
import { ORDER_MESSAGES } from '../../src/shared/api/order-messages';

/**
 * The order actions of the local store, without a network: each is visible at once, queued with
 * the right request, re-applied over newer server versions, and undone by a refusal — the
 * behaviour a salesperson without signal and a manager on a train rely on.
 */

const T0 = Date.parse('2025-03-01T08:00:00.000Z');

function serverOrder(id: string, n: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    order_number: `ORD-${String(n).padStart(6, '0')}`,
    customer_id: null,
    customer_name: `Müşteri ${n}`,
    customer_phone: null,
    customer_email: null,
    customer_address: null,
    status: 'pending_approval',
    total_amount: 10,
    total_amount_kurus: 1000,
    salesperson_id: n % 2 === 0 ? 'u1' : 'u2',
    salesperson_name: null,
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
    created_at: new Date(T0 + n * 60_000).toISOString(),
    updated_at: new Date(T0 + n * 60_000).toISOString(),
    version: n,
    ...overrides,
  };
}

let db: LocalDb;

beforeEach(async () => {
  db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  await db.setMeta(META.user, {
    id: 'u1',
    username: 'sales',
    full_name: 'Satış Temsilcisi',
    role: 'salesperson',
  });
});

afterEach(() => db.close());

describe('creating an order offline', () => {
  it('shows it at once with a pending number and kuruş-exact totals, and queues one POST keyed by its id', async () => {
    const order = await createOrder(db, {
      customer_name: 'Ayşe Yılmaz',
      customer_address: 'Kadıköy, İstanbul',
      items: [
        { product_name: 'Kalem', quantity: 3, unit_price: 0.1 },
        { product_name: 'Defter', quantity: 1, unit_price: 19.99 },
      ],
    });
    const row = await db.orders.get(order.id);
    expect(row).toMatchObject({
      order_number: pendingOrderNumber(order.id),
      status: 'pending_approval',
      pending_sync: 1,
      salesperson_id: 'u1',
      salesperson_name: 'Satış Temsilcisi',
      total_amount_kurus: 2029,
      total_amount: 20.29,
    });
    expect(row?.order_number).toMatch(/^GEÇİCİ-/);
    const [entry] = await listEntries(db);
    expect(entry).toMatchObject({ id: order.id, kind: 'order.create', method: 'POST', path: '/orders' });
    expect((entry!.body as { id: string }).id).toBe(order.id);
    expect(entry?.record_key).toBe(recordKey('orders', order.id));
  });

  it('gets its real number when the server accepts it, keeping later changes made offline on top', async () => {
    const order = await createOrder(db, {
      customer_name: 'Ayşe',
      items: [{ product_name: 'Kalem', quantity: 1, unit_price: 5 }],
    });
    await changeOrderStatus(db, order.id, 'cancelled', 'Müşteri vazgeçti');
    expect((await db.orders.get(order.id))?.status).toBe('cancelled');
    const [create, cancel] = await listEntries(db);
    expect((cancel!.body as { expected_status: string }).expected_status).toBe('pending_approval');

    // The server accepts the create: its row (real number) becomes the base, the cancel stays on top.
    await acknowledge(db, create!, serverOrder(order.id, 7, { salesperson_id: 'u1' }));
    let row = await db.orders.get(order.id);
    expect(row?.order_number).toBe('ORD-000007');
    expect(row?.pending_sync).toBe(0);
    expect(row?.status).toBe('cancelled');

    // A pull bringing the (still pending_approval) server row does not undo the queued cancel.
    await db.transaction('rw', [db.orders, db.outbox, db.base], () =>
      putServerRows(db, 'orders', [serverOrder(order.id, 7, { salesperson_id: 'u1', notes: 'sunucu' })], []),
    );
    row = await db.orders.get(order.id);
    expect(row?.status).toBe('cancelled');
    expect(row?.notes).toBe('sunucu');
  });

  it('removes the order again when the server refuses to create it', async () => {
    const order = await createOrder(db, {
      customer_name: 'X',
      items: [{ product_name: 'Y', quantity: 1, unit_price: 1 }],
    });
    const [entry] = await listEntries(db);
    await reject(db, entry!, { status: 400, error: 'Geçersiz', code: 'VALIDATION_ERROR' });
    expect(await db.orders.get(order.id)).toBeUndefined();
    expect((await listEntries(db))[0]?.status).toBe('failed');
  });
});

describe('changing an order', () => {
  beforeEach(async () => {
    await db.transaction('rw', [db.orders, db.outbox, db.base], () =>
      putServerRows(db, 'orders', [serverOrder('o1', 1), serverOrder('o2', 2)], []),
    );
  });

  it('a refused status change (409) shows the server’s current order and keeps the reason', async () => {
    await changeOrderStatus(db, 'o1', 'approved');
    expect((await db.orders.get('o1'))?.status).toBe('approved');
    const [entry] = await listEntries(db);
    const reason = 'Bu sipariş başka bir kullanıcı tarafından zaten "Reddedildi" durumuna getirildi';
    await reject(db, entry!, {
      status: 409,
      error: reason,
      code: 'CONFLICT',
      current: serverOrder('o1', 1, { status: 'rejected' }),
    });
    expect((await db.orders.get('o1'))?.status).toBe('rejected');
    expect((await listEntries(db))[0]).toMatchObject({ status: 'failed', error: reason, http_status: 409 });
    await discardEntry(db, entry!.id);
    expect(await listEntries(db)).toHaveLength(0);
    expect((await db.orders.get('o1'))?.status).toBe('rejected');
  });

  it('records the change in the order history at once', async () => {
    await changeOrderStatus(db, 'o1', 'approved', 'tamam');
    const row = await db.orders.get('o1');
    expect(row?.events.at(-1)).toMatchObject({
      event_type: 'status_changed',
      from_status: 'pending_approval',
      to_status: 'approved',
      notes: 'tamam',
      user_name: 'Satış Temsilcisi',
    });
  });

  it('refuses to ship an order without a driver on the device (nothing queued, nothing shown); with one it ships', async () => {
    await db.transaction('rw', [db.orders, db.outbox, db.base], () =>
      putServerRows(db, 'orders', [serverOrder('o3', 3, { status: 'prepared' })], []),
    );
    await expect(changeOrderStatus(db, 'o3', 'in_transit')).rejects.toThrow(
      ORDER_MESSAGES.driverRequired('Yolda'),
    );
    expect(await listEntries(db)).toHaveLength(0);
    expect((await db.orders.get('o3'))?.status).toBe('prepared');
    // A driver assigned on this device first (offline too): then shipping is queued behind it.
    await assignDriver(db, 'o3', { id: 'd1', full_name: 'Sürücü Bir' });
    await changeOrderStatus(db, 'o3', 'in_transit');
    expect(await db.orders.get('o3')).toMatchObject({ status: 'in_transit', driver_id: 'd1' });
    // The assignment refused by the server: the queued shipping is not shown as made either.
    const [assign] = await listEntries(db);
    await reject(db, assign!, {
      status: 400,
      error: 'Geçerli bir sürücü seçiniz',
      code: 'VALIDATION_ERROR',
    });
    expect(await db.orders.get('o3')).toMatchObject({ status: 'prepared', driver_id: null });
  });

  it('edits lines and recomputes the total in kuruş; assigns a driver; deletes', async () => {
    await updateOrder(db, 'o2', {
      items: [{ product_name: 'A', quantity: 3, unit_price: 33.33 }],
      notes: 'not',
    });
    expect(await db.orders.get('o2')).toMatchObject({
      total_amount_kurus: 9999,
      total_amount: 99.99,
      notes: 'not',
    });
    await assignDriver(db, 'o2', { id: 'd1', full_name: 'Sürücü Bir' }, '34 ABC 123');
    expect(await db.orders.get('o2')).toMatchObject({
      driver_id: 'd1',
      driver_name: 'Sürücü Bir',
      vehicle_plate: '34 ABC 123',
    });
    await deleteOrder(db, 'o2');
    expect(await db.orders.get('o2')).toBeUndefined();
    // Three entries of one order, in the order they were made, one ordering key.
    const entries = await listEntries(db);
    expect(entries.map((e) => e.kind)).toEqual(['order.update', 'order.assign-driver', 'order.delete']);
    expect(new Set(entries.map((e) => e.record_key))).toEqual(new Set(['order:o2']));
  });
});

describe('order lists read from the mirror', () => {
  beforeEach(async () => {
    const rows = Array.from({ length: 45 }, (_, i) =>
      serverOrder(`o${i}`, i, {
        status: i % 3 === 0 ? 'approved' : 'pending_approval',
        customer_name: i === 5 ? 'İSMAİL Işık' : `Müşteri ${i}`,
      }),
    );
    await db.transaction('rw', [db.orders, db.outbox, db.base], () => putServerRows(db, 'orders', rows, []));
  });

  it('pages newest first, filters by status and salesperson, and searches Turkish text', async () => {
    const first = await queryOrders(db, {}, 0, 10);
    expect(first.total).toBe(45);
    expect(first.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `o${44 - i}`));
    const last = await queryOrders(db, {}, 4, 10);
    expect(last.rows.map((r) => r.id)).toEqual(['o4', 'o3', 'o2', 'o1', 'o0']);

    const approved = await queryOrders(db, { status: 'approved' }, 0, 100);
    expect(approved.total).toBe(15);
    expect(approved.rows.every((r) => r.status === 'approved')).toBe(true);

    const mine = await queryOrders(db, { salespersonId: 'u1', status: 'approved' }, 0, 100);
    expect(mine.rows.every((r) => r.salesperson_id === 'u1' && r.status === 'approved')).toBe(true);
    expect(mine.total).toBe(8); // i even and divisible by 3: 0, 6, …, 42

    expect((await queryOrders(db, { search: 'ismail ışık' }, 0, 10)).rows.map((r) => r.id)).toEqual(['o5']);
    expect((await queryOrders(db, { search: 'ORD-000044' }, 0, 10)).rows.map((r) => r.id)).toEqual(['o44']);
  });
});
