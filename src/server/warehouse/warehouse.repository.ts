import { type Kysely, sql, type Transaction } from 'kysely';
import type { ScanLine } from '../../shared/domain/barcode';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Queries of the warehouse feature: order lines as the scan matcher needs them, the scans
 * themselves (order_scans, migration 0005) and the tenant's company block for the delivery note.
 * The order row is locked with the orders repository's lockOrder (one lock order for every writer).
 */

/** The order's lines in their order, each with its product's code (found by barcode, GTIN or code). */
export async function findScanLines(db: Executor, tenantId: string, orderId: string): Promise<ScanLine[]> {
  const rows = await db
    .selectFrom('order_items as i')
    .leftJoin('products as p', (join) =>
      join.onRef('p.tenant_id', '=', 'i.tenant_id').onRef('p.id', '=', 'i.product_id'),
    )
    .select([
      'i.id',
      'i.product_id',
      'i.product_name',
      'i.barcode',
      'p.product_code',
      'i.quantity',
      'i.scanned_quantity',
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    barcode: r.barcode,
    product_code: r.product_code ?? null,
    quantity: Number(r.quantity),
    scanned_quantity: Number(r.scanned_quantity),
  }));
}

export interface ScanRecord {
  id: string;
  order_id: string;
  item_id: string;
  user_id: string | null;
  quantity: number;
}

/**
 * Serializes the scans of one client-made scan id (transaction-scoped advisory lock), so two
 * arrivals of the same scan — on any order — cannot both find it new. Taken after the order row
 * and before the tenant counter (db/change-seq.ts lock order).
 */
export async function lockScanId(
  trx: Transaction<Database>,
  tenantId: string,
  scanId: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`scan:${tenantId}:${scanId}`}, 0))`.execute(trx);
}

export async function findScan(
  db: Executor,
  tenantId: string,
  scanId: string,
): Promise<ScanRecord | undefined> {
  const row = await db
    .selectFrom('order_scans')
    .select(['id', 'order_id', 'item_id', 'user_id', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', scanId)
    .executeTakeFirst();
  return row ? { ...row, quantity: Number(row.quantity) } : undefined;
}

export interface NewScanInput {
  id: string;
  order_id: string;
  item_id: string;
  product_id: string | null;
  barcode: string;
  quantity: number;
  user_id: string;
  created_at: Date;
}

export async function insertScan(
  trx: Transaction<Database>,
  tenantId: string,
  scan: NewScanInput,
): Promise<void> {
  await trx
    .insertInto('order_scans')
    .values({ tenant_id: tenantId, ...scan })
    .execute();
}

/** Adds `quantity` to a line of a locked order; returns the line's new scanned quantity. */
export async function addScannedQuantity(
  trx: Transaction<Database>,
  tenantId: string,
  itemId: string,
  quantity: number,
): Promise<number> {
  const row = await trx
    .updateTable('order_items')
    .set({ scanned_quantity: sql`scanned_quantity + ${quantity}` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', itemId)
    .returning('scanned_quantity')
    .executeTakeFirstOrThrow();
  return Number(row.scanned_quantity);
}

/** The tenant's company block (admin "Şirket Bilgileri"), for documents. */
export interface CompanyInfo {
  company_name: string;
  legal_name: string | null;
  address: string | null;
  tax_office: string | null;
  tax_number: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
}

export async function findCompanyInfo(db: Executor, tenantId: string): Promise<CompanyInfo | undefined> {
  return db
    .selectFrom('tenants')
    .select([
      'company_name',
      'legal_name',
      'address',
      'tax_office',
      'tax_number',
      'phone',
      'email',
      'website',
    ])
    .where('id', '=', tenantId)
    .executeTakeFirst();
}
