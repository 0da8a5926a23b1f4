import type { ColumnType, Generated } from 'kysely';
import type { Int8, NullableTimestamp, Numeric, Timestamp } from '../column-types';

export interface OrdersTable {
  tenant_id: string;
  id: string; // may be made by the client (offline creation)
  order_number: string;
  customer_id: string | null;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  customer_address: string | null;
  status: string;
  total_amount: Numeric;
  salesperson_id: string | null;
  manager_id: string | null;
  warehouse_id: string | null;
  driver_id: string | null;
  vehicle_plate: string | null;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  change_seq: Int8;
  /** Every status the order has been in, kept by a trigger (migration 0004): sync removals. */
  status_history: ColumnType<string[], never, never>;
  /** Every driver the order has had, kept by a trigger (migration 0004): sync removals. */
  driver_history: ColumnType<string[], never, never>;
  /**
   * The order's decision (the rule: dashboard-stats.ts `isDecidingMove`; columns of migration
   * 0008): set once, by the status change that makes it or by the back-fill of a written history
   * (orders/order-decisions.service.ts).
   */
  decided_at: ColumnType<Date | null, never, Date | null>;
  decided_by: ColumnType<string | null, never, string | null>;
  decision: ColumnType<string | null, never, string | null>;
}

/** Live orders per (tenant, status, salesperson, driver), kept by a trigger (migration 0004). */
export interface OrderCountsTable {
  tenant_id: string;
  status: string;
  /** The nil UUID when the order has none. */
  salesperson_id: string;
  driver_id: string;
  n: number;
}

/**
 * The dashboard's raw counts per (tenant, status, salesperson, driver, decider) over the live
 * orders, kept by a trigger (migration 0008); the nil UUID stands for "none".
 */
export interface OrderStatsTable {
  tenant_id: string;
  status: string;
  salesperson_id: string;
  driver_id: string;
  decided_by: string;
  n: number;
  /** Sum of total_amount (numeric(16,2): a sum, not a money column of one row). */
  total_sum: Numeric;
  decided: number;
  approved: number;
  response_ms: Int8;
  within_target: number;
}

/**
 * Each order's wire JSON text of its change number `change_seq`, written by a trigger when the
 * order changes and read by `order_wire` while the order still has that number (migration 0050).
 * Never written by the application.
 */
export interface OrderWiresTable {
  tenant_id: string;
  order_id: string;
  change_seq: Int8;
  wire: string;
  /** The id of the transaction that stored it (an order is built once per transaction). */
  built_by: Int8;
}

export interface OrderItemsTable {
  tenant_id: string;
  id: string;
  order_id: string;
  position: number;
  product_id: string | null;
  product_name: string;
  barcode: string | null;
  quantity: number;
  scanned_quantity: Generated<number>;
  unit_price: Numeric;
  total_price: Numeric;
  /** The product's KDV percent when the line was made (migration 0013; 20 for older lines). */
  vat_rate: Generated<number>;
  created_at: Timestamp;
}

export interface OrderEventsTable {
  tenant_id: string;
  id: string;
  order_id: string;
  event_type: string; // created | status_changed | driver_assigned | updated | item_scanned
  from_status: string | null;
  to_status: string;
  user_id: string | null;
  user_name: string | null;
  notes: string | null;
  /** The notes as data (src/shared/api/stored-texts.ts `EventNote`), written as JSON text; migration 0010. */
  params: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  /**
   * The change number of the order update a status event came with (migration 0041): tells
   * whether the order left a status after a given version. Null on other events and older rows.
   */
  change_seq: ColumnType<string | number | null, number | null | undefined, never>;
}

/** A counted barcode scan (migration 0005); `id` is the client-made scan_id. */
export interface OrderScansTable {
  tenant_id: string;
  id: string;
  order_id: string;
  item_id: string;
  product_id: string | null;
  barcode: string;
  quantity: number;
  user_id: string | null;
  created_at: Timestamp;
}
