import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InvoiceSequencesTable, InvoicesTable } from '../invoices/invoices.table';
import type { CompanyRegistrationsTable } from '../registrations/registrations.table';
import type { Int8, Json, NullableNumeric, NullableTimestamp, Numeric, Timestamp } from './column-types';

/**
 * Row types of the database (Kysely). They never leave the repositories: services and routes see
 * the wire shapes of src/shared/api. Conventions:
 * - every tenant-owned table has `tenant_id` leading its primary key and every index (Citus-ready);
 * - money is numeric(12,2), read as a decimal string and converted to integer kuruş in repositories;
 * - syncable rows (orders, notifications, products, customers) carry `change_seq` (from
 *   tenant_counters, see db/change-seq.ts) and `deleted_at` (soft delete → removal in the feed);
 * - int8 columns are parsed as JS numbers on both drivers (see database.ts).
 */

export interface TenantsTable {
  id: string; // slug, e.g. 'demo'
  company_name: string;
  /** Names the tenant's history of change numbers (migration 0002). */
  sync_epoch: Generated<string>;
  /** Created by the demo seed: demo mode is on only for a database holding such a tenant (migration 0011). */
  demo_data: Generated<boolean>;
  subdomain: string;
  full_domain: string | null;
  subscription_plan: string; // free | basic | pro | enterprise
  is_active: Generated<boolean>;
  dns_status: Generated<string>; // active | inactive | error | pending
  /** When the resolver was last asked for the tenant's host (null: never; migration 0040). */
  dns_checked_at: NullableTimestamp;
  // branding
  logo_url: string | null;
  primary_color: Generated<string>;
  secondary_color: Generated<string>;
  company_description: string | null;
  // settings (spec: tenant settings)
  timezone: Generated<string>;
  currency: Generated<string>;
  language: Generated<string>;
  order_number_prefix: Generated<string>;
  customer_number_prefix: Generated<string>;
  // company profile (admin "Şirket Bilgileri")
  legal_name: string | null;
  tax_number: string | null;
  tax_office: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** The company profile's version: every applied edit adds one; an edit names the one it saw (migration 0017). */
  company_version: Generated<number>;
  // system settings (admin "Sistem Ayarları")
  system_name: Generated<string>;
  system_version: Generated<string>;
  maintenance_mode: Generated<boolean>;
  registration_enabled: Generated<boolean>;
  session_timeout: Generated<number>; // minutes, 5-1440
  max_login_attempts: Generated<number>; // 3-10
  password_min_length: Generated<number>; // 6-20
  require_strong_password: Generated<boolean>;
  email_notifications: Generated<boolean>;
  sms_notifications: Generated<boolean>;
  backup_frequency: Generated<string>; // daily | weekly | monthly
  backup_retention_days: Generated<number>; // 7-365
  default_language: Generated<string>; // tr | en | de | fr (migration 0019)
  default_timezone: Generated<string>;
  /** Named by an edit of the system settings (expected_version); +1 on every change. */
  settings_version: Generated<number>;
  /** Days a one-time password stays usable, 1-90 (migration 0031). */
  temp_password_days: Generated<number>;
  // invoices (migration 0027)
  /** 3 characters A–Z 0–9 opening every invoice number; from the company name when the tenant is made. */
  invoice_number_prefix: Generated<string>;
  /** ProfileID for a buyer with a VKN: TICARIFATURA | TEMELFATURA (a buyer without one: EARSIVFATURA). */
  invoice_profile: Generated<string>;
  /** Issue the sales invoice in the same transaction as the delivery. */
  auto_invoice_on_delivery: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TenantCountersTable {
  tenant_id: string;
  change_seq: ColumnType<number, number | undefined, number>;
  order_seq: ColumnType<number, number | undefined, number>;
  customer_seq: ColumnType<number, number | undefined, number>;
}

export interface UsersTable {
  tenant_id: string;
  id: string;
  username: string;
  password_hash: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  role: string;
  is_active: Generated<boolean>;
  last_login: NullableTimestamp;
  /** The user's own language and time zone (null: not chosen; migration 0019). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  timezone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by every change of the account; an admin's edit names it (migration 0018). */
  version: Generated<number>;
  /** Soft delete: the row stays for the records that name it; the account is gone (migration 0018). */
  deleted_at: NullableTimestamp;
  /** The password in use was made by someone else: it only lets its user set their own (migration 0031). */
  password_must_change: Generated<boolean>;
  /** When such a one-time password stops signing in (null: never; migration 0031). */
  password_expires_at: NullableTimestamp;
}

export interface SessionsTable {
  tenant_id: string;
  id: string; // the token's jti
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** Last request seen (refreshed at most once a minute): the idle timeout reads it. */
  last_seen_at: Generated<Date>;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptsTable {
  tenant_id: string;
  username: string; // lower-cased, also for unknown usernames (no user enumeration)
  failed_count: Generated<number>;
  locked_until: NullableTimestamp;
  last_failed_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface CustomersTable {
  tenant_id: string;
  id: string;
  customer_number: string;
  full_name: string;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  tax_office: ColumnType<string | null, string | null | undefined, string | null>;
  /** A VKN (10 digits) or TCKN (11 digits) with valid check digits. */
  tax_number: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Generated: the searchable fields, Turkish-folded (tr_fold). */
  search_text: ColumnType<string, never, never>;
  /** Generated: the phone's last 10 digits (duplicate check). */
  phone_key: ColumnType<string | null, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  change_seq: Int8;
}

export interface ProductsTable {
  tenant_id: string;
  id: string;
  name: string;
  product_code: string;
  barcode: string | null; // EAN-13
  description: string | null;
  category: string | null;
  brand: string | null;
  unit: Generated<string>;
  selling_price: Numeric;
  cost_price: NullableNumeric;
  discounted_price: NullableNumeric;
  /** KDV percent: 0, 1, 10 or 20 (migration 0013). */
  vat_rate: Generated<number>;
  /** Change number of the last catalogue edit (not a stock movement): what edits are checked against. */
  edit_seq: ColumnType<number, number | undefined, number>;
  current_stock: Generated<number>;
  reserved_stock: Generated<number>;
  min_stock: Generated<number>;
  /** The seq of the last stock movement applied to the product; 0: none (migration 0012). */
  stock_seq: ColumnType<number, number | undefined, number>;
  status: Generated<string>; // active | inactive | discontinued | out_of_stock
  images: Json<{ url: string }[]>;
  tags: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  change_seq: Int8;
  /** Generated by the database (tr_fold, migration 0029): what a search compares. Never written. */
  search_text: ColumnType<string, never, never>;
}

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

/** A tenant's product categories and brands (migration 0013); names unique under Turkish folding. */
export interface ProductListNamesTable {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  /** The name folded the Turkish way (tr-TR lower case): what uniqueness is decided on. */
  name_key: string;
  created_at: Timestamp;
}

/** An uploaded product image, stored once per content (migration 0013). */
/** The company logo's bytes, once per content (sha256) per tenant (migration 0017). */
export interface TenantLogosTable {
  tenant_id: string;
  hash: string;
  content_type: string;
  bytes: Uint8Array;
  size: number;
  created_at: Timestamp;
}

export interface ProductImagesTable {
  tenant_id: string;
  /** sha256 of the bytes, hex. */
  hash: string;
  content_type: string;
  bytes: Uint8Array;
  size: number;
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

export interface NotificationsTable {
  tenant_id: string;
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  /** The title and message as data (stored-texts.ts), written as JSON text; migration 0010. */
  params: ColumnType<unknown, string | null | undefined, string | null>;
  is_read: Generated<boolean>;
  read_at: NullableTimestamp;
  related_order_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  change_seq: Int8;
}

export interface IdempotencyKeysTable {
  tenant_id: string;
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: Json<unknown>;
  created_at: Timestamp;
}

export interface AuditLogsTable {
  tenant_id: string;
  id: string;
  level: Generated<string>; // info | warning | error
  action: string;
  entity: string | null;
  entity_id: string | null;
  message: string | null;
  user_id: string | null;
  user_name: string | null;
  ip: string | null;
  user_agent: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  /** The named parameters of the action's message (migration 0032; null on older rows). */
  params: ColumnType<unknown, string | null | undefined, string | null>;
  /** An update's changed fields, before and after, written as JSON text (migration 0032). */
  changes: ColumnType<unknown, string | null | undefined, string | null>;
  /** The English sentence, for the search (migration 0032). */
  search_words: ColumnType<string | null, string | null | undefined, string | null>;
  /** Folded message, English sentence, action, user name and IP (generated by the database). */
  search_text: Generated<string>;
}

/** Proof of delivery (migration 0006): one per delivered order. */
export interface DeliveryProofsTable {
  tenant_id: string;
  order_id: string;
  event_id: string;
  recipient_name: string;
  signature: Uint8Array;
  signature_type: string;
  photo: Uint8Array | null;
  photo_type: string | null;
  delivered_at: Timestamp;
  received_at: Timestamp;
  delivered_by: string | null;
  delivered_by_name: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
}

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

/** A bulk product import: its preview, then its report (migration 0014). */
export interface ProductImportsTable {
  tenant_id: string;
  id: string;
  user_id: string | null;
  file_name: string;
  kind: string; // xlsx | csv
  encoding: string | null;
  separator: string | null;
  status: Generated<string>; // preview | applied
  columns: Json<unknown>;
  rows: Json<unknown>;
  counts: Json<unknown>;
  new_categories: Json<string[]>;
  new_brands: Json<string[]>;
  fingerprint: string;
  report: ColumnType<unknown | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  applied_at: NullableTimestamp;
}

/** A row staged by an import confirmation under way (migration 0042). */
export interface ProductImportStagingTable {
  tenant_id: string;
  run_id: string;
  ord: number;
  import_id: string;
  action: string; // create | update | unchanged
  product_code: string;
  product_id: string;
  seen_id: string | null;
  seen_seq: number | null;
  seen_stock: number | null;
  check_barcode: string | null;
  seen_holder: string | null;
  apply_ord: number | null;
  name: string | null;
  barcode: string | null;
  description: string | null;
  category: string | null;
  brand: string | null;
  selling_price: string | null;
  vat_rate: number | null;
  min_stock: number | null;
  stock: number | null;
  staged_at: Generated<Date>;
}

/** A tenant's device as it last reported with a pull (migration 0020). */
export interface DevicesTable {
  tenant_id: string;
  device_id: string;
  user_id: string | null;
  user_agent: string | null;
  app_version: string | null;
  outbox_pending: number;
  oldest_pending_at: NullableTimestamp;
  failed: number;
  last_sync_at: NullableTimestamp;
  persisted: boolean | null;
  storage_used: number | null;
  storage_quota: number | null;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

/** Whether this deployment sends e-mail (one row, written at start-up from SMTP_URL). */
export interface EmailDeliveryTable {
  enabled: boolean;
  updated_at: Timestamp;
}

/** An e-mail to send (migration 0023): the queue worker sends it, retrying with backoff. */
export interface EmailOutboxTable {
  tenant_id: string;
  id: string;
  kind: 'notification' | 'password_reset' | 'registration_verify' | 'registration_approved';
  notification_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: ColumnType<
    'pending' | 'sending' | 'sent' | 'failed',
    'pending' | undefined,
    'pending' | 'sending' | 'sent' | 'failed'
  >;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

/** A password reset link's token, by its SHA-256 hash (never the token itself). */
export interface PasswordResetTokensTable {
  tenant_id: string;
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** One backup archive of a tenant (migration 0022). */
export interface TenantBackupsTable {
  tenant_id: string;
  id: string;
  trigger: string; // scheduled | manual
  status: Generated<string>; // running | success | failed
  started_at: Generated<Date>;
  finished_at: Date | null;
  size_bytes: number | null;
  /** jsonb, written as JSON text. */
  row_counts: ColumnType<Record<string, number> | null, string | null, string | null>;
  file_name: string | null;
  error: string | null;
  created_by: string | null;
}

export interface Database {
  tenants: TenantsTable;
  tenant_counters: TenantCountersTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  customers: CustomersTable;
  products: ProductsTable;
  product_categories: ProductListNamesTable;
  product_brands: ProductListNamesTable;
  product_images: ProductImagesTable;
  tenant_logos: TenantLogosTable;
  orders: OrdersTable;
  order_counts: OrderCountsTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  order_stats: OrderStatsTable;
  order_scans: OrderScansTable;
  notifications: NotificationsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_logs: AuditLogsTable;
  company_registrations: CompanyRegistrationsTable;
  delivery_proofs: DeliveryProofsTable;
  product_imports: ProductImportsTable;
  product_import_staging: ProductImportStagingTable;
  stock_movements: StockMovementsTable;
  stock_counts: StockCountsTable;
  devices: DevicesTable;
  email_delivery: EmailDeliveryTable;
  email_outbox: EmailOutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  tenant_backups: TenantBackupsTable;
  invoices: InvoicesTable;
  invoice_sequences: InvoiceSequencesTable;
}

export type TenantRow = Selectable<TenantsTable>;
export type UserRow = Selectable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type StockMovementRow = Selectable<StockMovementsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
