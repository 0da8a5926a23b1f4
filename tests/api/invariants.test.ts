import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpChangeSeq } from '../../src/server/db/change-seq';
import { openDatabase } from '../../src/server/db/database';
import { insertNotifications } from '../../src/server/notifications/notifications.repository';
import { readTenantCounters } from '../../src/server/tenants/tenants.repository';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, type CallResult, type Session, startApi } from './support/harness';
import { pullAll, pullOnce } from './support/pull';
import { makeGate, testRoutes } from './support/test-routes';

/**
 * The invariants sync stands on, each against the real database:
 * - change order = commit order (PostgreSQL: concurrent writers; PGlite cannot overlap transactions);
 * - PGlite serializes transactions (PGlite) / concurrent writers never deadlock (both);
 * - idempotency is atomic with the effect: see idempotency.test.ts (+ the cross-process lock here);
 * - visibility changes are removals: see sync.test.ts.
 */
const gates: { current: ReturnType<typeof makeGate> | null } = { current: null };
let api: Api;
let admin: Session;
const TENANT = 'demo';
beforeAll(async () => {
  api = await startApi({ routes: [testRoutes(gates)] });
  admin = await api.login(TENANT, 'admin');
});
afterAll(async () => api?.close());

const onPglite = () => api.database.kind === 'pglite';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function newNotification(userId: string, seq: number, title: string) {
  return {
    id: randomUUID(),
    user_id: userId,
    type: 'system' as const,
    title,
    message: 'invariant test',
    is_read: false,
    related_order_id: null,
    created_at: new Date(),
    change_seq: seq,
  };
}

describe('PGlite has one connection: transactions are serialized', () => {
  it('two concurrent transactions never interleave and lose no update', async (ctx) => {
    if (!onPglite()) ctx.skip();
    const log: string[] = [];
    const before = (await readTenantCounters(api.db, TENANT)).change_seq;
    const work = (name: string) =>
      api.db.transaction().execute(async (trx) => {
        log.push(`${name}:begin`);
        const { change_seq } = await readTenantCounters(trx, TENANT);
        await new Promise((r) => setImmediate(r)); // give the other one every chance to cut in
        await sleep(5);
        await trx
          .updateTable('tenant_counters')
          .set({ change_seq: change_seq + 1 })
          .where('tenant_id', '=', TENANT)
          .execute();
        log.push(`${name}:end`);
      });
    await Promise.all([work('A'), work('B'), work('C')]);
    expect(log).toEqual(['A:begin', 'A:end', 'B:begin', 'B:end', 'C:begin', 'C:end']);
    expect((await readTenantCounters(api.db, TENANT)).change_seq).toBe(before + 3);
  });

  it('a request arriving during a transaction waits for it: it never sees what the transaction wrote and then rolled back', async (ctx) => {
    if (!onPglite()) ctx.skip();
    const [target] = await api.db
      .selectFrom('notifications')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('user_id', '=', admin.user.id)
      .where('is_read', '=', false)
      .execute();
    if (!target) throw new Error('seed: admin needs an unread notification');
    const events: string[] = [];
    let request:
      | Promise<CallResult<{ data: { notifications: { id: string; is_read: boolean }[] } }>>
      | undefined;
    const rolledBack = new Error('roll back (test)');
    const trx = api.db.transaction().execute(async (t) => {
      // Written inside the transaction, never committed: only a request that (wrongly) ran its
      // statements inside this transaction, on the one PGlite connection, could see it.
      await t.updateTable('notifications').set({ is_read: true }).where('id', '=', target.id).execute();
      request = api.call('GET', '/notifications', {
        tenant: TENANT,
        token: admin.token,
        query: { limit: 100 },
      });
      void request.then(() => events.push('request answered'));
      // Give an interleaving request every chance to finish inside the transaction. Correctly
      // serialized, it cannot even authenticate until the transaction ends, so the outcome does
      // not depend on this wait; it only has to be long enough for a broken one to be caught.
      await Promise.race([request, sleep(500)]);
      events.push('rolling back');
      throw rolledBack;
    });
    await expect(trx).rejects.toBe(rolledBack);
    const r = await request!;
    expect(events).toEqual(['rolling back', 'request answered']);
    expect(r.status).toBe(200);
    expect(r.body.data.notifications.find((n) => n.id === target.id)?.is_read).toBe(false);
    const [row] = await api.db
      .selectFrom('notifications')
      .select('is_read')
      .where('id', '=', target.id)
      .execute();
    expect(row?.is_read).toBe(false);
  });
});

describe('concurrent writers', () => {
  it('never deadlock or fail: mixed notification mutations of one user at once all succeed', async () => {
    const s = await api.login(TENANT, 'manager');
    const rows = await api.db
      .selectFrom('notifications')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('user_id', '=', s.user.id)
      .where('deleted_at', 'is', null)
      .limit(12)
      .execute();
    const calls = rows.flatMap((n, i) => [
      api.call('PATCH', `/notifications/${n.id}/read`, { tenant: TENANT, token: s.token }),
      i % 3 === 0 ? api.call('DELETE', `/notifications/${n.id}`, { tenant: TENANT, token: s.token }) : null,
      i % 4 === 0
        ? api.call('PATCH', '/notifications/mark-all-read', { tenant: TENANT, token: s.token })
        : null,
    ]);
    const results = await Promise.all(calls.filter((c) => c !== null));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((st) => st >= 500)).toEqual([]);
    expect(statuses.every((st) => st === 200 || st === 404)).toBe(true);
  });
});

describe('change order = commit order (PostgreSQL)', () => {
  it('a writer that bumps later cannot commit a number before an earlier writer commits (PostgreSQL only — on PGlite transactions cannot overlap)', async (ctx) => {
    if (onPglite()) ctx.skip();
    const [first] = await pullAll(api, admin);
    const c0 = first?.cursor ?? '0';

    // T1 takes number N and holds it, uncommitted.
    const t1 = await api.db.startTransaction().execute();
    const n = await bumpChangeSeq(t1, TENANT);
    const a = newNotification(admin.user.id, n, 'A');
    await insertNotifications(t1, TENANT, [a]);

    // T2 wants the next number: it must wait for T1 (row lock on the tenant counter).
    const t2 = await api.db.startTransaction().execute();
    const t2Seq = bumpChangeSeq(t2, TENANT);
    for (;;) {
      const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND query LIKE '%tenant_counters%' AND datname = current_database()`.execute(
        api.db,
      );
      if ((waiting.rows[0]?.n ?? 0) > 0) break;
      await sleep(10);
    }
    // A pull now sees neither (nothing committed) and does not move past N.
    const during = await pullOnce(api, admin, c0);
    expect(during.notifications.upserts.map((x) => x.id)).not.toContain(a.id);
    expect(Number(during.cursor)).toBeLessThan(n);

    await t1.commit().execute();
    const m = await t2Seq;
    expect(m).toBe(n + 1);
    const b = newNotification(admin.user.id, m, 'B');
    await insertNotifications(t2, TENANT, [b]);
    await t2.commit().execute();

    const after = await pullOnce(api, admin, during.cursor);
    expect(after.notifications.upserts.map((x) => x.title)).toEqual(['A', 'B']);
    expect(after.cursor).toBe(String(n + 1));
  });

  it('a puller running alongside many concurrent writers misses nothing (PostgreSQL only — on PGlite transactions cannot overlap)', async (ctx) => {
    if (onPglite()) ctx.skip();
    const [first] = await pullAll(api, admin);
    let cursor = first?.cursor ?? '0';
    const seen = new Set<string>();
    const written: string[] = [];
    let writing = true;

    const writer = async (w: number) => {
      for (let k = 0; k < 12; k++) {
        await api.db.transaction().execute(async (trx) => {
          const seq = await bumpChangeSeq(trx, TENANT);
          const row = newNotification(admin.user.id, seq, `w${w}-${k}`);
          await insertNotifications(trx, TENANT, [row]);
          // Widen the window between taking the number and committing.
          await sleep(Math.floor(Math.random() * 6));
          written.push(row.id);
        });
      }
    };
    const puller = async () => {
      while (writing) {
        const page = await pullOnce(api, admin, cursor, 5);
        for (const x of page.notifications.upserts) seen.add(x.id);
        cursor = page.cursor;
      }
    };
    const pulling = puller();
    await Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
    writing = false;
    await pulling;
    for (const page of await pullAll(api, admin, cursor, 5))
      for (const x of page.notifications.upserts) seen.add(x.id);
    expect(written).toHaveLength(72);
    expect(written.filter((id) => !seen.has(id))).toEqual([]);
  });

  it('two API processes on one database: the same key at once runs once, the other gets 409 (PostgreSQL only — PGlite is one process)', async (ctx) => {
    if (onPglite()) ctx.skip();
    const url = api.database.url;
    if (!url) throw new Error('expected a PostgreSQL url');
    const second = await openDatabase({ databaseUrl: url, poolSize: 4 });
    const other = await startApi({
      config: { jwtSecret: api.config.jwtSecret },
      database: { db: second.db, kind: 'postgres', url, close: () => second.close() },
      routes: [testRoutes({ current: null })],
    });
    const gate = makeGate();
    gates.current = gate;
    try {
      const s = await api.login(TENANT, 'sales');
      const [note] = await api.db
        .selectFrom('notifications')
        .select('id')
        .where('tenant_id', '=', TENANT)
        .where('user_id', '=', s.user.id)
        .where('is_read', '=', false)
        .execute();
      if (!note) throw new Error('unreachable');
      const key = randomUUID();
      const firstCall = api.call('POST', '/test/gated', {
        tenant: TENANT,
        token: s.token,
        idempotencyKey: key,
        body: { notification_id: note.id },
      });
      await gate.entered;
      const elsewhere = await other.call('POST', '/test/gated', {
        tenant: TENANT,
        token: s.token,
        idempotencyKey: key,
        body: { notification_id: note.id },
      });
      expect(elsewhere.status).toBe(409);
      expect(elsewhere.body).toMatchObject({
        code: 'IDEMPOTENCY_IN_FLIGHT',
        error: MESSAGES.idempotencyInFlight,
      });
      gate.open();
      const done = await firstCall;
      expect(done.status).toBe(200);
      const replay = await other.call('POST', '/test/gated', {
        tenant: TENANT,
        token: s.token,
        idempotencyKey: key,
        body: { notification_id: note.id },
      });
      expect(replay.status).toBe(200);
      expect(replay.raw).toBe(done.raw);
    } finally {
      gate.open();
      gates.current = null;
      await other.close();
      await second.close();
    }
  });
});
