import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import type { PushResponse } from '../../src/shared/api/push';
import type { InventoryCountResponse } from '../../src/shared/api/stock';
import { type Api, type Session, startApi } from './support/harness';

/**
 * POST /inventory/counts: a count posts `counted − on hand as of the movement its device had
 * seen`, so goods shipped while the count was under way still count; the same count posted again
 * (another key, or through the batched push) applies nothing twice.
 */
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;

type Envelope<T = unknown> = { success: boolean; data: T; code?: string; error?: string; field?: string };

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

interface Figures {
  id: string;
  name: string;
  current: number;
  reserved: number;
  stock_seq: number;
}

async function figures(id: string): Promise<Figures> {
  const r = await api.db
    .selectFrom('products')
    .select(['id', 'name', 'current_stock', 'reserved_stock', 'stock_seq'])
    .where('tenant_id', '=', 'demo')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    name: r.name,
    current: r.current_stock,
    reserved: r.reserved_stock,
    stock_seq: Number(r.stock_seq),
  };
}

const taken = new Set<string>();
async function freshProduct(min = 30): Promise<Figures> {
  const rows = await api.db
    .selectFrom('products')
    .select(['id', 'current_stock', 'reserved_stock'])
    .where('tenant_id', '=', 'demo')
    .where('deleted_at', 'is', null)
    .orderBy('product_code', 'desc')
    .execute();
  const row = rows.find((r) => !taken.has(r.id) && r.current_stock - r.reserved_stock >= min);
  if (!row) throw new Error('no product with enough stock');
  taken.add(row.id);
  return figures(row.id);
}

async function ok<T = Order>(r: Promise<{ status: number; body: Envelope<T>; raw: string }>): Promise<T> {
  const res = await r;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status} ${res.raw}`);
  return res.body.data;
}

const patchStatus = (s: Session, id: string, status: string) =>
  api.call<Envelope<Order>>('PATCH', `/orders/${id}/status`, { token: s.token, body: { status } });

/** Another user ships `q` of the product: an order approved, prepared and put on the road. */
async function ship(p: Figures, q: number): Promise<void> {
  const order = await ok(
    api.call<Envelope<Order>>('POST', '/orders', {
      token: sales.token,
      body: {
        customer_name: 'Sayım Sırasında Sevk',
        items: [{ product_id: p.id, product_name: p.name, quantity: q, unit_price: 10 }],
      },
    }),
  );
  await ok(patchStatus(manager, order.id, 'approved'));
  await ok(
    api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: driver.user.id, vehicle_plate: '34 SYM 01' },
    }),
  );
  await ok(patchStatus(warehouse, order.id, 'prepared'));
  await ok(patchStatus(warehouse, order.id, 'in_transit'));
}

const count = (s: Session, body: Record<string, unknown>, key?: string) =>
  api.call<Envelope<InventoryCountResponse>>('POST', '/inventory/counts', {
    token: s.token,
    body,
    ...(key ? { idempotencyKey: key } : {}),
  });

const movementCount = async () =>
  Number(
    (
      await api.db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', 'demo')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /inventory/counts', () => {
  it('posts counted − on hand as of the seen movement: a shipment made during the count still counts', async () => {
    const a = await freshProduct();
    const b = await freshProduct();
    // The device saw both products as they are now, and counts: a has 2 fewer on the shelf than
    // recorded, b exactly what is recorded. Meanwhile 5 of each are shipped.
    const seenA = a.stock_seq;
    const seenB = b.stock_seq;
    await ship(a, 5);
    await ship(b, 5);
    const afterShip = { a: await figures(a.id), b: await figures(b.id) };
    expect(afterShip.a.current).toBe(a.current - 5);

    const id = randomUUID();
    const r = await count(warehouse, {
      count_id: id,
      notes: 'Raf A-3',
      lines: [
        { product_id: a.id, counted: a.current - 2, seen_stock_seq: seenA },
        { product_id: b.id, counted: b.current, seen_stock_seq: seenB },
      ],
    });
    expect(r.status, r.raw).toBe(201);
    expect(r.body.data.count_id).toBe(id);
    expect(r.body.data.lines).toEqual([
      {
        product_id: a.id,
        expected: a.current,
        counted: a.current - 2,
        delta: -2,
        current_stock: a.current - 7,
      },
      { product_id: b.id, expected: b.current, counted: b.current, delta: 0, current_stock: b.current - 5 },
    ]);
    // The shipment is not overwritten: on hand = counted − shipped after.
    expect((await figures(a.id)).current).toBe(a.current - 2 - 5);
    expect((await figures(b.id)).current).toBe(b.current - 5);
    const moves = await api.db
      .selectFrom('stock_movements')
      .select(['product_id', 'quantity', 'reason', 'count_id', 'notes', 'user_id'])
      .where('tenant_id', '=', 'demo')
      .where('count_id', '=', id)
      .execute();
    expect(moves).toEqual([
      {
        product_id: a.id,
        quantity: -2,
        reason: 'count',
        count_id: id,
        notes: 'Raf A-3',
        user_id: warehouse.user.id,
      },
    ]);
  });

  it('a count of the figures as they are now (seen = the latest movement) sets on hand to the counted quantity', async () => {
    const a = await freshProduct();
    const r = await count(admin, {
      count_id: randomUUID(),
      lines: [{ product_id: a.id, counted: a.current + 4, seen_stock_seq: a.stock_seq }],
    });
    expect(r.status, r.raw).toBe(201);
    expect(r.body.data.lines[0]).toMatchObject({
      expected: a.current,
      delta: 4,
      current_stock: a.current + 4,
    });
    const a1 = await figures(a.id);
    expect(a1.current).toBe(a.current + 4);
    expect(a1.stock_seq).toBeGreaterThan(a.stock_seq);
  });

  it('replaying a count (another key, or through the batched push) changes nothing and answers as the first time', async () => {
    const a = await freshProduct();
    const body = {
      count_id: randomUUID(),
      lines: [{ product_id: a.id, counted: a.current - 1, seen_stock_seq: a.stock_seq }],
    };
    const first = await count(warehouse, body, randomUUID());
    expect(first.status).toBe(201);
    const moves = await movementCount();
    const after = await figures(a.id);
    const again = await count(warehouse, body, randomUUID());
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const pushed = await api.call<Envelope<PushResponse>>('POST', '/sync/push', {
      token: warehouse.token,
      body: { entries: [{ key: randomUUID(), method: 'POST', path: '/inventory/counts', body }] },
    });
    expect(pushed.status, pushed.raw).toBe(200);
    expect(pushed.body.data.results[0]).toMatchObject({
      outcome: 'answered',
      status: 200,
      body: { success: true, data: first.body.data },
    });
    expect(await movementCount()).toBe(moves);
    expect(await figures(a.id)).toEqual(after);
    // Someone else's count id is refused.
    const other = await count(admin, body);
    expect(other.status).toBe(409);
    expect(other.body.field).toBe('count_id');
  });

  it('the same count posted twice at once (two keys) is applied once', async () => {
    const a = await freshProduct();
    const body = {
      count_id: randomUUID(),
      lines: [{ product_id: a.id, counted: a.current + 3, seen_stock_seq: a.stock_seq }],
    };
    const replies = await Promise.all([
      count(warehouse, body, randomUUID()),
      count(warehouse, body, randomUUID()),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(replies[0]?.body.data).toEqual(replies[1]?.body.data);
    expect((await figures(a.id)).current).toBe(a.current + 3);
  });

  it('a new count through the batched push is applied once', async () => {
    const a = await freshProduct();
    const body = {
      count_id: randomUUID(),
      lines: [{ product_id: a.id, counted: a.current + 1, seen_stock_seq: a.stock_seq }],
    };
    const pushed = await api.call<Envelope<PushResponse>>('POST', '/sync/push', {
      token: warehouse.token,
      body: {
        entries: [
          { key: randomUUID(), method: 'POST', path: '/inventory/counts', body, record_key: 'count:x' },
        ],
      },
    });
    expect(pushed.status, pushed.raw).toBe(200);
    expect(pushed.body.data.results[0]).toMatchObject({ outcome: 'answered', status: 201 });
    expect((await figures(a.id)).current).toBe(a.current + 1);
  });

  it('bad input is 400 naming the field, nothing written; only warehouse and admin may count', async () => {
    const a = await freshProduct();
    const line = { product_id: a.id, counted: 1, seen_stock_seq: a.stock_seq };
    const moves = await movementCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ count_id: 'x', lines: [line] }, 'count_id'],
      [{ count_id: randomUUID(), lines: [] }, 'lines'],
      [{ count_id: randomUUID(), lines: [{ ...line, counted: -1 }] }, 'lines[0].counted'],
      [{ count_id: randomUUID(), lines: [{ ...line, counted: 1_000_001 }] }, 'lines[0].counted'],
      [{ count_id: randomUUID(), lines: [{ ...line, seen_stock_seq: -1 }] }, 'lines[0].seen_stock_seq'],
      [{ count_id: randomUUID(), lines: [line, line] }, 'lines[1].product_id'],
      [
        { count_id: randomUUID(), lines: [line, { ...line, product_id: randomUUID() }] },
        'lines[1].product_id',
      ],
      [{ count_id: randomUUID(), lines: Array.from({ length: 5001 }, () => line) }, 'lines'],
    ];
    for (const [body, field] of cases) {
      const r = await count(warehouse, body);
      expect({ field, status: r.status, got: r.body.field }).toEqual({ field, status: 400, got: field });
      expect(r.body.error).toBeTruthy();
    }
    for (const s of [sales, manager, driver])
      expect((await count(s, { count_id: randomUUID(), lines: [line] })).status).toBe(403);
    expect(await movementCount()).toBe(moves);
    expect((await figures(a.id)).current).toBe(a.current);
  });
});
