import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import type { PushEntry, PushResult } from '../../src/shared/api/push';
import { testDatabaseUrl } from '../helpers/test-db';
import { type Api, countRows, type Session, startApi } from './support/harness';

/**
 * POST /sync/push applies consecutive scans, order creates, edits and status changes in shared
 * transactions (a savepoint per entry). What a device relies on must not change with that: a
 * refused entry in the middle of such a run rolls back only itself and holds back only its own
 * record, the others are applied exactly once; a key repeated in a batch is one request; an entry
 * that fails unexpectedly (500) leaves the entries before it applied exactly once, stops the batch,
 * and a replay of the batch after the fault is gone applies the rest — each entry once. On
 * PostgreSQL, a run that would wait for another writer's lock while holding the tenant's change
 * counter gives up and goes one entry at a time: no deadlock, nothing refused, nothing twice.
 */

let api: Api;
let sales: Session;
let manager: Session;
let admin: Session;

interface Product {
  id: string;
  name: string;
  barcode: string;
  selling_price: string;
}
let product: Product;

beforeAll(async () => {
  api = await startApi();
  [sales, manager, admin] = await Promise.all([
    api.login('demo', 'sales'),
    api.login('demo', 'manager'),
    api.login('demo', 'admin'),
  ]);
  product = (await api.db
    .selectFrom('products')
    .select(['id', 'name', 'barcode', 'selling_price'])
    .where('tenant_id', '=', 'demo')
    .where('barcode', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('product_code')
    .executeTakeFirstOrThrow()) as Product;
});
afterAll(async () => api?.close());

type Envelope<T = unknown> = { success: boolean; data: T; code?: string };

function orderBody(customer: string, quantity = 3) {
  return {
    id: randomUUID(),
    customer_name: customer,
    items: [
      {
        product_id: product.id,
        product_name: product.name,
        quantity,
        unit_price: Number(product.selling_price),
      },
    ],
  };
}

async function approvedOrder(quantity: number): Promise<Order> {
  const created = await api.call<Envelope<Order>>('POST', '/orders', {
    token: sales.token,
    body: orderBody('Paylaşılan İşlem Ltd.', quantity),
  });
  expect(created.status, created.raw).toBe(201);
  const approved = await api.call<Envelope<Order>>('PATCH', `/orders/${created.body.data.id}/status`, {
    token: manager.token,
    body: { status: 'approved', expected_status: 'pending_approval' },
  });
  expect(approved.status, approved.raw).toBe(200);
  return approved.body.data;
}

const scan = (orderId: string): PushEntry => ({
  key: randomUUID(),
  method: 'POST',
  path: '/warehouse/scan-barcode',
  body: { barcode: product.barcode, order_id: orderId, scan_id: randomUUID() },
  record_key: `order:${orderId}`,
});

const create = (customer: string): PushEntry => {
  const body = orderBody(customer);
  return { key: randomUUID(), method: 'POST', path: '/orders', body, record_key: `order:${body.id}` };
};

function push(who: Session, entries: PushEntry[]) {
  return api.call<Envelope<{ results: PushResult[] }>>('POST', '/sync/push', {
    token: who.token,
    body: { entries },
  });
}

const answered = (r: PushResult | undefined) => {
  if (r?.outcome !== 'answered') throw new Error(`expected an answer, got ${JSON.stringify(r)}`);
  return r;
};

/** Adds `units` to the product's stock (an approval reserves them). */
async function topUp(units: number): Promise<void> {
  const stock = await api.call<Envelope<{ version: number }>>('GET', `/products/${product.id}`, {
    token: admin.token,
  });
  const added = await api.call('PATCH', `/products/${product.id}/stock`, {
    token: admin.token,
    body: { adjustment: units, reason: 'manual_adjustment', expected_version: stock.body.data.version },
  });
  expect(added.status, added.raw).toBe(200);
}

async function scannedOf(orderId: string): Promise<number> {
  const rows = await api.db
    .selectFrom('order_items')
    .select('scanned_quantity')
    .where('tenant_id', '=', 'demo')
    .where('order_id', '=', orderId)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.scanned_quantity), 0);
}

const scansOf = async (orderId: string) =>
  Number(
    (
      await api.db
        .selectFrom('order_scans')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', 'demo')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const ordersNamed = async (customer: string) =>
  Number(
    (
      await api.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', 'demo')
        .where('customer_name', '=', customer)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /sync/push: entries sharing a transaction', () => {
  it('a refused entry in the middle rolls back only itself; the others are applied exactly once', async () => {
    const small = await approvedOrder(2);
    const big = await approvedOrder(5);
    const entries = [
      scan(small.id),
      scan(small.id),
      scan(small.id), // a third unit on a line of two: 409 OVER_SCAN
      scan(big.id),
      scan(small.id), // held: its record was refused
      scan(big.id),
      scan(big.id),
    ];
    const first = await push(admin, entries);
    expect(first.status, first.raw).toBe(200);
    const results = first.body.data.results;
    expect(results.map((r) => (r.outcome === 'answered' ? r.status : r.reason))).toEqual([
      200,
      200,
      409,
      200,
      'record',
      200,
      200,
    ]);
    expect(answered(results[2]).body).toMatchObject({ code: 'OVER_SCAN', remaining: 0 });
    expect(answered(results[6]).body).toMatchObject({ data: { scanned_quantity: 3 } });
    // A scan's answer carries the order exactly as a read of it gives it now (the last scan of
    // each order: one still open, one the scan completed).
    for (const [i, order] of [
      [6, big],
      [1, small],
    ] as const) {
      const now = await api.call<Envelope<Order>>('GET', `/orders/${order.id}`, { token: admin.token });
      expect((answered(results[i]).body as Envelope<{ order: Order }>).data.order).toEqual(now.body.data);
    }
    expect(await scannedOf(small.id)).toBe(2);
    expect(await scannedOf(big.id)).toBe(3);
    expect(await scansOf(small.id)).toBe(2);
    // One audit row per applied scan; the refused and the held entry wrote none.
    expect(await countRows(api.db, 'audit_logs', { tenant_id: 'demo', entity_id: small.id })).toBe(
      2 + 2, // its create and approval, then two scans
    );
    // Each answer is stored under its key exactly as given: the single request replays it.
    for (const i of [0, 2, 3]) {
      const e = entries[i] as PushEntry;
      const alone = await api.call(e.method, e.path, {
        token: admin.token,
        body: e.body,
        idempotencyKey: e.key,
      });
      expect(alone.status).toBe(answered(results[i]).status);
      expect(alone.headers['idempotency-replayed']).toBe('true');
      expect(alone.body).toEqual(answered(results[i]).body);
    }
    // The held entry was never tried: no outcome under its key.
    expect(await countRows(api.db, 'idempotency_keys', { key: entries[4]?.key ?? '' })).toBe(0);

    // The batch again: every tried entry answers its stored outcome, nothing counts twice.
    const again = await push(admin, entries);
    expect(again.body.data.results.map((r) => (r.outcome === 'answered' ? r.replayed : r.reason))).toEqual([
      true,
      true,
      true,
      true,
      'record',
      true,
      true,
    ]);
    expect(await scannedOf(small.id)).toBe(2);
    expect(await scannedOf(big.id)).toBe(3);
  });

  it('scans of one order in a run count from what the run wrote, and still see every other change', async () => {
    // Its own units, so the tests after it find the stock they had.
    await topUp(6);
    const order = await approvedOrder(6);
    const first = scan(order.id);
    const firstScanId = (first.body as { scan_id: string }).scan_id;
    // Own record keys, so a refusal holds back nothing after it.
    const apart = (entry: PushEntry): PushEntry => ({ ...entry, record_key: `scan:${entry.key}` });
    const entries: PushEntry[] = [
      first,
      scan(order.id),
      // The first scan again under another key: not counted again (its line's count is the answer).
      apart({
        ...scan(order.id),
        body: { barcode: product.barcode, order_id: order.id, scan_id: firstScanId },
      }),
      apart({
        ...scan(order.id),
        body: { barcode: '5901234123458', order_id: order.id, scan_id: randomUUID() },
      }),
      scan(order.id),
    ];
    const { body } = await push(admin, entries);
    expect(body.data.results.map((r) => (r.outcome === 'answered' ? r.status : r.reason))).toEqual([
      200, 200, 200, 400, 200,
    ]);
    const bodies = body.data.results.map(
      (r) => answered(r).body as Envelope<{ scanned_quantity: number; order: Order }>,
    );
    expect([0, 1, 2, 4].map((i) => bodies[i]?.data.scanned_quantity)).toEqual([1, 2, 2, 3]);
    expect(bodies[3]).toMatchObject({ code: 'VALIDATION_ERROR', field: 'barcode' });
    // The last scan's answer is the order exactly as a read gives it.
    const now = await api.call<Envelope<Order>>('GET', `/orders/${order.id}`, { token: admin.token });
    expect(bodies[4]?.data.order).toEqual(now.body.data);
    expect(await scannedOf(order.id)).toBe(3);
    expect(await scansOf(order.id)).toBe(3);

    // A change of the order inside the run (cancelled by the admin) is seen by the next scan.
    const cancel: PushEntry = {
      key: randomUUID(),
      method: 'PATCH',
      path: `/orders/${order.id}/status`,
      body: { status: 'cancelled', expected_status: 'approved' },
      record_key: `order:${order.id}`,
    };
    const second = await push(admin, [scan(order.id), cancel, apart(scan(order.id))]);
    expect(second.body.data.results.map((r) => (r.outcome === 'answered' ? r.status : r.reason))).toEqual([
      200, 200, 409,
    ]);
    expect(answered(second.body.data.results[2]).body).toMatchObject({ code: 'INVALID_STATE' });
    expect(await scannedOf(order.id)).toBe(4);
    expect(await scansOf(order.id)).toBe(4);
  });

  it("a run's scans answered from memory and written together are what the scans one by one write", async () => {
    await topUp(30);
    const order = await approvedOrder(30);
    const entries = Array.from({ length: 20 }, () => scan(order.id));
    const { body } = await push(admin, entries);
    const bodies = body.data.results.map(
      (r) => answered(r).body as Envelope<{ scanned_quantity: number; order: Order }>,
    );
    expect(body.data.results.map((r) => (r.outcome === 'answered' ? r.status : r.reason))).toEqual(
      entries.map(() => 200),
    );
    expect(bodies.map((b) => b.data.scanned_quantity)).toEqual(entries.map((_, i) => i + 1));
    // One change number per scan, as one request per scan gives them.
    const versions = bodies.map((b) => b.data.order.version);
    expect(versions.slice(1).map((v, i) => v - (versions[i] as number))).toEqual(
      versions.slice(1).map(() => 1),
    );
    const now = await api.call<Envelope<Order>>('GET', `/orders/${order.id}`, { token: admin.token });
    expect(bodies[19]?.data.order).toEqual(now.body.data);
    expect(await scannedOf(order.id)).toBe(20);
    expect(await scansOf(order.id)).toBe(20);
    // Each scan row has its own time: the time its answer gave the order.
    const rows = await api.db
      .selectFrom('order_scans')
      .select(['id', 'created_at'])
      .where('order_id', '=', order.id)
      .execute();
    const timeOf = new Map(rows.map((r) => [r.id, new Date(r.created_at).toISOString()]));
    expect(entries.map((e) => timeOf.get((e.body as { scan_id: string }).scan_id))).toEqual(
      bodies.map((b) => b.data.order.updated_at),
    );

    // A scan id an earlier request counted, sent again under a new key among new scans of a run:
    // counted once (the run's write finds the id and the run falls back to one entry at a time).
    const counted = entries[5]?.body as { scan_id: string };
    const again: PushEntry = {
      ...scan(order.id),
      body: { barcode: product.barcode, order_id: order.id, scan_id: counted.scan_id },
    };
    const second = await push(admin, [scan(order.id), scan(order.id), again, scan(order.id)]);
    expect(second.body.data.results.map((r) => (r.outcome === 'answered' ? r.status : r.reason))).toEqual([
      200, 200, 200, 200,
    ]);
    expect(
      second.body.data.results.map(
        (r) => (answered(r).body as Envelope<{ scanned_quantity: number }>).data.scanned_quantity,
      ),
    ).toEqual([21, 22, 22, 23]);
    expect(await scannedOf(order.id)).toBe(23);
    expect(await scansOf(order.id)).toBe(23);
  });

  it('a key repeated in one batch is one request: the second answers the first outcome, replayed', async () => {
    const order = await approvedOrder(3);
    const once = scan(order.id);
    const { body } = await push(admin, [once, scan(order.id), once]);
    const [a, b, c] = body.data.results.map(answered);
    expect([a?.status, b?.status, c?.status]).toEqual([200, 200, 200]);
    expect([a?.replayed, b?.replayed, c?.replayed]).toEqual([false, false, true]);
    expect(c?.body).toEqual(a?.body);
    expect(await scannedOf(order.id)).toBe(2);
  });

  it('an entry failing unexpectedly (500) stops the batch; the entries before it are applied once, a replay applies the rest', async () => {
    const order = await approvedOrder(4);
    const faulty = `Arıza Testi ${randomUUID().slice(0, 8)}`;
    // A fault the client cannot cause: the database refuses this one customer's order.
    await sql`CREATE FUNCTION push_test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.customer_name = ${sql.lit(faulty)} THEN RAISE EXCEPTION 'push test fault'; END IF;
        RETURN NEW;
      END $$`.execute(api.db);
    await sql`CREATE TRIGGER push_test_fault BEFORE INSERT ON orders
      FOR EACH ROW EXECUTE FUNCTION push_test_fault()`.execute(api.db);
    const fine = `Sağlam Müşteri ${randomUUID().slice(0, 8)}`;
    const entries = [scan(order.id), create(fine), scan(order.id), create(faulty), scan(order.id)];
    try {
      const first = await push(admin, entries);
      expect(first.status, first.raw).toBe(200);
      const results = first.body.data.results;
      expect(results.map((r) => (r.outcome === 'answered' ? r.status : r.reason))).toEqual([
        200,
        201,
        200,
        500,
        'stopped',
      ]);
      expect(answered(results[3]).body).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(await scannedOf(order.id)).toBe(2);
      expect(await ordersNamed(fine)).toBe(1);
      expect(await ordersNamed(faulty)).toBe(0);
      // A 5xx is not an answer to keep: the device sends it again.
      expect(await countRows(api.db, 'idempotency_keys', { key: entries[3]?.key ?? '' })).toBe(0);
    } finally {
      await sql`DROP TRIGGER IF EXISTS push_test_fault ON orders`.execute(api.db);
      await sql`DROP FUNCTION IF EXISTS push_test_fault()`.execute(api.db);
    }

    // The fault is gone; the device replays the batch.
    const replay = await push(admin, entries);
    const results = replay.body.data.results.map(answered);
    expect(results.map((r) => [r.status, r.replayed])).toEqual([
      [200, true],
      [201, true],
      [200, true],
      [201, false],
      [200, false],
    ]);
    expect(await scannedOf(order.id)).toBe(3);
    expect(await scansOf(order.id)).toBe(3);
    expect(await ordersNamed(fine)).toBe(1);
    expect(await ordersNamed(faulty)).toBe(1);
  });

  it.skipIf(!testDatabaseUrl())(
    'PostgreSQL: a run meeting another writer that holds an order and waits for the counter gives way; both succeed',
    async () => {
      const first = await approvedOrder(2);
      const second = await approvedOrder(2);
      const other = new pg.Client({ connectionString: api.database.url });
      await other.connect();
      try {
        // Another writer in the order every writer keeps: the order row, then the tenant counter.
        await other.query('BEGIN');
        await other.query("SELECT 1 FROM orders WHERE tenant_id = 'demo' AND id = $1 FOR UPDATE", [
          second.id,
        ]);
        const pushed = push(admin, [scan(first.id), scan(second.id)]);
        // The run counts the first scan (taking the counter), then waits for the second order's row
        // while this writer waits for the counter: the run's lock timeout breaks the cycle.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await other.query("UPDATE tenant_counters SET change_seq = change_seq + 1 WHERE tenant_id = 'demo'");
        await other.query('COMMIT');
        const { body } = await pushed;
        expect(body.data.results.map((r) => answered(r).status)).toEqual([200, 200]);
      } finally {
        await other.end();
      }
      expect(await scannedOf(first.id)).toBe(1);
      expect(await scannedOf(second.id)).toBe(1);
    },
  );
});
