import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSums } from '../../src/server/stock/stock.repository';
import type { Order, Product } from '../../src/shared/api/entities';
import { bulkProductResponse, deleteProductResponse } from '../../src/shared/api/products';
import { type Api, type Session, startApi } from './support/harness';
import { productHelpers } from './support/products';

/**
 * Deleting a product while orders still need it, through HTTP: a product open orders hold
 * (approved and reserving it, or awaiting approval) is refused with 409 naming the orders and
 * nothing is written; once they are finished the delete writes the stock on hand off as a ledger
 * movement (on hand stays the sum of the movements); the bulk delete decides the same per product;
 * an order that names a product deleted since can still be finished.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;

type Envelope<T = unknown> = {
  success: boolean;
  data: T;
  code?: string;
  error?: string;
  order_numbers?: string[];
  order_count?: number;
};

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales, warehouse, driver] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
  ]);
});
afterAll(async () => api?.close());

const { created } = productHelpers(
  () => api,
  () => admin,
);

async function ok<T = Order>(r: Promise<{ status: number; body: Envelope<T>; raw: string }>): Promise<T> {
  const res = await r;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status} ${res.raw}`);
  return res.body.data;
}

const patchStatus = (s: Session, id: string, status: string, extra: Record<string, unknown> = {}) =>
  api.call<Envelope<Order>>('PATCH', `/orders/${id}/status`, { token: s.token, body: { status, ...extra } });

const pendingOrder = (product: Product, quantity: number, id: string = randomUUID()) =>
  ok(
    api.call<Envelope<Order>>('POST', '/orders', {
      token: sales.token,
      body: {
        id,
        customer_name: 'Silme Kuralı A.Ş.',
        items: [{ product_id: product.id, product_name: product.name, quantity, unit_price: 10 }],
      },
    }),
  );

async function approvedOrder(product: Product, quantity: number): Promise<Order> {
  const order = await pendingOrder(product, quantity);
  return ok(patchStatus(manager, order.id, 'approved', { expected_status: 'pending_approval' }));
}

const remove = (id: string) =>
  api.call<Envelope<unknown>>('DELETE', `/products/${id}`, { token: admin.token, body: {} });

/** What a refused delete must leave as it was: the row, its figures and its ledger. */
async function snapshot(id: string) {
  const row = await api.db
    .selectFrom('products')
    .select(['deleted_at', 'change_seq', 'current_stock', 'reserved_stock'])
    .where('tenant_id', '=', 'demo')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const movements = await api.db
    .selectFrom('stock_movements')
    .select(['seq'])
    .where('tenant_id', '=', 'demo')
    .where('product_id', '=', id)
    .execute();
  return { ...row, change_seq: Number(row.change_seq), movements: movements.length };
}

async function expectLedgerHolds(ids: readonly string[]) {
  const sums = await ledgerSums(api.db, 'demo');
  const rows = await api.db
    .selectFrom('products')
    .select(['id', 'current_stock', 'reserved_stock'])
    .where('tenant_id', '=', 'demo')
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows)
    expect(sums.get(row.id) ?? { current: 0, reserved: 0 }, row.id).toEqual({
      current: row.current_stock,
      reserved: row.reserved_stock,
    });
}

describe('DELETE /products/{id} while orders need the product', () => {
  it('80 of 90 reserved by an approved order: 409 naming the order, nothing written; after the order is cancelled the 90 are written off', async () => {
    const product = await created({ current_stock: 90 });
    const order = await approvedOrder(product, 80);
    const before = await snapshot(product.id);
    expect(before).toMatchObject({ current_stock: 90, reserved_stock: 80 });

    const refused = await remove(product.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'PRODUCT_IN_USE',
      order_numbers: [order.order_number],
      order_count: 1,
    });
    expect(refused.body.error).toContain(order.order_number);
    expect(refused.body.error).toContain('açık siparişlerde olduğu için silinemez');
    expect(await snapshot(product.id)).toEqual(before);
    const listed = await api.call<{ data: Product[] }>('GET', '/products', {
      token: admin.token,
      query: { search: product.product_code },
    });
    expect(listed.body.data.map((p) => p.id)).toEqual([product.id]);

    await ok(patchStatus(manager, order.id, 'cancelled'));
    const done = await remove(product.id);
    expect(done.status, done.raw).toBe(200);
    expect(deleteProductResponse.parse(done.body.data)).toEqual({ id: product.id, written_off: 90 });
    const after = await snapshot(product.id);
    expect(after.deleted_at).not.toBeNull();
    expect([after.current_stock, after.reserved_stock]).toEqual([0, 0]);
    const last = await api.db
      .selectFrom('stock_movements')
      .select(['quantity', 'reserved_delta', 'reason', 'user_id'])
      .where('tenant_id', '=', 'demo')
      .where('product_id', '=', product.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ quantity: -90, reserved_delta: 0, reason: 'write_off', user_id: admin.user.id });
    await expectLedgerHolds([product.id]);
    // deleting it again is success with nothing written off twice
    const again = await remove(product.id);
    expect(again.status).toBe(200);
    expect(await snapshot(product.id)).toEqual(after);
  });

  it('an order awaiting approval holds it too; many orders are named a few, then "…ve N sipariş daha"', async () => {
    const product = await created({ current_stock: 50 });
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await pendingOrder(product, 1));
    const refused = await remove(product.id);
    expect(refused.status).toBe(409);
    const numbers = orders.map((o) => o.order_number).sort();
    expect(refused.body.order_count).toBe(5);
    expect(refused.body.order_numbers).toEqual(numbers.slice(0, 3));
    expect(refused.body.error).toContain(`${numbers.slice(0, 3).join(', ')} …ve 2 sipariş daha`);
    // every order finished one way or another: the product can go
    for (const [i, o] of orders.entries())
      await ok(
        i % 2 === 0
          ? patchStatus(manager, o.id, 'rejected', { expected_status: 'pending_approval' })
          : patchStatus(sales, o.id, 'cancelled', { expected_status: 'pending_approval' }),
      );
    const done = await remove(product.id);
    expect(done.status, done.raw).toBe(200);
    expect(deleteProductResponse.parse(done.body.data).written_off).toBe(50);
    await expectLedgerHolds([product.id]);
  });

  it('goods already on the road do not hold the product; a product with nothing on hand writes nothing off', async () => {
    const product = await created({ current_stock: 6 });
    const order = await approvedOrder(product, 6);
    await ok(
      api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/assign-driver`, {
        token: manager.token,
        body: { driver_id: driver.user.id, vehicle_plate: '34 SLM 01' },
      }),
    );
    await ok(patchStatus(warehouse, order.id, 'prepared'));
    await ok(patchStatus(warehouse, order.id, 'in_transit'));
    const before = await snapshot(product.id);
    expect([before.current_stock, before.reserved_stock]).toEqual([0, 0]);
    const done = await remove(product.id);
    expect(done.status, done.raw).toBe(200);
    expect(deleteProductResponse.parse(done.body.data).written_off).toBe(0);
    expect((await snapshot(product.id)).movements).toBe(before.movements);
    // the order goes on to its end
    await ok(patchStatus(driver, order.id, 'out_for_delivery', { expected_status: 'in_transit' }));
    await expectLedgerHolds([product.id]);
  });

  it('goods returned to a deleted product are written off at once: it holds no stock, its ledger still sums', async () => {
    const product = await created({ current_stock: 4 });
    const order = await approvedOrder(product, 3);
    await ok(
      api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/assign-driver`, {
        token: manager.token,
        body: { driver_id: driver.user.id, vehicle_plate: '34 SLM 02' },
      }),
    );
    await ok(patchStatus(warehouse, order.id, 'prepared'));
    await ok(patchStatus(warehouse, order.id, 'in_transit'));
    await ok(patchStatus(driver, order.id, 'out_for_delivery', { expected_status: 'in_transit' }));
    await ok(
      api.call<Envelope<Order>>('POST', `/orders/${order.id}/deliver`, {
        token: driver.token,
        body: {
          expected_status: 'out_for_delivery',
          recipient_name: 'Ayşe Yılmaz',
          signature:
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          delivered_at: new Date().toISOString(),
        },
      }),
    );
    // The one left on the shelf is written off with the product.
    const done = await remove(product.id);
    expect(done.status, done.raw).toBe(200);
    expect(deleteProductResponse.parse(done.body.data).written_off).toBe(1);
    // The customer sends the three back: they come in, and go out again as a write-off.
    await ok(patchStatus(manager, order.id, 'returned', { expected_status: 'delivered' }));
    expect((await snapshot(product.id)).current_stock).toBe(0);
    const movements = await api.db
      .selectFrom('stock_movements')
      .select(['reason', 'quantity', 'order_id'])
      .where('tenant_id', '=', 'demo')
      .where('product_id', '=', product.id)
      .orderBy('seq')
      .execute();
    expect(movements.slice(-2)).toEqual([
      { reason: 'return', quantity: 3, order_id: order.id },
      { reason: 'write_off', quantity: -3, order_id: order.id },
    ]);
    await expectLedgerHolds([product.id]);
  });

  it('an order made offline naming a product deleted since: its approval names the product as deleted, and it can be rejected', async () => {
    const product = await created({ current_stock: 10 });
    expect((await remove(product.id)).status).toBe(200);
    const order = await pendingOrder(product, 2);
    const approve = await patchStatus(manager, order.id, 'approved', { expected_status: 'pending_approval' });
    expect(approve.status).toBe(409);
    expect(approve.body.error).toContain(`Ürün silinmiş: ${product.name}`);
    expect((await snapshot(product.id)).reserved_stock).toBe(0);
    await ok(patchStatus(manager, order.id, 'rejected', { expected_status: 'pending_approval' }));
  });
});

describe('POST /products/bulk delete follows the same rule per product', () => {
  it('deletes the free ones (stock written off), refuses the held ones each with its reason, in one answer', async () => {
    const free = await created({ current_stock: 40 });
    const held = await created({ current_stock: 30 });
    const empty = await created({ current_stock: 0 });
    const order = await approvedOrder(held, 5);
    const heldBefore = await snapshot(held.id);
    const unknown = randomUUID();
    const r = await api.call<{ data: unknown }>('POST', '/products/bulk', {
      token: admin.token,
      body: {
        action: 'delete',
        items: [
          { id: free.id, expected_version: free.version },
          { id: held.id },
          { id: empty.id, expected_version: empty.version },
          { id: unknown },
        ],
      },
    });
    expect(r.status, r.raw).toBe(200);
    const body = bulkProductResponse.parse(r.body.data);
    expect(body.applied).toBe(2);
    expect(body.results.map((x) => [x.id, x.outcome, x.written_off ?? null])).toEqual([
      [free.id, 'applied', 40],
      [held.id, 'refused', null],
      [empty.id, 'applied', 0],
      [unknown, 'not_found', null],
    ]);
    const refused = body.results[1];
    expect(refused?.reason).toContain(order.order_number);
    expect(refused?.reason).toContain(held.name);
    expect(refused?.product).toMatchObject({ id: held.id, current_stock: 30, available_stock: 25 });
    expect(await snapshot(held.id)).toEqual(heldBefore);
    expect((await snapshot(free.id)).deleted_at).not.toBeNull();
    expect((await snapshot(empty.id)).deleted_at).not.toBeNull();
    await expectLedgerHolds([free.id, held.id, empty.id]);
  });
});
