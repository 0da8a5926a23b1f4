import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ProductRow } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** How long a preview may be confirmed, and when it is deleted. */
export const PREVIEW_TTL_MS = 24 * 3600_000;
/** Rows per INSERT/UPDATE statement inside the import's transaction. */
const WRITE_BATCH = 1_000;

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
  for (let i = 0; i < codes.length; i += WRITE_BATCH) {
    let query = db
      .selectFrom('products')
      .select(EXISTING_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where('product_code', 'in', codes.slice(i, i + WRITE_BATCH))
      .orderBy('id');
    if (forUpdate) query = query.forUpdate();
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
  for (let i = 0; i < barcodes.length; i += WRITE_BATCH) {
    out.push(
      ...(await db
        .selectFrom('products')
        .select(['id', 'product_code', 'barcode'])
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .where('barcode', 'in', barcodes.slice(i, i + WRITE_BATCH))
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

export interface NewProduct {
  id: string;
  name: string;
  product_code: string;
  barcode: string | null;
  description: string | null;
  category: string | null;
  brand: string | null;
  selling_price: string;
  vat_rate: number;
  min_stock: number;
  change_seq: number;
}

export async function insertProducts(
  trx: Transaction<Database>,
  tenantId: string,
  products: readonly NewProduct[],
  at: Date,
  onBatch: (done: number) => void,
): Promise<void> {
  for (let i = 0; i < products.length; i += WRITE_BATCH) {
    const batch = products.slice(i, i + WRITE_BATCH);
    await trx
      .insertInto('products')
      .values(
        batch.map((p) => ({
          tenant_id: tenantId,
          ...p,
          images: '[]',
          tags: '[]',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    onBatch(batch.length);
  }
}

export interface ProductUpdate {
  id: string;
  name: string;
  barcode: string | null;
  description: string | null;
  category: string | null;
  brand: string | null;
  selling_price: string;
  vat_rate: number;
  min_stock: number;
  change_seq: number;
}

/** Updates products by id, a batch per statement (the row's full set of import fields). */
export async function updateProducts(
  trx: Transaction<Database>,
  tenantId: string,
  updates: readonly ProductUpdate[],
  at: Date,
  onBatch: (done: number) => void,
): Promise<void> {
  for (let i = 0; i < updates.length; i += WRITE_BATCH) {
    const batch = updates.slice(i, i + WRITE_BATCH);
    await sql`UPDATE products AS p SET
        name = x.name, barcode = x.barcode, description = x.description, category = x.category,
        brand = x.brand, selling_price = x.selling_price::numeric, vat_rate = x.vat_rate,
        min_stock = x.min_stock, change_seq = x.change_seq, updated_at = ${at}
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(
        id uuid, name text, barcode text, description text, category text, brand text,
        selling_price text, vat_rate int, min_stock int, change_seq bigint)
      WHERE p.tenant_id = ${tenantId} AND p.id = x.id`.execute(trx);
    onBatch(batch.length);
  }
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
      rows: JSON.stringify(row.rows),
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

/** The import with its rows, locked (the confirmation: a second confirm waits, then sees 'applied'). */
export async function lockImport(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
): Promise<(ImportRecord & { rows: unknown }) | undefined> {
  return (await trx
    .selectFrom('product_imports')
    .select([...SUMMARY_COLUMNS, 'rows'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as (ImportRecord & { rows: unknown }) | undefined;
}

export async function importRows(db: Executor, tenantId: string, id: string): Promise<unknown> {
  const row = await db
    .selectFrom('product_imports')
    .select('rows')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.rows;
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
