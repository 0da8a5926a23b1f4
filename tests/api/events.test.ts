import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveChangeSeqs } from '../../src/server/db/change-seq';
import { type Api, type Session, startApi } from './support/harness';
import { type OpenStream, openEvents } from './support/sse-client';

/**
 * GET /api/events over real HTTP on a listening server (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): the change announcements of migration 0009 reach exactly the users they
 * concern, within a second of the commit of ANOTHER user's action.
 */
let api: Api;
let base: string;
let manager: Session;
let sales: Session;
let sales2: Session;
let warehouse: Session;
let driver: Session;
let c1Manager: Session;
const streams: OpenStream[] = [];

beforeAll(async () => {
  api = await startApi({
    config: { eventsHeartbeatMs: 150, eventsMaxStreamsPerUser: 3, eventsRecheckMs: 200 },
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  [manager, sales, sales2, warehouse, driver, c1Manager] = await Promise.all([
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
    api.login('demo', 'sales2'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
    api.login('client1', 'manager'),
  ]);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await api?.close();
});

async function open(s: Session, lastEventId?: number): Promise<OpenStream> {
  const stream = await openEvents(base, { tenant: s.tenant, token: s.token, lastEventId });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

async function write(method: string, path: string, s: Session, body: unknown) {
  const r = await api.call<{ data: { id: string; status: string } }>(method, path, {
    tenant: s.tenant,
    token: s.token,
    body,
    idempotencyKey: randomUUID(),
  });
  expect(r.status, r.raw).toBeLessThan(300);
  return r.body.data;
}

const createOrder = (s: Session) =>
  write('POST', '/orders', s, {
    customer_name: 'Canlı Bildirim A.Ş.',
    items: [{ product_name: 'Kalem', quantity: 1, unit_price: 10 }],
  });

async function tenantSeq(tenant: string): Promise<number> {
  const row = await api.db
    .selectFrom('tenant_counters')
    .select('change_seq')
    .where('tenant_id', '=', tenant)
    .executeTakeFirstOrThrow();
  return Number(row.change_seq);
}

/** No event arrives on any of `streams` within `ms` (after the one(s) that did). */
async function quiet(ms: number, ...list: OpenStream[]) {
  const before = list.map((s) => s.events.length);
  await new Promise((r) => setTimeout(r, ms));
  expect(list.map((s) => s.events.length)).toEqual(before);
}

describe('GET /api/events', { timeout: 15_000 }, () => {
  it('401 without a token (and with a bad one); a stream with the SSE headers and the security headers', async () => {
    const none = await openEvents(base, { tenant: 'demo', token: null });
    expect(none.status).toBe(401);
    const bad = await openEvents(base, { tenant: 'demo', token: 'not.a.token' });
    expect(bad.status).toBe(401);
    const s = await open(sales);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-store');
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    expect(s.headers.get('content-security-policy')).toContain("default-src 'self'");
    s.close();
  });

  it("a manager's approval reaches the salesperson's and the warehouse's streams within 1 s; not another salesperson, a driver or another tenant", async () => {
    const order = await createOrder(sales);
    const [sStream, wStream, s2Stream, dStream, c1Stream, mStream] = await Promise.all([
      open(sales),
      open(warehouse),
      open(sales2),
      open(driver),
      open(c1Manager),
      open(manager),
    ]);
    const before = await tenantSeq('demo');
    const t0 = performance.now();
    await write('PATCH', `/orders/${order.id}/status`, manager, {
      status: 'approved',
      expected_status: 'pending_approval',
    });
    const after = await tenantSeq('demo');
    const has = (e: OpenStream['events']) => e.some((x) => Number(x.id) > before);
    await Promise.all([
      sStream.waitFor(has, 1_000),
      wStream.waitFor(has, 1_000),
      mStream.waitFor(has, 1_000),
    ]);
    for (const s of [sStream, wStream]) {
      const event = s.events.find((e) => Number(e.id) > before);
      expect(event?.event).toBe('change');
      expect(Number(event?.id)).toBeLessThanOrEqual(after);
      expect(JSON.parse(event?.data ?? '{}')).toEqual({ cursor: event?.id });
      expect((event?.at ?? Infinity) - t0).toBeLessThan(1_000);
    }
    // sales2 does not own it, the driver is not assigned, client1 is another tenant: nothing.
    await quiet(400, s2Stream, dStream, c1Stream);
    expect([s2Stream, dStream, c1Stream].map((s) => s.events.length)).toEqual([0, 0, 0]);
    // an event carries the number only
    for (const e of sStream.events) expect(Object.keys(JSON.parse(e.data))).toEqual(['cursor']);
  });

  it("an order leaving a user's view announces to them (the warehouse when an approved order is cancelled)", async () => {
    const order = await createOrder(sales);
    await write('PATCH', `/orders/${order.id}/status`, manager, { status: 'approved' });
    const wStream = await open(warehouse);
    const s2Stream = await open(sales2);
    const before = await tenantSeq('demo');
    await write('PATCH', `/orders/${order.id}/status`, manager, { status: 'cancelled' });
    await wStream.waitFor((e) => e.some((x) => Number(x.id) > before), 1_000);
    await quiet(300, s2Stream);
    expect(s2Stream.events).toEqual([]);
  });

  it("a user's own notification changes are announced to them only; catalogue-free changes of others are not", async () => {
    const order = await createOrder(sales);
    const sStream = await open(sales);
    const s2Stream = await open(sales2);
    await write('PATCH', `/orders/${order.id}/status`, manager, { status: 'rejected', notes: 'Stok yok' });
    await sStream.waitFor((e) => e.length > 0, 1_000);
    const mine = await api.db
      .selectFrom('notifications')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('related_order_id', '=', order.id)
      .where('user_id', '=', sales.user.id)
      .executeTakeFirst();
    expect(mine).toBeDefined();
    const count = sStream.events.length;
    await write('PATCH', `/notifications/${mine?.id}/read`, sales, {});
    const seq = await tenantSeq('demo');
    await sStream.waitFor((e) => e.length > count && Number(e.at(-1)?.id) === seq, 1_000);
    await quiet(300, s2Stream);
    expect(s2Stream.events).toEqual([]);
  });

  it('Last-Event-ID: an immediate event when something for the user changed after it, none otherwise', async () => {
    const order = await createOrder(sales);
    const before = await tenantSeq('demo');
    await write('PATCH', `/orders/${order.id}/status`, manager, { status: 'approved' });
    const after = await tenantSeq('demo');
    const resumed = await open(sales, before);
    await resumed.waitFor((e) => e.length > 0, 1_000);
    expect(Number(resumed.events[0]?.id)).toBeGreaterThan(before);
    expect(Number(resumed.events[0]?.id)).toBeLessThanOrEqual(after);
    const upToDate = await open(sales, after);
    // sales2 missed nothing of theirs since `before`: no event
    const other = await open(sales2, before);
    await quiet(400, upToDate, other);
    expect(upToDate.events).toEqual([]);
    expect(other.events).toEqual([]);
    // garbage in Last-Event-ID is "none"
    const garbage = await open(sales, 'abc' as unknown as number);
    await quiet(200, garbage);
    expect(garbage.events).toEqual([]);
  });

  it('a stream ends when its session does (logout elsewhere), and stays while it lives', async () => {
    const session = await api.login('demo', 'sales2');
    const other = await api.login('demo', 'sales2');
    const s = await open(session);
    const kept = await open(other);
    await new Promise((r) => setTimeout(r, 500));
    expect(s.isEnded()).toBe(false);
    await api.call('POST', '/auth/logout', { tenant: 'demo', token: session.token });
    await s.ended;
    expect(kept.isEnded()).toBe(false);
    kept.close();
  });

  it('heartbeat comments at the configured interval', async () => {
    const s = await open(driver);
    await new Promise((r) => setTimeout(r, 700));
    expect(s.comments[0]).toBe('open');
    expect(s.comments.filter((c) => c === 'ping').length).toBeGreaterThanOrEqual(2);
  });

  it('at most N streams per user: the oldest is closed, the others stay; a closed stream is forgotten', async () => {
    const admin = await api.login('demo', 'admin');
    const mine: OpenStream[] = [];
    for (let i = 0; i < 3; i++) mine.push(await open(admin));
    expect(api.app.eventHub.streamsOf('demo', admin.user.id)).toBe(3);
    const extra = await open(admin);
    await mine[0]?.ended;
    expect(mine.map((s) => s.isEnded())).toEqual([true, false, false]);
    expect(api.app.eventHub.streamsOf('demo', admin.user.id)).toBe(3);
    extra.close();
    for (let i = 0; i < 100 && api.app.eventHub.streamsOf('demo', admin.user.id) !== 2; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(api.app.eventHub.streamsOf('demo', admin.user.id)).toBe(2);
    for (const s of mine) s.close();
  });

  it('a product change is announced to everyone of the tenant, and to no other tenant', async () => {
    const [sStream, dStream, c1Stream] = await Promise.all([open(sales2), open(driver), open(c1Manager)]);
    const before = await tenantSeq('demo');
    // (no product editing endpoint yet: the write an administration screen would make)
    await api.db.transaction().execute(async (trx) => {
      const [seq] = await reserveChangeSeqs(trx, 'demo', 1);
      const product = await trx
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', 'demo')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('products')
        .set({ change_seq: seq as number, updated_at: new Date() })
        .where('tenant_id', '=', 'demo')
        .where('id', '=', product.id)
        .execute();
    });
    const has = (e: OpenStream['events']) => e.some((x) => Number(x.id) > before);
    await Promise.all([sStream.waitFor(has, 1_000), dStream.waitFor(has, 1_000)]);
    await quiet(300, c1Stream);
    expect(c1Stream.events).toEqual([]);
  });

  it('a product import is announced once, with the last change number of its products; not to another tenant', async () => {
    const [sStream, c1Stream] = await Promise.all([open(sales2), open(c1Manager)]);
    const admin = await api.login('demo', 'admin');
    const lines = ['Ürün Kodu;Ürün Adı;Satış Fiyatı;Stok'];
    for (let i = 0; i < 50; i++) lines.push(`CANLI-${i};Canlı Ürün ${i};${i + 1},50;${i % 4}`);
    const boundary = `----events${randomUUID()}`;
    const preview = await api.app.inject({
      method: 'POST',
      url: '/api/products/import/preview?tenant=demo',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="canli.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const summary = preview.json().data as { import_id: string; fingerprint: string };
    const before = await tenantSeq('demo');
    await write('POST', `/products/import/${summary.import_id}/confirm`, admin, {
      expected_fingerprint: summary.fingerprint,
    });
    const after = await tenantSeq('demo');
    expect(after - before).toBe(50);
    await sStream.waitFor((e) => e.some((x) => Number(x.id) === after), 1_000);
    await quiet(300, sStream, c1Stream);
    expect(sStream.events.filter((x) => Number(x.id) > before).map((x) => Number(x.id))).toEqual([after]);
    expect(c1Stream.events).toEqual([]);
  });

  it('PostgreSQL: the listening connection killed → it reconnects, the stream catches up, the server stays up', async () => {
    if (api.database.kind !== 'postgres') return;
    const sStream = await open(sales);
    const killed = await sql<{ n: number }>`
      SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE 'LISTEN %' AND pid <> pg_backend_pid()`.execute(
      api.db,
    );
    expect(killed.rows[0]?.n).toBeGreaterThanOrEqual(1);
    // A change while the listener is away (announcement lost) — caught up after the reconnect.
    const order = await createOrder(sales);
    const before = await tenantSeq('demo');
    await write('PATCH', `/orders/${order.id}/status`, manager, { status: 'approved' });
    await sStream.waitFor((e) => e.some((x) => Number(x.id) > before), 5_000);
    // and live again afterwards
    const order2 = await createOrder(sales);
    const mid = await tenantSeq('demo');
    await write('PATCH', `/orders/${order2.id}/status`, manager, { status: 'approved' });
    await sStream.waitFor((e) => e.some((x) => Number(x.id) > mid), 2_000);
    expect((await api.call('GET', '/health')).status).toBe(200);
  });
});
