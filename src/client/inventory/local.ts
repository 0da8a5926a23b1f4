import type { AdjustmentReason } from '../../shared/domain/stock';
import { type LocalDb, type OutboxEntry, recordKey } from '../local/database';
import { enqueue } from '../local/outbox';

/**
 * The inventory's stock changes, each applied on the device and queued in the outbox in ONE
 * transaction (offline too).
 */

export interface AdjustInput {
  productId: string;
  productName: string;
  /** Signed units (≠ 0). */
  adjustment: number;
  reason: AdjustmentReason;
  notes?: string | null;
  /** The product's version the user saw: a stale one is refused (409), never applied blindly. */
  expectedVersion: number;
}

export async function adjustStock(db: LocalDb, input: AdjustInput): Promise<OutboxEntry> {
  const notes = input.notes?.trim();
  const sign = input.adjustment > 0 ? '+' : '';
  return enqueue(db, {
    kind: 'product.stock_adjust',
    summary: `${input.productName}: stok ${sign}${input.adjustment}`,
    params: { id: input.productId },
    body: {
      adjustment: input.adjustment,
      reason: input.reason,
      ...(notes ? { notes } : {}),
      expected_version: input.expectedVersion,
      // The device's clock when the change was made (kept beside the server's time).
      device_time: new Date().toISOString(),
    },
    records: [recordKey('products', input.productId)],
  });
}

export interface CountLineInput {
  product_id: string;
  counted: number;
  seen_stock_seq: number;
  /** What the device showed as on hand when the line was first counted (as of seen_stock_seq). */
  expected: number;
}

export interface PostCountInput {
  /** The client-made id of the count: also the Idempotency-Key, so it is posted once. */
  countId: string;
  label: string;
  notes?: string | null;
  lines: CountLineInput[];
}

/**
 * Queue a finished count. Its ordering key covers every product (`product:*`): it is sent after
 * any adjustment queued before it and before any queued after it, so the server sees them in the
 * order the user made them.
 */
export async function postCount(db: LocalDb, input: PostCountInput): Promise<OutboxEntry> {
  const notes = input.notes?.trim();
  return enqueue(db, {
    id: input.countId,
    kind: 'inventory.count',
    summary: `Sayım: ${input.label} (${input.lines.length} ürün)`,
    body: {
      count_id: input.countId,
      ...(notes ? { notes } : {}),
      device_time: new Date().toISOString(),
      lines: input.lines.map(({ product_id, counted, seen_stock_seq }) => ({
        product_id,
        counted,
        seen_stock_seq,
      })),
    },
    record_key: 'product:*',
    records: input.lines.map((l) => recordKey('products', l.product_id)),
    local: { expected: Object.fromEntries(input.lines.map((l) => [l.product_id, l.expected])) },
  });
}
