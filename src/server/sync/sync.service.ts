import type { Kysely } from 'kysely';
import type { SyncPullResponse } from '../../shared/api/sync';
import { type ActingUser, canSeeOrder } from '../../shared/domain/order-status';
import { findCustomersChanged, toWireCustomer } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { findNotificationsChanged, toWireNotification } from '../notifications/notifications.repository';
import { findOrdersChanged, toWireOrder } from '../orders/orders.repository';
import { findProductsChanged, toWireProduct } from '../products/products.repository';
import { changeSeqsAfter, inSnapshot } from './sync.repository';

/**
 * GET /sync/pull (DESIGN §6, contract in src/shared/api/sync.ts).
 *
 * 1. In one repeatable-read snapshot, find the page boundary B: the `limit`-th smallest change
 *    number after the cursor over orders, products, customers and the caller's own notifications.
 * 2. Load every changed row with cursor < change_seq <= B. Rows sharing B all come along (a page
 *    never splits one number), so the page can exceed `limit` only by such a group.
 * 3. Each row becomes an upsert when the caller may see it now, else a removal (its id): deleted
 *    rows, and orders that left the caller's view (canSeeOrder — the same rule that scopes lists).
 *    On a first pull (cursor 0) removals are left out: the client has nothing to remove.
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
): Promise<SyncPullResponse> {
  const cursor = Number(cursorText);
  const empty: SyncPullResponse = {
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
  if ((await changeSeqsAfter(db, tenantId, user.id, cursor, 1)).length === 0) return empty;
  return inSnapshot(db, async (trx) => {
    const seqs = await changeSeqsAfter(trx, tenantId, user.id, cursor, limit + 1);
    if (seqs.length === 0) return empty;
    const boundary = seqs.length > limit ? (seqs[limit - 1] as number) : (seqs[seqs.length - 1] as number);
    const hasMore = seqs.some((s) => s > boundary);
    const first = cursor === 0;

    const [orders, products, customers, notifications] = await Promise.all([
      findOrdersChanged(trx, tenantId, cursor, boundary),
      findProductsChanged(trx, tenantId, cursor, boundary),
      findCustomersChanged(trx, tenantId, cursor, boundary),
      findNotificationsChanged(trx, tenantId, user.id, cursor, boundary),
    ]);

    const result: SyncPullResponse = { ...empty, cursor: String(boundary), has_more: hasMore };
    for (const order of orders) {
      if (!order.deleted && canSeeOrder(user, order)) result.orders.upserts.push(toWireOrder(order));
      else if (!first) result.orders.removals.push(order.id);
    }
    for (const product of products) {
      if (!product.deleted) result.products.upserts.push(toWireProduct(product));
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
}
