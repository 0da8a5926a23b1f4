/**
 * Orders API benchmark (not a test: it prints figures and asserts nothing). For each size N
 * (10,000 and 100,000 extra orders for tenant demo by default), in ONE process and run:
 *   - a fresh database, migrated and seeded (seedIfEmpty), plus N orders bulk-inserted through the
 *     repository (tests/bench/support/bulk-orders.ts: 70 % pending_approval, 2–4 lines, a history
 *     of events, change numbers reserved like any writer's);
 *   - autocannon against a bare Fastify hello-world (the machine's ceiling, measured again for each
 *     N so the ratio compares like with like) and against the real app as the manager:
 *       GET   /api/orders?page=1&limit=10                       (the first page of /orders)
 *       GET   /api/orders?…&status=pending_approval&search=…    (filter + ILIKE search)
 *       PATCH /api/orders/{id}/status  pending_approval → approved, a DIFFERENT order every request
 *             (expected_status sent, an Idempotency-Key per request as the client's outbox does),
 *             so every request is a real write: lock the order, event, notification, change
 *             number, stored outcome, audit row — never the cheap "already satisfied" answer.
 * Database: in-memory PGlite, or PostgreSQL with BENCH_DATABASE_URL=postgres://… (an EMPTY
 * database this script may fill; there N is cumulative: only the missing orders are added).
 *
 *   node --import tsx tests/bench/orders-api-bench.ts
 *   ORDERS=10000 DURATION=5 CONNECTIONS=10 node --import tsx tests/bench/orders-api-bench.ts
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import { ORDERS_PER_TENANT, seedIfEmpty } from '../../src/server/seed/seed';
import { type AutocannonOptions, type Measured, measure } from './support/autocannon';
import { insertBulkOrders } from './support/bulk-orders';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SIZES = (process.env.ORDERS ?? '10000,100000')
  .split(',')
  .map((s) => Number(s.replace(/_/g, '').trim()))
  .filter((n) => Number.isInteger(n) && n >= 0);
const TENANT = 'demo';

type Row = Measured;

function run(name: string, options: AutocannonOptions): Promise<Row> {
  return measure(name, { connections: CONNECTIONS, duration: DURATION, ...options });
}

function printTable(title: string, rows: Row[]) {
  const baseline = rows[0]?.rps ?? 1;
  console.log(`\n${title}`);
  console.log('| endpoint | req/s | p50 ms | p99 ms | vs hello-world | requests | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${((r.rps / baseline) * 100).toFixed(2)} % | ${r.requests} | ${r.non2xx} | ${r.errors} |`,
    );
  }
}

async function benchSize(n: number, helloUrl: string): Promise<Row[]> {
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {},
  );
  try {
    await migrateToLatest(database.db);
    await seedIfEmpty(database.db, { demoPassword: 'demo1234', production: false });
    const existing = Number(
      (
        await database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', TENANT)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const missing = Math.max(0, n + ORDERS_PER_TENANT - existing);
    let lastPrint = 0;
    const bulk = await insertBulkOrders(database.db, {
      tenantId: TENANT,
      count: missing,
      seed: `bulk-orders:${TENANT}:${existing}`,
      onBatch: (done, total) => {
        if (performance.now() - lastPrint > 10_000 || done === total) {
          lastPrint = performance.now();
          process.stdout.write(`  … ${done}/${total} orders inserted\n`);
        }
      },
    });
    console.log(
      `\nN = ${n.toLocaleString('en')}: ${database.kind}; inserted ${bulk.inserted} orders, ${bulk.items} items, ` +
        `${bulk.events} events in ${(bulk.ms / 1000).toFixed(1)} s ` +
        `(${bulk.inserted > 0 ? ((bulk.inserted / bulk.ms) * 1000).toFixed(0) : '–'} orders/s; batches of 1000)`,
    );

    const app = await buildApp({
      db: database.db,
      config: testConfig({ loginRateLimitPerMinute: 1_000_000, logLevel: 'silent', nodeEnv: 'production' }),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const base = `${origin}/api`;
    try {
      const login = await fetch(`${base}/auth/login?tenant=${TENANT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'manager', password: 'demo1234' }),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };

      const listUrl = `${base}/orders?tenant=${TENANT}&page=1&limit=10`;
      const probe = await fetch(listUrl, { headers: auth });
      const probeBody = (await probe.json()) as {
        data?: { pagination?: { total: number } };
        pagination?: { total: number };
      };
      if (probe.status !== 200) {
        console.log(
          `GET /api/orders answered ${probe.status}: the orders routes are not registered yet; skipped.`,
        );
        return [];
      }
      const total = (probeBody.data?.pagination ?? probeBody.pagination)?.total;
      console.log(`GET /api/orders as manager sees ${total ?? '?'} orders in all`);

      // A search term that matches some but not all orders: the first word of a real order's customer.
      const someOrder = await database.db
        .selectFrom('orders')
        .select('customer_name')
        .where('tenant_id', '=', TENANT)
        .orderBy('order_number')
        .executeTakeFirstOrThrow();
      const search = someOrder.customer_name.split(' ')[0] ?? 'a';
      const searchUrl = `${listUrl}&status=pending_approval&search=${encodeURIComponent(search)}`;
      const searchProbe = (await (await fetch(searchUrl, { headers: auth })).json()) as typeof probeBody;
      const searchTotal = (searchProbe.data?.pagination ?? searchProbe.pagination)?.total;

      // Targets of the status changes: the pending orders, newest first (the order a manager works in).
      const ids = (
        await database.db
          .selectFrom('orders')
          .select('id')
          .where('tenant_id', '=', TENANT)
          .where('status', '=', 'pending_approval')
          .where('deleted_at', 'is', null)
          .orderBy('created_at', 'desc')
          .execute()
      ).map((r) => r.id);
      let next = 0;
      const patchBody = JSON.stringify({ status: 'approved', expected_status: 'pending_approval' });

      const rows: Row[] = [];
      rows.push(await run('hello-world (bare Fastify)', { url: helloUrl }));
      rows.push(await run('GET /api/orders page 1, limit 10', { url: listUrl, headers: auth }));
      rows.push(
        await run(`GET /api/orders status=pending_approval&search=${search} (${searchTotal ?? '?'} match)`, {
          url: searchUrl,
          headers: auth,
        }),
      );
      const patchStart = new Date();
      rows.push(
        await run(`PATCH /api/orders/{id}/status → approved (${ids.length} targets)`, {
          url: origin,
          // Never more requests than targets: a second approve of one order is the cheap no-op.
          maxOverallRequests: Math.max(ids.length, CONNECTIONS),
          requests: [
            {
              method: 'PATCH',
              setupRequest: (request) => {
                const id = ids[next++ % ids.length] as string;
                return {
                  ...request,
                  method: 'PATCH',
                  path: `/api/orders/${id}/status?tenant=${TENANT}`,
                  headers: {
                    ...auth,
                    'content-type': 'application/json',
                    'idempotency-key': randomUUID(),
                  },
                  body: patchBody,
                };
              },
            },
          ],
        }),
      );
      const approvals = Number(
        (
          await database.db
            .selectFrom('order_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', TENANT)
            .where('to_status', '=', 'approved')
            .where('created_at', '>=', patchStart)
            .executeTakeFirstOrThrow()
        ).n,
      );
      console.log(
        `PATCH: ${Math.min(next, ids.length)} distinct orders sent, ${approvals} approval events written`,
      );
      printTable(
        `N = ${n.toLocaleString('en')} extra orders (${database.kind}; ${CONNECTIONS} connections, ${DURATION} s each; node ${process.version}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
        rows,
      );
      return rows;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ host: '127.0.0.1', port: 0 });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`;
  const summary: { n: number; rows: Row[] }[] = [];
  try {
    for (const n of SIZES) summary.push({ n, rows: await benchSize(n, helloUrl) });
  } finally {
    await hello.close();
  }
  if (summary.length > 1) {
    console.log('\nHow cost grows (req/s, p99 ms, share of hello-world):');
    console.log(`| endpoint | ${summary.map((s) => `N = ${s.n.toLocaleString('en')}`).join(' | ')} |`);
    console.log(`|---|${summary.map(() => '---:').join('|')}|`);
    const names = summary[0]?.rows.map((r) => r.name.replace(/ \(.*\)$/, '')) ?? [];
    names.forEach((name, i) => {
      const cells = summary.map((s) => {
        const r = s.rows[i];
        const baseline = s.rows[0]?.rps ?? 1;
        return r
          ? `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${((r.rps / baseline) * 100).toFixed(2)} %`
          : '–';
      });
      console.log(`| ${name} | ${cells.join(' | ')} |`);
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
