import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveChangeSeqs } from '../../src/server/db/change-seq';
import { insertOrders, type NewOrderInput } from '../../src/server/orders/orders.repository';
import { readTenantCounters } from '../../src/server/tenants/tenants.repository';
import { type OrderSummary, orderSchema } from '../../src/shared/api/entities';
import {
  deleteOrderResponse,
  ORDER_MESSAGES,
  orderArrayResponse,
  orderListResponse,
} from '../../src/shared/api/orders';
import {
  type ActingUser,
  EDIT_FIELD_GROUPS,
  type EditableField,
  editableGroups,
  editGroupOf,
  type ProducedStatus,
  ROLE_ORDER_STATUSES,
  WAREHOUSE_VISIBLE_STATUSES,
} from '../../src/shared/domain/order-status';
import { type Api, type Session, startApi } from './support/harness';
import { pullAll, pullOnce } from './support/pull';

/**
 * The orders API through HTTP against the seeded database: every endpoint, edits per
 * editableGroups, bad payloads (400 naming the field, nothing written), idempotent replays, and the
 * notifications and sync-feed changes each change implies. The status permission matrix is in
 * orders-permissions.test.ts, the concurrent approve/cancel race in orders-concurrency.test.ts.
 */
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let sales2: Session;
let warehouse: Session;
let driver: Session;
let driver2: Session;
let foreign: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales, sales2, warehouse, driver, driver2, foreign] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
    api.login('demo', 'sales2'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
    api.login('demo', 'driver2'),
    api.login('client1', 'manager'),
  ]);
});
afterAll(async () => api?.close());

type Envelope<T = unknown> = { success: boolean; data: T; code?: string; error?: string; field?: string };
type Order = ReturnType<typeof orderSchema.parse>;

const acting = (s: Session): ActingUser => ({ id: s.user.id, role: s.user.role });

function newOrderBody(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Deneme Ticaret A.Ş.',
    customer_phone: '+90 555 111 22 33',
    customer_address: 'Atatürk Cad. No:1, Kadıköy / İstanbul',
    customer_email: 'deneme@example.com.tr',
    items: [
      { product_name: 'Kalem', quantity: 3, unit_price: 12.5 },
      { product_name: 'Defter', quantity: 2, unit_price: 45.99 },
    ],
    notes: 'Test siparişi',
    ...overrides,
  };
}

async function createOrder(s: Session, body: Record<string, unknown> = newOrderBody(), key?: string) {
  return api.call<Envelope<Order>>('POST', '/orders', {
    tenant: s.tenant,
    token: s.token,
    body,
    idempotencyKey: key,
  });
}

/** Orders put straight into the db in a given state (owned by sales, optionally with a driver). */
async function seedOrders(
  specs: {
    status: ProducedStatus;
    driver?: Session | null;
    /** A driver by id (one made by the test, not signed in). */
    driverId?: string;
    salesperson?: Session;
    plate?: string | null;
  }[],
): Promise<NewOrderInput[]> {
  const seqs = await api.db.transaction().execute((trx) => reserveChangeSeqs(trx, 'demo', specs.length));
  const now = Date.now();
  const orders: NewOrderInput[] = specs.map((spec, i) => ({
    id: randomUUID(),
    order_number: `TST-${randomUUID().slice(0, 8)}`,
    customer_id: null,
    customer_name: `Test Müşterisi ${i}`,
    customer_phone: null,
    customer_email: null,
    customer_address: null,
    status: spec.status,
    salesperson_id: (spec.salesperson ?? sales).user.id,
    driver_id: spec.driverId ?? (spec.driver ? spec.driver.user.id : null),
    vehicle_plate: spec.plate ?? null,
    notes: null,
    created_at: new Date(now - 3_600_000),
    updated_at: new Date(now - 3_600_000),
    change_seq: seqs[i] as number,
    items: [
      {
        id: randomUUID(),
        product_id: null,
        product_name: 'Test ürünü',
        barcode: null,
        quantity: 1,
        scanned_quantity: 0,
        unit_price_kurus: 1000,
      },
    ],
  }));
  await insertOrders(api.db, 'demo', orders);
  return orders;
}

async function seedOne(spec: Parameters<typeof seedOrders>[0][number]): Promise<NewOrderInput> {
  const [order] = await seedOrders([spec]);
  return order as NewOrderInput;
}

async function count(table: 'orders' | 'order_items' | 'order_events' | 'notifications' | 'audit_logs') {
  const row = await api.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', 'demo')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function counts() {
  return {
    orders: await count('orders'),
    items: await count('order_items'),
    events: await count('order_events'),
    notifications: await count('notifications'),
    audit: await count('audit_logs'),
    change_seq: (await readTenantCounters(api.db, 'demo')).change_seq,
    order_seq: (await readTenantCounters(api.db, 'demo')).order_seq,
  };
}

async function eventsOf(orderId: string) {
  return api.db
    .selectFrom('order_events')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

async function notificationsOf(orderId: string) {
  return api.db
    .selectFrom('notifications')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('related_order_id', '=', orderId)
    .execute();
}

async function orderRow(orderId: string) {
  return api.db
    .selectFrom('orders')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

async function activeIdsOf(role: 'warehouse' | 'driver'): Promise<string[]> {
  const rows = await api.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', 'demo')
    .where('role', '=', role)
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => r.id).sort();
}

async function activeManagerIds(): Promise<string[]> {
  const rows = await api.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', 'demo')
    .where('role', 'in', ['manager', 'admin'])
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => r.id).sort();
}

/** The live orders a query should return, in the list's order (newest first, then id desc). */
async function expectedList(where: (q: ReturnType<typeof baseOrders>) => ReturnType<typeof baseOrders>) {
  const rows = await where(baseOrders()).select(['id', 'created_at']).execute();
  return rows
    .sort(
      (a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .map((r) => r.id);
}
function baseOrders() {
  return api.db.selectFrom('orders').where('tenant_id', '=', 'demo').where('deleted_at', 'is', null);
}

// ------------------------------------------------------------------------------ reads ---

describe('GET /orders', () => {
  it('gives a manager every live order, newest first, with pagination {page, limit, total, pages}', async () => {
    const expected = await expectedList((q) => q);
    const r = await api.call<Envelope>('GET', '/orders', { token: manager.token });
    expect(r.status).toBe(200);
    const data = orderListResponse.parse(r.body.data);
    expect(data.orders.map((o) => o.id)).toEqual(expected.slice(0, 10));
    expect(data.pagination).toEqual({
      page: 1,
      limit: 10,
      total: expected.length,
      pages: Math.ceil(expected.length / 10),
    });
    const first = data.orders[0] as OrderSummary;
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.salesperson_name).toBeTruthy();
    // A list item carries no history; the order's own read does (contract: orderSummarySchema).
    expect(first).not.toHaveProperty('events');
    const detail = await api.call<Envelope<Order>>('GET', `/orders/${first.id}`, { token: manager.token });
    expect(orderSchema.parse(detail.body.data).events[0]?.event_type).toBe('created');
    expect(orderSchema.omit({ events: true }).parse(detail.body.data)).toEqual(first);

    const page3 = orderListResponse.parse(
      (await api.call<Envelope>('GET', '/orders', { token: manager.token, query: { page: 3, limit: 7 } }))
        .body.data,
    );
    expect(page3.orders.map((o) => o.id)).toEqual(expected.slice(14, 21));
  });

  it('scopes by role: salesperson own, warehouse its statuses, driver assigned', async () => {
    const cases: [Session, (q: ReturnType<typeof baseOrders>) => ReturnType<typeof baseOrders>][] = [
      [sales, (q) => q.where('salesperson_id', '=', sales.user.id)],
      [sales2, (q) => q.where('salesperson_id', '=', sales2.user.id)],
      [warehouse, (q) => q.where('status', 'in', [...WAREHOUSE_VISIBLE_STATUSES])],
      [driver, (q) => q.where('driver_id', '=', driver.user.id)],
    ];
    for (const [s, where] of cases) {
      const expected = await expectedList(where);
      expect(expected.length).toBeGreaterThan(0);
      const data = orderListResponse.parse(
        (await api.call<Envelope>('GET', '/orders', { token: s.token, query: { limit: 100 } })).body.data,
      );
      expect(data.orders.map((o) => o.id)).toEqual(expected.slice(0, 100));
      expect(data.pagination.total).toBe(expected.length);
    }
    // A salesperson filtering on another salesperson still sees only their own (i.e. nothing).
    const other = orderListResponse.parse(
      (
        await api.call<Envelope>('GET', '/orders', {
          token: sales.token,
          query: { salesperson_id: sales2.user.id },
        })
      ).body.data,
    );
    expect(other.orders).toEqual([]);
  });

  it('filters by status, salesperson_id and search (order number or customer name; % and _ literal)', async () => {
    const approved = await expectedList((q) => q.where('status', '=', 'approved'));
    const byStatus = orderListResponse.parse(
      (
        await api.call<Envelope>('GET', '/orders', {
          token: admin.token,
          query: { status: 'approved', limit: 100 },
        })
      ).body.data,
    );
    expect(byStatus.orders.map((o) => o.id)).toEqual(approved);

    const mine = await expectedList((q) => q.where('salesperson_id', '=', sales2.user.id));
    const bySales = orderListResponse.parse(
      (
        await api.call<Envelope>('GET', '/orders', {
          token: manager.token,
          query: { salesperson_id: sales2.user.id, limit: 100 },
        })
      ).body.data,
    );
    expect(bySales.orders.map((o) => o.id)).toEqual(mine);

    const byNumber = orderListResponse.parse(
      (
        await api.call<Envelope>('GET', '/orders', {
          token: manager.token,
          query: { search: 'ord-00001', limit: 100 },
        })
      ).body.data,
    );
    expect(byNumber.orders.map((o) => o.order_number).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `ORD-00001${i}`),
    );

    const sample = await baseOrders().select(['customer_name']).executeTakeFirstOrThrow();
    const fragment = sample.customer_name.slice(0, 5);
    const byName = await expectedList((q) => q.where('customer_name', 'ilike', `%${fragment}%`));
    const nameHits = orderListResponse.parse(
      (
        await api.call<Envelope>('GET', '/orders', {
          token: manager.token,
          query: { search: fragment, limit: 100 },
        })
      ).body.data,
    );
    expect(nameHits.orders.map((o) => o.id)).toEqual(byName);

    for (const wildcard of ['%', '_', 'ORD_0']) {
      const none = orderListResponse.parse(
        (await api.call<Envelope>('GET', '/orders', { token: manager.token, query: { search: wildcard } }))
          .body.data,
      );
      expect(none.pagination.total).toBe(0);
    }
  });

  it('refuses bad filters with a 400 naming the parameter and needs a token', async () => {
    for (const [query, field] of [
      [{ status: 'bogus' }, 'status'],
      [{ limit: 101 }, 'limit'],
      [{ page: 0 }, 'page'],
      [{ salesperson_id: 'nope' }, 'salesperson_id'],
    ] as const) {
      const r = await api.call<Envelope>('GET', '/orders', { token: manager.token, query });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
    }
    expect((await api.call('GET', '/orders')).status).toBe(401);
  });
});

describe('GET /orders/recent and /orders/role/{role}', () => {
  it('recent: the newest orders in the caller’s scope (default 5, ?limit=10)', async () => {
    const all = await expectedList((q) => q);
    const r = await api.call<Envelope>('GET', '/orders/recent', { token: manager.token });
    expect(r.status).toBe(200);
    expect(orderArrayResponse.parse(r.body.data).map((o) => o.id)).toEqual(all.slice(0, 5));
    const ten = orderArrayResponse.parse(
      (await api.call<Envelope>('GET', '/orders/recent', { token: manager.token, query: { limit: 10 } })).body
        .data,
    );
    expect(ten.map((o) => o.id)).toEqual(all.slice(0, 10));
    const own = orderArrayResponse.parse(
      (await api.call<Envelope>('GET', '/orders/recent', { token: sales2.token, query: { limit: 50 } })).body
        .data,
    );
    expect(own.every((o) => o.salesperson_id === sales2.user.id)).toBe(true);
    const bad = await api.call('GET', '/orders/recent', { token: manager.token, query: { limit: 51 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'limit' });
  });

  it('role: the statuses that role works with, within what the caller sees', async () => {
    const warehouseStatuses = ROLE_ORDER_STATUSES.warehouse ?? [];
    const expected = await expectedList((q) => q.where('status', 'in', [...warehouseStatuses]));
    const r = await api.call<Envelope>('GET', '/orders/role/warehouse', {
      token: manager.token,
      query: { limit: 200 },
    });
    expect(r.status).toBe(200);
    expect(orderArrayResponse.parse(r.body.data).map((o) => o.id)).toEqual(expected);

    const driverStatuses = ROLE_ORDER_STATUSES.driver ?? [];
    const mine = await expectedList((q) =>
      q.where('driver_id', '=', driver.user.id).where('status', 'in', [...driverStatuses]),
    );
    const asDriver = orderArrayResponse.parse(
      (await api.call<Envelope>('GET', '/orders/role/driver', { token: driver.token, query: { limit: 200 } }))
        .body.data,
    );
    expect(asDriver.map((o) => o.id)).toEqual(mine);
    expect(mine.length).toBeGreaterThan(0);

    // A salesperson's list by role never leaves their own orders.
    const salesAll = orderArrayResponse.parse(
      (await api.call<Envelope>('GET', '/orders/role/manager', { token: sales.token, query: { limit: 200 } }))
        .body.data,
    );
    expect(salesAll.map((o) => o.id)).toEqual(
      await expectedList((q) => q.where('salesperson_id', '=', sales.user.id)),
    );

    const bad = await api.call('GET', '/orders/role/captain', { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'role' });
  });
});

describe('GET /orders/{id}', () => {
  it('returns a visible order with items and history; invisible, deleted, unknown and foreign are the same 404', async () => {
    const [own] = await expectedList((q) => q.where('salesperson_id', '=', sales.user.id));
    if (!own) throw new Error('seed: sales has no order');
    const r = await api.call<Envelope>('GET', `/orders/${own}`, { token: sales.token });
    expect(r.status).toBe(200);
    const order = orderSchema.parse(r.body.data);
    expect(order.id).toBe(own);
    expect(order.total_amount_kurus).toBe(order.items.reduce((s, i) => s + i.total_price_kurus, 0));

    const notFound = { success: false, error: ORDER_MESSAGES.notFound, code: 'NOT_FOUND' };
    expect((await api.call('GET', `/orders/${own}`, { token: sales2.token })).body).toEqual(notFound);
    expect((await api.call('GET', `/orders/${randomUUID()}`, { token: admin.token })).body).toEqual(notFound);
    const foreignOrder = await api.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', 'client1')
      .executeTakeFirstOrThrow();
    const cross = await api.call('GET', `/orders/${foreignOrder.id}`, { token: admin.token });
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual(notFound);
    const mismatch = await api.call('GET', `/orders/${own}`, { token: foreign.token });
    expect(mismatch.body).toMatchObject({ code: 'TENANT_MISMATCH' });

    const bad = await api.call('GET', '/orders/not-a-uuid', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
  });
});

// ----------------------------------------------------------------------------- create ---

describe('POST /orders', () => {
  it('creates a pending_approval order with the next number, totals in kuruş, an event, and notifies managers and admins', async () => {
    const before = await counts();
    const r = await createOrder(sales);
    expect(r.status).toBe(201);
    const order = orderSchema.parse(r.body.data);
    expect(order).toMatchObject({
      order_number: `ORD-${String(before.order_seq + 1).padStart(6, '0')}`,
      status: 'pending_approval',
      salesperson_id: sales.user.id,
      salesperson_name: sales.user.full_name,
      customer_name: 'Deneme Ticaret A.Ş.',
      customer_email: 'deneme@example.com.tr',
      notes: 'Test siparişi',
      driver_id: null,
      manager_id: null,
      // 3 × 12,50 + 2 × 45,99 = 37,50 + 91,98 = 129,48
      total_amount: 129.48,
      total_amount_kurus: 12948,
    });
    expect(
      order.items.map((i) => [i.product_name, i.quantity, i.unit_price_kurus, i.total_price_kurus]),
    ).toEqual([
      ['Kalem', 3, 1250, 3750],
      ['Defter', 2, 4599, 9198],
    ]);
    expect(order.events.map((e) => [e.event_type, e.from_status, e.to_status, e.user_id])).toEqual([
      ['created', null, 'pending_approval', sales.user.id],
    ]);

    const row = await orderRow(order.id);
    expect(row.total_amount).toBe('129.48');
    const managers = await activeManagerIds();
    const notes = await notificationsOf(order.id);
    expect(notes.map((n) => n.user_id).sort()).toEqual(managers);
    expect(notes.every((n) => n.type === 'order_created' && !n.is_read && n.title === 'Yeni Sipariş')).toBe(
      true,
    );
    expect(notes[0]?.message).toContain(order.order_number);

    // One change number per written row (the order and each notification), all new.
    const after = await counts();
    expect(after.change_seq).toBe(before.change_seq + 1 + managers.length);
    const seqs = [Number(row.change_seq), ...notes.map((n) => Number(n.change_seq))];
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(Math.min(...seqs)).toBe(before.change_seq + 1);
    expect(after).toMatchObject({
      orders: before.orders + 1,
      items: before.items + 2,
      events: before.events + 1,
      notifications: before.notifications + managers.length,
      audit: before.audit + 1,
      order_seq: before.order_seq + 1,
    });
    const audit = await api.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('tenant_id', '=', 'demo')
      .where('entity_id', '=', order.id)
      .execute();
    expect(audit.map((a) => [a.action, a.entity, a.user_id])).toEqual([
      ['order.create', 'order', sales.user.id],
    ]);

    // The manager sees it on the list and in the sync feed; the salesperson too.
    const list = orderListResponse.parse(
      (await api.call<Envelope>('GET', '/orders', { token: manager.token, query: { limit: 1 } })).body.data,
    );
    expect(list.orders[0]?.id).toBe(order.id);
    const feed = await pullOnce(api, manager, String(before.change_seq));
    expect(feed.orders.upserts.map((o) => o.id)).toEqual([order.id]);
    expect(feed.notifications.upserts.map((n) => n.related_order?.id)).toEqual([order.id]);
  });

  it('does not notify the creator themself when a manager creates', async () => {
    const r = await createOrder(manager);
    expect(r.status).toBe(201);
    const notes = await notificationsOf(r.body.data.id);
    expect(notes.map((n) => n.user_id).sort()).toEqual(
      (await activeManagerIds()).filter((id) => id !== manager.user.id),
    );
    expect(r.body.data.salesperson_id).toBe(manager.user.id);
  });

  it('accepts a customer and products of the tenant, keeps each product’s barcode and checks total_amount', async () => {
    const customer = await api.db
      .selectFrom('customers')
      .selectAll()
      .where('tenant_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    const [p1, p2] = await api.db
      .selectFrom('products')
      .selectAll()
      .where('tenant_id', '=', 'demo')
      .where('barcode', 'is not', null)
      .limit(2)
      .execute();
    if (!p1 || !p2) throw new Error('seed: products missing');
    const r = await createOrder(
      sales,
      newOrderBody({
        customer_id: customer.id,
        customer_name: customer.full_name,
        items: [
          { product_id: p1.id, product_name: p1.name, quantity: 1, unit_price: 10.1 },
          { product_id: p2.id, product_name: p2.name, quantity: 3, unit_price: 0.2 },
        ],
        total_amount: 10.7,
      }),
    );
    expect(r.status).toBe(201);
    const order = orderSchema.parse(r.body.data);
    expect(order.customer_id).toBe(customer.id);
    expect(order.total_amount_kurus).toBe(1070);
    expect(order.items.map((i) => [i.product_id, i.barcode])).toEqual([
      [p1.id, p1.barcode],
      [p2.id, p2.barcode],
    ]);
    // Stock is not touched by this issue.
    const stock = await api.db
      .selectFrom('products')
      .select('current_stock')
      .where('id', '=', p1.id)
      .executeTakeFirstOrThrow();
    expect(stock.current_stock).toBe(p1.current_stock);
  });

  it('uses the tenant’s own number sequence and prefix', async () => {
    await api.db
      .updateTable('tenants')
      .set({ order_number_prefix: 'SPR' })
      .where('id', '=', 'client1')
      .execute();
    try {
      const c1 = await api.login('client1', 'sales');
      const seq = (await readTenantCounters(api.db, 'client1')).order_seq;
      const r = await createOrder(c1);
      expect(r.status).toBe(201);
      expect(r.body.data.order_number).toBe(`SPR-${String(seq + 1).padStart(6, '0')}`);
    } finally {
      await api.db
        .updateTable('tenants')
        .set({ order_number_prefix: 'ORD' })
        .where('id', '=', 'client1')
        .execute();
    }
  });

  it('a client-made id creates once: same user again (new key) → the existing order, another user → 409', async () => {
    const id = randomUUID();
    const first = await createOrder(sales, newOrderBody({ id }), randomUUID());
    expect(first.status).toBe(201);
    expect(first.body.data.id).toBe(id);
    const before = await counts();
    const again = await createOrder(sales, newOrderBody({ id, notes: 'ikinci cihaz' }), randomUUID());
    expect(again.status).toBe(200);
    // The same order; only the first answer says it was created (applied on "nothing").
    const { applied_on_version: created, ...firstOrder } = orderSchema.parse(first.body.data);
    expect(created).toBe(0);
    expect(orderSchema.parse(again.body.data)).toEqual(firstOrder);
    const other = await createOrder(sales2, newOrderBody({ id }), randomUUID());
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: ORDER_MESSAGES.idTaken,
      field: 'id',
    });
    const after = await counts();
    expect({ ...after, audit: 0 }).toEqual({ ...before, audit: 0 });
    expect(await eventsOf(id)).toHaveLength(1);
    // The same id in ANOTHER tenant is another order (ids are per tenant).
    const c1 = await api.login('client1', 'sales');
    const elsewhere = await createOrder(c1, newOrderBody({ id }));
    expect(elsewhere.status).toBe(201);
    expect((await orderRow(id)).salesperson_id).toBe(sales.user.id);
  });
});

describe('bad payloads → 400 naming the field, nothing written', () => {
  it('POST /orders', async () => {
    const foreignCustomer = await api.db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', 'client1')
      .executeTakeFirstOrThrow();
    const foreignProduct = await api.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', 'client1')
      .executeTakeFirstOrThrow();
    const line = { product_name: 'Kalem', quantity: 1, unit_price: 10 };
    const { customer_name: _omit, ...withoutCustomer } = newOrderBody();
    const cases: [string, unknown, string, string?][] = [
      ['missing customer_name', withoutCustomer, 'customer_name', ORDER_MESSAGES.customerAndItemsRequired],
      [
        'blank customer_name',
        newOrderBody({ customer_name: '   ' }),
        'customer_name',
        ORDER_MESSAGES.customerAndItemsRequired,
      ],
      ['empty items', newOrderBody({ items: [] }), 'items', ORDER_MESSAGES.customerAndItemsRequired],
      ['missing items', newOrderBody({ items: undefined }), 'items', ORDER_MESSAGES.customerAndItemsRequired],
      ['quantity 0', newOrderBody({ items: [{ ...line, quantity: 0 }] }), 'items[0].quantity'],
      [
        'fractional quantity',
        newOrderBody({ items: [line, { ...line, quantity: 1.5 }] }),
        'items[1].quantity',
      ],
      ['unit_price 0', newOrderBody({ items: [{ ...line, unit_price: 0 }] }), 'items[0].unit_price'],
      ['3-decimal price', newOrderBody({ items: [{ ...line, unit_price: 1.234 }] }), 'items[0].unit_price'],
      ['string price', newOrderBody({ items: [{ ...line, unit_price: '10' }] }), 'items[0].unit_price'],
      [
        'blank product_name',
        newOrderBody({ items: [{ ...line, product_name: ' ' }] }),
        'items[0].product_name',
      ],
      [
        'wrong total_amount',
        newOrderBody({ items: [line], total_amount: 10.01 }),
        'total_amount',
        ORDER_MESSAGES.totalMismatch,
      ],
      ['foreign customer_id', newOrderBody({ customer_id: foreignCustomer.id }), 'customer_id'],
      ['unknown customer_id', newOrderBody({ customer_id: randomUUID() }), 'customer_id'],
      [
        'foreign product_id',
        newOrderBody({ items: [line, { ...line, product_id: foreignProduct.id }] }),
        'items[1].product_id',
      ],
      ['non-uuid id', newOrderBody({ id: 'abc' }), 'id'],
      ['bad email', newOrderBody({ customer_email: 'nope' }), 'customer_email'],
    ];
    const before = await counts();
    for (const [name, body, field, message] of cases) {
      const r = await api.call<Envelope>('POST', '/orders', { token: sales.token, body });
      expect({ name, status: r.status, code: r.body.code, field: r.body.field }).toEqual({
        name,
        status: 400,
        code: 'VALIDATION_ERROR',
        field,
      });
      expect(r.body.error).toBeTruthy();
      if (message) expect(r.body.error).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('PATCH status, PUT and assign-driver', async () => {
    const pending = await seedOne({ status: 'pending_approval' });
    const approved = await seedOne({ status: 'approved' });
    const outForDelivery = await seedOne({ status: 'out_for_delivery', driver });
    const salesUser = sales.user.id;
    const client1Driver = await api.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', 'client1')
      .where('role', '=', 'driver')
      .executeTakeFirstOrThrow();
    const cases: [Session, string, string, unknown, string][] = [
      [manager, 'PATCH', `/orders/${pending.id}/status`, { status: 'bogus' }, 'status'],
      [manager, 'PATCH', `/orders/${pending.id}/status`, {}, 'status'],
      [
        manager,
        'PATCH',
        `/orders/${pending.id}/status`,
        { status: 'approved', expected_status: 'x' },
        'expected_status',
      ],
      [manager, 'PATCH', '/orders/123/status', { status: 'approved' }, 'id'],
      // delivery failed needs a reason
      [driver, 'PATCH', `/orders/${outForDelivery.id}/status`, { status: 'in_transit' }, 'notes'],
      [
        driver,
        'PATCH',
        `/orders/${outForDelivery.id}/status`,
        { status: 'in_transit', notes: '   ' },
        'notes',
      ],
      [sales, 'PUT', `/orders/${pending.id}`, { items: [] }, 'items'],
      [
        sales,
        'PUT',
        `/orders/${pending.id}`,
        { items: [{ product_name: 'x', quantity: 0, unit_price: 1 }] },
        'items[0].quantity',
      ],
      [sales, 'PUT', `/orders/${pending.id}`, { customer_name: '' }, 'customer_name'],
      [sales, 'PUT', `/orders/${pending.id}`, { customer_id: randomUUID() }, 'customer_id'],
      [manager, 'PATCH', `/orders/${approved.id}/assign-driver`, { driver_id: 'x' }, 'driver_id'],
      [manager, 'PATCH', `/orders/${approved.id}/assign-driver`, { driver_id: salesUser }, 'driver_id'],
      [manager, 'PATCH', `/orders/${approved.id}/assign-driver`, { driver_id: randomUUID() }, 'driver_id'],
      [
        manager,
        'PATCH',
        `/orders/${approved.id}/assign-driver`,
        { driver_id: client1Driver.id },
        'driver_id',
      ],
    ];
    const before = await counts();
    for (const [s, method, path, body, field] of cases) {
      const r = await api.call<Envelope>(method, path, { token: s.token, body });
      expect({ path, body, status: r.status, code: r.body.code, field: r.body.field }).toEqual({
        path,
        body,
        status: 400,
        code: 'VALIDATION_ERROR',
        field,
      });
    }
    const refusedStatus = await api.call<Envelope>('PUT', `/orders/${pending.id}`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(refusedStatus.status).toBe(400);
    expect(refusedStatus.body.field).toBe('status');
    expect(refusedStatus.body.error).toBe('Bu alan düzenlenemez: Durum');
    expect(await counts()).toEqual(before);
    expect((await orderRow(outForDelivery.id)).status).toBe('out_for_delivery');
    expect((await orderRow(approved.id)).driver_id).toBeNull();
  });
});

// ------------------------------------------------------------------------------- edits ---

describe('PUT /orders/{id} per editableGroups', () => {
  const fields = Object.values(EDIT_FIELD_GROUPS).flat() as EditableField[];

  async function differentValue(field: EditableField): Promise<unknown> {
    switch (field) {
      case 'customer_id':
        return (
          await api.db
            .selectFrom('customers')
            .select('id')
            .where('tenant_id', '=', 'demo')
            .executeTakeFirstOrThrow()
        ).id;
      case 'customer_name':
        return 'Yeni Müşteri Ltd.';
      case 'customer_phone':
        return '+90 532 000 00 00';
      case 'customer_email':
        return 'yeni@example.com.tr';
      case 'customer_address':
        return 'Yeni Adres, Çankaya / Ankara';
      case 'items':
        return [{ product_name: 'Yeni ürün', quantity: 4, unit_price: 2.25 }];
      case 'notes':
        return 'Yeni not';
      case 'vehicle_plate':
        return '06 ABC 123';
    }
  }

  const scenarios: { who: () => Session; status: ProducedStatus; driver?: () => Session }[] = [
    { who: () => sales, status: 'pending_approval' },
    { who: () => sales, status: 'approved' },
    { who: () => manager, status: 'pending_approval' },
    { who: () => manager, status: 'approved' },
    { who: () => warehouse, status: 'approved' },
    { who: () => driver, status: 'out_for_delivery', driver: () => driver },
    { who: () => admin, status: 'delivered', driver: () => driver },
  ];

  it('allows exactly the fields of the caller’s groups; others are 403 naming the field; none at all is cannotEdit', async () => {
    const results: { user: string; status: string; field: string; got: number; want: number }[] = [];
    for (const sc of scenarios) {
      const who = sc.who();
      const orders = await seedOrders(
        fields.map(() => ({ status: sc.status, driver: sc.driver?.() ?? null })),
      );
      for (const [i, field] of fields.entries()) {
        const order = orders[i] as NewOrderInput;
        const groups = editableGroups(acting(who), order);
        const want = groups.length === 0 ? 403 : groups.includes(editGroupOf(field)) ? 200 : 403;
        const value = await differentValue(field);
        const r = await api.call<Envelope<Order>>('PUT', `/orders/${order.id}`, {
          token: who.token,
          body: { [field]: value },
        });
        results.push({ user: who.user.username, status: sc.status, field, got: r.status, want });
        const row = await orderRow(order.id);
        const events = await eventsOf(order.id);
        if (want === 200) {
          orderSchema.parse(r.body.data);
          if (field === 'items') {
            expect(
              r.body.data.items.map((it) => [it.product_name, it.quantity, it.unit_price_kurus]),
            ).toEqual([['Yeni ürün', 4, 225]]);
            expect(r.body.data.total_amount_kurus).toBe(900);
            expect(row.total_amount).toBe('9.00');
          } else {
            expect((r.body.data as Record<string, unknown>)[field]).toEqual(value);
            expect((row as Record<string, unknown>)[field]).toEqual(value);
          }
          expect(events.map((e) => [e.event_type, e.user_id, e.notes])).toEqual([
            ['updated', who.user.id, `Güncellenen alanlar: ${field}`],
          ]);
          expect(Number(row.change_seq)).toBeGreaterThan(order.change_seq);
        } else {
          const message =
            groups.length === 0 ? ORDER_MESSAGES.cannotEdit : ORDER_MESSAGES.fieldNotEditable(field);
          expect(r.body).toEqual({
            success: false,
            code: 'FORBIDDEN',
            error: message,
            ...(groups.length === 0 ? {} : { field }),
          });
          expect(events).toEqual([]);
          expect(Number(row.change_seq)).toBe(order.change_seq);
          expect(row.total_amount).toBe('10.00');
        }
      }
    }
    expect(results.filter((r) => r.got !== r.want)).toEqual([]);
    // Non-trivial: each role in its scenario could change something and was refused something.
    expect(results.filter((r) => r.user === 'warehouse' && r.got === 200).map((r) => r.field)).toEqual([
      'notes',
      'vehicle_plate',
    ]);
    expect(results.filter((r) => r.user === 'admin' && r.got === 200)).toHaveLength(fields.length);
  });

  it('accepts unchanged values of any field (a form may send what it shows) and writes nothing', async () => {
    const order = await seedOne({ status: 'approved', plate: '34 AB 1' });
    const before = await counts();
    const r = await api.call<Envelope<Order>>('PUT', `/orders/${order.id}`, {
      token: warehouse.token,
      body: {
        customer_name: order.customer_name,
        customer_phone: null,
        items: [{ product_name: 'Test ürünü', quantity: 1, unit_price: 10 }],
        vehicle_plate: '34 AB 1',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.vehicle_plate).toBe('34 AB 1');
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it('leaves fields the body does not carry as they are; null or blank clears one', async () => {
    const created = (await createOrder(sales)).body.data;
    expect(created.customer_phone).not.toBeNull();
    const notesOnly = await api.call<Envelope<Order>>('PUT', `/orders/${created.id}`, {
      token: sales.token,
      body: { notes: 'Sadece not' },
    });
    expect(notesOnly.status).toBe(200);
    expect(notesOnly.body.data).toMatchObject({
      notes: 'Sadece not',
      customer_phone: created.customer_phone,
      customer_address: created.customer_address,
      customer_email: created.customer_email,
    });
    const cleared = await api.call<Envelope<Order>>('PUT', `/orders/${created.id}`, {
      token: sales.token,
      body: { customer_phone: '  ', customer_email: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      customer_phone: null,
      customer_email: null,
      notes: 'Sadece not',
    });
    expect((await orderRow(created.id)).customer_address).toBe(created.customer_address);
  });

  it('an invisible order is a 404 for an edit too', async () => {
    const order = await seedOne({ status: 'pending_approval' });
    const r = await api.call('PUT', `/orders/${order.id}`, { token: sales2.token, body: { notes: 'x' } });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: ORDER_MESSAGES.notFound });
  });
});

// ------------------------------------------------------------------------------ status ---

describe('PATCH /orders/{id}/status', () => {
  it('approve: status, manager, event with notes, the salesperson and the warehouse notified, sync shows it to the salesperson', async () => {
    const created = (await createOrder(sales)).body.data;
    const cursor = String((await readTenantCounters(api.db, 'demo')).change_seq);
    const r = await api.call<Envelope>('PATCH', `/orders/${created.id}/status`, {
      token: manager.token,
      body: { status: 'approved', notes: 'Uygun', expected_status: 'pending_approval' },
    });
    expect(r.status).toBe(200);
    const order = orderSchema.parse(r.body.data);
    expect(order).toMatchObject({
      status: 'approved',
      manager_id: manager.user.id,
      manager_name: manager.user.full_name,
    });
    expect(order.events.map((e) => [e.event_type, e.from_status, e.to_status, e.user_name, e.notes])).toEqual(
      [
        ['created', null, 'pending_approval', sales.user.full_name, null],
        ['status_changed', 'pending_approval', 'approved', manager.user.full_name, 'Uygun'],
      ],
    );
    // The salesperson AND every active warehouse user (work to prepare); not the approving manager.
    const notes = (await notificationsOf(created.id)).filter((n) => n.type === 'order_approved');
    expect(notes.map((n) => n.user_id).sort()).toEqual(
      [sales.user.id, ...(await activeIdsOf('warehouse'))].sort(),
    );
    expect(notes.every((n) => n.title === 'Sipariş Onaylandı')).toBe(true);
    expect(notes.map((n) => n.user_id)).not.toContain(manager.user.id);

    const salesFeed = await pullOnce(api, sales, cursor);
    expect(salesFeed.orders.upserts.map((o) => [o.id, o.status])).toEqual([[created.id, 'approved']]);
    expect(salesFeed.notifications.upserts.map((n) => n.type)).toEqual(['order_approved']);
    // sales2 never sees it — not even its id as a removal; the warehouse now does (approved is in
    // its statuses).
    const otherFeed = await pullOnce(api, sales2, cursor);
    expect(otherFeed.orders.upserts).toEqual([]);
    expect(otherFeed.orders.removals).not.toContain(created.id);
    const warehouseFeed = await pullOnce(api, warehouse, cursor);
    expect(warehouseFeed.orders.upserts.map((o) => o.id)).toEqual([created.id]);
  });

  it('prepare and ship set warehouse_id; shipping notifies the salesperson and the assigned driver (order_in_transit)', async () => {
    const order = await seedOne({ status: 'approved', driver });
    const prepared = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/status`, {
      token: warehouse.token,
      body: { status: 'prepared', expected_status: 'approved' },
    });
    expect(prepared.body.data).toMatchObject({ status: 'prepared', warehouse_id: warehouse.user.id });
    const shipped = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/status`, {
      token: warehouse.token,
      body: { status: 'in_transit', expected_status: 'prepared' },
    });
    expect(shipped.body.data).toMatchObject({
      status: 'in_transit',
      warehouse_name: warehouse.user.full_name,
    });
    // The salesperson AND the assigned driver; not the warehouse user who shipped it.
    const notes = await notificationsOf(order.id);
    expect(notes.map((n) => [n.type, n.user_id]).sort()).toEqual(
      [
        ['order_in_transit', sales.user.id],
        ['order_in_transit', driver.user.id],
      ].sort(),
    );
  });

  it('shipping needs an assigned driver: without one 409 DRIVER_REQUIRED with the order, nothing written; assigned, it ships', async () => {
    const order = await seedOne({ status: 'prepared' });
    const before = await counts();
    for (const s of [warehouse, admin]) {
      const r = await api.call<Envelope & { current: Order }>('PATCH', `/orders/${order.id}/status`, {
        token: s.token,
        body: { status: 'in_transit', expected_status: 'prepared' },
      });
      expect(r.status, r.raw).toBe(409);
      expect(r.body).toMatchObject({
        success: false,
        code: 'DRIVER_REQUIRED',
        error: ORDER_MESSAGES.driverRequired('Yolda'),
      });
      expect(orderSchema.parse(r.body.current)).toMatchObject({ status: 'prepared', driver_id: null });
    }
    expect({ ...(await counts()), audit: 0 }).toEqual({ ...before, audit: 0 });
    expect(await eventsOf(order.id)).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('prepared');

    const version = (await api.call<Envelope<Order>>('GET', `/orders/${order.id}`, { token: manager.token }))
      .body.data.version;
    const assigned = await api.call('PATCH', `/orders/${order.id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: driver.user.id, expected_version: version },
    });
    expect(assigned.status, assigned.raw).toBe(200);
    const shipped = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/status`, {
      token: warehouse.token,
      body: { status: 'in_transit', expected_status: 'prepared' },
    });
    expect(shipped.status, shipped.raw).toBe(200);
    expect(shipped.body.data).toMatchObject({ status: 'in_transit', driver_id: driver.user.id });
  });

  it('an order on its way without a driver (made before the rule) does not go out for delivery until one is assigned', async () => {
    const order = await seedOne({ status: 'in_transit' });
    const r = await api.call<Envelope>('PATCH', `/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'out_for_delivery', expected_status: 'in_transit' },
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'DRIVER_REQUIRED',
      error: ORDER_MESSAGES.driverRequired('Dağıtımda'),
    });
    expect((await orderRow(order.id)).status).toBe('in_transit');
  });

  it('the salesperson cancelling their own order is not notified of their own action', async () => {
    const created = (await createOrder(sales)).body.data;
    const r = await api.call<Envelope<Order>>('PATCH', `/orders/${created.id}/status`, {
      token: sales.token,
      body: { status: 'cancelled', expected_status: 'pending_approval' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.manager_id).toBeNull();
    expect((await notificationsOf(created.id)).filter((n) => n.type === 'order_cancelled')).toEqual([]);
  });

  it('already satisfied → 200 and nothing written; moved on → 409 CONFLICT with the current order', async () => {
    const order = await seedOne({ status: 'approved' });
    const before = await counts();
    // Expected pending_approval, asks approved, it IS approved and the manager could have done it.
    const satisfied = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/status`, {
      token: manager.token,
      body: { status: 'approved', expected_status: 'pending_approval' },
    });
    expect(satisfied.status).toBe(200);
    expect(satisfied.body.data.status).toBe('approved');
    // Without expected_status: already approved, the manager may approve → 200 unchanged.
    const same = await api.call('PATCH', `/orders/${order.id}/status`, {
      token: manager.token,
      body: { status: 'approved' },
    });
    expect(same.status).toBe(200);
    expect({ ...(await counts()), audit: 0 }).toEqual({ ...before, audit: 0 });

    // Asks to cancel expecting pending_approval, but it is approved → conflict, with `current`.
    const conflict = await api.call<Envelope & { current: Order }>('PATCH', `/orders/${order.id}/status`, {
      token: manager.token,
      body: { status: 'cancelled', expected_status: 'pending_approval' },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: ORDER_MESSAGES.conflict('Onaylandı'),
    });
    expect(orderSchema.parse(conflict.body.current)).toMatchObject({ id: order.id, status: 'approved' });

    // The salesperson could not have approved: "already approved" is a conflict for them.
    const own = await api.call<Envelope>('PATCH', `/orders/${order.id}/status`, {
      token: sales.token,
      body: { status: 'approved', expected_status: 'pending_approval' },
    });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('CONFLICT');
    // Without expected_status the machine answers: approved → approved is no transition.
    const none = await api.call<Envelope>('PATCH', `/orders/${order.id}/status`, {
      token: sales.token,
      body: { status: 'approved' },
    });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('INVALID_TRANSITION');
    expect({ ...(await counts()), audit: 0 }).toEqual({ ...before, audit: 0 });
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it('a transition the machine does not have → 409 INVALID_TRANSITION with labels and current', async () => {
    const order = await seedOne({ status: 'pending_approval' });
    for (const status of ['delivered', 'pending', 'shipped']) {
      const r = await api.call<Envelope & { current: Order }>('PATCH', `/orders/${order.id}/status`, {
        token: admin.token,
        body: { status },
      });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('INVALID_TRANSITION');
      expect(r.body.current.status).toBe('pending_approval');
    }
    const r = await api.call<Envelope>('PATCH', `/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'delivered' },
    });
    expect(r.body.error).toBe(ORDER_MESSAGES.invalidTransition('Onay Bekliyor', 'Teslim Edildi'));
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it('a failed delivery with a reason goes back to in_transit and records the reason', async () => {
    const order = await seedOne({ status: 'out_for_delivery', driver });
    const r = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/status`, {
      token: driver.token,
      body: { status: 'in_transit', notes: 'Müşteri adreste yok', expected_status: 'out_for_delivery' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.events.at(-1)).toMatchObject({
      to_status: 'in_transit',
      notes: 'Müşteri adreste yok',
    });
  });

  it('a deleted order is a 404', async () => {
    const order = await seedOne({ status: 'pending_approval' });
    await api.db.updateTable('orders').set({ deleted_at: new Date() }).where('id', '=', order.id).execute();
    const r = await api.call('PATCH', `/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(r.status).toBe(404);
  });
});

// ------------------------------------------------------------------------ assign driver ---

describe('PATCH /orders/{id}/assign-driver', () => {
  it('assigns, notifies the driver, and moves the order between drivers’ feeds (the old one gets a removal)', async () => {
    const created = (await createOrder(sales)).body.data;
    await api.call('PATCH', `/orders/${created.id}/status`, {
      token: manager.token,
      body: { status: 'approved' },
    });
    const cursor = String((await readTenantCounters(api.db, 'demo')).change_seq);

    const r = await api.call<Envelope>('PATCH', `/orders/${created.id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: driver.user.id, vehicle_plate: '34 ABC 34' },
    });
    expect(r.status).toBe(200);
    const order = orderSchema.parse(r.body.data);
    expect(order).toMatchObject({
      status: 'approved',
      driver_id: driver.user.id,
      driver_name: driver.user.full_name,
      vehicle_plate: '34 ABC 34',
    });
    expect(order.events.at(-1)).toMatchObject({
      event_type: 'driver_assigned',
      from_status: 'approved',
      to_status: 'approved',
      user_id: manager.user.id,
    });
    const assigned = (await notificationsOf(created.id)).filter((n) => n.type === 'order_assigned');
    expect(assigned.map((n) => [n.user_id, n.title])).toEqual([[driver.user.id, 'Yeni Teslimat Atandı']]);
    const d1 = await pullOnce(api, driver, cursor);
    expect(d1.orders.upserts.map((o) => o.id)).toEqual([created.id]);
    expect(d1.notifications.upserts.map((n) => n.type)).toEqual(['order_assigned']);

    // Same driver and plate again: satisfied, nothing written.
    const before = await counts();
    const same = await api.call('PATCH', `/orders/${created.id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: driver.user.id, vehicle_plate: '34 ABC 34' },
    });
    expect(same.status).toBe(200);
    expect({ ...(await counts()), audit: 0 }).toEqual({ ...before, audit: 0 });

    // Reassigned to driver2 (plate kept): driver loses it (removal), driver2 gets it and a notification.
    const reassigned = await api.call<Envelope<Order>>('PATCH', `/orders/${created.id}/assign-driver`, {
      token: admin.token,
      body: { driver_id: driver2.user.id },
    });
    expect(reassigned.body.data).toMatchObject({ driver_id: driver2.user.id, vehicle_plate: '34 ABC 34' });
    const d2 = await pullOnce(api, driver, d1.cursor);
    expect(d2.orders.removals).toEqual([created.id]);
    expect(d2.orders.upserts).toEqual([]);
    const other = await pullOnce(api, driver2, cursor);
    expect(other.orders.upserts.map((o) => o.id)).toEqual([created.id]);
    expect(other.notifications.upserts.map((n) => n.type)).toEqual(['order_assigned']);
    expect((await api.call('GET', `/orders/${created.id}`, { token: driver.token })).status).toBe(404);
    expect((await api.call('GET', `/orders/${created.id}`, { token: driver2.token })).status).toBe(200);
  });

  it('re-assigns an order in transit or out for delivery (versioned): the new driver is notified and sees it, the old one loses it', async () => {
    for (const status of ['in_transit', 'out_for_delivery'] as const) {
      const order = await seedOne({ status, driver, plate: '06 ABC 06' });
      const cursor = String((await readTenantCounters(api.db, 'demo')).change_seq);
      const oldFeed = await pullOnce(api, driver, String(order.change_seq - 1));
      expect(oldFeed.orders.upserts.map((o) => o.id)).toContain(order.id);

      // A stale version (someone changed it since) is a conflict, nothing written.
      const stale = await api.call<Envelope>('PATCH', `/orders/${order.id}/assign-driver`, {
        token: manager.token,
        body: { driver_id: driver2.user.id, expected_version: order.change_seq - 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('CONFLICT');
      expect((await orderRow(order.id)).driver_id).toBe(driver.user.id);

      const r = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/assign-driver`, {
        token: manager.token,
        body: { driver_id: driver2.user.id, expected_version: order.change_seq },
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        status,
        driver_id: driver2.user.id,
        driver_name: driver2.user.full_name,
        vehicle_plate: '06 ABC 06',
      });
      const assigned = (await notificationsOf(order.id)).filter((n) => n.type === 'order_assigned');
      expect(assigned.map((n) => n.user_id)).toEqual([driver2.user.id]);
      // The new driver's work list has it; the old driver's device is told to drop it.
      const gained = await pullOnce(api, driver2, cursor);
      expect(gained.orders.upserts.map((o) => o.id)).toEqual([order.id]);
      expect(gained.notifications.upserts.map((n) => n.type)).toEqual(['order_assigned']);
      const lost = await pullOnce(api, driver, cursor);
      expect(lost.orders.removals).toEqual([order.id]);
      // …and told why, in a notice of their own (no link: the order is no longer theirs to open).
      expect(
        lost.notifications.upserts.map((n) => ({
          type: n.type,
          message: n.message,
          params: n.params,
          related: n.related_order,
        })),
      ).toEqual([
        {
          type: 'system',
          message: `${order.order_number} numaralı sipariş (${order.customer_name}) artık size atanmış değil; teslimatı başka bir sürücü yapacak.`,
          params: {
            key: 'driver_unassigned',
            order_number: order.order_number,
            customer_name: order.customer_name,
          },
          related: null,
        },
      ]);
      expect((await api.call('GET', `/orders/${order.id}`, { token: driver.token })).status).toBe(404);
      // The new driver carries on: out for delivery, or back on the way after a failed attempt.
      const next =
        status === 'in_transit'
          ? { status: 'out_for_delivery', expected_status: 'in_transit' }
          : { status: 'in_transit', expected_status: 'out_for_delivery', notes: 'Adreste kimse yok' };
      const moved = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/status`, {
        token: driver2.token,
        body: next,
      });
      expect(moved.status, moved.raw).toBe(200);
    }
  });

  it('the orders of a deactivated or deleted driver, and one on its way with no driver, go to another driver', async () => {
    const makeDriver = async (name: string) => {
      const r = await api.call<Envelope<{ id: string }>>('POST', '/admin/users', {
        token: admin.token,
        body: {
          username: `${name}${randomUUID().slice(0, 6)}`,
          email: `${name}-${randomUUID().slice(0, 6)}@ornek.com.tr`,
          full_name: `Sürücü ${name}`,
          role: 'driver',
          phone: '0532 000 00 00',
          password: 'gizli1234',
        },
      });
      expect(r.status, r.raw).toBe(201);
      return r.body.data.id;
    };
    const ill = await makeDriver('hasta');
    const gone = await makeDriver('ayrilan');
    const [a, b, c] = await seedOrders([
      { status: 'in_transit', driverId: ill },
      { status: 'out_for_delivery', driverId: gone },
      { status: 'in_transit', driver: null },
    ]);
    const off = await api.call('PUT', `/admin/users/${ill}`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(off.status, off.raw).toBe(200);
    const removed = await api.call('DELETE', `/admin/users/${gone}`, { token: admin.token });
    expect(removed.status, removed.raw).toBe(200);
    for (const order of [a, b, c] as NewOrderInput[]) {
      const r = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/assign-driver`, {
        token: manager.token,
        body: { driver_id: driver.user.id, expected_version: order.change_seq },
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({ status: order.status, driver_id: driver.user.id });
      expect((await api.call('GET', `/orders/${order.id}`, { token: driver.token })).status).toBe(200);
    }
    // A deactivated driver is no driver to assign.
    const toIll = await api.call<Envelope>('PATCH', `/orders/${(a as NewOrderInput).id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: ill },
    });
    expect(toIll.status).toBe(400);
    expect(toIll.body.field).toBe('driver_id');
  });

  it('refuses the wrong status (409 INVALID_TRANSITION) and the wrong role (403)', async () => {
    const pending = await seedOne({ status: 'pending_approval' });
    const wrongStatus = await api.call<Envelope>('PATCH', `/orders/${pending.id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: driver.user.id },
    });
    expect(wrongStatus.status).toBe(409);
    expect(wrongStatus.body).toMatchObject({
      code: 'INVALID_TRANSITION',
      error: ORDER_MESSAGES.cannotAssignDriver,
    });
    const approved = await seedOne({ status: 'approved' });
    for (const s of [sales, warehouse]) {
      const r = await api.call<Envelope>('PATCH', `/orders/${approved.id}/assign-driver`, {
        token: s.token,
        body: { driver_id: driver.user.id },
      });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
    }
    expect((await orderRow(approved.id)).driver_id).toBeNull();
    expect((await orderRow(pending.id)).driver_id).toBeNull();
  });
});

// ------------------------------------------------------------------------------ delete ---

describe('DELETE /orders/{id}', () => {
  it('admin only; a soft delete that every device’s next pull removes; deleting again is success', async () => {
    const created = (await createOrder(sales)).body.data;
    const cursor = String((await readTenantCounters(api.db, 'demo')).change_seq);
    const refused = await api.call<Envelope>('DELETE', `/orders/${created.id}`, { token: manager.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', error: ORDER_MESSAGES.cannotDelete });
    expect((await api.call('DELETE', `/orders/${created.id}`, { token: sales.token })).status).toBe(403);

    const r = await api.call<Envelope>('DELETE', `/orders/${created.id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(deleteOrderResponse.parse(r.body.data)).toEqual({ id: created.id });
    const row = await orderRow(created.id);
    expect(row.deleted_at).not.toBeNull();
    expect(Number(row.change_seq)).toBe(Number(cursor) + 1);

    for (const s of [sales, manager, admin]) {
      const feed = await pullOnce(api, s, cursor);
      expect(feed.orders.removals).toEqual([created.id]);
      expect(feed.orders.upserts).toEqual([]);
    }
    // A fresh device never receives it.
    const fresh = (await pullAll(api, manager)).flatMap((p) => p.orders.upserts.map((o) => o.id));
    expect(fresh).not.toContain(created.id);
    expect((await api.call('GET', `/orders/${created.id}`, { token: admin.token })).status).toBe(404);
    const list = orderListResponse.parse(
      (await api.call<Envelope>('GET', '/orders', { token: admin.token, query: { limit: 100 } })).body.data,
    );
    expect(list.orders.map((o) => o.id)).not.toContain(created.id);

    const before = await counts();
    const again = await api.call<Envelope>('DELETE', `/orders/${created.id}`, { token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ id: created.id });
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });
    expect((await api.call('DELETE', `/orders/${randomUUID()}`, { token: admin.token })).status).toBe(404);
  });
});

// ------------------------------------------------------------------------- idempotency ---

describe('idempotent replays', () => {
  it('POST /orders twice with one Idempotency-Key: one order, one event, one set of notifications', async () => {
    const key = randomUUID();
    const body = newOrderBody({ notes: 'tekrar' });
    const before = await counts();
    const first = await createOrder(sales, body, key);
    const second = await createOrder(sales, body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    const managers = await activeManagerIds();
    expect(await counts()).toMatchObject({
      orders: before.orders + 1,
      events: before.events + 1,
      notifications: before.notifications + managers.length,
      audit: before.audit + 1,
      order_seq: before.order_seq + 1,
    });
    // Same key, different body: a client bug → 422, nothing written.
    const reused = await createOrder(sales, newOrderBody({ notes: 'başka' }), key);
    expect(reused.status).toBe(422);
    expect((await counts()).orders).toBe(before.orders + 1);
  });

  it('PATCH status replayed with its key: one event, the same answer', async () => {
    const created = (await createOrder(sales)).body.data;
    const key = randomUUID();
    const body = { status: 'approved', expected_status: 'pending_approval' };
    const a = await api.call('PATCH', `/orders/${created.id}/status`, {
      token: manager.token,
      body,
      idempotencyKey: key,
    });
    const b = await api.call('PATCH', `/orders/${created.id}/status`, {
      token: manager.token,
      body,
      idempotencyKey: key,
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.body).toEqual(a.body);
    expect((await eventsOf(created.id)).filter((e) => e.event_type === 'status_changed')).toHaveLength(1);
    // one set of notifications: once the salesperson, once each warehouse user
    const approved = (await notificationsOf(created.id)).filter((n) => n.type === 'order_approved');
    expect(approved.map((n) => n.user_id).sort()).toEqual(
      [sales.user.id, ...(await activeIdsOf('warehouse'))].sort(),
    );
  });

  it('a refused change is a final answer for its key too (replayed, not re-run)', async () => {
    const order = await seedOne({ status: 'approved' });
    const key = randomUUID();
    const body = { status: 'cancelled', expected_status: 'pending_approval' };
    const a = await api.call('PATCH', `/orders/${order.id}/status`, {
      token: manager.token,
      body,
      idempotencyKey: key,
    });
    expect(a.status).toBe(409);
    const b = await api.call('PATCH', `/orders/${order.id}/status`, {
      token: manager.token,
      body,
      idempotencyKey: key,
    });
    expect(b.status).toBe(409);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.body).toEqual(a.body);
  });
});
