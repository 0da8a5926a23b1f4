import Dexie, { type Table } from 'dexie';
import type { Customer, Notification, Order, Product } from '../../shared/api';

/**
 * The local store (DESIGN §6): one IndexedDB database per tenant + user, mirroring what that user
 * may see, plus the user's outbox and the sync metadata.
 *
 * Why one database per tenant+user and not one per device: the mirror holds exactly what the
 * server let THIS user see (a salesperson's own orders, a driver's assigned ones), and the outbox
 * holds changes that may only be sent under THIS user's token. If a colleague signs in on the same
 * handheld, they open their own database: they never see the first user's mirrored orders, and the
 * first user's unsent changes are never replayed under the colleague's identity (they wait, and the
 * device registry below lets the UI say so).
 *
 * Rows are stored in the wire shapes of src/shared/api (entities.ts, notifications.ts) plus a few
 * local-only fields, all of which are numbers because IndexedDB cannot index booleans:
 * - notifications.unread: 1 when `is_read` is false (index it to count the bell's badge);
 * - orders.pending_sync: 1 for an order the server has not acknowledged yet (created offline;
 *   it shows a pending number until the server assigns the real `order_number`).
 */
export type LocalNotification = Notification & { unread: 0 | 1 };
export type LocalOrder = Order & { pending_sync: 0 | 1 };
export type LocalProduct = Product;
export type LocalCustomer = Customer;

/** The mirrored collections, as the sync feed names them. */
export type Collection = 'orders' | 'notifications' | 'products' | 'customers';

/** The record-key prefix of each collection (`order:<id>`, `notification:<id>`, …). */
export const RECORD_PREFIX: Record<Collection, string> = {
  orders: 'order',
  notifications: 'notification',
  products: 'product',
  customers: 'customer',
};
const COLLECTION_OF_PREFIX: Record<string, Collection> = {
  order: 'orders',
  notification: 'notifications',
  product: 'products',
  customer: 'customers',
};

export function recordKey(collection: Collection, id: string): string {
  return `${RECORD_PREFIX[collection]}:${id}`;
}

/** `notification:abc` → { collection: 'notifications', id: 'abc' }; wildcards (`x:*`) → null. */
export function parseRecordKey(key: string): { collection: Collection; id: string } | null {
  const colon = key.indexOf(':');
  if (colon < 0) return null;
  const collection = COLLECTION_OF_PREFIX[key.slice(0, colon)];
  const id = key.slice(colon + 1);
  if (!collection || !id || id === '*') return null;
  return { collection, id };
}

export type OutboxStatus = 'pending' | 'failed';
export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One user action waiting to be sent (DESIGN §6 "Outbox").
 *
 * `seq` (auto-increment primary key) is the FIFO order: IndexedDB hands out increasing keys in
 * commit order, so the order entries are sent in is the order the user made them, even across tabs
 * (timestamps could tie or go backwards when the clock is adjusted).
 */
export interface OutboxEntry {
  seq?: number;
  /** Client-made UUID, sent as `Idempotency-Key`: a replay after a lost answer is applied once. */
  id: string;
  /** The tenant and user who made the change; the entry is sent only with that user's token. */
  tenant: string;
  user_id: string;
  /**
   * What the change is: a key of the mutation table (src/client/local/mutations), e.g.
   * 'notification.read'. Typed as a string because the row may have been written by another
   * version of the app: an unknown kind is kept, shown and never sent (see mutations/index.ts).
   */
  kind: string;
  /** Turkish one-line description for the sync panel ("what was rejected"). */
  summary: string;
  method: HttpMethod;
  /** Path under the API base, e.g. `/notifications/<id>/read`. */
  path: string;
  body: unknown;
  /**
   * What the local effect needs beyond the request body (e.g. the optimistic order of an
   * 'order.create', the acting user's name for the history, the chosen driver's name). Never sent.
   */
  local?: Record<string, unknown>;
  /**
   * Ordering key: entries with the same (or overlapping, see `keysOverlap`) key are sent strictly
   * one after another, in `seq` order. `notification:<id>`, `order:<id>`, or a wildcard such as
   * `notification:*` for an action on all of a user's notifications.
   */
  record_key: string;
  /** Every record this entry changes locally (its optimistic effect), e.g. ['notification:<id>']. */
  records: string[];
  created_at: string;
  attempts: number;
  /** Epoch ms before which an automatic retry is not attempted (capped exponential backoff). */
  next_attempt_at: number;
  status: OutboxStatus;
  /** The server's Turkish message and machine code when the entry was rejected (status failed). */
  error: string | null;
  code: string | null;
  http_status: number | null;
  /** Last transient failure (network, 5xx), shown while the entry keeps retrying. */
  last_error: string | null;
  /**
   * Why the entry waits for `next_attempt_at`: 'network' (no answer) is cut short as soon as the
   * server answers anything again; 'server' (5xx, 429, in flight) waits out its backoff.
   */
  waiting_for?: 'network' | 'server' | null;
}

/**
 * The server's version of a record that has local, not yet acknowledged changes on top of it.
 *
 * Why keep it: the mirror shows "server version + my pending changes". When a change is rejected
 * (4xx) or discarded, the record must go back to the server's version without a network round
 * trip (the user may be offline, and an incremental pull would not resend a record that did not
 * change on the server). `row: null` means "the server has no such record" (e.g. an order created
 * offline). The row is dropped as soon as no outbox entry refers to the record any more.
 */
export interface BaseRow {
  key: string;
  collection: Collection;
  row: Record<string, unknown> | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** Keys of the `meta` table. */
export const META = {
  cursor: 'cursor', // string of digits: the last change sequence applied
  epoch: 'epoch', // the server's sync epoch the mirror was built under (see applyPage)
  lastPullAt: 'last_pull_at', // ISO time of the last complete pull
  user: 'user', // { id, username, full_name, role } of the store's owner
  dashboardStats: 'dashboard_stats', // { stats: DashboardStats, fetched_at } — the last GET /dashboard/stats (team list offline)
} as const;

export interface LocalDbOwner {
  tenant: string;
  userId: string;
}

export function localDbName(tenant: string, userId: string): string {
  return `sys-${tenant}-${userId}`;
}

export class LocalDb extends Dexie {
  readonly tenant: string;
  readonly userId: string;
  orders!: Table<LocalOrder, string>;
  notifications!: Table<LocalNotification, string>;
  products!: Table<LocalProduct, string>;
  customers!: Table<LocalCustomer, string>;
  outbox!: Table<OutboxEntry, number>;
  base!: Table<BaseRow, string>;
  meta!: Table<MetaRow, string>;

  constructor(owner: LocalDbOwner, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(localDbName(owner.tenant, owner.userId), options);
    this.tenant = owner.tenant;
    this.userId = owner.userId;
    /*
     * Versioned schema. Never edit a published version: add `this.version(n + 1)` with the new
     * stores (and an `.upgrade()` when rows must be rewritten). Only indexed fields are listed;
     * rows carry every wire field.
     */
    this.version(1).stores({
      orders: 'id, order_number, status, salesperson_id, driver_id, created_at, updated_at, pending_sync',
      notifications: 'id, unread, created_at, type',
      products: 'id, category, brand, status, barcode, name',
      customers: 'id, full_name',
      outbox: '++seq, &id, record_key, status, *records',
      base: 'key',
      meta: 'key',
    });
    /*
     * v2: the order lists page through the mirror newest first, also by status and by
     * salesperson, without reading every row (10,000 orders on a handheld): compound indexes.
     */
    this.version(2).stores({
      orders:
        'id, order_number, status, salesperson_id, driver_id, created_at, updated_at, pending_sync, [status+created_at], [salesperson_id+created_at]',
    });
  }

  table_(collection: Collection): Table<Record<string, unknown>, string> {
    return this.table(collection) as Table<Record<string, unknown>, string>;
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    await this.meta.put({ key, value });
  }
}

export function openLocalDb(owner: LocalDbOwner, options?: ConstructorParameters<typeof Dexie>[1]): LocalDb {
  return new LocalDb(owner, options);
}

/** Wire row → stored row (adds the numeric local-only index fields). */
export function toLocal(collection: Collection, row: Record<string, unknown>): Record<string, unknown> {
  if (collection === 'notifications') return { ...row, unread: row.is_read ? 0 : 1 };
  if (collection === 'orders') return { ...row, pending_sync: row.pending_sync === 1 ? 1 : 0 };
  return row;
}
