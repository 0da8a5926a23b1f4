import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { lazyRequire } from '../lib/lazy-require';
import { migrationProvider } from './migrations';
import { startPglite } from './pglite';
import { inBackground, PriorityPGliteDialect } from './pglite-priority';
import type { Database } from './schema';

export { pgliteDir, securePrivateDirectory } from './pglite';
export { lendingReads } from './pglite-lending';
export { inBackground } from './pglite-priority';

/** The PostgreSQL driver, loaded only when DATABASE_URL is set (on PGlite it is never needed). */
const pgDriver = lazyRequire<typeof import('pg')>('pg');

export type DatabaseKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Where it lives (PGlite directory or the URL without password), for the start-up banner. */
  location: string;
  /** The PGlite instance (PGlite only): tests dump a seeded template with it. */
  pglite?: PGlite;
  /** PGlite only: how long its one connection has gone without users' statements (pglite-priority.ts). */
  quietForMs?: () => number;
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
      return pgDriver().types.getTypeParser(oid, format as 'text');
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
  /** PGlite's shared_buffers (e.g. '64MB'); default `PGLITE_SETTINGS.shared_buffers` (pglite.ts). */
  sharedBuffers?: string;
  /** false: the caller has just secured a directory holding dataDir (startPglite). */
  secure?: boolean;
  /**
   * A PGlite that startPglite() already started (main.ts starts it first, then loads the rest while
   * it opens): wrapped without waiting for it. dataDir names it in `location` only.
   */
  pglite?: PGlite;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
  /** Errors of idle pooled connections (PostgreSQL restarted, connection killed). */
  onPoolError?: (error: Error) => void;
}

/**
 * Opens the database. PGlite has ONE connection: kysely-pglite-dialect serializes
 * acquireConnection(), so a transaction holds the connection from BEGIN to COMMIT and a concurrent
 * request waits for it instead of interleaving its statements inside that transaction (two
 * requests' statements mixed in one transaction would commit or roll back each other's work;
 * tested in tests/api/invariants.test.ts). Keep it that way, and never query `db` from inside a
 * transaction callback (use the `trx` you were given): on PGlite that waits forever. The one
 * exception is read-only and sandboxed: a transaction under `lendingReads` lets other requests'
 * single reads of the tables it does not write run between its statements (pglite-lending.ts).
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new (pgDriver().Pool)({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes(),
      // A database that does not answer (host gone during a failover) fails the request after 5 s
      // with 503 instead of holding it forever; keep-alive notices a silently dead peer.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // INVARIANT: a lost connection (restart, failover, pg_terminate_backend) never crashes the
    // process. node-postgres emits 'error' on a CLIENT whose socket dies; the pool listens only
    // while the client is idle (and re-emits it on the pool). A checked-out client's 'error' with
    // no listener is an unhandled 'error' event, which kills Node. So:
    //  - every client gets a listener for its whole life. Nothing else to do there: the running
    //    query rejects with the same error (→ 503 in the error envelope), and the pool discards the
    //    client on release because it is no longer queryable, then connects anew on demand;
    //  - the pool's 'error' (an idle client lost) is logged once; the pool has already dropped it.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    pool.on('error', (error) => {
      if (options.onPoolError) options.onPoolError(error);
      else console.warn('PostgreSQL: boştaki bağlantı koptu:', error.message);
    });
    // Any failure to GET a connection (refused, timed out, server starting up or refusing this
    // database, too many clients) means the database is unavailable, whatever its SQLSTATE: tag it
    // so the error envelope answers 503, not 500.
    const connectingPool = {
      connect: async () => {
        try {
          return preparing(await pool.connect());
        } catch (error) {
          throw new DatabaseUnavailableError(error);
        }
      },
      end: () => pool.end(),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: connectingPool }) });
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl), close: () => db.destroy() };
  }
  const client = options.pglite ?? startPglite(options);
  // An instance the caller started is wrapped at once: its queries wait for it to be ready.
  if (!options.pglite) await client.waitReady;
  const dialect = new PriorityPGliteDialect(client);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'pglite',
    location: options.dataDir ?? 'memory',
    pglite: client,
    quietForMs: () => dialect.quiet.forMs(),
    // The dialect closes PGlite on destroy; an unclosed PGlite keeps the process alive.
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A statement whose text starts with this comment runs as a NAMED prepared statement on
 * PostgreSQL: each pooled connection parses and plans it once and reuses the plan (after the
 * server's first custom plans), instead of planning it anew every time. For the few big statements
 * that run constantly — the sync page (sync.repository.ts `changedPage`): ~2.5 ms of planning
 * against ~3.5 ms of execution. The name is a hash of the text, so two texts never share a name
 * (the text differs per order scope). On PGlite it is only a comment.
 */
export const PREPARED = '/*prepared*/';

const statementNames = new Map<string, string>();
const PREPARING = Symbol('preparing');

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 1_000) statementNames.set(text, name);
  }
  return name;
}

function preparing(client: pg.PoolClient): pg.PoolClient {
  const marked = client as pg.PoolClient & { [PREPARING]?: true };
  if (marked[PREPARING]) return client;
  marked[PREPARING] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) =>
    typeof text === 'string' && text.startsWith(PREPARED)
      ? query({ name: statementName(text), text, values: rest[0] }, ...rest.slice(1))
      : query(text, ...rest);
  return client;
}

/** No connection to the database could be made (the driver's error is the cause). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Veritabanına bağlanılamadı: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DatabaseUnavailableError';
  }
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs that mean "the connection or the server went away", not "your statement is wrong":
 * class 08 (connection exception), 57P01 admin_shutdown (pg_terminate_backend, fast shutdown),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up / recovering), 57P05 idle-session
 * timeout, 25P03 idle-in-transaction timeout, 53300 too_many_connections.
 */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '53300']);
/** node-postgres raises these as plain Errors without a code. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i;

/**
 * Whether an error means the database is unreachable (the request may well succeed later) rather
 * than a bug: the error envelope answers these with 503 DATABASE_UNAVAILABLE. Looks through
 * `cause` and AggregateError's `errors` (Node's connect to a host with several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (CONNECTION_ERROR_CODES.has(e.code) || CONNECTION_SQLSTATES.has(e.code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * Brings the schema up to date; returns how many migrations it applied. When every migration is
 * already applied (every start but the first after an upgrade) that is known from ONE query of
 * Kysely's migration table, and the Migrator (which creates its tables, takes its lock in a
 * transaction and reads the list again: several round trips) is not run at all. Anything else —
 * no table yet, a migration missing, a name the code does not know — goes through the Migrator,
 * which applies what is missing or reports the mismatch.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<number> {
  const wanted = Object.keys(await migrationProvider.getMigrations());
  if (await allApplied(db, wanted)) return 0;
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Veritabanı geçişi başarısız (${failed?.migrationName ?? 'bilinmiyor'}): ${reason}`);
  }
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}

async function allApplied(db: Kysely<Database>, wanted: string[]): Promise<boolean> {
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    applied = rows.map((row) => row.name);
  } catch (error) {
    // 42P01 undefined_table: a new database, the Migrator creates the table.
    if ((error as { code?: unknown }).code === '42P01') return false;
    throw error;
  }
  const wantedSorted = [...wanted].sort();
  return applied.length === wantedSorted.length && applied.every((name, i) => name === wantedSorted[i]);
}

/**
 * What PostgreSQL's autovacuum daemon does by itself: VACUUM (ANALYZE). PGlite has no background
 * workers, so without it
 *  - the planner keeps the statistics of the day the tables were small and picks sequential scans
 *    as they grow (measured: inserting 10,000 orders got quadratically slower, 208 s instead of
 *    6 s), and
 *  - the visibility map is never set, so index-only scans (the order list's count over
 *    orders_live_scope_idx, migration 0003) still read every row.
 * main.ts runs it soon after start and every `STATISTICS_EVERY_MS` on PGlite. VACUUM skips pages that are
 * already all-visible, so after the first run it only reads what changed.
 *
 * One statement per table (the catalogues too, as a database-wide VACUUM does; TOAST tables go
 * with their owners), not one for the database: on PGlite's single connection a statement holds
 * every other request until it ends, and requests queue between statements. Measured with 10,000
 * orders: the whole database ~0.5 s in one statement; table by table the same total, the longest
 * one (order_items) 0.15–0.17 s — what a request arriving meanwhile may now wait. Each table's
 * statement is background work (pglite-priority.ts): users' statements waiting go first.
 */
export function refreshStatistics(db: Kysely<Database>): Promise<void> {
  return inBackground(() => refreshEachTable(db));
}

async function refreshEachTable(db: Kysely<Database>): Promise<void> {
  const tables = await sql<{ name: string }>`
    SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_all_tables
    WHERE schemaname NOT IN ('pg_toast', 'information_schema')`.execute(db);
  for (const { name } of tables.rows) {
    try {
      await sql.raw(`VACUUM (ANALYZE) ${name}`).execute(db);
    } catch (error) {
      // 42P01: dropped since it was listed (a tenant's staging, a test's table): nothing to do.
      if ((error as { code?: unknown }).code !== '42P01') throw error;
    }
  }
}
export const STATISTICS_EVERY_MS = 15 * 60_000;
/** The first run, this long after the server listens (main.ts)… */
export const STATISTICS_FIRST_MS = 5_000;
/**
 * …each run once users' statements have left the connection alone this long (a device's first
 * sync: after the server's last page the device still writes it for a second or two, then asks
 * for its screens' figures; on a machine that runs both, a VACUUM then takes the device's share)…
 */
export const STATISTICS_QUIET_MS = 5_000;
/** …or, under steady use, this long after it was due. */
export const STATISTICS_QUIET_MAX_WAIT_MS = 60_000;

/**
 * Resolves once `quietForMs()` reaches `quietMs` (checked every 250 ms), or after `maxWaitMs`
 * whatever the traffic. Why: the statistics' VACUUM (ANALYZE) reads every changed table — with
 * 10,000 orders ~0.5 s of the embedded database's one thread, and of a small server's CPU. Run
 * in the middle of a burst (a device's first sync right after a start) it takes its share of both
 * from the users; run in the pause after it, nobody waits for it.
 */
export function whenQuiet(
  quietForMs: () => number,
  quietMs: number,
  maxWaitMs: number,
  isCancelled: () => boolean = () => false,
): Promise<void> {
  const until = Date.now() + maxWaitMs;
  return new Promise((done) => {
    const check = () => {
      if (isCancelled() || quietForMs() >= quietMs || Date.now() >= until) return done();
      setTimeout(check, 250).unref();
    };
    check();
  });
}
