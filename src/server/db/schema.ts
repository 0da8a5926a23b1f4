import type {
  AccountMovementsTable,
  CustomerAccountsTable,
  DayEndsTable,
  PaymentsTable,
  ReceiptSequencesTable,
} from './tables/accounts';
import type { AuditLogsTable } from './tables/audit';
import type { LoginAttemptsTable, PasswordResetTokensTable, SessionsTable } from './tables/auth';
import type { TenantBackupsTable } from './tables/backups';
import type { CustomersTable } from './tables/customers';
import type { DeliveryProofsTable } from './tables/delivery';
import type { DevicesTable } from './tables/devices';
import type { EmailDeliveryTable, EmailOutboxTable } from './tables/email';
import type { IdempotencyKeysTable } from './tables/idempotency';
import type { InvoiceSequencesTable, InvoicesTable } from './tables/invoices';
import type { NotificationsTable } from './tables/notifications';
import type {
  OrderCountsTable,
  OrderEventsTable,
  OrderItemsTable,
  OrderScansTable,
  OrderStatsTable,
  OrdersTable,
  OrderWiresTable,
} from './tables/orders';
import type {
  ProductImagesTable,
  ProductImportStagingTable,
  ProductImportsTable,
  ProductListNamesTable,
  ProductsTable,
} from './tables/products';
import type { CompanyRegistrationsTable } from './tables/registrations';
import type { StockCountsTable, StockMovementsTable } from './tables/stock';
import type { TenantCountersTable, TenantLogosTable, TenantsTable } from './tables/tenants';
import type { UsersTable } from './tables/users';

/**
 * Row types of the database (Kysely). They never leave the repositories: services and routes see
 * the wire shapes of src/shared/api. Conventions:
 * - every tenant-owned table has `tenant_id` leading its primary key and every index (Citus-ready);
 * - money is numeric(12,2), read as a decimal string and converted to integer kuruş in repositories,
 *   or exact integer kuruş in a bigint named `*_kurus` (invoices, customer accounts);
 * - syncable rows (orders, notifications, products, customers) carry `change_seq` (from
 *   tenant_counters, see db/change-seq.ts) and `deleted_at` (soft delete → removal in the feed);
 * - int8 columns are parsed as JS numbers on both drivers (see database.ts).
 * Each feature's tables (and their row types) are in tables/<feature>.ts, which import only kysely
 * and column-types: the database layer never depends on feature code. This file assembles them
 * into `Database` and re-exports them, so code elsewhere imports table types from here alone.
 */

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
  order_wires: OrderWiresTable;
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
  customer_accounts: CustomerAccountsTable;
  account_movements: AccountMovementsTable;
  payments: PaymentsTable;
  receipt_sequences: ReceiptSequencesTable;
  day_ends: DayEndsTable;
}

export type * from './tables/accounts';
export type * from './tables/audit';
export type * from './tables/auth';
export type * from './tables/backups';
export type * from './tables/customers';
export type * from './tables/delivery';
export type * from './tables/devices';
export type * from './tables/email';
export type * from './tables/idempotency';
export type * from './tables/invoices';
export type * from './tables/notifications';
export type * from './tables/orders';
export type * from './tables/products';
export type * from './tables/registrations';
export type * from './tables/stock';
export type * from './tables/tenants';
export type * from './tables/users';
