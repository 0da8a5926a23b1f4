/**
 * Product list benchmark (not a test: it prints figures and asserts nothing). The real server runs
 * as a CHILD process (support/bench-server.ts) with BENCH_PRODUCTS extra products (100,000 by
 * default) for tenant demo; autocannon, in THIS process, measures as the admin (who sees every
 * field, cost price included) the /product-management list the way the screen asks for it:
 *   GET /api/products?page=1&limit=10&sort_by=created_at&sort_order=desc      the first page
 *   … &category=Elektronik                                                   a category filter
 *   … &search=çaydanlık                                                      a search (Turkish folding)
 *   … &search=kablo&brand=Samsung&status=active&limit=50                     search + filters, 50 rows
 * (the first request of each, built by the database, timed as the cold path), then each under
 * load between two runs of GET /api/health (the app's own floor); a list's share is its req/s over
 * the mean of the two /api/health runs around it, on the same server in the same run (goal ≥ 25 %).
 * With TEST_DATABASE_URL (an admin URL) the same again on PostgreSQL, in a database made for it.
 *
 *   node --import tsx tests/bench/products-bench.ts     (BENCH_PRODUCTS=100000 DURATION=10 CONNECTIONS=10)
 */
import { loadavg } from 'node:os';
import { type AutocannonOptions, type Measured, measure } from './support/autocannon';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const GOAL = 25;

async function benchOne(label: string, databaseUrl: string | undefined): Promise<void> {
  const { child, ready } = await startServer({
    BENCH_ORDERS: '0',
    BENCH_PRODUCTS: String(PRODUCTS),
    BENCH_SERVER_DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const base = `http://127.0.0.1:${ready.port}/api`;
    const login = await fetch(`${base}/auth/login?tenant=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const list = (query: string) =>
      `${base}/products?tenant=demo&page=1&limit=10&sort_by=created_at&sort_order=desc${query}`;
    const lists: [string, string][] = [
      ['first page', list('')],
      ['category=Elektronik', list('&category=Elektronik')],
      ['search=çaydanlık', list(`&search=${encodeURIComponent('çaydanlık')}`)],
      [
        'search=kablo&brand=Samsung&status=active&limit=50',
        `${list('&search=kablo&brand=Samsung&status=active').replace('limit=10', 'limit=50')}`,
      ],
    ];
    const totals: string[] = [];
    // The first request of each list is built by the database (nothing reused yet): its time is
    // the cold path; the runs below measure the answers reused while the catalogue is unchanged.
    for (const [name, url] of lists) {
      const started = performance.now();
      const r = await fetch(url, { headers });
      const body = (await r.json()) as { pagination?: { totalDocs: number } };
      const ms = performance.now() - started;
      totals.push(`${name}: ${r.status} ${body.pagination?.totalDocs ?? '?'} rows, cold ${ms.toFixed(0)} ms`);
    }
    console.log(
      `\n${label}: ${ready.kind}, ${PRODUCTS.toLocaleString('en')} extra products, ready in ${(ready.seedMs / 1000).toFixed(1)} s; ` +
        `${CONNECTIONS} connections, ${DURATION} s each; node ${process.version}\n  ${totals.join('; ')}`,
    );
    const run = (name: string, options: AutocannonOptions): Promise<Measured> =>
      measure(name, { connections: CONNECTIONS, duration: DURATION, ...options });
    const health = () => run('GET /api/health', { url: `${base}/health` });
    let before = await health();
    const healths = [before];
    const rows: { row: Measured; baseline: number }[] = [];
    for (const [name, url] of lists) {
      const row = await run(`GET /api/products (${name})`, { url, headers });
      const after = await health();
      healths.push(after);
      rows.push({ row, baseline: (before.rps + after.rps) / 2 });
      before = after;
    }
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; /api/health runs: ${healths.map((h) => h.rps.toFixed(0)).join(', ')} req/s`,
    );
    console.log(
      '| endpoint | req/s | p50 ms | p99 ms | /api/health around it | share | goal | errors/non-2xx |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const { row: r, baseline } of rows) {
      console.log(
        `| ${r.name} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${baseline.toFixed(0)} | ${((r.rps / baseline) * 100).toFixed(1)} % | ≥ ${GOAL} % | ${r.bad} |`,
      );
    }
  } finally {
    await stopServer(child);
  }
}

async function main() {
  await benchOne('Embedded (PGlite)', undefined);
  if (ADMIN_URL) await onTemporaryDatabase(ADMIN_URL, 'bench_products', (url) => benchOne('PostgreSQL', url));
  else console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL to an admin URL to measure it too.)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
