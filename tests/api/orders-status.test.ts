import { describe, expect, it } from 'vitest';
import { readTenantCounters } from '../../src/server/tenants/tenants.repository';
import { orderSchema } from '../../src/shared/api/entities';
import { ORDER_MESSAGES } from '../../src/shared/api/orders';
import {
  activeIdsOf,
  admin,
  api,
  counts,
  createOrder,
  driver,
  type Envelope,
  eventsOf,
  manager,
  notificationsOf,
  type Order,
  orderRow,
  sales,
  sales2,
  seedOne,
  setUpOrdersApi,
  warehouse,
} from './support/orders';
import { pullOnce } from './support/pull';

/**
 * Status changes through HTTP (PATCH /orders/{id}/status): each transition's events, notifications and
 * sync-feed changes, and the refusals. The status permission matrix is in orders-permissions.test.ts,
 * the concurrent approve/cancel race in orders-concurrency.test.ts.
 */
setUpOrdersApi();

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
