import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import { yieldToArrivals } from '../lib/arrivals';
import { type ColumnInfo, ident, latestMigration, type TableInfo, tenantTables } from './tenant-tables';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The tenant backup archive: gzip of NDJSON (one JSON value per line).
 *   line 1   header  {format, version, tenant, created_at, schema, tables: [{name, columns}]}
 *   lines    rows    {t: table, r: row}  — tables parents first, rows in primary key order
 *   last     trailer {end: true, row_counts: {table: n}, consistent}
 * Row values are what PostgreSQL's row_to_json makes, except: bytea as base64 (product images,
 * signatures, photos), numeric and bigint as strings (exact, whatever their size), generated
 * columns left out (recomputed on restore). A restore checks the trailer's counts, so a
 * truncated archive is refused instead of restoring part of a tenant.
 */
export const ARCHIVE_FORMAT = 'siparis-tenant-backup';
export const ARCHIVE_VERSION = 1;

export interface ArchiveHeader {
  format: string;
  version: number;
  tenant: string;
  created_at: string;
  /** The latest migration of the database it was made from. */
  schema: string | null;
  tables: Array<{ name: string; columns: Array<{ name: string; type: string }> }>;
}

export interface ArchiveResult {
  sizeBytes: number;
  rowCounts: Record<string, number>;
  /** false: on PGlite, writes landed while the chunks were read (see exportRows). */
  consistent: boolean;
}

/** Rows per read: small enough that a request waiting for PGlite's one connection waits little. */
const CHUNK_ROWS = 1000;
/** Tables with binary columns (images, photos) read fewer rows at a time (each may be megabytes). */
const CHUNK_ROWS_BINARY = 20;

function selectExpression(column: ColumnInfo): RawBuilder<unknown> {
  const c = ident(column.name);
  if (column.type === 'bytea') return sql.raw(`translate(encode(${c}, 'base64'), E'\\n', '') AS ${c}`);
  if (column.type === 'numeric' || column.type === 'int8') return sql.raw(`${c}::text AS ${c}`);
  return sql.raw(c);
}

/**
 * One chunk of a table's rows of the tenant as JSON text, after `after` (the previous chunk's last
 * key; null for the first). The text goes into the archive as it is: no parse, no re-serialise.
 */
async function readChunk(
  db: Executor,
  table: TableInfo,
  tenantId: string,
  after: string[] | null,
  limit: number,
): Promise<Array<{ j: string; keys: string[] }>> {
  const columns = table.columns.filter((c) => !c.generated);
  const tenantColumn = table.name === 'tenants' ? 'id' : 'tenant_id';
  const key = table.key.filter((k) => k !== tenantColumn);
  const typeOf = (name: string) => table.columns.find((c) => c.name === name)?.type ?? 'text';
  const conditions = [sql`${sql.raw(ident(tenantColumn))} = ${tenantId}`];
  if (after && key.length > 0) {
    conditions.push(
      sql`(${sql.join(key.map((k) => sql.raw(ident(k))))}) > (${sql.join(
        key.map((k, i) => sql`${after[i]}::${sql.raw(ident(typeOf(k)))}`),
      )})`,
    );
  }
  const order = key.length > 0 ? sql`ORDER BY ${sql.join(key.map((k) => sql.raw(ident(k))))}` : sql``;
  const keyOut =
    key.length > 0 ? sql`, ${sql.join(key.map((k, i) => sql.raw(`x.${ident(k)}::text AS k${i}`)))}` : sql``;
  const result = await sql<Record<string, string>>`
    SELECT row_to_json(x)::text AS j ${keyOut}
    FROM (SELECT ${sql.join(columns.map(selectExpression))}
          FROM ${sql.raw(ident(table.name))}
          WHERE ${sql.join(conditions, sql` AND `)}
          ${order}
          LIMIT ${limit}) x`.execute(db);
  return result.rows.map((row) => ({ j: row.j as string, keys: key.map((_k, i) => row[`k${i}`] as string) }));
}

/** A pause that lets waiting HTTP requests (and their database reads) run between chunks. */
const yieldToOthers = () => yieldToArrivals();

async function* archiveLines(
  db: Executor,
  tables: TableInfo[],
  tenantId: string,
  schema: string | null,
  counts: Record<string, number>,
  interleave: boolean,
  consistent: () => Promise<boolean>,
): AsyncGenerator<string> {
  const header: ArchiveHeader = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    tenant: tenantId,
    created_at: new Date().toISOString(),
    schema,
    tables: tables.map((t) => ({
      name: t.name,
      columns: t.columns.filter((c) => !c.generated).map((c) => ({ name: c.name, type: c.type })),
    })),
  };
  yield `${JSON.stringify(header)}\n`;
  const prefix = (name: string) => `{"t":${JSON.stringify(name)},"r":`;
  for (const table of tables) {
    counts[table.name] = 0;
    const limit = table.columns.some((c) => c.type === 'bytea') ? CHUNK_ROWS_BINARY : CHUNK_ROWS;
    const start = prefix(table.name);
    let after: string[] | null = null;
    for (;;) {
      const rows = await readChunk(db, table, tenantId, after, limit);
      if (rows.length > 0) {
        counts[table.name] = (counts[table.name] ?? 0) + rows.length;
        yield rows.map((r) => `${start}${r.j}}\n`).join('');
      }
      const last = rows[rows.length - 1];
      if (rows.length < limit || !last || last.keys.length === 0) break;
      after = last.keys;
      if (interleave) await yieldToOthers();
    }
  }
  yield `${JSON.stringify({ end: true, row_counts: counts, consistent: await consistent() })}\n`;
}

/** The tenant's change counter: it moves with every change of a synced record (orders, catalogue…). */
async function changeCounter(db: Executor, tenantId: string): Promise<string> {
  const row = await db
    .selectFrom('tenant_counters')
    .select((eb) => eb.cast<string>('change_seq', 'text').as('seq'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.seq ?? '';
}

async function fsyncPath(path: string, flags: 'r' | 'r+' = 'r'): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes the tenant's archive to `file`, streaming (never the whole tenant in memory), atomically:
 * into `file.partial`, fsync, rename, fsync of the directory — a crash leaves either no archive or
 * a whole one, never a half-written file under the final name.
 *
 * Consistency and the tenant's users:
 * - PostgreSQL: one REPEATABLE READ, READ ONLY transaction — every table read from one snapshot,
 *   while the tenant's users keep reading and writing on other connections (a snapshot takes no
 *   locks that writers wait for).
 * - PGlite has ONE connection: a transaction would hold it (every request would wait for the whole
 *   backup). So the rows are read in bounded chunks, each its own statement, with a turn of the
 *   event loop in between, and requests interleave. That is not one snapshot: if the tenant's change
 *   counter moved during the read, the archive is read again (up to 3 times); if it still moved,
 *   the last one is kept and its trailer says `consistent: false`.
 */
export async function writeTenantArchive(
  db: Kysely<Database>,
  kind: DatabaseKind,
  tenantId: string,
  file: string,
): Promise<ArchiveResult> {
  const partial = `${file}.partial`;
  const write = async (executor: Executor, interleave: boolean, consistent: () => Promise<boolean>) => {
    const tables = await tenantTables(executor);
    const schema = await latestMigration(executor);
    const counts: Record<string, number> = {};
    const lines = archiveLines(executor, tables, tenantId, schema, counts, interleave, consistent);
    await pipeline(
      Readable.from(lines),
      createGzip({ level: 6 }),
      createWriteStream(partial, { mode: 0o600 }),
    );
    return counts;
  };
  try {
    let counts: Record<string, number> = {};
    let consistent = true;
    if (kind === 'postgres') {
      counts = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute((trx) => write(trx, false, async () => true));
    } else {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const before = await changeCounter(db, tenantId);
        let same = true;
        counts = await write(db, true, async () => {
          same = (await changeCounter(db, tenantId)) === before;
          return same;
        });
        consistent = same;
        if (same) break;
      }
    }
    await fsyncPath(partial, 'r+');
    await rename(partial, file);
    await fsyncPath(file.slice(0, Math.max(file.lastIndexOf('/'), 1)));
    const handle = await open(file, 'r');
    const size = (await handle.stat()).size;
    await handle.close();
    return { sizeBytes: size, rowCounts: counts, consistent };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
