/**
 * Tenant backup and restore benchmark (not a test: it prints figures and asserts nothing). For
 * each database — in-memory PGlite and, when TEST_DATABASE_URL names a PostgreSQL server (an admin
 * URL, as for the tests), databases created for the run and dropped after it — the demo seed plus
 * BACKUP_ORDERS orders (default 100,000; two lines and one event each, made with INSERT … SELECT)
 * is backed up (tenant `demo`, the server's own code: a streaming gzip NDJSON archive) and
 * restored into an empty database. Printed: rows, archive size, backup and restore time, and —
 * what a user sees meanwhile — the latency of a small order read (20 orders of the tenant) run in
 * a loop beside the backup, against the same read with nothing else running.
 *
 *   node --import tsx tests/bench/backup-bench.ts                (BACKUP_ORDERS=100000)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/backup-bench.ts
 *   BENCH_DATABASES=pglite|postgres  only one of the two
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { restoreTenantArchive } from '../../src/server/backups/archive-restore';
import { writeTenantArchive } from '../../src/server/backups/archive-writer';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/database';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { insertBulkOrders } from '../helpers/bulk-orders';
import { onTemporaryDatabase } from './support/temp-database';

const ORDERS = Number(process.env.BACKUP_ORDERS ?? 100_000);
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');

const ms = (n: number) => `${n.toFixed(0)} ms`;
const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function readLatencies(handle: DatabaseHandle, until: () => boolean, minimum = 0): Promise<number[]> {
  const out: number[] = [];
  while (!until() || out.length < minimum) {
    const t = performance.now();
    await handle.db
      .selectFrom('orders')
      .select(['id', 'order_number', 'status'])
      .where('tenant_id', '=', 'demo')
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
    out.push(performance.now() - t);
    await new Promise((r) => setImmediate(r));
  }
  return out.sort((a, b) => a - b);
}

async function benchOne(label: string, source: DatabaseHandle, target: () => Promise<DatabaseHandle>) {
  const dir = await mkdtemp(join(tmpdir(), 'backup-bench-'));
  try {
    const fill = performance.now();
    await migrateToLatest(source.db);
    await seedIfEmpty(source.db, { demoPassword: 'demo1234', production: false });
    await insertBulkOrders(source.db, 'demo', ORDERS, 'BENCH');
    await sql`VACUUM ANALYZE`.execute(source.db);
    console.log(`${label}: ${ORDERS.toLocaleString('en')} orders made in ${ms(performance.now() - fill)}`);

    const quiet = await readLatencies(source, () => true, 200);
    const file = join(dir, 'demo.ndjson.gz');
    let done = false;
    const started = performance.now();
    const backup = writeTenantArchive(source.db, source.kind, 'demo', file).finally(() => {
      done = true;
    });
    const beside = await readLatencies(source, () => done);
    const result = await backup;
    const backupMs = performance.now() - started;
    const rows = Object.values(result.rowCounts).reduce((a, b) => a + b, 0);

    const into = await target();
    try {
      await migrateToLatest(into.db);
      const t = performance.now();
      await restoreTenantArchive(into.db, createReadStream(file));
      const restoreMs = performance.now() - t;
      console.log(
        `${label}: ${rows.toLocaleString('en')} rows (orders ${result.rowCounts.orders}), archive ${(result.sizeBytes / 1048576).toFixed(1)} MB; ` +
          `backup ${ms(backupMs)} (consistent: ${result.consistent}); restore into an empty database ${ms(restoreMs)}`,
      );
      console.log(
        `${label}: a 20-order read alone p50 ${pct(quiet, 0.5).toFixed(1)} / p95 ${pct(quiet, 0.95).toFixed(1)} ms; ` +
          `beside the backup (${beside.length} reads) p50 ${pct(beside, 0.5).toFixed(1)} / p95 ${pct(beside, 0.95).toFixed(1)} / max ${pct(beside, 1).toFixed(1)} ms`,
      );
    } finally {
      await into.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (DATABASES.includes('pglite')) {
    const source = await openDatabase({});
    try {
      await benchOne('PGlite', source, () => openDatabase({}));
    } finally {
      await source.close();
    }
  }
  if (DATABASES.includes('postgres')) {
    if (!ADMIN_URL) {
      console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to an admin URL)');
      return;
    }
    await onTemporaryDatabase(ADMIN_URL, 'bench_backup_src', async (sourceUrl) =>
      onTemporaryDatabase(ADMIN_URL, 'bench_backup_dst', async (targetUrl) => {
        const source = await openDatabase({ databaseUrl: sourceUrl });
        try {
          await benchOne('PostgreSQL', source, () => openDatabase({ databaseUrl: targetUrl }));
        } finally {
          await source.close();
        }
      }),
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
