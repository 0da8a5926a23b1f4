import { type LocalDb, type OutboxEntry, recordKey } from '../local/database';
import { enqueueAll, uuid } from '../local/outbox';

/**
 * Warehouse scans. The screen has already matched the scan against the order's lines
 * (src/shared/domain/barcode.ts `matchScan`) and shown its verdict; this queues the accepted scan
 * in the outbox with the line it counted on, in ONE transaction with its local effect (the line's
 * scanned quantity goes up at once, offline too).
 *
 * The scan's client-made `scan_id` is also the entry's Idempotency-Key, so however often the
 * request is replayed after a lost answer the server counts it once. Scans use the order's record
 * key (`order:<id>`): they reach the server in the order they were made, before the "prepared"
 * status change queued after them.
 */
export interface ScanInput {
  orderId: string;
  orderNumber: string;
  /** The raw scan text (the server parses it again with the same parser). */
  barcode: string;
  /** The +N entry (1 when absent). */
  quantity: number;
  /** The line the local matcher chose, and how many units it counted there. */
  itemId: string;
  units: number;
  productName: string;
}

/**
 * Queues accepted scans, in the order they were made, in one transaction (a burst of scans made
 * while the previous ones were being written goes in together).
 */
export async function queueScans(db: LocalDb, inputs: readonly ScanInput[]): Promise<OutboxEntry[]> {
  return enqueueAll(
    db,
    inputs.map((input) => {
      const scanId = uuid();
      return {
        id: scanId,
        kind: 'warehouse.scan' as const,
        summary: `${input.orderNumber}: barkod ${input.barcode} (${input.productName})`,
        body: {
          barcode: input.barcode,
          order_id: input.orderId,
          scan_id: scanId,
          ...(input.quantity !== 1 ? { quantity: input.quantity } : {}),
        },
        records: [recordKey('orders', input.orderId)],
        local: { item_id: input.itemId, units: input.units },
      };
    }),
  );
}

export async function queueScan(db: LocalDb, input: ScanInput): Promise<OutboxEntry> {
  return (await queueScans(db, [input]))[0] as OutboxEntry;
}
