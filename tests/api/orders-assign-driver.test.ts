import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewOrderInput } from '../../src/server/orders/orders.repository';
import { readTenantCounters } from '../../src/server/tenants/tenants.repository';
import { orderSchema } from '../../src/shared/api/entities';
import { ORDER_MESSAGES } from '../../src/shared/api/orders';
import {
  admin,
  api,
  counts,
  createOrder,
  driver,
  driver2,
  type Envelope,
  manager,
  notificationsOf,
  type Order,
  orderRow,
  sales,
  seedOne,
  seedOrders,
  setUpOrdersApi,
  warehouse,
} from './support/orders';
import { pullOnce } from './support/pull';

/**
 * Assigning a driver through HTTP (PATCH /orders/{id}/assign-driver): notifications, the drivers' feeds,
 * re-assignment on the way, and the refusals.
 */
setUpOrdersApi();

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
