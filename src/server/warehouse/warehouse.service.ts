import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Order } from '../../shared/api/entities';
import { ORDER_MESSAGES } from '../../shared/api/orders';
import { storedEventNote } from '../../shared/api/stored-texts';
import { type ScanBarcodeResponse, WAREHOUSE_MESSAGES } from '../../shared/api/warehouse';
import { matchScan, parseScan, type ScanLine } from '../../shared/domain/barcode';
import { type ActingUser, canSeeOrder } from '../../shared/domain/order-status';
import { logoForPdf } from '../company/company.service';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { deferWrites, mayDefer } from '../idempotency/push-run';
import { AppError, notFound } from '../lib/errors';
import * as orders from '../orders/orders.repository';
import { get as getOrder } from '../orders/orders.service';
import { type DeliveryNoteData, renderDeliveryNote } from './delivery-note.pdf';
import * as repo from './warehouse.repository';

/**
 * The warehouse API: barcode scans counted on an approved order's lines and
 * the delivery note (irsaliye) as a PDF.
 *
 * A scan runs inside app.mutate's transaction (audit row + Idempotency-Key outcome in the same
 * commit) and keeps the writers' lock order (db/change-seq.ts): the order row (FOR UPDATE), the
 * scan id, reads and checks, the line and the scan row, then the tenant counter and the order's
 * change number — in three statements (warehouse.repository.ts); the next scans of the same
 * order in a push run are answered from memory and written together in one statement (see
 * Remembered): a queued backlog of hundreds of scans is sent at once when a device reconnects. The verdict comes from the same parser and matcher the device uses
 * (src/shared/domain/barcode.ts), so the device's count and the server's cannot drift apart.
 *
 * Refusals (each writes nothing):
 * - an order the caller may not see, a deleted one or another tenant's → 404 (as everywhere);
 * - a visible order not in `approved` → 409 INVALID_STATE with `current` (the order now);
 * - a code that cannot be read (check digit, format) → 400 VALIDATION_ERROR, field `barcode`,
 *   `reason` 'empty' | 'check_digit' | 'malformed';
 * - a code on no line of the order → 400 VALIDATION_ERROR, field `barcode`, reason 'not_in_order'
 *   (400, not 404: the order exists, the request's barcode is what is wrong);
 * - more units than the line has left → 409 OVER_SCAN with `item_id`, `remaining`, `current`.
 *
 * History: a scan writes no order event (a 40-line order would bury its status changes under
 * scans); `order_scans` is the scan trail. One 'item_scanned' event is written when a scan
 * completes the order (every line fully scanned). No notification.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface WarehouseActor extends ActingUser {
  full_name: string;
}

export interface ScanInput {
  barcode: string;
  order_id: string;
  scan_id?: string | undefined;
  quantity?: number | undefined;
}

async function reload(trx: Trx, tenantId: string, id: string): Promise<Order> {
  const record = await orders.findOrder(trx, tenantId, id);
  if (!record) throw new Error(`order ${id} vanished inside its own transaction`);
  return orders.toWireOrder(record);
}

function scanAnswer(line: ScanLine, scanned: number, order: Order): ScanBarcodeResponse {
  return {
    success: true,
    product: { id: line.product_id, name: line.product_name, barcode: line.barcode },
    message: WAREHOUSE_MESSAGES.scanned(line.product_name),
    item_id: line.id,
    scanned_quantity: scanned,
    order,
  };
}

/**
 * The order as order_wire builds it after a scan that wrote no event: the wire read under the
 * order's lock before the scan, with what the scan changed — the line's scanned quantity, the
 * order's version (its new change number) and `updated_at` (order_wire's format: UTC, milliseconds,
 * which a JS Date has exactly). Saves reading the whole order again on the path a device's
 * backlog of scans takes; a scan that completes the order (and writes its event) reads it again.
 */
function afterScan(wire: string, itemId: string, scanned: number, seq: number, at: Date): Order {
  const order = JSON.parse(wire) as Order;
  for (const item of order.items) if (item.id === itemId) item.scanned_quantity = scanned;
  order.updated_at = at.toISOString();
  order.version = seq;
  return order;
}

const scanIdTaken = (current: Order) =>
  new AppError(409, 'CONFLICT', 'Bu okutma kimliği başka bir okutmaya ait', {
    field: 'scan_id',
    current,
  });

/**
 * What a push run's transaction knows of the order it last counted a scan on: a device's backlog
 * of scans reaches the server as runs of entries sharing one transaction (POST /sync/push), nearly
 * always on one order. After a scan that transaction holds the order's row lock and knows the
 * order exactly — its lines' counts, its wire form, its change number — so the next scan of that
 * order, by the same user, is decided and answered from this without a statement, and its write is
 * DEFERRED (idempotency/push-run.ts): the run makes the deferred writes of the order in one
 * statement (repo.writeScans) before anything else runs in the transaction, and before it commits.
 * The answers are exactly the ones the scans one by one would have had: nothing else can have
 * written the order meanwhile (its row is locked, and no other entry ran before the flush), every
 * scan moves the tenant's change counter on by one, and the statement writes only while the order
 * still has the change number last written, is approved, and none of the scan ids exists (else the
 * run falls back to one transaction per entry). Anything else — a code that would be refused, a
 * scan that completes the order, a scan id already counted here, another order — takes the full
 * path, which reads everything under its locks; any other entry of the run flushes the writes and
 * ends what is remembered (it may have changed the order). Kept per transaction object, so it
 * lives exactly as long as the transaction.
 */
interface Remembered {
  orderId: string;
  userId: string;
  /** The order's change number as the last answer gave it. */
  seq: number;
  /** The change number the database holds (the last write made). */
  written: number;
  lines: ScanLine[];
  /** The order as the last answer gave it (JSON text). */
  wire: string;
  /** Scans answered but not written yet, in order. */
  pending: repo.NewScanInput[];
  /** The scan ids counted in this transaction. */
  counted: Set<string>;
}
const remembered = new WeakMap<Trx, Remembered>();

/** The scan's verdict when it can be answered from what is remembered, else undefined. */
function decideFromMemory(known: Remembered | undefined, actorId: string, body: ScanInput) {
  if (!known || known.orderId !== body.order_id || known.userId !== actorId) return undefined;
  if (body.scan_id !== undefined && known.counted.has(body.scan_id)) return undefined;
  const parsed = parseScan(body.barcode);
  if (!parsed.ok) return undefined;
  const verdict = matchScan(known.lines, parsed.scan, body.quantity ?? 1);
  if (verdict.kind !== 'match') return undefined;
  const completes = known.lines.every((l) =>
    l.id === verdict.line.id ? verdict.scanned >= l.quantity : l.scanned_quantity >= l.quantity,
  );
  return completes ? undefined : verdict;
}

/** Remembers the order after a scan (see Remembered) and tells the run it may defer writes. */
function remember(trx: Trx, tenantId: string, known: Remembered): void {
  if (!mayDefer(trx)) return;
  remembered.set(trx, known);
  deferWrites(trx, {
    takes: ({ action, body, userId }) =>
      action === 'order.scan' &&
      decideFromMemory(remembered.get(trx), userId, body as ScanInput) !== undefined,
    flush: async () => {
      const current = remembered.get(trx);
      // Another entry runs next: it may change the order, so nothing of it is remembered after.
      remembered.delete(trx);
      if (!current || current.pending.length === 0) return;
      const seq = await repo.writeScans(trx, tenantId, current.orderId, current.written, current.pending);
      if (seq !== current.seq)
        throw new Error(`deferred scans of order ${current.orderId}: not written as answered`);
    },
  });
}

/** A scan answered from memory, its write deferred (see Remembered); undefined: the full path. */
function scanFromMemory(
  trx: Trx,
  actor: WarehouseActor,
  body: ScanInput,
  scanId: string,
): MutationResult<ScanBarcodeResponse> | undefined {
  const known = remembered.get(trx);
  const verdict = decideFromMemory(known, actor.id, body);
  if (!known || !verdict) return undefined;
  const at = new Date();
  known.pending.push({
    id: scanId,
    order_id: known.orderId,
    item_id: verdict.line.id,
    product_id: verdict.line.product_id,
    barcode: body.barcode,
    quantity: verdict.quantity,
    user_id: actor.id,
    created_at: at,
  });
  known.counted.add(scanId);
  known.seq += 1;
  const order = afterScan(known.wire, verdict.line.id, verdict.scanned, known.seq, at);
  known.lines = known.lines.map((l) =>
    l.id === verdict.line.id ? { ...l, scanned_quantity: verdict.scanned } : l,
  );
  known.wire = JSON.stringify(order);
  return {
    data: scanAnswer(verdict.line, verdict.scanned, order),
    statusCode: 200,
    entityId: known.orderId,
    changed: true,
  };
}

/** POST /warehouse/scan-barcode. */
export async function scan(
  trx: Trx,
  tenantId: string,
  actor: WarehouseActor,
  body: ScanInput,
): Promise<MutationResult<ScanBarcodeResponse>> {
  const scanId = body.scan_id ?? randomUUID();
  const quick = scanFromMemory(trx, actor, body, scanId);
  if (quick) return quick;
  // The order row, then (a client-made id only) the scan id's lock: see lockOrderForScan.
  const locked = await repo.lockOrderForScan(trx, tenantId, body.order_id, body.scan_id ?? null);
  if (!locked || locked.deleted || !canSeeOrder(actor, locked)) throw notFound(ORDER_MESSAGES.notFound);
  const { lines, existing, wire } = await repo.findScanState(trx, tenantId, locked.id, body.scan_id ?? null);

  if (existing) {
    // A scan that already counted (a replay after its idempotency record expired, or under another
    // key) is the first one: the same line, nothing counted again — even if the order has moved on.
    if (existing.order_id !== locked.id || existing.user_id !== actor.id)
      throw scanIdTaken(await reload(trx, tenantId, locked.id));
    const line = lines.find((l) => l.id === existing.item_id);
    // Its line was replaced by an edit of the items (which restarts the counts): not this scan any more.
    if (!line) throw scanIdTaken(await reload(trx, tenantId, locked.id));
    return {
      data: scanAnswer(line, line.scanned_quantity, await reload(trx, tenantId, locked.id)),
      entityId: locked.id,
      changed: false,
    };
  }

  if (locked.status !== 'approved') {
    throw new AppError(409, 'INVALID_STATE', WAREHOUSE_MESSAGES.notApproved, {
      current: await reload(trx, tenantId, locked.id),
    });
  }

  const parsed = parseScan(body.barcode);
  if (!parsed.ok) {
    throw new AppError(400, 'VALIDATION_ERROR', WAREHOUSE_MESSAGES.unreadable, {
      field: 'barcode',
      reason: parsed.reason,
    });
  }
  const verdict = matchScan(lines, parsed.scan, body.quantity ?? 1);
  if (verdict.kind === 'unknown') {
    throw new AppError(400, 'VALIDATION_ERROR', WAREHOUSE_MESSAGES.notInOrder, {
      field: 'barcode',
      reason: 'not_in_order',
    });
  }
  if (verdict.kind === 'over') {
    throw new AppError(
      409,
      'OVER_SCAN',
      WAREHOUSE_MESSAGES.overScan(verdict.line.product_name, verdict.remaining),
      {
        item_id: verdict.line.id,
        remaining: verdict.remaining,
        current: await reload(trx, tenantId, locked.id),
      },
    );
  }

  const at = new Date();
  const line = verdict.line;
  // The line's count, the scan row, the tenant counter and the order's new change number (which
  // carries the scanned quantities to every device through the sync feed), in one statement.
  const written = await repo.writeScan(trx, tenantId, {
    id: scanId,
    order_id: locked.id,
    item_id: line.id,
    product_id: line.product_id,
    barcode: body.barcode,
    quantity: verdict.quantity,
    user_id: actor.id,
    created_at: at,
  });
  const { scanned, seq } = written;
  const complete = lines.every((l) => (l.id === line.id ? scanned : l.scanned_quantity) >= l.quantity);
  if (complete) {
    // A new row: inserting it after the counter keeps the lock order (db/change-seq.ts).
    await orders.insertOrderEvents(trx, tenantId, [
      {
        id: randomUUID(),
        order_id: locked.id,
        event_type: 'item_scanned',
        from_status: locked.status,
        to_status: locked.status,
        user_id: actor.id,
        user_name: actor.full_name,
        ...storedEventNote({ key: 'all_scanned' }),
        created_at: at,
      },
    ]);
  }
  let order: Order;
  if (complete) {
    order = await reload(trx, tenantId, locked.id);
    remembered.delete(trx);
  } else {
    order = afterScan(wire, line.id, scanned, seq, at);
    const before = remembered.get(trx);
    remember(trx, tenantId, {
      orderId: locked.id,
      userId: actor.id,
      seq,
      written: seq,
      lines: lines.map((l) => (l.id === line.id ? { ...l, scanned_quantity: scanned } : l)),
      wire: JSON.stringify(order),
      pending: [],
      counted: new Set([...(before?.orderId === locked.id ? before.counted : []), scanId]),
    });
  }
  return {
    data: scanAnswer(line, scanned, order),
    statusCode: 200,
    entityId: locked.id,
    changed: true,
  };
}

// ------------------------------------------------------------------------ delivery note ---

/** GET /delivery-notes/generate/{orderId}: the PDF of an order the caller may see (else 404). */
export async function deliveryNote(
  db: Db,
  tenantId: string,
  user: ActingUser,
  orderId: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const order = await getOrder(db, tenantId, user, orderId);
  const company = await repo.findCompanyInfo(db, tenantId);
  if (!company) throw notFound();
  const logo = await logoForPdf(db, tenantId);
  const data: DeliveryNoteData = { order, company, logo };
  const pdf = await renderDeliveryNote(data);
  const name = (order.order_number || order.id).replace(/[^A-Za-z0-9._-]/g, '_');
  return { pdf, filename: `irsaliye-${name}.pdf` };
}
