import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSums } from '../../src/server/stock/stock.repository';
import type { Order, Product } from '../../src/shared/api/entities';
import type { StockMovementListBody } from '../../src/shared/api/stock';
import { STOCK_MESSAGES } from '../../src/shared/domain/stock';
import { type Api, type Session, startApi } from './support/harness';

/**
 * The stock ledger through the API: orders move stock in the transaction of their status change
 * (approve reserves, cancel releases, shipping takes out, a return puts back), an approval beyond
 * the available stock is refused with nothing written, manual adjustments are versioned and never
 * doubled or lost under concurrency, and the ledger always sums to the stored figures.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;
let foreign: Session;

type Envelope<T = unknown> = { success: boolean; data: T; code?: string; error?: string; field?: string };

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales, warehouse, driver, foreign] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
    api.login('client1', 'warehouse'),
  ]);
});
afterAll(async () => api?.close());

interface Figures {
  id: string;
  name: string;
  current: number;
  reserved: number;
  stock_seq: number;
  version: number;
}

async function figures(id: string): Promise<Figures> {
  const r = await api.db
    .selectFrom('products')
    .select(['id', 'name', 'current_stock', 'reserved_stock', 'stock_seq', 'change_seq'])
    .where('tenant_id', '=', 'demo')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    name: r.name,
    current: r.current_stock,
    reserved: r.reserved_stock,
    stock_seq: Number(r.stock_seq),
    version: Number(r.change_seq),
  };
}

/** Distinct live demo products with at least `min` available, by code (stable across runs). */
const taken = new Set<string>();
async function freshProduct(min = 20): Promise<Figures> {
  const rows = await api.db
    .selectFrom('products')
    .select(['id', 'current_stock', 'reserved_stock'])
    .where('tenant_id', '=', 'demo')
    .where('deleted_at', 'is', null)
    .orderBy('product_code')
    .execute();
  const row = rows.find((r) => !taken.has(r.id) && r.current_stock - r.reserved_stock >= min);
  if (!row) throw new Error('no product with enough stock');
  taken.add(row.id);
  return figures(row.id);
}

/** A product with exactly `available` available (an adjustment through the API sets it). */
async function productWithAvailable(available: number): Promise<Figures> {
  const p = await freshProduct(0);
  const delta = available - (p.current - p.reserved);
  if (delta !== 0) {
    const r = await adjust(admin, p.id, {
      adjustment: delta,
      reason: 'manual_adjustment',
      expected_version: p.version,
    });
    expect(r.status, r.raw).toBe(200);
  }
  return figures(p.id);
}

const adjust = (s: Session, id: string, body: Record<string, unknown>, key?: string) =>
  api.call<Envelope<Product>>('PATCH', `/products/${id}/stock`, {
    token: s.token,
    tenant: s.tenant,
    body,
    ...(key ? { idempotencyKey: key } : {}),
  });

async function ok<T = Order>(r: Promise<{ status: number; body: Envelope<T>; raw: string }>): Promise<T> {
  const res = await r;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status} ${res.raw}`);
  return res.body.data;
}

const patchStatus = (s: Session, id: string, status: string, extra: Record<string, unknown> = {}) =>
  api.call<Envelope<Order>>('PATCH', `/orders/${id}/status`, { token: s.token, body: { status, ...extra } });

async function pendingOrder(lines: { p: Figures; q: number }[]): Promise<Order> {
  return ok(
    api.call<Envelope<Order>>('POST', '/orders', {
      token: sales.token,
      body: {
        customer_name: 'Stok Testi A.Ş.',
        items: lines.map((l) => ({
          product_id: l.p.id,
          product_name: l.p.name,
          quantity: l.q,
          unit_price: 10,
        })),
      },
    }),
  );
}

async function approved(lines: { p: Figures; q: number }[]): Promise<Order> {
  const order = await pendingOrder(lines);
  return ok(patchStatus(manager, order.id, 'approved', { expected_status: 'pending_approval' }));
}

async function shipped(lines: { p: Figures; q: number }[]): Promise<Order> {
  const order = await approved(lines);
  await ok(
    api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: driver.user.id, vehicle_plate: '34 STK 01' },
    }),
  );
  await ok(patchStatus(warehouse, order.id, 'prepared'));
  return ok(patchStatus(warehouse, order.id, 'in_transit'));
}

async function movementsOf(productId: string) {
  return api.db
    .selectFrom('stock_movements')
    .select(['quantity', 'reserved_delta', 'reason', 'order_id', 'user_id'])
    .where('tenant_id', '=', 'demo')
    .where('product_id', '=', productId)
    .orderBy('seq')
    .execute();
}

describe('orders move stock in the same transaction', () => {
  it('approving reserves the lines: available drops by the quantities, on hand unchanged; devices pull the product again', async () => {
    const [a, b] = [await freshProduct(), await freshProduct()] as [Figures, Figures];
    const order = await approved([
      { p: a, q: 3 },
      { p: b, q: 2 },
      { p: a, q: 1 },
    ]);
    const [a1, b1] = [await figures(a.id), await figures(b.id)];
    expect([a1.current, a1.reserved]).toEqual([a.current, a.reserved + 4]);
    expect([b1.current, b1.reserved]).toEqual([b.current, b.reserved + 2]);
    expect(a1.version).toBeGreaterThan(a.version);
    expect(a1.stock_seq).toBeGreaterThan(a.stock_seq);
    expect((await movementsOf(a.id)).at(-1)).toMatchObject({
      quantity: 0,
      reserved_delta: 4,
      reason: 'reservation',
      order_id: order.id,
      user_id: manager.user.id,
    });
  });

  it('shipping (in_transit) turns the reservation into an outgoing movement: on hand drops, the reservation goes', async () => {
    const a = await freshProduct();
    await shipped([{ p: a, q: 5 }]);
    const a1 = await figures(a.id);
    expect([a1.current, a1.reserved]).toEqual([a.current - 5, a.reserved]);
    expect((await movementsOf(a.id)).map((m) => m.reason).slice(-2)).toEqual(['reservation', 'shipment']);
    expect((await movementsOf(a.id)).at(-1)).toMatchObject({ quantity: -5, reserved_delta: -5 });
  });

  it('a failed delivery back to in_transit moves nothing; a return puts the goods back', async () => {
    const a = await freshProduct();
    const order = await shipped([{ p: a, q: 4 }]);
    await ok(patchStatus(driver, order.id, 'out_for_delivery', { expected_status: 'in_transit' }));
    await ok(patchStatus(driver, order.id, 'in_transit', { notes: 'Adreste kimse yok' }));
    await ok(patchStatus(driver, order.id, 'out_for_delivery', { expected_status: 'in_transit' }));
    expect((await figures(a.id)).current).toBe(a.current - 4);
    await ok(
      api.call<Envelope<Order>>('POST', `/orders/${order.id}/deliver`, {
        token: driver.token,
        body: {
          expected_status: 'out_for_delivery',
          recipient_name: 'Ayşe Yılmaz',
          delivered_at: new Date().toISOString(),
          signature:
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        },
      }),
    );
    await ok(patchStatus(manager, order.id, 'returned'));
    const a1 = await figures(a.id);
    expect([a1.current, a1.reserved]).toEqual([a.current, a.reserved]);
    expect((await movementsOf(a.id)).at(-1)).toMatchObject({
      quantity: 4,
      reserved_delta: 0,
      reason: 'return',
    });
    // refunded moves nothing more
    await ok(patchStatus(manager, order.id, 'refunded'));
    expect((await figures(a.id)).current).toBe(a.current);
  });

  it('rejecting a pending order moves nothing; cancelling an approved one releases its reservation', async () => {
    const a = await freshProduct();
    const pending = await pendingOrder([{ p: a, q: 2 }]);
    await ok(patchStatus(manager, pending.id, 'rejected', { notes: 'Stok yok' }));
    expect(await figures(a.id)).toMatchObject({ current: a.current, reserved: a.reserved });

    const order = await approved([{ p: a, q: 6 }]);
    expect((await figures(a.id)).reserved).toBe(a.reserved + 6);
    await ok(patchStatus(manager, order.id, 'cancelled', { expected_status: 'approved' }));
    expect(await figures(a.id)).toMatchObject({ current: a.current, reserved: a.reserved });
    expect((await movementsOf(a.id)).at(-1)).toMatchObject({ reserved_delta: -6, reason: 'cancellation' });
  });

  it('deleting an approved order releases its reservation', async () => {
    const a = await freshProduct();
    const order = await approved([{ p: a, q: 3 }]);
    expect((await api.call('DELETE', `/orders/${order.id}`, { token: admin.token })).status).toBe(200);
    expect(await figures(a.id)).toMatchObject({ current: a.current, reserved: a.reserved });
    expect((await movementsOf(a.id)).at(-1)).toMatchObject({ reserved_delta: -3, reason: 'release' });
  });

  it('an approval beyond the available stock is refused 409 naming the product, and nothing is written', async () => {
    const a = await productWithAvailable(3);
    const b = await freshProduct();
    const order = await pendingOrder([
      { p: b, q: 1 },
      { p: a, q: 4 },
    ]);
    const before = {
      a: await figures(a.id),
      b: await figures(b.id),
      moves: (await movementsOf(b.id)).length,
    };
    const r = await patchStatus(manager, order.id, 'approved', { expected_status: 'pending_approval' });
    expect(r.status, r.raw).toBe(409);
    expect(r.body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_STOCK',
      error: STOCK_MESSAGES.insufficient(a.name, 3),
    });
    expect(r.body.error).toBe(`Yetersiz stok: ${a.name} (mevcut 3)`);
    expect(await figures(a.id)).toEqual(before.a);
    expect(await figures(b.id)).toEqual(before.b);
    expect((await movementsOf(b.id)).length).toBe(before.moves);
    const state = await api.db
      .selectFrom('orders')
      .select('status')
      .where('tenant_id', '=', 'demo')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(state.status).toBe('pending_approval');
    // exactly the available quantity is fine
    const exact = await pendingOrder([{ p: a, q: 3 }]);
    expect((await patchStatus(manager, exact.id, 'approved')).status).toBe(200);
    expect((await figures(a.id)).reserved - (await figures(a.id)).current).toBe(0);
  });

  it("an admin's edit of an approved order's lines moves the reservation by the difference; beyond the stock it is refused", async () => {
    const [a, b] = [await freshProduct(), await productWithAvailable(2)] as [Figures, Figures];
    const order = await approved([{ p: a, q: 2 }]);
    const edit = (items: { p: Figures; q: number }[], version: number) =>
      api.call<Envelope<Order>>('PUT', `/orders/${order.id}`, {
        token: admin.token,
        body: {
          expected_version: version,
          items: items.map((l) => ({
            product_id: l.p.id,
            product_name: l.p.name,
            quantity: l.q,
            unit_price: 10,
          })),
        },
      });
    const edited = await ok(edit([{ p: a, q: 5 }], order.version));
    expect((await figures(a.id)).reserved).toBe(a.reserved + 5);
    const refused = await edit(
      [
        { p: a, q: 1 },
        { p: b, q: 3 },
      ],
      edited.version,
    );
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.error).toBe(STOCK_MESSAGES.insufficient(b.name, 2));
    expect((await figures(a.id)).reserved).toBe(a.reserved + 5);
    expect((await figures(b.id)).reserved).toBe(b.reserved);
    await ok(
      edit(
        [
          { p: a, q: 1 },
          { p: b, q: 2 },
        ],
        edited.version,
      ),
    );
    expect((await figures(a.id)).reserved).toBe(a.reserved + 1);
    expect((await figures(b.id)).reserved).toBe(b.reserved + 2);
  });

  it('approvals racing for the last units: never more reserved than available', async () => {
    const a = await productWithAvailable(10);
    const orders = await Promise.all(Array.from({ length: 6 }, () => pendingOrder([{ p: a, q: 3 }])));
    const replies = await Promise.all(orders.map((o) => patchStatus(manager, o.id, 'approved')));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    const a1 = await figures(a.id);
    expect(a1.reserved - a.reserved).toBe(9);
    expect(a1.current - a1.reserved).toBe(1);
  });
});

describe('PATCH /products/{id}/stock', () => {
  it('adjusts on hand with a reason and answers the product with its new version and stock_seq', async () => {
    const a = await freshProduct();
    const r = await adjust(warehouse, a.id, {
      adjustment: 7,
      reason: 'manual_adjustment',
      notes: 'Sayım farkı düzeltmesi',
      expected_version: a.version,
      device_time: '2026-11-25T08:00:00.000Z',
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.success).toBe(true);
    const a1 = await figures(a.id);
    expect(r.body.data).toMatchObject({
      id: a.id,
      current_stock: a.current + 7,
      available_stock: a.current + 7 - a.reserved,
      version: a1.version,
      stock_seq: a1.stock_seq,
    });
    expect(r.body.data).not.toHaveProperty('cost_price');
    const m = await api.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('tenant_id', '=', 'demo')
      .where('seq', '=', a1.stock_seq)
      .executeTakeFirstOrThrow();
    expect(m).toMatchObject({ quantity: 7, reason: 'manual_adjustment', notes: 'Sayım farkı düzeltmesi' });
    expect(m.device_time?.toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('a stale version is 409 with the product as it is now; nothing written', async () => {
    const a = await freshProduct();
    await ok(adjust(admin, a.id, { adjustment: 1, reason: 'return', expected_version: a.version }));
    const now = await figures(a.id);
    const r = await adjust(admin, a.id, { adjustment: 1, reason: 'return', expected_version: a.version });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'CONFLICT', current: { id: a.id, version: now.version } });
    expect(await figures(a.id)).toEqual(now);
  });

  it('never takes on hand below zero (400 naming the product); zero, out-of-bounds and unknown reasons are 400', async () => {
    const a = await freshProduct();
    const below = await adjust(admin, a.id, {
      adjustment: -(a.current + 1),
      reason: 'manual_adjustment',
      expected_version: a.version,
    });
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'adjustment' });
    expect(below.body.error).toBe(STOCK_MESSAGES.negative(a.name, a.current));
    const cases: [Record<string, unknown>, string][] = [
      [{ adjustment: 0, reason: 'manual_adjustment', expected_version: a.version }, 'adjustment'],
      [{ adjustment: 1_000_001, reason: 'manual_adjustment', expected_version: a.version }, 'adjustment'],
      [{ adjustment: 1.5, reason: 'manual_adjustment', expected_version: a.version }, 'adjustment'],
      [{ adjustment: 1, reason: 'shipment', expected_version: a.version }, 'reason'],
      [{ adjustment: 1, reason: 'manual_adjustment' }, 'expected_version'],
      [
        { adjustment: 1, reason: 'manual_adjustment', expected_version: a.version, notes: 'x'.repeat(501) },
        'notes',
      ],
    ];
    for (const [body, field] of cases) {
      const r = await adjust(admin, a.id, body);
      expect({ field, status: r.status }).toEqual({ field, status: 400 });
      expect(r.body.field).toBe(field);
      expect(r.body.error).toMatch(/[ğüşıöçĞÜŞİÖÇ]|olamaz|olabilir|geçersiz|Geçersiz|olmalıdır/);
    }
    expect(await figures(a.id)).toEqual(a);
  });

  it('two adjustments at once never double or lose: on the same version one wins, the other is 409', async () => {
    const a = await freshProduct();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        adjust(warehouse, a.id, { adjustment: 10, reason: 'manual_adjustment', expected_version: a.version }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await figures(a.id)).current).toBe(a.current + 10);

    // each on the version it read, in parallel chains: every one lands exactly once
    const b = await freshProduct();
    const chain = async (n: number) => {
      let applied = 0;
      while (applied < n) {
        const v = (await figures(b.id)).version;
        const r = await adjust(admin, b.id, {
          adjustment: 1,
          reason: 'manual_adjustment',
          expected_version: v,
        });
        if (r.status === 200) applied++;
        else expect(r.status).toBe(409);
      }
    };
    await Promise.all([chain(4), chain(4), chain(4)]);
    expect((await figures(b.id)).current).toBe(b.current + 12);
  });

  it('the same request twice under one Idempotency-Key applies once', async () => {
    const a = await freshProduct();
    const key = randomUUID();
    const body = { adjustment: 3, reason: 'manual_adjustment', expected_version: a.version };
    const [r1, r2] = await Promise.all([adjust(admin, a.id, body, key), adjust(admin, a.id, body, key)]);
    expect([r1.status, r2.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const again = await adjust(admin, a.id, body, key);
    expect(again.status).toBe(200);
    expect((await figures(a.id)).current).toBe(a.current + 3);
  });

  it("admin and warehouse only (manager, salesperson, driver 403); another tenant's product is 404", async () => {
    const a = await freshProduct();
    for (const s of [manager, sales, driver]) {
      const r = await adjust(s, a.id, {
        adjustment: 1,
        reason: 'manual_adjustment',
        expected_version: a.version,
      });
      expect(r.status).toBe(403);
    }
    const r = await adjust(foreign, a.id, {
      adjustment: 1,
      reason: 'manual_adjustment',
      expected_version: a.version,
    });
    expect(r.status).toBe(404);
    expect(
      (await adjust(admin, randomUUID(), { adjustment: 1, reason: 'return', expected_version: 1 })).status,
    ).toBe(404);
    expect(await figures(a.id)).toEqual(a);
  });
});

describe('GET /products/{id}/stock-movements and /products/low-stock', () => {
  it('lists movements newest first with order number and user name, paged like products', async () => {
    const a = await freshProduct();
    const order = await approved([{ p: a, q: 2 }]);
    await ok(
      adjust(warehouse, a.id, {
        adjustment: 5,
        reason: 'return',
        expected_version: (await figures(a.id)).version,
      }),
    );
    const r = await api.call<StockMovementListBody>('GET', `/products/${a.id}/stock-movements`, {
      token: manager.token,
      query: { page: 1, limit: 2 },
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toHaveLength(2);
    expect(r.body.data[0]).toMatchObject({
      quantity: 5,
      reason: 'return',
      user_name: warehouse.user.full_name,
    });
    expect(r.body.data[1]).toMatchObject({
      quantity: 0,
      reserved_delta: 2,
      reason: 'reservation',
      order_id: order.id,
      order_number: order.order_number,
      user_name: manager.user.full_name,
    });
    expect(r.body.data[0]?.seq).toBeGreaterThan(r.body.data[1]?.seq as number);
    const total = (await movementsOf(a.id)).length;
    expect(r.body.pagination).toEqual({
      page: 1,
      limit: 2,
      total,
      totalDocs: total,
      pages: Math.ceil(total / 2),
    });
    for (const s of [sales, driver])
      expect((await api.call('GET', `/products/${a.id}/stock-movements`, { token: s.token })).status).toBe(
        403,
      );
    expect(
      (
        await api.call('GET', `/products/${a.id}/stock-movements`, {
          token: foreign.token,
          tenant: 'client1',
        })
      ).status,
    ).toBe(404);
  });

  it('lists the low and empty products, lowest available first — and is not taken for a product id', async () => {
    const empty = await productWithAvailable(0);
    const r = await api.call<Envelope<Product[]>>('GET', '/products/low-stock', { token: warehouse.token });
    expect(r.status, r.raw).toBe(200);
    const list = r.body.data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.stock_status === 'low_stock' || p.stock_status === 'out_of_stock')).toBe(true);
    for (let i = 1; i < list.length; i++)
      expect((list[i] as Product).available_stock).toBeGreaterThanOrEqual(
        (list[i - 1] as Product).available_stock,
      );
    expect(list.find((p) => p.id === empty.id)).toMatchObject({
      available_stock: 0,
      stock_status: 'out_of_stock',
    });
    expect(list.every((p) => !('cost_price' in p))).toBe(true);
    const asManager = await api.call<Envelope<Product[]>>('GET', '/products/low-stock', {
      token: manager.token,
    });
    expect(asManager.status).toBe(200);
    expect((await api.call('GET', '/products/low-stock', { token: sales.token })).status).toBe(403);
  });
});

describe('the ledger', () => {
  it('recomputes to the stored figures of every product after all of the above', async () => {
    const tenants = await api.db.selectFrom('products').select('tenant_id').distinct().execute();
    expect(tenants.length).toBeGreaterThan(1);
    for (const { tenant_id: tenant } of tenants) {
      const sums = await ledgerSums(api.db, tenant);
      const products = await api.db
        .selectFrom('products')
        .select(['id', 'current_stock', 'reserved_stock'])
        .where('tenant_id', '=', tenant)
        .execute();
      expect(products.length).toBeGreaterThan(0);
      for (const p of products)
        expect({ id: p.id, ...(sums.get(p.id) ?? { current: 0, reserved: 0 }) }).toEqual({
          id: p.id,
          current: p.current_stock,
          reserved: p.reserved_stock,
        });
    }
    // and every reservation held is an approved or prepared order's
    const held = await api.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', (j) =>
        j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'),
      )
      .select(['i.product_id', 'i.quantity'])
      .where('o.tenant_id', '=', 'demo')
      .where('o.deleted_at', 'is', null)
      .where('o.status', 'in', ['approved', 'prepared'])
      .execute();
    const expected = new Map<string, number>();
    for (const h of held)
      if (h.product_id) expected.set(h.product_id, (expected.get(h.product_id) ?? 0) + h.quantity);
    const reserved = await api.db
      .selectFrom('products')
      .select(['id', 'reserved_stock'])
      .where('tenant_id', '=', 'demo')
      .execute();
    for (const p of reserved)
      expect({ id: p.id, reserved: p.reserved_stock }).toEqual({
        id: p.id,
        reserved: expected.get(p.id) ?? 0,
      });
  });
});
