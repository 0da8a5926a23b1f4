import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ProductImportStagingTable, ProductRow } from '../../db/schema';
import { yieldToArrivals } from '../../lib/arrivals';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

type Executor = Kysely<Database> | Transaction<Database>;

/** How long a preview may be confirmed, and when it is deleted. */
export const PREVIEW_TTL_MS = 24 * 3600_000;
/**
 * Codes or barcodes per look-up statement. Between two statements the look-ups yield to the event
 * loop: the embedded database runs each statement on this thread, and a continuation queues its
 * next statement before any request that arrived meanwhile has been read — without the yield a
 * 10,000-code look-up holds every other request for all ten statements.
 */
const LOOKUP_BATCH = 1_000;

export type ExistingProduct = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'product_code'
  | 'barcode'
  | 'description'
  | 'category'
  | 'brand'
  | 'selling_price'
  | 'vat_rate'
  | 'min_stock'
  | 'current_stock'
  | 'change_seq'
>;

/**
 * Plans every statement of this transaction afresh (until it ends). The import writes thousands of
 * products and then thousands of stock movements whose foreign key checks look those products up;
 * a connection keeps the plan of that check from when the catalogue was small (a sequential scan of
 * a few dozen rows), and with 10,000 new rows each check then reads the whole table — measured on
 * PostgreSQL as 1 s per 1,000 movements instead of a few milliseconds. A fresh plan sees the
 * table's real size and uses its index.
 */
export async function planStatementsAfresh(trx: Transaction<Database>): Promise<void> {
  await sql`SET LOCAL plan_cache_mode = force_custom_plan`.execute(trx);
}

/**
 * Fresh statistics of the catalogue and of the staged rows, before a large file's checks and
 * writes are planned. A fresh plan (above) is only as good as what the planner believes the tables
 * hold: after a first large import the products' statistics still describe a catalogue of a few
 * dozen rows until autovacuum gets to it, and the staged rows of this run were never analysed at
 * all — on PostgreSQL the check of 10,000 staged updates was then planned as nested sequential
 * scans and ran for minutes. ANALYZE samples at most 30,000 rows per table.
 *
 * Only the columns the confirmation's statements join and filter on, one table per statement:
 * the row counts (what the plans above needed) are refreshed either way, and the texts' statistics
 * (names, descriptions, the folded search text) were most of the work — on the embedded database,
 * 10,000 rows each, 100–120 ms holding the one connection for both tables whole, 10–16 and 18–25 ms
 * for these columns. The other columns' statistics are the periodic maintenance's (VACUUM ANALYZE).
 */
export async function refreshStatistics(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  await sql`ANALYZE product_import_staging (tenant_id, run_id, ord, action, product_code, product_id, seen_id)`.execute(
    db,
  );
  if (!db.isTransaction) await yieldToArrivals();
  await sql`ANALYZE products (tenant_id, id, product_code, barcode, deleted_at, change_seq)`.execute(db);
}

const EXISTING_COLUMNS = [
  'id',
  'name',
  'product_code',
  'barcode',
  'description',
  'category',
  'brand',
  'selling_price',
  'vat_rate',
  'min_stock',
  'current_stock',
  'change_seq',
] as const;

/** Live products of the tenant with these codes (FOR UPDATE inside the confirmation). */
export async function productsByCodes(
  db: Executor,
  tenantId: string,
  codes: readonly string[],
  forUpdate = false,
): Promise<ExistingProduct[]> {
  const out: ExistingProduct[] = [];
  for (let i = 0; i < codes.length; i += LOOKUP_BATCH) {
    let query = db
      .selectFrom('products')
      .select(EXISTING_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where('product_code', 'in', codes.slice(i, i + LOOKUP_BATCH))
      .orderBy('id');
    if (forUpdate) query = query.forUpdate();
    if (i > 0 && !db.isTransaction) await yieldToArrivals();
    out.push(...(await query.execute()));
  }
  return out;
}

/** Live products holding these barcodes: code → barcode holder (id and code). */
export async function productsByBarcodes(
  db: Executor,
  tenantId: string,
  barcodes: readonly string[],
): Promise<{ id: string; product_code: string; barcode: string | null }[]> {
  const out: { id: string; product_code: string; barcode: string | null }[] = [];
  for (let i = 0; i < barcodes.length; i += LOOKUP_BATCH) {
    if (i > 0 && !db.isTransaction) await yieldToArrivals();
    out.push(
      ...(await db
        .selectFrom('products')
        .select(['id', 'product_code', 'barcode'])
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .where('barcode', 'in', barcodes.slice(i, i + LOOKUP_BATCH))
        .execute()),
    );
  }
  return out;
}

/** The tenant's category or brand names. */
export async function listNames(
  db: Executor,
  tenantId: string,
  table: 'product_categories' | 'product_brands',
): Promise<string[]> {
  const rows = await db.selectFrom(table).select('name').where('tenant_id', '=', tenantId).execute();
  return rows.map((r) => r.name);
}

/** Category or brand names the tenant's live products carry. */
export async function usedNames(
  db: Executor,
  tenantId: string,
  column: 'category' | 'brand',
): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select(column)
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where(column, 'is not', null)
    .execute();
  return rows.map((r) => r[column]).filter((n): n is string => typeof n === 'string');
}

/** Adds names to the tenant's category or brand list (a name already there is left alone). */
export async function addNames(
  trx: Transaction<Database>,
  tenantId: string,
  table: 'product_categories' | 'product_brands',
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await trx
    .insertInto(table)
    .values(
      names.map((name) => ({
        tenant_id: tenantId,
        id: randomUUID(),
        name,
        name_key: name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr-TR'),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A row staged for a confirmation (migration 0042 says what each column holds). */
export type StagedRow = Omit<Insertable<ProductImportStagingTable>, 'action' | 'staged_at'> & {
  action: 'create' | 'update' | 'unchanged';
};

/** Stages rows, in one statement (the caller sends a chunk: one short transaction of its own). */
export async function insertStaged(db: Executor, rows: readonly StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('product_import_staging').values(rows).execute();
}

/** Deletes a run's staged rows with `ord` in [from, to). */
export async function deleteStaged(
  db: Executor,
  tenantId: string,
  runId: string,
  from: number,
  to: number,
): Promise<void> {
  await db
    .deleteFrom('product_import_staging')
    .where('tenant_id', '=', tenantId)
    .where('run_id', '=', runId)
    .where('ord', '>=', from)
    .where('ord', '<', to)
    .execute();
}

/**
 * Deletes up to `limit` staged rows written before `before` (of one tenant, or of all); returns
 * how many it deleted (the caller repeats while that is `limit`: each call a short statement).
 */
export async function deleteStaleStaged(
  db: Executor,
  before: Date,
  limit: number,
  tenantId?: string,
): Promise<number> {
  const result = await sql`DELETE FROM product_import_staging WHERE (tenant_id, run_id, ord) IN (
      SELECT tenant_id, run_id, ord FROM product_import_staging
       WHERE staged_at < ${before} ${tenantId === undefined ? sql`` : sql`AND tenant_id = ${tenantId}`}
       LIMIT ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Locks the live products a run's rows update or leave unchanged (FOR UPDATE, in id order, as
 * every writer of products takes them: no deadlock), before the tenant's change counter: `limit`
 * of them after the id `after` (null: from the first). Returns the last id locked, or null when
 * none is left to lock.
 */
export async function lockStagedProducts(
  trx: Transaction<Database>,
  tenantId: string,
  runId: string,
  after: string | null,
  limit: number,
): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    SELECT p.id FROM products p
      JOIN product_import_staging s ON s.tenant_id = p.tenant_id AND s.seen_id = p.id
     WHERE s.tenant_id = ${tenantId} AND s.run_id = ${runId}
       AND (${after}::uuid IS NULL OR p.id > ${after}::uuid)
     ORDER BY p.id
     LIMIT ${limit}
       FOR UPDATE OF p`.execute(trx);
  return rows.length < limit ? null : (rows[rows.length - 1]?.id ?? null);
}

/**
 * How many rows the run staged, and how many of them the catalogue no longer matches: the live
 * product holding the row's code is not the one seen (a create: any), or its change number moved,
 * or the live holder of the row's barcode is not the one seen.
 */
export async function checkStaged(
  trx: Transaction<Database>,
  tenantId: string,
  runId: string,
  range: OrdRange,
): Promise<{ staged: number; changed: number }> {
  const { rows } = await sql<{ staged: number; changed: number }>`
    SELECT count(*)::int AS staged,
           count(*) FILTER (WHERE p.id IS DISTINCT FROM s.seen_id
                              OR p.change_seq IS DISTINCT FROM s.seen_seq
                              OR (s.check_barcode IS NOT NULL AND (
                                    SELECT b.id FROM products b
                                     WHERE b.tenant_id = s.tenant_id AND b.barcode = s.check_barcode
                                       AND b.deleted_at IS NULL) IS DISTINCT FROM s.seen_holder))::int AS changed
      FROM product_import_staging s
      LEFT JOIN products p
        ON p.tenant_id = s.tenant_id AND p.product_code = s.product_code AND p.deleted_at IS NULL
     WHERE s.tenant_id = ${tenantId} AND s.run_id = ${runId}
       AND s.ord >= ${range.from} AND s.ord < ${range.to}`.execute(trx);
  return rows[0] ?? { staged: 0, changed: 0 };
}

/**
 * Until `announceCatalogue`, the products this transaction writes are not announced one by one
 * (migration 0043: the trigger's condition): the final statements write up to 10,000 of them.
 */
export async function silenceRowAnnouncements(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT set_config('sys.announce_rows', 'off', true)`.execute(trx);
}

/**
 * Announces the catalogue change of the tenant up to change number `seq` — what the row
 * announcements of the products written since `silenceRowAnnouncements` together say (a stream
 * is told the highest number it has not been told yet): the payload of migration 0009's
 * catalogue trigger, delivered at COMMIT like it. Products written from here on are announced
 * one by one again.
 */
export async function announceCatalogue(
  trx: Transaction<Database>,
  tenantId: string,
  seq: number,
): Promise<void> {
  await sql`SELECT pg_notify('sys_changes', json_build_object('t', ${tenantId}::text, 's', ${seq}::bigint, 'k', 'c')::text),
                   set_config('sys.announce_rows', '', true)`.execute(trx);
}

/**
 * A slice of a run's staged rows by their place in the file (`ord` from ≤ ord < to): the final
 * statements run slice by slice, so that the transaction has gaps other users' reads can use
 * (db/pglite-lending.ts).
 */
export interface OrdRange {
  from: number;
  to: number;
}

interface ApplyContext {
  tenantId: string;
  runId: string;
  userId: string;
  /** The first of the change numbers reserved for the run's writing rows. */
  firstSeq: number;
  at: Date;
  notes: string;
}

/**
 * The stock ledger's identity sequence. The final statements draw a movement's number while they
 * write its product (so the product's stock_seq names it); `insertMovements` then writes the
 * movement with that number.
 */
const MOVEMENT_SEQ = sql`pg_get_serial_sequence('stock_movements', 'seq')::regclass`;

/**
 * Whether this session may switch triggers off for a statement (`session_replication_role`): a
 * superuser, as on the embedded database (and the test PostgreSQL). Without that right the
 * foreign-key checks run row by row as usual; on PostgreSQL other requests' reads go on in
 * parallel anyway.
 */
async function triggersMayBeOff(trx: Transaction<Database>): Promise<boolean> {
  const { rows } = await sql<{ superuser: boolean }>`
    SELECT current_setting('is_superuser') = 'on' AS superuser`.execute(trx);
  return rows[0]?.superuser === true;
}

/**
 * Creates the run's new products of one slice, with their stock, in one statement; returns how many. A product
 * with stock gets its movement's number (`stock_seq`) here, and one change number per product
 * (the block's first + apply_ord). Their 'import' movements follow (`insertMovements`).
 *
 * The products' foreign key to their tenant is checked ONCE, not per row, when the session may
 * switch triggers off (see `triggersMayBeOff`): the check of each of 10,000 rows looks the same
 * tenant row up and locks it FOR KEY SHARE (measured: ~25 % of the statement on the embedded
 * database). Here the tenant row is locked that way first — what every row's check would do,
 * keeping a concurrent delete of the tenant out until COMMIT — and the statement runs with
 * triggers off: `products` has no trigger besides those checks but the row announcement, which
 * the caller has silenced for the whole block (`silenceRowAnnouncements`). Its CHECK constraints
 * and unique indexes are not triggers and hold as always.
 */
export async function applyCreates(
  trx: Transaction<Database>,
  c: ApplyContext,
  range: OrdRange,
): Promise<number> {
  const unchecked = await triggersMayBeOff(trx);
  if (unchecked) {
    const tenant = await sql`SELECT 1 FROM tenants WHERE id = ${c.tenantId} FOR KEY SHARE`.execute(trx);
    if (tenant.rows.length === 0) throw new Error(`import: tenant ${c.tenantId} does not exist`);
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
  }
  const { rows } = await sql<{ products: number }>`
    WITH created AS (
      INSERT INTO products (tenant_id, id, name, product_code, barcode, description, category, brand,
          selling_price, vat_rate, min_stock, current_stock, stock_seq, change_seq, images, tags,
          created_at, updated_at)
      SELECT s.tenant_id, s.product_id, s.name, s.product_code, s.barcode, s.description, s.category,
             s.brand, s.selling_price, s.vat_rate, s.min_stock, coalesce(s.stock, 0),
             CASE WHEN coalesce(s.stock, 0) <> 0 THEN nextval(${MOVEMENT_SEQ}) ELSE 0 END,
             ${c.firstSeq}::bigint + s.apply_ord, '[]', '[]', ${c.at}, ${c.at}
        FROM product_import_staging s
       WHERE s.tenant_id = ${c.tenantId} AND s.run_id = ${c.runId} AND s.action = 'create'
         AND s.ord >= ${range.from} AND s.ord < ${range.to}
       ORDER BY s.ord
      RETURNING 1
    )
    SELECT count(*)::int AS products FROM created`.execute(trx);
  if (unchecked) await sql`SET LOCAL session_replication_role = origin`.execute(trx);
  return rows[0]?.products ?? 0;
}

/**
 * Updates the run's products of one slice in one statement — only a product still at the change number seen
 * (the caller compares the count: fewer is a change since, 409); a product whose stock the file
 * changes gets its movement's number here. Returns how many it updated.
 */
export async function applyUpdates(
  trx: Transaction<Database>,
  c: ApplyContext,
  range: OrdRange,
): Promise<number> {
  const { rows } = await sql<{ products: number }>`
    WITH updated AS (
      UPDATE products p SET
          name = s.name, barcode = s.barcode, description = s.description, category = s.category,
          brand = s.brand, selling_price = s.selling_price, vat_rate = s.vat_rate,
          min_stock = s.min_stock, current_stock = coalesce(s.stock, p.current_stock),
          stock_seq = CASE WHEN s.stock <> s.seen_stock THEN nextval(${MOVEMENT_SEQ}) ELSE p.stock_seq END,
          change_seq = ${c.firstSeq}::bigint + s.apply_ord, updated_at = ${c.at}
        FROM product_import_staging s
       WHERE s.tenant_id = ${c.tenantId} AND s.run_id = ${c.runId} AND s.action = 'update'
         AND s.ord >= ${range.from} AND s.ord < ${range.to}
         AND p.tenant_id = s.tenant_id AND p.id = s.seen_id AND p.change_seq = s.seen_seq
         AND p.deleted_at IS NULL
      RETURNING 1
    )
    SELECT count(*)::int AS products FROM updated`.execute(trx);
  return rows[0]?.products ?? 0;
}

/**
 * Writes the 'import' stock movements of the products `applyCreates` and `applyUpdates` have just
 * written (the caller has checked that every one of them was written), a slice in one statement: one per
 * product whose stock the file changes — a new product's stock, or (new stock − stock seen) — under
 * the movement number its product now carries (`stock_seq`). That is the ledger's rule (every
 * stock figure is the sum of its movements, `stock_seq` the product's last one) set-based.
 * Returns how many it wrote.
 *
 * The movements' foreign key to their product is not checked row by row here when the session may
 * switch triggers off (`session_replication_role`: a superuser, as on the embedded database). That
 * check is one lookup of the product per movement — 10,000 of them for a 10,000-row file, measured
 * as ~40 % of the final transaction on the embedded database, whose one connection every other
 * request waits for — and it cannot fail here: each movement's product is the row this transaction
 * has just inserted, or updated under its lock, and the statement reads it by that very key. The
 * other triggers are switched off for this one statement only: `stock_movements` has none but its
 * foreign-key checks (a trigger added to it must be ENABLE ALWAYS to fire here). Without that right
 * (a PostgreSQL role that is not a superuser) the checks run as usual; other requests' reads go on
 * in parallel there anyway.
 */
export async function insertMovements(
  trx: Transaction<Database>,
  c: ApplyContext,
  range: OrdRange,
): Promise<number> {
  const unchecked = await triggersMayBeOff(trx);
  if (unchecked) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
  const { rows } = await sql<{ movements: number }>`
    WITH moved AS (
      INSERT INTO stock_movements (seq, tenant_id, product_id, quantity, reserved_delta, reason,
          user_id, notes, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT p.stock_seq, p.tenant_id, p.id,
             CASE WHEN s.action = 'create' THEN s.stock ELSE s.stock - s.seen_stock END,
             0, 'import', ${c.userId}::uuid, ${c.notes}, ${c.at}
        FROM product_import_staging s
        JOIN products p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
       WHERE s.tenant_id = ${c.tenantId} AND s.run_id = ${c.runId}
         AND s.ord >= ${range.from} AND s.ord < ${range.to}
         AND p.change_seq = ${c.firstSeq}::bigint + s.apply_ord
         AND ((s.action = 'create' AND s.stock <> 0) OR (s.action = 'update' AND s.stock <> s.seen_stock))
       ORDER BY s.ord
      RETURNING 1
    )
    SELECT count(*)::int AS movements FROM moved`.execute(trx);
  if (unchecked) await sql`SET LOCAL session_replication_role = origin`.execute(trx);
  return rows[0]?.movements ?? 0;
}

export interface ImportRecord {
  id: string;
  status: string;
  file_name: string;
  kind: string;
  encoding: string | null;
  separator: string | null;
  columns: unknown;
  counts: unknown;
  new_categories: string[];
  new_brands: string[];
  fingerprint: string;
  report: unknown;
  created_at: Date;
}

const SUMMARY_COLUMNS = [
  'id',
  'status',
  'file_name',
  'kind',
  'encoding',
  'separator',
  'columns',
  'counts',
  'new_categories',
  'new_brands',
  'fingerprint',
  'report',
  'created_at',
] as const;

export async function insertImport(
  db: Executor,
  row: {
    tenant_id: string;
    id: string;
    user_id: string;
    file_name: string;
    kind: string;
    encoding: string | null;
    separator: string | null;
    columns: unknown;
    rows: unknown;
    counts: unknown;
    new_categories: string[];
    new_brands: string[];
    fingerprint: string;
  },
): Promise<void> {
  await db
    .insertInto('product_imports')
    .values({
      ...row,
      columns: JSON.stringify(row.columns),
      rows: null,
      // Compressed here, on libuv's pool, not inside the database (migration 0052).
      rows_gz: await gzipAsync(JSON.stringify(row.rows), { level: 1 }),
      counts: JSON.stringify(row.counts),
      new_categories: JSON.stringify(row.new_categories),
      new_brands: JSON.stringify(row.new_brands),
    })
    .execute();
}

export async function findImport(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<ImportRecord | undefined> {
  return (await db
    .selectFrom('product_imports')
    .select(SUMMARY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()) as ImportRecord | undefined;
}

/** The import, locked (the confirmation: a second confirm waits, then sees 'applied'). */
export async function lockImport(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
): Promise<ImportRecord | undefined> {
  return (await trx
    .selectFrom('product_imports')
    .select(SUMMARY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as ImportRecord | undefined;
}

export async function importRows(db: Executor, tenantId: string, id: string): Promise<unknown> {
  const row = await db
    .selectFrom('product_imports')
    .select(['rows', 'rows_gz'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row?.rows_gz) return JSON.parse((await gunzipAsync(row.rows_gz)).toString('utf8'));
  return row?.rows ?? undefined;
}

export async function markApplied(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  report: unknown,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('product_imports')
    .set({ status: 'applied', report: JSON.stringify(report), applied_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the tenant's previews older than the TTL (applied imports keep their report). */
export async function purgeExpiredPreviews(db: Executor, tenantId: string, now: Date): Promise<void> {
  await db
    .deleteFrom('product_imports')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'preview')
    .where('created_at', '<', new Date(now.getTime() - PREVIEW_TTL_MS))
    .execute();
}
