import type { ColumnType } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from '../column-types';

/**
 * One change of a product's stock (migration 0012): signed on-hand and reservation deltas.
 * `seq` is an identity over every tenant, increasing per product in commit order.
 */
export interface StockMovementsTable {
  tenant_id: string;
  seq: ColumnType<number, never, never>;
  product_id: string;
  quantity: number;
  reserved_delta: number;
  reason: string; // shared/domain/stock.ts STOCK_REASONS
  order_id: string | null;
  count_id: string | null;
  user_id: string | null;
  device_time: NullableTimestamp;
  created_at: Timestamp;
  notes: string | null;
}

/** A posted inventory count (migration 0012), keyed by its client-made id; `result` is its answer. */
export interface StockCountsTable {
  tenant_id: string;
  id: string;
  user_id: string | null;
  notes: string | null;
  result: Json<unknown>;
  created_at: Timestamp;
}
