/**
 * API benchmark (not a test): autocannon against a bare Fastify hello-world and against the real
 * app in the same process and run, so the figures are comparable on this machine:
 *   - POST /api/auth/login         (scrypt N=2^15 r=8 p=3, at most 2 at once: bound by the password hash)
 *   - GET  /api/sync/pull cursor=0 (a full first pull of a manager: every order with items,
 *                                   products, customers, own notifications)
 *   - GET  /api/sync/pull at head  (the periodic "anything new?" poll: empty answer)
 * Database: a fresh, seeded in-memory PGlite (or PostgreSQL with BENCH_DATABASE_URL=postgres://…,
 * a database this script may fill with demo data if it is empty).
 *
 *   node --import tsx tests/bench/api-bench.ts            (DURATION=10 CONNECTIONS=10 by default)
 */
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { type AutocannonOptions, autocannon } from './support/autocannon';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function run(name: string, options: AutocannonOptions): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ host: '127.0.0.1', port: 0 });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`;

  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {},
  );
  await migrateToLatest(database.db);
  await seedIfEmpty(database.db, { demoPassword: 'demo1234', production: false });
  const app = await buildApp({
    db: database.db,
    config: testConfig({ loginRateLimitPerMinute: 1_000_000, logLevel: 'silent', nodeEnv: 'production' }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;

  const loginBody = JSON.stringify({ username: 'manager', password: 'demo1234' });
  const login = await fetch(`${base}/auth/login?tenant=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const head = (await (
    await fetch(`${base}/sync/pull?tenant=demo&cursor=0&limit=2000`, { headers: auth })
  ).json()) as {
    data: { cursor: string; orders: { upserts: unknown[] } };
  };

  console.log(
    `Database: ${database.kind}; ${CONNECTIONS} connections, ${DURATION} s each; node ${process.version}`,
  );
  const rows: Row[] = [];
  rows.push(await run('hello-world (bare Fastify)', { url: helloUrl }));
  rows.push(
    await run('POST /api/auth/login', {
      url: `${base}/auth/login?tenant=demo`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    }),
  );
  rows.push(
    await run(`GET /api/sync/pull cursor=0 (${head.data.orders.upserts.length} orders…)`, {
      url: `${base}/sync/pull?tenant=demo&cursor=0&limit=500`,
      headers: auth,
    }),
  );
  rows.push(
    await run('GET /api/sync/pull at head (empty)', {
      url: `${base}/sync/pull?tenant=demo&cursor=${head.data.cursor}`,
      headers: auth,
    }),
  );

  const baseline = rows[0]?.rps ?? 1;
  console.log('\n| endpoint | req/s | p50 ms | p99 ms | vs hello-world | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${((r.rps / baseline) * 100).toFixed(2)} % | ${r.errors} |`,
    );
  }

  await app.close();
  await hello.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
