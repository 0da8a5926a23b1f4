import Dexie, { type Collection } from 'dexie';
import { searchFold } from '../../shared/domain/turkish-text';
import {
  type LocalCustomer,
  type LocalDb,
  type LocalNotification,
  type LocalOrder,
  type LocalProduct,
  type OutboxEntry,
  recordKey,
} from './database';

/**
 * Read queries the screens run inside `useLiveQuery(() => query(db), [db])`. They only read
 * Dexie; they re-run by themselves whenever the tables they touched change (in any tab).
 */

/** Newest first, as the bell and the notifications screen list them. */
export function recentNotifications(db: LocalDb, limit?: number): Promise<LocalNotification[]> {
  const query = db.notifications.orderBy('created_at').reverse();
  return (limit ? query.limit(limit) : query).toArray();
}

/** The bell's badge (the UI caps the display at 99+). */
export function unreadNotificationCount(db: LocalDb): Promise<number> {
  return db.notifications.where('unread').equals(1).count();
}

// ------------------------------------------------------------------------------- orders ---

/**
 * What every search on the device compares: THE search fold (shared/domain/turkish-text.ts
 * `searchFold`), the same as the server's searches — every I-variant as 'i', ş ç ğ ö ü as
 * s c g o u, lower case — so 'ISTANBUL' finds 'İstanbul', 'sahin' finds 'Şahin', and 'iphone'
 * finds the code 'IPHONE-15'.
 */
export function foldTr(text: string): string {
  return searchFold(text);
}

export interface OrderFilter {
  /** Only this status (the `status` query parameter of /orders and /my-orders). */
  status?: string | null;
  /** Only this salesperson's orders (/my-orders). */
  salespersonId?: string | null;
  /** Client-side search on order number or customer name (spec: /orders). */
  search?: string | null;
}

export interface OrderPage {
  rows: LocalOrder[];
  total: number;
}

/**
 * One page of the mirrored orders, newest first. Without a search the page is read straight off
 * a (compound) index — offset/limit without touching the other rows — so the first render of
 * /orders stays fast with tens of thousands of orders mirrored; a search has to look at every
 * row of the (status-)filtered set.
 */
export async function queryOrders(
  db: LocalDb,
  filter: OrderFilter,
  page: number,
  pageSize: number,
): Promise<OrderPage> {
  const offset = Math.max(0, page) * pageSize;
  let collection: Collection<LocalOrder, string>;
  if (filter.status && filter.salespersonId) {
    const status = filter.status;
    collection = db.orders
      .where('[salesperson_id+created_at]')
      .between([filter.salespersonId, Dexie.minKey], [filter.salespersonId, Dexie.maxKey])
      .reverse()
      .filter((o) => o.status === status);
  } else if (filter.status) {
    collection = db.orders
      .where('[status+created_at]')
      .between([filter.status, Dexie.minKey], [filter.status, Dexie.maxKey])
      .reverse();
  } else if (filter.salespersonId) {
    collection = db.orders
      .where('[salesperson_id+created_at]')
      .between([filter.salespersonId, Dexie.minKey], [filter.salespersonId, Dexie.maxKey])
      .reverse();
  } else {
    collection = db.orders.orderBy('created_at').reverse();
  }
  const q = foldTr(filter.search?.trim() ?? '');
  if (q) {
    collection = collection.filter(
      (o) => foldTr(o.order_number).includes(q) || foldTr(o.customer_name).includes(q),
    );
  }
  // count() and the page read the same collection definition; Dexie clones it per call.
  const [total, rows] = await Promise.all([
    collection.clone().count(),
    collection.clone().offset(offset).limit(pageSize).toArray(),
  ]);
  return { rows, total };
}

export function getOrder(db: LocalDb, id: string): Promise<LocalOrder | undefined> {
  return db.orders.get(id);
}

/** The outbox entries (pending and failed) that concern one order, oldest first. */
export async function orderOutboxEntries(db: LocalDb, id: string): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('records').equals(recordKey('orders', id)).toArray();
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

// -------------------------------------------------------------------- catalogue (read) ---

/** Customers by name (tr-TR order). */
export async function listCustomers(db: LocalDb): Promise<LocalCustomer[]> {
  const rows = await db.customers.toArray();
  return rows.sort((a, b) => a.full_name.localeCompare(b.full_name, 'tr-TR'));
}

export interface ProductFilter {
  search?: string | null;
  category?: string | null;
  /** Default 'active' (the sales screen asks for status=active). */
  status?: string | null;
}

/** Products by name, filtered like GET /products (name, code, barcode, brand). */
export async function listProducts(db: LocalDb, filter: ProductFilter = {}): Promise<LocalProduct[]> {
  const status = filter.status === undefined ? 'active' : filter.status;
  let rows = status
    ? await db.products.where('status').equals(status).toArray()
    : await db.products.toArray();
  if (filter.category) rows = rows.filter((p) => p.category === filter.category);
  const q = foldTr(filter.search?.trim() ?? '');
  if (q)
    rows = rows.filter((p) =>
      [p.name, p.product_code, p.barcode ?? '', p.brand ?? ''].some((field) => foldTr(field).includes(q)),
    );
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'tr-TR'));
}
