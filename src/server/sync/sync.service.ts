import type { Kysely, Transaction } from 'kysely';
import { type ActingUser, orderScope } from '../../shared/domain/order-status';
import { findCustomersByIds, toWireCustomer } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { parseChangedNotifications, toWireNotification } from '../notifications/notifications.repository';
import { type ChangedOrder, ordersWithWire, parseChangedOrders } from '../orders/orders.repository';
import type { WireCache, WireKind } from '../orders/wire-cache';
import { COST_PRICE_ROLES, productForRole } from '../products/product-projection';
import { findProductsByIds, toWireProduct } from '../products/products.repository';
import { type ChangedPageTexts, changedPage, inSnapshot } from './sync.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * One collection of a pull page: the upserts as JSON texts (orders in UTF-8, as the wire cache
 * keeps them), the removals as ids. A first pull of 500 orders is ~1 MB of JSON: it goes out as
 * the bytes the cache holds, never parsed and written again, never re-encoded (wire-cache.ts).
 */
interface Part {
  upserts: (Buffer | string)[];
  removals: string[];
}

interface PullPage {
  epoch: string;
  cursor: string;
  has_more: boolean;
  orders: Part;
  notifications: Part;
  products: Part;
  customers: Part;
}

const COMMA = Buffer.from(',');

/**
 * The whole answer `{ success: true, data: SyncPullResponse }` as bytes (the route checks it
 * against the contract in tests).
 */
function pullBody(page: PullPage): Buffer {
  const head = { epoch: page.epoch, cursor: page.cursor, has_more: page.has_more };
  const parts: Buffer[] = [Buffer.from(`{"success":true,"data":${JSON.stringify(head).slice(0, -1)}`)];
  for (const name of ['orders', 'notifications', 'products', 'customers'] as const) {
    const { upserts, removals } = page[name];
    parts.push(Buffer.from(`,"${name}":{"upserts":[`));
    upserts.forEach((text, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(typeof text === 'string' ? Buffer.from(text) : text);
    });
    parts.push(Buffer.from(`],"removals":${JSON.stringify(removals)}}`));
  }
  parts.push(Buffer.from('}}'));
  return Buffer.concat(parts);
}

/**
 * GET /sync/pull (DESIGN §6, contract in src/shared/api/sync.ts). Answers the JSON of a
 * SyncPullResponse, in its envelope, as UTF-8 bytes.
 *
 * 1. ONE statement (sync.repository.ts `changedPage`, its own snapshot) finds the page boundary B
 *    — the `limit`-th smallest change number after the cursor over orders, products, customers
 *    and the caller's own notifications — and lists every changed row with cursor < change_seq
 *    <= B: (id, change number, visible/deleted) for orders, products and customers, whole rows
 *    for the notifications. Rows sharing B all come along (a page never splits one number), so
 *    the page can exceed `limit` only by such a group.
 * 2. Each row becomes an upsert when the caller may see it now, else a removal (its id): deleted
 *    rows, and orders that left the caller's view (the same scope that filters lists). An order
 *    the caller may not see is a removal ONLY if the caller could have seen it before (some state
 *    it has been in was within their scope: orders.repository.ts `seenCondition`) — never the id
 *    of an order that was never theirs to see, such as another salesperson's. On a first pull
 *    (cursor 0) removals are left out: the client has nothing to remove.
 * 3. The JSON of each upserted order, product and customer comes from the wire cache by (id,
 *    change number); what it lacks is loaded by a second statement, which sees the rows as they
 *    are THEN. If one changed in between, what was loaded is of a newer version than the page
 *    (whose visibility was not checked for it), so the whole page is built again inside one
 *    repeatable-read snapshot, where every statement sees the same instant. Rare (a change racing
 *    a cold cache); exact.
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
): Promise<Buffer> {
  const cursor = Number(cursorText);
  const caller = { id: user.id, scope: orderScope(user) };
  const build = async (ex: Executor): Promise<PullPage | null> => {
    const texts = await changedPage(ex, tenantId, caller, cursor, limit);
    const orders = parseChangedOrders(texts.orders);
    if (!(await ordersWithWire(ex, tenantId, orders, wires))) return null;
    const withCost = COST_PRICE_ROLES.includes(user.role);
    const products = await recordTexts(
      ex,
      tenantId,
      withCost ? 'product-cost' : 'product',
      texts.products,
      wires,
      findProductsByIds,
      // cost_price only for admin/manager (product-projection.ts).
      (product) => JSON.stringify(productForRole(toWireProduct(product), user.role)),
    );
    const customers = await recordTexts(
      ex,
      tenantId,
      'customer',
      texts.customers,
      wires,
      findCustomersByIds,
      (c) => JSON.stringify(toWireCustomer(c)),
    );
    if (!products || !customers) return null;
    return assemble(epoch, cursor, texts, orders, products, customers);
  };
  const page = (await build(db)) ?? (await inSnapshot(db, async (trx) => build(trx)));
  if (!page) throw new Error('sync pull: a row changed inside a repeatable-read snapshot');
  return pullBody(page);
}

/**
 * The upserts (JSON texts, in the page's order) and removals of a collection listed as
 * `[id, change_seq, deleted]`; null when a loaded record is of another version than the page.
 */
async function recordTexts<R extends { id: string; change_seq: number }>(
  ex: Executor,
  tenantId: string,
  kind: WireKind,
  listText: string,
  wires: WireCache | undefined,
  load: (ex: Executor, tenantId: string, ids: readonly string[]) => Promise<R[]>,
  toText: (record: R) => string,
): Promise<Part | null> {
  const listed = JSON.parse(listText) as [string, number, boolean][];
  const part: Part = { upserts: [], removals: [] };
  const texts = new Map<string, string>();
  const missing: string[] = [];
  for (const [id, seq, deleted] of listed) {
    if (deleted) continue;
    const hit = wires?.get(kind, tenantId, id, Number(seq));
    if (hit === undefined) missing.push(id);
    else texts.set(id, hit);
  }
  if (missing.length > 0) {
    const wanted = new Map(listed.map(([id, seq]) => [id, Number(seq)]));
    for (const record of await load(ex, tenantId, missing)) {
      if (record.change_seq !== wanted.get(record.id)) return null;
      const text = toText(record);
      texts.set(record.id, text);
      wires?.set(kind, tenantId, record.id, record.change_seq, text);
    }
  }
  for (const [id, , deleted] of listed) {
    const text = deleted ? undefined : texts.get(id);
    if (text !== undefined) part.upserts.push(text);
    else if (deleted) part.removals.push(id);
    else return null; // listed but gone: cannot happen (rows are soft-deleted); be exact anyway
  }
  return part;
}

function assemble(
  epoch: string,
  cursor: number,
  texts: ChangedPageTexts,
  orders: ChangedOrder[],
  products: Part,
  customers: Part,
): PullPage {
  const first = cursor === 0;
  const result: PullPage = {
    epoch,
    cursor: String(texts.boundary ?? cursor),
    has_more: texts.hasMore,
    orders: { upserts: [], removals: [] },
    notifications: { upserts: [], removals: [] },
    products: { upserts: products.upserts, removals: first ? [] : products.removals },
    customers: { upserts: customers.upserts, removals: first ? [] : customers.removals },
  };
  for (const order of orders) {
    if (order.visible && order.wire !== null) result.orders.upserts.push(order.wire);
    else if (order.seen && !first) result.orders.removals.push(order.id);
  }
  for (const notification of parseChangedNotifications(texts.notifications)) {
    if (!notification.deleted)
      result.notifications.upserts.push(JSON.stringify(toWireNotification(notification)));
    else if (!first) result.notifications.removals.push(notification.id);
  }
  return result;
}
