import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { Int8, Json, NullableTimestamp, Timestamp } from '../column-types';

/** What is still unpaid of one debit after settlement (what ageing needs on any day). */
export interface StoredOpenItem {
  id: string;
  due_day: string;
  open_kurus: number;
}

/** A customer's terms, limit and the ledger's running figures (migration 0045). */
export interface CustomerAccountsTable {
  tenant_id: string;
  customer_id: string;
  due_days: ColumnType<number, number | undefined, number>;
  credit_limit_kurus: ColumnType<number | null, number | null | undefined, number | null>;
  balance_kurus: ColumnType<number, number | undefined, number>;
  open_items: ColumnType<StoredOpenItem[], string | undefined, string>;
  unapplied_kurus: ColumnType<number, number | undefined, number>;
  portfolio_kurus: ColumnType<number, number | undefined, number>;
  /** The last payments posted (ids, newest last): a device tells by it whether a pulled account includes its payment. */
  recent_payment_ids: ColumnType<string[], string | undefined, string>;
  movement_count: ColumnType<number, number | undefined, number>;
  last_movement_at: NullableTimestamp;
  terms_version: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
  change_seq: ColumnType<number, number | undefined, number | bigint>;
}
export type CustomerAccountRow = Selectable<CustomerAccountsTable>;

/** One line of a customer's ledger: only ever inserted. Days are 'YYYY-MM-DD' in the company's zone. */
export interface AccountMovementsTable {
  tenant_id: string;
  id: string;
  customer_id: string;
  seq: number;
  kind: string;
  amount_kurus: Int8;
  balance_after_kurus: Int8;
  day: string;
  due_day: string | null;
  invoice_id: string | null;
  payment_id: string | null;
  reverses: string | null;
  applies_to: Json<string[]>;
  description: ColumnType<string, string | undefined, string>;
  reason: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Timestamp;
}
export type AccountMovementRow = Selectable<AccountMovementsTable>;
export type NewAccountMovement = Insertable<AccountMovementsTable>;

/** The last receipt number used per tenant and year (gap-free numbering). */
export interface ReceiptSequencesTable {
  tenant_id: string;
  year: number;
  last: number;
}

/** A payment taken from a customer (its id made by the device that took it). */
export interface PaymentsTable {
  tenant_id: string;
  id: string;
  customer_id: string;
  order_id: string | null;
  method: string;
  amount_kurus: Int8;
  receipt_number: string;
  pos_slip_number: string | null;
  bank_reference: string | null;
  document_number: string | null;
  bank_name: string | null;
  drawer_name: string | null;
  document_due_day: string | null;
  document_status: string | null;
  applies_to: Json<string[]>;
  note: string | null;
  taken_by: string;
  taken_by_name: string;
  taken_at: Timestamp;
  day: string;
  received_at: Timestamp;
  reversed_at: NullableTimestamp;
  reversed_by: string | null;
  reversed_by_name: string | null;
  reverse_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  change_seq: Int8;
}
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;

/** Amounts by payment method, in kuruş. */
export type MethodTotals = Record<'cash' | 'card' | 'transfer' | 'cheque' | 'promissory_note', number>;

/** A manager's confirmation of what one person handed over of one day's collections. */
export interface DayEndsTable {
  tenant_id: string;
  id: string;
  user_id: string;
  user_name: string;
  day: string;
  expected: ColumnType<MethodTotals, string, string>;
  counted: ColumnType<MethodTotals, string, string>;
  payment_count: number;
  difference_kurus: Int8;
  note: string | null;
  confirmed_by: string;
  confirmed_by_name: string;
  confirmed_at: Timestamp;
  change_seq: Int8;
}
