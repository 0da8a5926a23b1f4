import { z } from 'zod';
import { paymentSchema, syncedAccountSchema } from './accounts';
import { customerSchema, orderSchema, productSchema } from './entities';
import { invoiceSchema } from './invoices';
import { notificationSchema } from './notifications';

/**
 * THE table of synced collections: every collection the sync feed carries and the device mirrors
 * is one entry here, and everything that has to list them is derived from this table:
 * - the pull's response contract (`pullResponseSchema`, sync.ts) and so its TypeScript type;
 * - the device's Dexie stores and indexes, its schema versions and their upgrades
 *   (client/local/database.ts `dexieSchema`);
 * - adding and stripping the local-only fields, the mirror reset and the scope of the
 *   transaction that applies a pulled page (client/local/outbox.ts, sync/pull.ts);
 * - on the server, the map of pull sources (server/sync/sources.ts), which must name a source for
 *   every entry (its type says so), and from it the pull's one statement and the live channel's
 *   "is there something for this user" query.
 * The order of the entries is the order of the collections in a pull answer.
 */
type LocalFieldFns = Readonly<Record<string, (row: Record<string, unknown>) => number>>;

export interface SyncedCollection<S extends z.ZodType = z.ZodType, L extends LocalFieldFns = LocalFieldFns> {
  /** The wire shape of one row, as the pull sends it (also the shape the mirror stores). */
  schema: S;
  /** The primary key field of the rows (always a string id). */
  key: 'id';
  /** Record keys of the outbox name a row as `<record>:<id>` (e.g. `order:…`). */
  record: string;
  /**
   * The fields the device indexes (Dexie syntax: `a`, `[a+b]` compound, `*a` multi-entry), besides
   * the key. Only indexed fields are listed; stored rows carry every wire field.
   */
  indexes: readonly string[];
  /**
   * Fields only the device keeps, computed from the wire row when a row is stored, removed again
   * when a row goes back to its wire form (the outbox's server versions). Numbers, because
   * IndexedDB cannot index booleans.
   */
  local: L;
  /**
   * Who may see a row (enforced by the server's pull source, stated here for the reader):
   * 'tenant' — everyone of the tenant (with role projections such as cost_price);
   * 'own' — the user it belongs to;
   * 'order-scope' — the order status machine's visibility of the caller's role;
   * 'account-scope' — admin and manager: every one; a salesperson or driver: accounts of the
   *   customers of their orders and the payments they took; warehouse: none.
   */
  visibleTo: 'tenant' | 'own' | 'order-scope' | 'account-scope';
  /**
   * The device schema version (Dexie `db.version(n)`) that added this collection's store. A
   * collection added later than the device's first version gets an upgrade that back-fills it
   * from the server without emptying anything (client/local/database.ts).
   */
  since: number;
  /** The device schema version that last changed `indexes` (default: `since`). */
  reindexed?: number;
}

/** Declares an entry (keeps the types of its schema and local fields for what is derived). */
export function synced<S extends z.ZodType, L extends LocalFieldFns>(
  entry: SyncedCollection<S, L>,
): SyncedCollection<S, L> {
  return entry;
}

export type SyncedTable = Readonly<Record<string, SyncedCollection>>;

export const SYNCED = {
  orders: synced({
    schema: orderSchema,
    key: 'id',
    record: 'order',
    // The order lists page through the mirror newest first, also by status and by salesperson,
    // without reading every row (10,000 orders on a handheld): the compound indexes (version 2).
    indexes: [
      'order_number',
      'status',
      'salesperson_id',
      'driver_id',
      'created_at',
      'updated_at',
      'pending_sync',
      '[status+created_at]',
      '[salesperson_id+created_at]',
    ],
    // 1 for an order the server has not acknowledged yet (created offline: it shows a pending
    // number until the server assigns the real order_number). Only the outbox's optimistic row
    // carries it; a server row never does.
    local: { pending_sync: (row) => (row.pending_sync === 1 ? 1 : 0) },
    visibleTo: 'order-scope',
    since: 1,
    reindexed: 2,
  }),
  notifications: synced({
    schema: notificationSchema,
    key: 'id',
    record: 'notification',
    indexes: ['unread', 'created_at', 'type'],
    // 1 when unread: indexed to count the bell's badge without reading every notification.
    local: { unread: (row) => (row.is_read ? 0 : 1) },
    visibleTo: 'own',
    since: 1,
  }),
  products: synced({
    schema: productSchema,
    key: 'id',
    record: 'product',
    // stock_status: /inventory draws its first page (out of stock, then running low) from the
    // products of those statuses alone, not from every product (version 6).
    indexes: ['category', 'brand', 'status', 'barcode', 'name', 'stock_status'],
    local: {},
    visibleTo: 'tenant',
    since: 1,
    reindexed: 6,
  }),
  customers: synced({
    schema: customerSchema,
    key: 'id',
    record: 'customer',
    // pending_sync: the customers created on this device the server has not numbered yet (they show
    // a provisional number); tax_number: the duplicate warning on the device, offline too (version 4).
    indexes: ['full_name', 'pending_sync', 'tax_number'],
    // 1 for a customer created on this device and not yet acknowledged (only the outbox's
    // optimistic row carries it; a server row never does).
    local: { pending_sync: (row) => (row.pending_sync === 1 ? 1 : 0) },
    visibleTo: 'tenant',
    since: 1,
    reindexed: 4,
  }),
  invoices: synced({
    schema: invoiceSchema,
    key: 'id',
    record: 'invoice',
    // issued_at: the list newest first; order_id: an order's detail finds its invoice; pending_sync:
    // the invoices issued on this device that wait for their number.
    indexes: ['issued_at', 'order_id', 'status', 'type', 'invoice_number', 'pending_sync'],
    local: { pending_sync: (row) => (row.pending_sync === 1 ? 1 : 0) },
    visibleTo: 'order-scope',
    since: 5,
  }),
  accounts: synced({
    schema: syncedAccountSchema,
    key: 'id',
    record: 'account',
    // balance_kurus: the largest debtors without reading every account.
    indexes: ['balance_kurus'],
    local: {},
    visibleTo: 'account-scope',
    since: 7,
  }),
  payments: synced({
    schema: paymentSchema,
    key: 'id',
    record: 'payment',
    // day / [taken_by+day]: a day's collections (the driver's day, the day-end, /collections);
    // customer_id: a customer's payments; pending_sync: those taken here and not yet numbered;
    // document_due_day: the cheques and notes falling due in a week, without reading every payment.
    indexes: ['day', 'customer_id', '[taken_by+day]', 'taken_at', 'pending_sync', 'document_due_day'],
    // 1 for a payment taken on this device the server has not acknowledged (it shows
    // 'Numara bekleniyor' until the server assigns the receipt number).
    local: { pending_sync: (row) => (row.pending_sync === 1 ? 1 : 0) },
    visibleTo: 'account-scope',
    since: 7,
  }),
} as const satisfies SyncedTable;

export type Synced = typeof SYNCED;
export type SyncCollection = keyof Synced;
export const SYNC_COLLECTIONS = Object.keys(SYNCED) as SyncCollection[];

/** The wire row of a collection of a table. */
export type SyncedRow<T extends SyncedTable, K extends keyof T> = z.infer<T[K]['schema']>;

/** One collection's part of a pull answer: rows to store, ids to remove. */
export function changesSchema<S extends z.ZodType>(row: S) {
  return z.object({ upserts: z.array(row), removals: z.array(z.string()) });
}

type ChangesShape<T extends SyncedTable> = {
  [K in keyof T]: ReturnType<typeof changesSchema<T[K]['schema']>>;
};

/** The collections' part of a pull answer's contract, one `{ upserts, removals }` per entry. */
export function pullCollectionsShape<T extends SyncedTable>(table: T): ChangesShape<T> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, entry] of Object.entries(table)) shape[name] = changesSchema(entry.schema);
  return shape as ChangesShape<T>;
}

/**
 * Names of the table's collections from a `collections` query value (comma-separated), or an
 * error text. Every name must be an entry; none twice.
 */
export function parseCollectionList(table: SyncedTable, text: string): string[] | null {
  const names = text.split(',');
  if (names.some((n) => !Object.hasOwn(table, n)) || new Set(names).size !== names.length) return null;
  return names;
}
