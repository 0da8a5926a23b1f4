import { type Kysely, sql, type Transaction } from 'kysely';
import type { ScanLine } from '../../shared/domain/barcode';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Queries of the warehouse feature: the scan path (order_scans, migration 0005) and the tenant's
 * company block for the delivery note.
 *
 * A scan is the write a warehouse device queues by the hundred while offline and sends in one
 * burst when it reconnects, so its path is a few statements, each doing what used to take several
 * (on the embedded database every statement is parsed and planned anew, on the one thread that
 * also serves HTTP):
 *   1. lockOrderForScan: the order row FOR UPDATE and, after it, the scan id's advisory lock;
 *   2. findScanState: the order's lines, its wire form (order_wire, as GET /orders/{id} gives it)
 *      and the scan id's existing row, read after both locks;
 *   3. writeScan: the line's count, the scan row, the tenant counter and the order's change
 *      number in one statement (counter after the line: the lock order of db/change-seq.ts).
 * The answer's order is the wire form read in 2 with what 3 changed (warehouse.service.ts).
 */

/** What a scan reads from the order row it locks. */
export interface ScanOrder {
  id: string;
  status: string;
  salesperson_id: string | null;
  driver_id: string | null;
  deleted: boolean;
}

/**
 * Locks the order row (FOR UPDATE) and then, when the scan carries a client-made id, the
 * transaction-scoped advisory lock of that id, in ONE statement: the row is locked in the inner
 * query, the advisory lock is taken by the outer projection, i.e. only after the row lock is held
 * (the writers' lock order: the order row, the scan id, later the tenant counter). The scan id's
 * lock serializes two arrivals of the same scan — on any order — so they cannot both find it new.
 * undefined when the tenant has no such order (deleted ones are returned, flagged).
 */
export async function lockOrderForScan(
  trx: Transaction<Database>,
  tenantId: string,
  orderId: string,
  scanId: string | null,
): Promise<ScanOrder | undefined> {
  const scanLock = scanId === null ? null : `scan:${tenantId}:${scanId}`;
  const { rows } = await sql<{
    id: string;
    status: string;
    salesperson_id: string | null;
    driver_id: string | null;
    deleted: boolean;
  }>`
    SELECT o.id, o.status, o.salesperson_id, o.driver_id, o.deleted_at IS NOT NULL AS deleted,
      CASE WHEN ${scanLock}::text IS NULL THEN NULL
        ELSE pg_advisory_xact_lock(hashtextextended(${scanLock}::text, 0))::text END AS scan_locked
    FROM (
      SELECT id, status, salesperson_id, driver_id, deleted_at FROM orders
      WHERE tenant_id = ${tenantId} AND id = ${orderId}
      FOR UPDATE
    ) o`.execute(trx);
  const row = rows[0];
  return row
    ? {
        id: row.id,
        status: row.status,
        salesperson_id: row.salesperson_id,
        driver_id: row.driver_id,
        deleted: row.deleted,
      }
    : undefined;
}

export interface ScanRecord {
  id: string;
  order_id: string;
  item_id: string;
  user_id: string | null;
  quantity: number;
}

export interface ScanState {
  /** The order's lines in their order, each with its product's code (barcode, GTIN or code). */
  lines: ScanLine[];
  /** The scan already counted under this id, if any (on any order). */
  existing: ScanRecord | undefined;
  /** The order's wire JSON text as order_wire builds it (read under the order's lock). */
  wire: string;
}

interface LineJson {
  id: string;
  product_id: string | null;
  product_name: string;
  barcode: string | null;
  product_code: string | null;
  quantity: number | string;
  scanned_quantity: number | string;
}

/** json/jsonb as an object on both drivers (both parse it; text only if a driver does not). */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The order's lines, wire form and the scan id's existing row in ONE statement (after the locks). */
export async function findScanState(
  trx: Transaction<Database>,
  tenantId: string,
  orderId: string,
  scanId: string | null,
): Promise<ScanState> {
  const { rows } = await sql<{ lines: unknown; existing: unknown; wire: string | null }>`
    SELECT
      (SELECT w.wire FROM order_wire(${tenantId}, ARRAY[${orderId}]::uuid[]) w) AS wire,
      (SELECT coalesce(json_agg(json_build_object(
          'id', i.id, 'product_id', i.product_id, 'product_name', i.product_name,
          'barcode', i.barcode, 'product_code', p.product_code,
          'quantity', i.quantity, 'scanned_quantity', i.scanned_quantity) ORDER BY i.position), '[]'::json)
        FROM order_items i
        LEFT JOIN products p ON p.tenant_id = i.tenant_id AND p.id = i.product_id
        WHERE i.tenant_id = ${tenantId} AND i.order_id = ${orderId}) AS lines,
      (SELECT json_build_object('id', s.id, 'order_id', s.order_id, 'item_id', s.item_id,
          'user_id', s.user_id, 'quantity', s.quantity)
        FROM order_scans s
        WHERE s.tenant_id = ${tenantId} AND ${scanId}::uuid IS NOT NULL AND s.id = ${scanId}::uuid) AS existing`.execute(
    trx,
  );
  const row = rows[0];
  const lines = parsed<LineJson[]>(row?.lines ?? '[]').map((r) => ({
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    barcode: r.barcode,
    product_code: r.product_code ?? null,
    quantity: Number(r.quantity),
    scanned_quantity: Number(r.scanned_quantity),
  }));
  const existing = row?.existing ? parsed<ScanRecord>(row.existing) : undefined;
  if (!row?.wire) throw new Error(`order ${orderId} vanished under its own lock`);
  return {
    lines,
    existing: existing ? { ...existing, quantity: Number(existing.quantity) } : undefined,
    wire: row.wire,
  };
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

/**
 * Counts a scan on a line of a LOCKED order, in ONE statement: adds its quantity to the line,
 * inserts the scan row, takes the tenant's next change number (db/change-seq.ts) and gives it to
 * the order (its `updated_at` too), so the new count reaches every device through the sync feed.
 * The line's row is locked before the counter (the main query reads the line's CTE first; the
 * others run after it), the order row is already held and the scan row is new: the lock order of
 * db/change-seq.ts. Returns the line's new scanned quantity and the order's change number.
 *
 * With `unchangedSince` (the order's change number as this transaction last left it) the scan is
 * counted only if the order still has that number, is still approved and not deleted, and no scan
 * with this id exists: what the caller remembered of the order is then exactly what it is (every
 * write to an order or its lines gives the order a new change number). Otherwise nothing is written
 * and undefined is returned.
 */
export async function writeScan(
  trx: Transaction<Database>,
  tenantId: string,
  scan: NewScanInput,
  unchangedSince?: number,
): Promise<{ scanned: number; seq: number } | undefined> {
  const guard = unchangedSince ?? null;
  const { rows } = await sql<{ scanned: number | string; seq: number | string }>`
    WITH item AS (
      UPDATE order_items SET scanned_quantity = scanned_quantity + ${scan.quantity}
      WHERE tenant_id = ${tenantId} AND id = ${scan.item_id}
        AND (${guard}::bigint IS NULL OR EXISTS (
          SELECT 1 FROM orders o
          WHERE o.tenant_id = ${tenantId} AND o.id = ${scan.order_id} AND o.change_seq = ${guard}::bigint
            AND o.status = 'approved' AND o.deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM order_scans s WHERE s.tenant_id = ${tenantId} AND s.id = ${scan.id}::uuid)))
      RETURNING scanned_quantity
    ), counter AS (
      UPDATE tenant_counters SET change_seq = change_seq + 1
      WHERE tenant_id = ${tenantId} AND EXISTS (SELECT 1 FROM item)
      RETURNING change_seq
    ), scan AS (
      INSERT INTO order_scans (tenant_id, id, order_id, item_id, product_id, barcode, quantity, user_id, created_at)
      SELECT ${tenantId}::text, ${scan.id}::uuid, ${scan.order_id}::uuid, ${scan.item_id}::uuid,
        ${scan.product_id}::uuid, ${scan.barcode}::text, ${scan.quantity}::integer, ${scan.user_id}::uuid,
        ${scan.created_at}::timestamptz
      FROM counter
    ), touched AS (
      UPDATE orders SET change_seq = counter.change_seq, updated_at = ${scan.created_at}
      FROM counter WHERE orders.tenant_id = ${tenantId} AND orders.id = ${scan.order_id}
    )
    SELECT item.scanned_quantity AS scanned, counter.change_seq AS seq FROM item, counter`.execute(trx);
  const row = rows[0];
  if (!row) {
    if (guard !== null) return undefined;
    throw new Error(`scan of line ${scan.item_id}: the line or the tenant counter is missing`);
  }
  return { scanned: Number(row.scanned), seq: Number(row.seq) };
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
  /** The company's time zone: the note's dates are written in it. */
  timezone: string;
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
      'timezone',
    ])
    .where('id', '=', tenantId)
    .executeTakeFirst();
}
