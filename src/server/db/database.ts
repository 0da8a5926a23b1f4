import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Where it lives (PGlite directory or the URL without password), for the start-up banner. */
  location: string;
  /** The PGlite instance (PGlite only): tests dump a seeded template with it. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * int8 (bigint, count(*)) as a JS number on node-postgres, as PGlite already does: change
 * sequences and counts stay far below 2^53, and both drivers then return the same shapes.
 */
function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === 20) return (value: string) => (value === null ? null : Number(value));
      return pg.types.getTypeParser(oid, format as 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

export interface OpenOptions {
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** PGlite data directory (created). Ignored with databaseUrl. Omit for an in-memory PGlite. */
  dataDir?: string;
  /** A PGlite data-directory dump to start from (tests clone a seeded template this way). */
  loadDataDir?: Blob;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
  /** Errors of idle pooled connections (PostgreSQL restarted, connection killed). */
  onPoolError?: (error: Error) => void;
}

/**
 * Opens the database. PGlite has ONE connection: kysely-pglite-dialect serializes
 * acquireConnection(), so a transaction holds the connection from BEGIN to COMMIT and a concurrent
 * request waits for it instead of interleaving its statements inside that transaction (DESIGN §8,
 * tested in tests/api/invariants.test.ts). Keep it that way, and never query `db` from inside a
 * transaction callback (use the `trx` you were given): on PGlite that waits forever.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes(),
    });
    // An idle connection that the server drops (restart, failover, pg_terminate_backend) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool replaces it on the
    // next checkout, so logging is all there is to do.
    pool.on('error', (error) => {
      if (options.onPoolError) options.onPoolError(error);
      else console.warn('PostgreSQL: idle connection lost:', error.message);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl), close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = options.dataDir;
  }
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    location: dataDir ?? 'memory',
    pglite: client,
    // The dialect closes PGlite on destroy; an unclosed PGlite keeps the process alive.
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

/** PGlite lives in DATA_DIR/pglite; DATA_DIR also holds the generated JWT secret. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Veritabanı geçişi başarısız (${failed?.migrationName ?? 'bilinmiyor'}): ${reason}`);
  }
}

/**
 * What PostgreSQL's autovacuum daemon does by itself: VACUUM (ANALYZE). PGlite has no background
 * workers, so without it
 *  - the planner keeps the statistics of the day the tables were small and picks sequential scans
 *    as they grow (measured: inserting 10,000 orders got quadratically slower, 208 s instead of
 *    6 s), and
 *  - the visibility map is never set, so index-only scans (the order list's count over
 *    orders_live_scope_idx, migration 0003) still read every row.
 * main.ts runs it at start and every `STATISTICS_EVERY_MS` on PGlite. VACUUM skips pages that are
 * already all-visible, so after the first run it only reads what changed. It is one statement, so
 * on PGlite's single connection it simply queues between requests.
 */
export async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  await sql`VACUUM (ANALYZE)`.execute(db);
}
export const STATISTICS_EVERY_MS = 15 * 60_000;
