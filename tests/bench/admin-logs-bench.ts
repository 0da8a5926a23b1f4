/**
 * System log benchmark (not a test: it prints figures and asserts nothing). A database with
 * BENCH_LOG_ROWS audit entries (1,000,000 by default) for tenant demo, made with one
 * INSERT … SELECT generate_series (levels, actions, users and texts spread over the rows, one
 * entry every 30 seconds going back about a year), then the real app (in process, app.inject, as
 * the admin) answers GET /api/admin/logs with each filter: 5 warm-up requests, then
 * BENCH_LOG_REQUESTS sequential ones, p50 / p99 / max. Then the plan of each filter's page query
 * (EXPLAIN ANALYZE): it must read an index, never the whole table. And one CSV export (a week).
 * PGlite (in memory) always; PostgreSQL too with TEST_DATABASE_URL / BENCH_DATABASE_URL (an admin
 * URL: a database is made for the run and dropped after it).
 *
 *   node --import tsx tests/bench/admin-logs-bench.ts     (BENCH_LOG_ROWS=1000000 BENCH_LOG_REQUESTS=50)
 */
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { migrateToLatest, openDatabase, refreshStatistics } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { onTemporaryDatabase } from './support/temp-database';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_LOG_REQUESTS ?? 50);
const ADMIN_URL = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)?.trim() || undefined;
const SKIP_PGLITE = process.env.BENCH_LOG_SKIP_PGLITE === '1';

async function fillLog(db: Kysely<Database>): Promise<void> {
  await sql`
    INSERT INTO audit_logs (tenant_id, id, level, action, entity, entity_id, message, user_id, user_name, ip, user_agent, created_at)
    SELECT 'demo', gen_random_uuid(),
      (ARRAY['info','info','info','info','info','info','info','warning','warning','error'])[1 + i % 10],
      (ARRAY['auth.login','order.status','product.update','customer.create','notification.read','auth.login_failed','order.create','stock.adjust'])[1 + i % 8],
      'order', NULL,
      'Olay ' || i || ': sipariş İşlemi ' || (ARRAY['Ankara','İstanbul','İzmir','Bursa','Çanakkale'])[1 + i % 5],
      u.ids[1 + i % array_length(u.ids, 1)],
      u.names[1 + i % array_length(u.names, 1)],
      '10.0.' || (i % 250) || '.' || (i % 200),
      'Mozilla/5.0 (bench)',
      now() - i * interval '30 seconds'
    FROM generate_series(1, ${ROWS}::int) AS i,
      (SELECT array_agg(id ORDER BY username) AS ids, array_agg(full_name ORDER BY username) AS names
         FROM users WHERE tenant_id = 'demo') AS u
  `.execute(db);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(
  app: FastifyInstance,
  url: string,
  token: string,
): Promise<{ ms: number; status: number; total?: number }> {
  const started = performance.now();
  const r = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const ms = performance.now() - started;
  const total =
    r.statusCode === 200
      ? (JSON.parse(r.body) as { data: { pagination: { total: number } } }).data.pagination.total
      : undefined;
  return { ms, status: r.statusCode, total };
}

/** The page query of each filter as the repository builds it, for EXPLAIN. */
function pageSql(where: string, search?: string): string {
  const columns = 'id, level, action, message, user_name, ip, created_at';
  if (!search)
    return `SELECT ${columns} FROM audit_logs WHERE tenant_id = 'demo'${where} ORDER BY created_at DESC, id DESC LIMIT 50`;
  return `SELECT ${columns} FROM (SELECT * FROM audit_logs WHERE tenant_id = 'demo'${where} ORDER BY created_at DESC, id DESC LIMIT 100000) w WHERE w.search_text LIKE '%${search}%' ORDER BY created_at DESC, id DESC LIMIT 50`;
}

async function benchOne(label: string, databaseUrl: string | undefined): Promise<void> {
  const started = performance.now();
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : {});
  try {
    await migrateToLatest(database.db);
    await seedIfEmpty(database.db, { demoPassword: 'demo1234', production: false });
    await fillLog(database.db);
    await refreshStatistics(database.db);
    const filled = performance.now() - started;
    const app = await buildApp({
      db: database.db,
      config: testConfig({ loginRateLimitPerMinute: 1_000_000, logLevel: 'silent', nodeEnv: 'production' }),
    });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login?tenant=demo',
        payload: { username: 'admin', password: 'demo1234' },
      });
      const { token, user } = JSON.parse(login.body) as { token: string; user: { id: string } };
      const count = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM audit_logs WHERE tenant_id = 'demo'`.execute(database.db);
      const day = 24 * 3600_000;
      const weekFrom = new Date(Date.now() - 60 * day).toISOString();
      const weekTo = new Date(Date.now() - 53 * day).toISOString();
      const iso = (d: string) => encodeURIComponent(d);
      const cases: Array<[string, string, string, string?]> = [
        ['no filter (page 1)', '', ''],
        ['page 100 (offset 4,950)', '&page=100', ''],
        ['level=error', '&level=error', " AND level = 'error'"],
        ['action=order.create', '&action=order.create', " AND action = 'order.create'"],
        ['user_id (admin)', `&user_id=${user.id}`, ` AND user_id = '${user.id}'`],
        [
          'from/to (one week)',
          `&from=${iso(weekFrom)}&to=${iso(weekTo)}`,
          ` AND created_at >= '${weekFrom}' AND created_at < '${weekTo}'`,
        ],
        [
          'level=warning + user + week',
          `&level=warning&user_id=${user.id}&from=${iso(weekFrom)}&to=${iso(weekTo)}`,
          ` AND level = 'warning' AND user_id = '${user.id}' AND created_at >= '${weekFrom}' AND created_at < '${weekTo}'`,
        ],
        ['search=istanbul (frequent)', '&search=istanbul', '', 'istanbul'],
        [
          'search=yokböyle (no match: whole window)',
          `&search=${encodeURIComponent('yokböyle')}`,
          '',
          'yokböyle',
        ],
        [
          'action + search',
          `&action=order.create&search=${encodeURIComponent('çanakkale')}`,
          " AND action = 'order.create'",
          'çanakkale',
        ],
      ];
      console.log(
        `\n${label}: ${database.kind}, ${count.rows[0]?.n.toLocaleString('en')} entries for demo (ready in ${(filled / 1000).toFixed(1)} s), ${REQUESTS} sequential requests per filter after 5 warm-ups, limit 50; node ${process.version}`,
      );
      console.log('| filter | total (capped at 10,000) | p50 ms | p99 ms | max ms |');
      console.log('|---|---:|---:|---:|---:|');
      for (const [name, query] of cases) {
        const url = `/api/admin/logs?tenant=demo&limit=50${query}`;
        let total: number | undefined;
        for (let i = 0; i < 5; i++) total = (await timed(app, url, token)).total;
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const r = await timed(app, url, token);
          if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
          times.push(r.ms);
        }
        times.sort((a, b) => a - b);
        console.log(
          `| ${name} | ${total?.toLocaleString('en')} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} |`,
        );
      }
      console.log('\nplans of the page queries (the node that reads audit_logs):');
      for (const [name, , where, search] of cases) {
        if (name.startsWith('page 100')) continue;
        const plan = await sql
          .raw<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${pageSql(where, search)}`)
          .execute(database.db);
        const lines = plan.rows.map((r) => r['QUERY PLAN']);
        const scan = lines.find((l) => /Scan/.test(l))?.trim() ?? '?';
        const time = lines.find((l) => l.startsWith('Execution Time'))?.trim() ?? '';
        const counted = await sql
          .raw<{ 'QUERY PLAN': string }>(
            search
              ? `EXPLAIN ANALYZE SELECT count(*) FROM (SELECT 1 FROM (SELECT * FROM audit_logs WHERE tenant_id = 'demo'${where} ORDER BY created_at DESC, id DESC LIMIT 100000) w WHERE w.search_text LIKE '%${search}%' LIMIT 10001) c`
              : `EXPLAIN ANALYZE SELECT count(*) FROM (SELECT 1 FROM audit_logs WHERE tenant_id = 'demo'${where} LIMIT 10001) c`,
          )
          .execute(database.db);
        const countLines = counted.rows.map((r) => r['QUERY PLAN']);
        const countScan = countLines.find((l) => /Scan/.test(l))?.trim() ?? '?';
        const countTime = countLines.find((l) => l.startsWith('Execution Time'))?.trim() ?? '';
        console.log(
          `- ${name}: page ${scan.replace(/\s+\(cost=.*$/, '')}, ${time}; count ${countScan.replace(/\s+\(cost=.*$/, '')}, ${countTime}`,
        );
      }
      const exportStarted = performance.now();
      const csv = await app.inject({
        method: 'GET',
        url: `/api/admin/logs/export?tenant=demo&from=${iso(weekFrom)}&to=${iso(weekTo)}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const lines = csv.body.split('\r\n').length - 2;
      console.log(
        `\nCSV export of one week: ${lines.toLocaleString('en')} rows, ${(csv.body.length / 1e6).toFixed(1)} MB in ${(performance.now() - exportStarted).toFixed(0)} ms`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function main() {
  if (!SKIP_PGLITE) await benchOne('Embedded (PGlite)', undefined);
  if (ADMIN_URL) await onTemporaryDatabase(ADMIN_URL, 'bench_logs', (url) => benchOne('PostgreSQL', url));
  else console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL to an admin URL.)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
