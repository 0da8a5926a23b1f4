import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../../src/shared/api/orders';
import type { Session } from './support/harness';
import {
  admin,
  api,
  counts,
  driver,
  type Envelope,
  manager,
  newOrderBody,
  orderRow,
  sales,
  seedOne,
  setUpOrdersApi,
} from './support/orders';

/**
 * Bad payloads to the order endpoints: a 400 naming the field, and nothing written.
 */
setUpOrdersApi();

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
