/**
 * Read-path benchmark (not a test: it prints figures and asserts nothing). For each database — the
 * embedded default (in-memory PGlite) and, when TEST_DATABASE_URL names a PostgreSQL server (an
 * admin URL, as for the tests), a database created for the run and dropped after it — the real
 * server runs as a CHILD process (support/bench-server.ts: migrated, seeded, plus BENCH_ORDERS
 * orders), and autocannon, in THIS process, measures as the manager:
 *   GET /api/auth/profile                  what every signed-in read pays before its own work
 *                                          (tenant, token, session and user), for comparison
 *   GET /api/orders?page=1&limit=10        the first page of /orders, with its pagination total
 *   GET /api/orders/{id}                   one order with items and history
 *   GET /api/sync/pull?cursor=0&limit=500  the first page of a first sync (500 rows), as it is and
 *                                          gzipped (Accept-Encoding: gzip, as browsers send it)
 * each between two runs of GET /api/health, the app's own floor (routing, one `SELECT 1`, JSON).
 * An endpoint's share is its req/s over the mean of the /api/health runs just before and after
 * it, on the SAME server in the SAME run: the figure compares the endpoint with the app's own
 * cheapest request rather than with a number measured at another time on a busy shared machine.
 *
 *   npm run bench                                        (all benchmarks)
 *   node --import tsx tests/bench/reads-bench.ts         (DURATION=10 CONNECTIONS=10 BENCH_ORDERS=10000,
 *                                                         ENDPOINTS=floor,list,detail,pull,pull-gzip for a subset)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/reads-bench.ts
 */
import { loadavg } from 'node:os';
import { type AutocannonOptions, type Measured, measure } from './support/autocannon';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
/** An admin URL of a PostgreSQL server, as for the tests: the run creates its own database there. */
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
/** The shares of /api/health the read paths are meant to reach, printed next to the measured ones. */
const GOALS: Record<string, number> = { list: 25, detail: 40, pull: 5, 'pull-gzip': 5 };

type Row = Measured & { key: string };

async function run(key: string, name: string, options: AutocannonOptions): Promise<Row> {
  return { key, ...(await measure(name, { connections: CONNECTIONS, duration: DURATION, ...options })) };
}

async function benchOne(
  label: string,
  databaseUrl: string | undefined,
): Promise<{ row: Row; baseline: number }[]> {
  const { child, ready } = await startServer({
    BENCH_ORDERS: String(ORDERS),
    BENCH_SERVER_DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const base = `http://127.0.0.1:${ready.port}/api`;
    const login = await fetch(`${base}/auth/login?tenant=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const listUrl = `${base}/orders?tenant=demo&page=1&limit=10`;
    const list = (await (await fetch(listUrl, { headers })).json()) as {
      data: { orders: { id: string }[]; pagination: { total: number } };
    };
    // The detail of an order with a history (created → … → delivered): the newest delivered one.
    const delivered = (await (
      await fetch(`${base}/orders?tenant=demo&status=delivered&limit=1`, { headers })
    ).json()) as typeof list;
    const id = (delivered.data.orders[0] ?? list.data.orders[0])?.id as string;
    const pullUrl = `${base}/sync/pull?tenant=demo&cursor=0&limit=500`;
    const pull = (await (await fetch(pullUrl, { headers })).json()) as {
      data: Record<string, { upserts: unknown[] } | unknown>;
    };
    const pulled = ['orders', 'products', 'customers', 'notifications']
      .map((c) => (pull.data[c] as { upserts: unknown[] }).upserts.length)
      .reduce((a, b) => a + b, 0);

    console.log(
      `\n${label}: ${ready.kind}, ${ready.orders.toLocaleString('en')} extra orders (${list.data.pagination.total.toLocaleString('en')} visible to the manager), ` +
        `ready in ${(ready.seedMs / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION} s each; node ${process.version}`,
    );
    // /api/health runs before and after every endpoint; each endpoint's share is taken against the
    // mean of the two runs around it, so a neighbour's load that comes and goes during the run
    // (a shared machine) shifts the endpoint and its baseline alike.
    const health = () => run('health', 'GET /api/health', { url: `${base}/health` });
    const endpoints: [string, string, AutocannonOptions][] = [
      [
        'floor',
        'GET /api/auth/profile (auth floor: tenant, session, user)',
        { url: `${base}/auth/profile?tenant=demo`, headers },
      ],
      ['list', 'GET /api/orders?page=1&limit=10', { url: listUrl, headers }],
      ['detail', 'GET /api/orders/{id}', { url: `${base}/orders/${id}?tenant=demo`, headers }],
      ['pull', `GET /api/sync/pull?cursor=0&limit=500 (${pulled} rows)`, { url: pullUrl, headers }],
      // What a browser asks for: the same page gzipped (plugins/app/compress.ts).
      [
        'pull-gzip',
        `GET /api/sync/pull?cursor=0&limit=500, Accept-Encoding: gzip`,
        { url: pullUrl, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } },
      ],
    ];
    // ENDPOINTS=pull,list measures only those (default: all).
    const only = process.env.ENDPOINTS?.split(',').filter(Boolean);
    const chosen = only?.length ? endpoints.filter(([key]) => only.includes(key)) : endpoints;
    const rows: { row: Row; baseline: number }[] = [];
    let before = await health();
    const healths = [before];
    for (const [key, name, options] of chosen) {
      const row = await run(key, name, options);
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
      '| endpoint | req/s | p50 ms | p99 ms | /api/health around it | share | goal | requests | errors/non-2xx |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const { row: r, baseline } of rows) {
      const goal = GOALS[r.key];
      console.log(
        `| ${r.name} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${baseline.toFixed(0)} | ${((r.rps / baseline) * 100).toFixed(1)} % | ${goal ? `≥ ${goal} %` : ''} | ${r.requests} | ${r.bad} |`,
      );
    }
    return rows;
  } finally {
    await stopServer(child);
  }
}

async function main() {
  await benchOne('Embedded (PGlite)', undefined);
  if (ADMIN_URL) {
    await onTemporaryDatabase(ADMIN_URL, 'bench_reads', (url) => benchOne('PostgreSQL', url));
  } else {
    console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL to an admin URL to measure it too.)');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
