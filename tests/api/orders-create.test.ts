import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readTenantCounters } from '../../src/server/tenants/tenants.repository';
import { orderSchema } from '../../src/shared/api/entities';
import { ORDER_MESSAGES, orderListResponse } from '../../src/shared/api/orders';
import {
  activeIdsOf,
  activeManagerIds,
  api,
  counts,
  createOrder,
  type Envelope,
  eventsOf,
  manager,
  newOrderBody,
  notificationsOf,
  orderRow,
  sales,
  sales2,
  seedOne,
  setUpOrdersApi,
} from './support/orders';
import { pullOnce } from './support/pull';

/**
 * Creating orders through HTTP: numbering, totals in kuruş, events and notifications, client-made ids,
 * and idempotent replays of a create or a status change (one Idempotency-Key, one effect).
 */
setUpOrdersApi();

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
