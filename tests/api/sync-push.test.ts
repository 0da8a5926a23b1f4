import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { PUSH_MAX_ENTRIES, type PushEntry, type PushResult } from '../../src/shared/api/push';
import { type Api, countRows, type Session, startApi } from './support/harness';

/**
 * POST /sync/push through HTTP on a seeded database: each entry answers exactly what its single
 * request answers (success, stored replay, every kind of refusal), a replayed batch applies
 * nothing twice, a refused entry holds back only the later entries of its own record, and the
 * batch's bounds are enforced. (The server killed in the middle of a batch: sync-push-kill.test.ts.)
 */

let api: Api;
let sales: Session;
let manager: Session;
let warehouse: Session;
let driver: Session;
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
  [sales, manager, warehouse, driver, admin] = await Promise.all([
    api.login('demo', 'sales'),
    api.login('demo', 'manager'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
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

type Envelope<T = unknown> = { success: boolean; data: T; code?: string; error?: string; current?: Order };

function orderBody(quantity = 3, id: string = randomUUID()) {
  return {
    id,
    customer_name: 'Toplu Gönderim Ltd.',
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

async function approvedOrder(quantity = 3): Promise<Order> {
  const created = await api.call<Envelope<Order>>('POST', '/orders', {
    token: sales.token,
    body: orderBody(quantity),
  });
  expect(created.status, created.raw).toBe(201);
  const approved = await api.call<Envelope<Order>>('PATCH', `/orders/${created.body.data.id}/status`, {
    token: manager.token,
    body: { status: 'approved', expected_status: 'pending_approval' },
  });
  expect(approved.status, approved.raw).toBe(200);
  return approved.body.data;
}

function push(who: Session, entries: PushEntry[]) {
  return api.call<Envelope<{ results: PushResult[] }>>('POST', '/sync/push', {
    token: who.token,
    body: { entries },
  });
}

function entry(method: PushEntry['method'], path: string, body?: unknown, record_key?: string): PushEntry {
  return { key: randomUUID(), method, path, ...(body === undefined ? {} : { body }), record_key };
}

/** The same request sent on its own, with the entry's key (a replay when the batch stored it). */
function single(who: Session, e: PushEntry, key = e.key) {
  return api.call(e.method, e.path, { token: who.token, body: e.body, idempotencyKey: key });
}

const answered = (r: PushResult | undefined) => {
  if (r?.outcome !== 'answered') throw new Error(`expected an answer, got ${JSON.stringify(r)}`);
  return r;
};

async function unreadNotifications(userId: string) {
  const rows = await api.db
    .selectFrom('notifications')
    .select(['id'])
    .where('tenant_id', '=', 'demo')
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
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

describe('POST /sync/push: each entry answers what its single request answers', () => {
  it('a mixed batch: creates, edits, status changes, scans, reads — applied, in order, answered per entry', async () => {
    const order = await approvedOrder(3);
    const other = await approvedOrder(2);
    const orderKey = `order:${order.id}`;
    const scanBody = () => ({ barcode: product.barcode, order_id: order.id, scan_id: randomUUID() });
    const entries = [
      entry('POST', '/warehouse/scan-barcode', scanBody(), orderKey),
      entry('POST', '/warehouse/scan-barcode', scanBody(), orderKey),
      entry('POST', '/warehouse/scan-barcode', scanBody(), orderKey),
      entry(
        'PATCH',
        `/orders/${order.id}/status`,
        { status: 'prepared', expected_status: 'approved' },
        orderKey,
      ),
      entry('POST', '/warehouse/scan-barcode', { ...scanBody(), order_id: other.id }, `order:${other.id}`),
    ];
    const r = await push(warehouse, entries);
    expect(r.status, r.raw).toBe(200);
    const results = r.body.data.results;
    expect(results.map((x) => x.key)).toEqual(entries.map((e) => e.key));
    expect(results.map((x) => answered(x).status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((x) => answered(x).replayed)).toEqual([false, false, false, false, false]);
    // In order: the third scan completed the order, so the status change after it was allowed.
    const scans = results.slice(0, 3).map((x) => answered(x).body as Envelope<{ scanned_quantity: number }>);
    expect(scans.map((b) => b.data.scanned_quantity)).toEqual([1, 2, 3]);
    expect((answered(results[3]).body as Envelope<Order>).data.status).toBe('prepared');
    expect(await scannedOf(order.id)).toBe(3);
    expect(await scannedOf(other.id)).toBe(1);

    // Each answer is the one its single request gets for that key (the same request: same hash).
    for (const [i, e] of entries.entries()) {
      const again = await single(warehouse, e);
      expect(again.status).toBe(answered(results[i]).status);
      expect(again.body).toEqual(answered(results[i]).body);
      expect(again.headers['idempotency-replayed']).toBe('true');
    }
    expect(await scannedOf(order.id)).toBe(3);
  });

  it('success statuses and bodies as the single routes give them: 201 for a create, the order for an edit', async () => {
    const create = entry('POST', '/orders', orderBody(1));
    const r = await push(sales, [create]);
    const result = answered(r.body.data.results[0]);
    expect(result.status).toBe(201);
    const created = (result.body as Envelope<Order>).data;
    expect(created).toMatchObject({ id: (create.body as { id: string }).id, status: 'pending_approval' });
    const edit = entry(
      'PUT',
      `/orders/${created.id}`,
      { notes: 'Kapıda ödeme', expected_version: created.version },
      `order:${created.id}`,
    );
    const [editResult] = (await push(sales, [edit])).body.data.results;
    const edited = (answered(editResult).body as Envelope<Order>).data;
    expect(edited.notes).toBe('Kapıda ödeme');
    expect(edited.version).toBeGreaterThan(created.version);
    // The single route, with the key the batch used, replays the very same answer.
    const replay = await single(sales, edit);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(answered(editResult).body);
  });

  it("refusals are the single routes' refusals: 400 naming the field, 403, 404, 409 with the current record", async () => {
    const order = await approvedOrder(2);
    const missing = randomUUID();
    const cases: Array<{ who: Session; e: PushEntry }> = [
      // invalid body → 400 naming the field
      {
        who: manager,
        e: entry('PATCH', `/orders/${order.id}/status`, { status: 'bogus', expected_status: 'approved' }),
      },
      // a driver does not see an approved order that is not theirs → 404
      {
        who: driver,
        e: entry('PATCH', `/orders/${order.id}/status`, { status: 'prepared', expected_status: 'approved' }),
      },
      // a role the route is not for → 403 from the route's access list
      {
        who: sales,
        e: entry('POST', '/warehouse/scan-barcode', {
          barcode: product.barcode,
          order_id: order.id,
          scan_id: randomUUID(),
        }),
      },
      // unknown order → 404
      {
        who: manager,
        e: entry('PATCH', `/orders/${missing}/status`, { status: 'cancelled', expected_status: 'approved' }),
      },
      // stale version → 409 CONFLICT with `current`
      {
        who: manager,
        e: entry('PUT', `/orders/${order.id}`, { notes: 'eski sürüm', expected_version: order.version - 1 }),
      },
      // bad id in the path → 400 from the params schema
      {
        who: manager,
        e: entry('PATCH', '/orders/not-a-uuid/status', { status: 'cancelled', expected_status: 'approved' }),
      },
    ];
    for (const { who, e } of cases) {
      const [result] = (await push(who, [e])).body.data.results;
      const batch = answered(result);
      expect(batch.status).toBeGreaterThanOrEqual(400);
      // Nothing was applied, so the same request sent alone (a fresh key) is refused identically.
      const alone = await single(who, e, randomUUID());
      expect({ path: e.path, status: batch.status, body: batch.body }).toEqual({
        path: e.path,
        status: alone.status,
        body: alone.body,
      });
      // …and the batch's refusal is stored under its key like the single route's.
      const replay = await single(who, e);
      expect(replay.body).toEqual(batch.body);
    }
    const codes = [];
    for (const { who, e } of cases) codes.push((await single(who, e)).body.code);
    expect(codes).toEqual([
      'VALIDATION_ERROR',
      'NOT_FOUND',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'VALIDATION_ERROR',
    ]);
    expect(await scannedOf(order.id)).toBe(0);
  });
});

describe('POST /sync/push: exactly once, and order per record', () => {
  it('a replayed batch applies nothing twice: every entry answers its stored outcome', async () => {
    const order = await approvedOrder(5);
    const entries = Array.from({ length: 5 }, () =>
      entry(
        'POST',
        '/warehouse/scan-barcode',
        { barcode: product.barcode, order_id: order.id, scan_id: randomUUID() },
        `order:${order.id}`,
      ),
    );
    const first = await push(warehouse, entries);
    const audit = await countRows(api.db, 'audit_logs', { tenant_id: 'demo', entity_id: order.id });
    for (let i = 0; i < 3; i++) {
      const again = await push(warehouse, entries);
      expect(again.status).toBe(200);
      expect(again.body.data.results.map((x) => answered(x).replayed)).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);
      expect(again.body.data.results.map((x) => answered(x).body)).toEqual(
        first.body.data.results.map((x) => answered(x).body),
      );
    }
    expect(await scannedOf(order.id)).toBe(5);
    expect(await countRows(api.db, 'audit_logs', { tenant_id: 'demo', entity_id: order.id })).toBe(audit);
  });

  it('a refused entry holds back only the later entries of its own record; other records go on', async () => {
    const [gone, other, third] = await unreadNotifications(manager.user.id);
    if (!gone || !other || !third) throw new Error('the seed should give the manager 3 unread notifications');
    expect((await api.call('DELETE', `/notifications/${gone}`, { token: manager.token })).status).toBe(200);
    const entries = [
      entry('PATCH', `/notifications/${gone}/read`, undefined, `notification:${gone}`), // 404
      entry('DELETE', `/notifications/${gone}`, undefined, `notification:${gone}`), // held behind it
      entry('PATCH', `/notifications/${other}/read`, undefined, `notification:${other}`), // goes on
      entry('PATCH', '/notifications/mark-all-read', { ids: [third] }, 'notification:*'), // overlaps → held
    ];
    const { body } = await push(manager, entries);
    const results = body.data.results;
    expect(answered(results[0]).status).toBe(404);
    expect(results[1]).toEqual({ key: entries[1]?.key, outcome: 'held', reason: 'record' });
    expect(answered(results[2]).status).toBe(200);
    expect(results[3]).toEqual({ key: entries[3]?.key, outcome: 'held', reason: 'record' });
    const read = async (id: string) =>
      (
        await api.db
          .selectFrom('notifications')
          .select('is_read')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).is_read;
    expect(await read(other)).toBe(true);
    expect(await read(third)).toBe(false);
    // A held entry was never tried: no outcome is stored under its key.
    expect(await countRows(api.db, 'idempotency_keys', { key: entries[1]?.key ?? '' })).toBe(0);
    expect(await countRows(api.db, 'idempotency_keys', { key: entries[3]?.key ?? '' })).toBe(0);
  });

  it('an entry answered 401 (the session ended meanwhile) stops the batch', async () => {
    const who = await api.login('demo', 'sales');
    const [n1, n2] = await unreadNotifications(who.user.id);
    if (!n1 || !n2) throw new Error('the seed should give the salesperson 2 unread notifications');
    const entries = [
      entry('POST', '/auth/logout', undefined, 'session'), // not a queued write: refused, not run
      entry('PATCH', `/notifications/${n1}/read`, undefined, `notification:${n1}`),
    ];
    const { body } = await push(who, entries);
    expect(answered(body.data.results[0])).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', field: 'path' },
    });
    expect(answered(body.data.results[1]).status).toBe(200);
    // The session is still valid: the logout inside the batch was not run.
    expect((await api.call('GET', '/auth/profile', { token: who.token })).status).toBe(200);

    // Signed out for real: the whole batch is 401, nothing applied.
    expect((await api.call('POST', '/auth/logout', { token: who.token })).status).toBe(200);
    const after = await push(who, [
      entry('PATCH', `/notifications/${n2}/read`, undefined, `notification:${n2}`),
    ]);
    expect(after.status).toBe(401);
    const unread = await unreadNotifications(who.user.id);
    expect(unread).toContain(n2);
  });
});

describe('POST /sync/push: bounds', () => {
  it(`refuses more than ${PUSH_MAX_ENTRIES} entries, an empty batch and a malformed entry with 400 naming the field`, async () => {
    const many = Array.from({ length: PUSH_MAX_ENTRIES + 1 }, () =>
      entry('PATCH', `/notifications/${randomUUID()}/read`),
    );
    const tooMany = await push(admin, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'entries' });
    const empty = await push(admin, []);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'entries' });
    const badKey = await push(admin, [{ ...entry('PATCH', '/notifications/x/read'), key: '' }]);
    expect(badKey.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'entries[0].key' });
    const badPath = await push(admin, [entry('PATCH', 'https://evil.example/x')]);
    expect(badPath.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'entries[0].path' });
  });

  it('refuses a body over 1 MB with 413, nothing written', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    const r = await push(admin, [
      entry('PUT', `/orders/${randomUUID()}`, { notes: huge, expected_version: 1 }),
    ]);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a path that is not a queued write (sign-in, the debug calls, the batch itself) is refused per entry', async () => {
    const entries = [
      entry('POST', '/auth/login', { username: 'admin', password: 'x' }),
      entry('POST', '/debug/approve-first-order'),
      entry('POST', '/sync/push', { entries: [] }),
      { ...entry('POST', '/orders'), method: 'GET' as never },
    ];
    const r = await push(admin, entries.slice(0, 3));
    expect(r.body.data.results.map((x) => answered(x).status)).toEqual([400, 400, 400]);
    const get = await push(admin, entries.slice(3));
    expect(get.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'entries[0].method' });
  });
});
