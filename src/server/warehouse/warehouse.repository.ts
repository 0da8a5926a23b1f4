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
 * The answer's order is the wire form read in 2 with what 3 changed (warehouse.service.ts). The
 * next scans of that order in a push run are answered from memory and written together by
 * writeScans (one statement for the lot).
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
 */
export async function writeScan(
  trx: Transaction<Database>,
  tenantId: string,
  scan: NewScanInput,
): Promise<{ scanned: number; seq: number }> {
  const { rows } = await sql<{ scanned: number | string; seq: number | string }>`
    WITH item AS (
      UPDATE order_items SET scanned_quantity = scanned_quantity + ${scan.quantity}
      WHERE tenant_id = ${tenantId} AND id = ${scan.item_id}
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
  if (!row) throw new Error(`scan of line ${scan.item_id}: the line or the tenant counter is missing`);
  return { scanned: Number(row.scanned), seq: Number(row.seq) };
}

/**
 * Counts several scans of ONE order, in order, in ONE statement — the writes a push run answered
 * from memory (warehouse.service.ts `Remembered`): adds each line's units, inserts the scan rows
 * (each with its own time), moves the tenant counter on by one per scan and gives the order the
 * last number, and the last scan's time as `updated_at` — exactly what the scans one by one would
 * have written. Only while the order still has `unchangedSince` (the change number this
 * transaction last wrote), is approved and not deleted, and none of the scan ids exists: what was
 * answered is then exactly what it is. Returns the order's new change number, or undefined when
 * nothing was written.
 */
export async function writeScans(
  trx: Transaction<Database>,
  tenantId: string,
  orderId: string,
  unchangedSince: number,
  scans: readonly NewScanInput[],
): Promise<number | undefined> {
  const last = scans[scans.length - 1];
  if (!last) return unchangedSince;
  const column = <T>(pick: (scan: NewScanInput) => T) => scans.map(pick);
  const { rows } = await sql<{ seq: number | string; items: number | string }>`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((s) => s.id)}::uuid[], ${column((s) => s.item_id)}::uuid[],
        ${column((s) => s.product_id)}::uuid[], ${column((s) => s.barcode)}::text[],
        ${column((s) => s.quantity)}::integer[], ${column((s) => s.user_id)}::uuid[],
        ${column((s) => s.created_at.toISOString())}::timestamptz[]
      ) AS t(id, item_id, product_id, barcode, quantity, user_id, created_at)
    ), ok AS (
      SELECT 1 FROM orders o
      WHERE o.tenant_id = ${tenantId} AND o.id = ${orderId} AND o.change_seq = ${unchangedSince}::bigint
        AND o.status = 'approved' AND o.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM order_scans s WHERE s.tenant_id = ${tenantId} AND s.id IN (SELECT id FROM input))
    ), item AS (
      UPDATE order_items i SET scanned_quantity = i.scanned_quantity + d.units
      FROM (SELECT item_id, sum(quantity)::integer AS units FROM input GROUP BY item_id) d
      WHERE i.tenant_id = ${tenantId} AND i.order_id = ${orderId} AND i.id = d.item_id AND EXISTS (SELECT 1 FROM ok)
      RETURNING i.id
    ), counter AS (
      UPDATE tenant_counters SET change_seq = change_seq + ${scans.length}
      WHERE tenant_id = ${tenantId} AND EXISTS (SELECT 1 FROM item)
      RETURNING change_seq
    ), scan AS (
      INSERT INTO order_scans (tenant_id, id, order_id, item_id, product_id, barcode, quantity, user_id, created_at)
      SELECT ${tenantId}::text, input.id, ${orderId}::uuid, input.item_id, input.product_id, input.barcode,
        input.quantity, input.user_id, input.created_at
      FROM input, counter
    ), touched AS (
      UPDATE orders SET change_seq = counter.change_seq, updated_at = ${last.created_at}
      FROM counter WHERE orders.tenant_id = ${tenantId} AND orders.id = ${orderId}
    )
    SELECT counter.change_seq AS seq, (SELECT count(*) FROM item) AS items FROM counter`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  const lines = new Set(scans.map((s) => s.item_id)).size;
  if (Number(row.items) !== lines) throw new Error(`scans of order ${orderId}: a line is missing`);
  return Number(row.seq);
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
