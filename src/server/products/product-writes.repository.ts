import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { kurusToDecimal } from '../../shared/domain/money';
import type { Database, ProductRow } from '../db/schema';

type Trx = Transaction<Database>;

/**
 * Writes of product management. Lock order (db/change-seq.ts): the product rows first
 * (SELECT … FOR UPDATE, several in id order so two bulk actions cannot deadlock), then the tenant
 * counter, then only writes of those rows and of brand-new rows.
 */

/** The product row, locked for this transaction (deleted ones too). */
export async function lockProduct(trx: Trx, tenantId: string, id: string): Promise<ProductRow | undefined> {
  return trx
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The rows among `ids`, locked in id order. */
export async function lockProducts(
  trx: Trx,
  tenantId: string,
  ids: readonly string[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Serialises the creates of one client-made id (the row does not exist yet, so nothing to lock). */
export async function lockProductId(trx: Trx, tenantId: string, id: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`product:${tenantId}:${id}`}, 0))`.execute(trx);
}

/**
 * The field a live product other than `exceptId` already holds: its product code or its barcode
 * (unique among the tenant's live products), or null.
 */
export async function takenField(
  trx: Trx,
  tenantId: string,
  values: { product_code?: string | undefined; barcode?: string | null | undefined },
  exceptId: string | null,
): Promise<'product_code' | 'barcode' | null> {
  const { product_code: code, barcode } = values;
  if (code === undefined && (barcode === undefined || barcode === null)) return null;
  let query = trx
    .selectFrom('products')
    .select(['product_code', 'barcode'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(code !== undefined ? [eb('product_code', '=', code)] : []),
        ...(barcode ? [eb('barcode', '=', barcode)] : []),
      ]),
    );
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.limit(2).execute();
  if (code !== undefined && rows.some((r) => r.product_code === code)) return 'product_code';
  if (barcode && rows.some((r) => r.barcode === barcode)) return 'barcode';
  return null;
}

/** Which unique index a PostgreSQL unique violation (23505) names, if it is one of the products'. */
export function uniqueViolationField(error: unknown): 'product_code' | 'barcode' | null {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return null;
  const where = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
  if (where.includes('products_code_key')) return 'product_code';
  if (where.includes('products_barcode_key')) return 'barcode';
  return null;
}

/** The columns an edit may change (money in kuruş). */
export interface ProductChange {
  name?: string;
  product_code?: string;
  barcode?: string | null;
  description?: string | null;
  category?: string | null;
  brand?: string | null;
  unit?: string;
  selling_price_kurus?: number;
  cost_price_kurus?: number | null;
  discounted_price_kurus?: number | null;
  vat_rate?: number;
  min_stock?: number;
  status?: string;
  tags?: string[];
  images?: { url: string }[];
  deleted_at?: Date;
}

export async function updateProduct(
  trx: Trx,
  tenantId: string,
  id: string,
  change: ProductChange,
  changeSeq: number,
  at: Date,
): Promise<void> {
  const { selling_price_kurus, cost_price_kurus, discounted_price_kurus, tags, images, ...plain } = change;
  const money = (kurus: number | null) => (kurus === null ? null : kurusToDecimal(kurus));
  await trx
    .updateTable('products')
    .set({
      ...plain,
      ...(selling_price_kurus !== undefined ? { selling_price: kurusToDecimal(selling_price_kurus) } : {}),
      ...(cost_price_kurus !== undefined ? { cost_price: money(cost_price_kurus) } : {}),
      ...(discounted_price_kurus !== undefined ? { discounted_price: money(discounted_price_kurus) } : {}),
      ...(tags !== undefined ? { tags: JSON.stringify(tags) } : {}),
      ...(images !== undefined ? { images: JSON.stringify(images) } : {}),
      updated_at: at,
      change_seq: changeSeq,
      edit_seq: changeSeq,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Sets one status on several products, each under its own change number. */
export async function setProductStatuses(
  trx: Trx,
  tenantId: string,
  rows: readonly { id: string; changeSeq: number }[],
  change: { status: string } | { deleted_at: Date },
  at: Date,
): Promise<void> {
  for (const row of rows) {
    await trx
      .updateTable('products')
      .set({ ...change, updated_at: at, change_seq: row.changeSeq, edit_seq: row.changeSeq })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .execute();
  }
}

/** The open orders that name a product: the first few order numbers and how many there are. */
export interface HoldingOrders {
  numbers: string[];
  total: number;
}

/**
 * Per product among `productIds`: the tenant's live orders in one of `statuses` with a line of it
 * (order numbers in order, the first `shown`; `total` counts them all). Read from the open orders
 * (orders by status) and their lines (lines by order), so the tenant's finished orders and their
 * lines are never scanned. Products no such order names are absent.
 */
export async function ordersHoldingProducts(
  trx: Trx,
  tenantId: string,
  productIds: readonly string[],
  statuses: readonly string[],
  shown: number,
): Promise<Map<string, HoldingOrders>> {
  const found = new Map<string, HoldingOrders>();
  if (productIds.length === 0 || statuses.length === 0) return found;
  const rows = await trx
    .selectFrom('orders as o')
    .innerJoin('order_items as i', (join) =>
      join.onRef('i.tenant_id', '=', 'o.tenant_id').onRef('i.order_id', '=', 'o.id'),
    )
    .select([
      'i.product_id',
      sql<number>`count(DISTINCT o.id)::int`.as('total'),
      sql<string[]>`(array_agg(DISTINCT o.order_number ORDER BY o.order_number))[1:${sql.lit(shown)}]`.as(
        'numbers',
      ),
    ])
    .where('o.tenant_id', '=', tenantId)
    .where('o.deleted_at', 'is', null)
    .where('o.status', 'in', [...statuses])
    .where('i.product_id', 'in', [...new Set(productIds)])
    .groupBy('i.product_id')
    .execute();
  for (const row of rows)
    if (row.product_id) found.set(row.product_id, { numbers: row.numbers, total: Number(row.total) });
  return found;
}
