/**
 * GET /api/dashboard/stats benchmark (not a test: it prints figures and asserts nothing). For each
 * database — the embedded default (in-memory PGlite) and, when TEST_DATABASE_URL names a
 * PostgreSQL server (an admin URL, as for the tests), a database created for the run and dropped
 * after it — and for each order count (BENCH_SIZES, default 10,000 and 100,000 extra orders on
 * top of the demo seed), the real server runs as a CHILD process (support/bench-server.ts:
 * migrated, seeded, plus BENCH_ORDERS orders through the repository, VACUUM ANALYZE), and
 * autocannon, in THIS process, measures:
 *   GET /api/dashboard/stats as the manager      every order of the tenant, plus the team
 *   GET /api/dashboard/stats as a salesperson    their own orders only
 * each between two runs of GET /api/health, the app's own floor; an endpoint's share is its req/s
 * over the mean of the /api/health runs just before and after it (same server, same run).
 *
 *   node --import tsx tests/bench/dashboard-stats-bench.ts      (DURATION=10 CONNECTIONS=10,
 *                                                               BENCH_SIZES=10000,100000)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/dashboard-stats-bench.ts
 *   BENCH_DATABASES=pglite|postgres  only one of the two
 */
import { loadavg } from 'node:os';
import { type AutocannonOptions, type Measured, measure } from './support/autocannon';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number).filter(Boolean);
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');

type Row = Measured;

function run(name: string, options: AutocannonOptions): Promise<Row> {
  return measure(name, { connections: CONNECTIONS, duration: DURATION, ...options });
}

async function login(base: string, username: string): Promise<Record<string, string>> {
  const r = await fetch(`${base}/auth/login?tenant=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  const { token } = (await r.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

async function benchOne(label: string, databaseUrl: string | undefined, orders: number): Promise<void> {
  const { child, ready } = await startServer({
    BENCH_ORDERS: String(orders),
    BENCH_SERVER_DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const base = `http://127.0.0.1:${ready.port}/api`;
    const manager = await login(base, 'manager');
    const sales = await login(base, 'sales');
    const url = `${base}/dashboard/stats?tenant=demo`;
    const sample = (await (await fetch(url, { headers: manager })).json()) as {
      data: { total_orders: number; order_approval_rate: number | null; team: unknown[] };
    };
    const own = (await (await fetch(url, { headers: sales })).json()) as { data: { total_orders: number } };
    console.log(
      `\n${label}: ${ready.kind}, ${ready.orders.toLocaleString('en')} extra orders ` +
        `(${sample.data.total_orders.toLocaleString('en')} counted for the manager, ${own.data.total_orders.toLocaleString('en')} for the salesperson; ` +
        `approval rate ${sample.data.order_approval_rate} %, ${sample.data.team.length} team members), ` +
        `ready in ${(ready.seedMs / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION} s each; node ${process.version}`,
    );
    const health = () => run('GET /api/health', { url: `${base}/health` });
    const endpoints: [string, AutocannonOptions][] = [
      ['GET /api/dashboard/stats (manager: all orders + team)', { url, headers: manager }],
      ['GET /api/dashboard/stats (salesperson: own orders)', { url, headers: sales }],
    ];
    const rows: { row: Row; baseline: number }[] = [];
    let before = await health();
    const healths = [before];
    for (const [name, options] of endpoints) {
      const row = await run(name, options);
      const after = await health();
      healths.push(after);
      rows.push({ row, baseline: (before.rps + after.rps) / 2 });
      before = after;
    }
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}; /api/health runs: ${healths.map((h) => `${h.rps.toFixed(0)} req/s (p99 ${h.p99} ms)`).join(', ')}`,
    );
    console.log(
      '| endpoint | req/s | p50 ms | p99 ms | /api/health around it | share | requests | errors/non-2xx |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const { row: r, baseline } of rows) {
      console.log(
        `| ${r.name} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${baseline.toFixed(0)} | ${((r.rps / baseline) * 100).toFixed(1)} % | ${r.requests} | ${r.bad} |`,
      );
    }
  } finally {
    await stopServer(child);
  }
}

async function main() {
  for (const orders of SIZES) {
    if (DATABASES.includes('pglite')) await benchOne('Embedded (PGlite)', undefined, orders);
    if (!DATABASES.includes('postgres')) continue;
    if (!ADMIN_URL) {
      console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL to an admin URL to measure it too.)');
      continue;
    }
    await onTemporaryDatabase(ADMIN_URL, 'bench_stats', (url) => benchOne('PostgreSQL', url, orders));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
