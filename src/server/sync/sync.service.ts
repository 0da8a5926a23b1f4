import type { Kysely } from 'kysely';
import type { SyncPullResponse } from '../../shared/api/sync';
import { type ActingUser, orderScope } from '../../shared/domain/order-status';
import { findCustomersChanged, toWireCustomer } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { findNotificationsChanged, toWireNotification } from '../notifications/notifications.repository';
import { findOrdersChanged } from '../orders/orders.repository';
import type { WireCache } from '../orders/wire-cache';
import { productForRole } from '../products/product-projection';
import { findProductsChanged, toWireProduct } from '../products/products.repository';
import { inSnapshot, pageBoundary } from './sync.repository';

/**
 * A pull page whose orders are JSON texts made by the database (orders.repository.ts): they go
 * into the response unparsed (pullText). A first pull of 500 orders is ~1 MB of JSON; parsing it
 * and writing it out again cost more than building it.
 */
interface PullPage extends Omit<SyncPullResponse, 'orders'> {
  orders: { upserts: string[]; removals: string[] };
}

/** The page as the JSON text of a SyncPullResponse (the route checks it against the contract in tests). */
function pullText(page: PullPage): string {
  const { orders, ...rest } = page;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)},"orders":{"upserts":[${orders.upserts.join(',')}],"removals":${JSON.stringify(orders.removals)}}}`;
}

/**
 * GET /sync/pull (DESIGN §6, contract in src/shared/api/sync.ts). Answers the JSON text of a
 * SyncPullResponse.
 *
 * 1. In one repeatable-read snapshot, find the page boundary B: the `limit`-th smallest change
 *    number after the cursor over orders, products, customers and the caller's own notifications.
 * 2. Load every changed row with cursor < change_seq <= B. Rows sharing B all come along (a page
 *    never splits one number), so the page can exceed `limit` only by such a group.
 * 3. Each row becomes an upsert when the caller may see it now, else a removal (its id): deleted
 *    rows, and orders that left the caller's view (the same scope that filters lists). An order
 *    the caller may not see is a removal ONLY if the caller could have seen it before (some state
 *    it has been in was within their scope: orders.repository.ts `seenCondition`) — never the id
 *    of an order that was never theirs to see, such as another salesperson's. On a first pull
 *    (cursor 0) removals are left out: the client has nothing to remove.
 * 4. The next cursor is B; has_more when a change after B exists.
 * 5. Every answer names the tenant's sync epoch (migration 0002), so a device can tell that the
 *    history its cursor belongs to was replaced.
 *
 * Never missing a change relies on change order = commit order (db/change-seq.ts) and on the single
 * snapshot: everything with a number <= B that will ever exist is already visible in it.
 */
export async function pull(
  db: Kysely<Database>,
  tenantId: string,
  epoch: string,
  user: ActingUser,
  cursorText: string,
  limit: number,
  wires?: WireCache,
): Promise<string> {
  const cursor = Number(cursorText);
  const empty: PullPage = {
    epoch,
    cursor: String(cursor),
    has_more: false,
    orders: { upserts: [], removals: [] },
    notifications: { upserts: [], removals: [] },
    products: { upserts: [], removals: [] },
    customers: { upserts: [], removals: [] },
  };
  // The frequent case — nothing new — needs one statement and no transaction (a single statement
  // is its own snapshot). Only when there is something to load is the snapshot transaction opened.
  if ((await pageBoundary(db, tenantId, user.id, cursor, 1)).boundary === null) return pullText(empty);
  const page = await inSnapshot(db, async (trx) => {
    const { boundary, hasMore } = await pageBoundary(trx, tenantId, user.id, cursor, limit);
    if (boundary === null) return empty;
    const first = cursor === 0;

    const [orders, products, customers, notifications] = await Promise.all([
      findOrdersChanged(trx, tenantId, orderScope(user), cursor, boundary, wires),
      findProductsChanged(trx, tenantId, cursor, boundary),
      findCustomersChanged(trx, tenantId, cursor, boundary),
      findNotificationsChanged(trx, tenantId, user.id, cursor, boundary),
    ]);

    const result: PullPage = { ...empty, cursor: String(boundary), has_more: hasMore };
    for (const order of orders) {
      if (order.visible && order.wire !== null) result.orders.upserts.push(order.wire);
      else if (order.seen && !first) result.orders.removals.push(order.id);
    }
    for (const product of products) {
      // cost_price only for admin/manager (product-projection.ts).
      if (!product.deleted) result.products.upserts.push(productForRole(toWireProduct(product), user.role));
      else if (!first) result.products.removals.push(product.id);
    }
    for (const customer of customers) {
      if (!customer.deleted) result.customers.upserts.push(toWireCustomer(customer));
      else if (!first) result.customers.removals.push(customer.id);
    }
    for (const notification of notifications) {
      if (!notification.deleted) result.notifications.upserts.push(toWireNotification(notification));
      else if (!first) result.notifications.removals.push(notification.id);
    }
    return result;
  });
  return pullText(page);
}
