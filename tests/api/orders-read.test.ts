import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type OrderSummary, orderSchema } from '../../src/shared/api/entities';
import { ORDER_MESSAGES, orderArrayResponse, orderListResponse } from '../../src/shared/api/orders';
import { ROLE_ORDER_STATUSES, WAREHOUSE_VISIBLE_STATUSES } from '../../src/shared/domain/order-status';
import type { Session } from './support/harness';
import {
  admin,
  api,
  baseOrders,
  driver,
  type Envelope,
  expectedList,
  foreign,
  manager,
  type Order,
  sales,
  sales2,
  setUpOrdersApi,
  warehouse,
} from './support/orders';

/**
 * Reading orders through HTTP: the list (pagination, role scope, filters), the recent and per-role
 * lists, and one order with its items and history (what is not visible is a 404).
 */
setUpOrdersApi();

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
