import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewOrderInput } from '../../src/server/orders/orders.repository';
import { readTenantCounters } from '../../src/server/tenants/tenants.repository';
import { orderSchema } from '../../src/shared/api/entities';
import { deleteOrderResponse, ORDER_MESSAGES, orderListResponse } from '../../src/shared/api/orders';
import {
  EDIT_FIELD_GROUPS,
  type EditableField,
  editableGroups,
  editGroupOf,
  type ProducedStatus,
} from '../../src/shared/domain/order-status';
import type { Session } from './support/harness';
import {
  acting,
  admin,
  api,
  counts,
  createOrder,
  driver,
  type Envelope,
  eventsOf,
  manager,
  type Order,
  orderRow,
  sales,
  sales2,
  seedOne,
  seedOrders,
  setUpOrdersApi,
  warehouse,
} from './support/orders';
import { pullAll, pullOnce } from './support/pull';

/**
 * Editing orders through HTTP: PUT /orders/{id} allows exactly the fields of the caller's
 * editableGroups, and DELETE /orders/{id} is an admin-only soft delete every device's pull removes.
 */
setUpOrdersApi();

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
