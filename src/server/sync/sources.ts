import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { SyncCollection } from '../../shared/api/synced';
import { accountFeedOf } from '../../shared/domain/account-access';
import { invoiceScope } from '../../shared/domain/invoice-access';
import type { ActingUser, OrderScope } from '../../shared/domain/order-status';
import {
  type AccountFeedScope,
  accountChangeNumbers,
  changedAccountsJson,
  findPaymentsByIds,
  newestAccountChange,
  parseChangedAccounts,
} from '../accounts/accounts.repository';
import { findCustomersByIds, toWireCustomer } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { findInvoicesByIds, toWireInvoice } from '../invoices/invoices.repository';
import {
  changedNotificationsJson,
  parseChangedNotifications,
  toWireNotification,
} from '../notifications/notifications.repository';
import { changedOrdersJson, ordersWithWire, parseChangedOrders } from '../orders/orders.repository';
import type { WireCache, WireKind } from '../orders/wire-cache';
import { COST_PRICE_ROLES, productForRole } from '../products/product-projection';
import { findProductsByIds, toWireProduct } from '../products/products.repository';
import {
  changedRowsJson,
  changeNumbers,
  newestChange,
  newestOrderChange,
  type PageSource,
  type RowFilter,
  type SyncedTableName,
} from './sync.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/** Who is pulling (the order scope is derived once per request). */
export interface Caller {
  id: string;
  role: ActingUser['role'];
  scope: OrderScope;
}

/**
 * One collection of a pull page: the upserts as JSON texts (orders in UTF-8, as the wire cache
 * keeps them), the removals as ids. A first pull of 500 orders is ~1 MB of JSON: it goes out as
 * the bytes the cache holds, never parsed and written again, never re-encoded (wire-cache.ts).
 */
export interface Part {
  upserts: (Buffer | string)[];
  removals: string[];
}

/** What building a part needs besides its listed rows. */
export interface PartContext {
  ex: Executor;
  tenantId: string;
  caller: Caller;
  wires: WireCache | undefined;
  /** A first pull (cursor 0): removals are left out, the device has nothing to remove. */
  first: boolean;
}

/**
 * How a committed change of the collection's table is announced to the live channel (a trigger
 * on the table, migrations 0009 and 0027): 'order' — its states before and after, judged with
 * the status machine; 'user' — the user the row belongs to (its `user_id`); 'tenant' — everyone
 * of the tenant; 'invoice' — the salesperson of its order (admin and manager hear every one).
 * The trigger function each uses is `ANNOUNCE_FUNCTION`.
 */
export type Announcement = 'order' | 'user' | 'tenant' | 'invoice';

export const ANNOUNCE_FUNCTION: Record<Announcement, string> = {
  order: 'announce_order_change',
  user: 'announce_notification_change',
  tenant: 'announce_catalogue_change',
  invoice: 'announce_invoice_change',
};

/**
 * The server side of a synced collection (the shared table, src/shared/api/synced.ts, names the
 * collections; every one has a source here, the type says so):
 * - `numbers` / `changed`: its branch of the page boundary and its changed rows as one JSON text,
 *   sub-selects of the page's one statement (sync.repository.ts `changedPage`);
 * - `part`: from that text, the upserts' wire form (from the wire cache, else loaded by id) and
 *   the removals — null when a loaded row is of another version than the page (the page is then
 *   built again in one snapshot, sync.service.ts);
 * - `newest`: the newest change number after a cursor the caller's feed would carry something for
 *   (the live channel's catch-up, events.repository.ts);
 * - `announce`: how its table's trigger announces a change (see Announcement).
 */
export interface PullSource {
  table: SyncedTableName;
  announce: Announcement;
  numbers(tenantId: string, caller: Caller, after: number, take: number): RawBuilder<unknown>;
  changed(
    tenantId: string,
    caller: Caller,
    after: number,
    upTo: RawBuilder<number | null>,
  ): RawBuilder<string>;
  newest(tenantId: string, caller: Caller, after: number): RawBuilder<number | null>;
  part(ctx: PartContext, text: string): Promise<Part | null>;
}

/**
 * A collection everyone of the tenant sees (products, customers): rows listed as
 * `[id, change_seq, deleted]`, their JSON from the wire cache under `kind(caller)`, else loaded by
 * id and built by `toText`.
 */
function tenantSource<R extends { id: string; change_seq: number }>(
  table: SyncedTableName,
  kind: (caller: Caller) => WireKind,
  load: (ex: Executor, tenantId: string, ids: readonly string[]) => Promise<R[]>,
  toText: (record: R, caller: Caller) => string,
): PullSource {
  return {
    table,
    announce: 'tenant',
    numbers: (tenantId, _caller, after, take) => changeNumbers(table, tenantId, after, take),
    changed: (tenantId, _caller, after, upTo) => changedRowsJson(table, tenantId, after, upTo),
    newest: (tenantId, _caller, after) => newestChange(table, tenantId, after),
    part: (ctx, text) => recordTexts(ctx, kind(ctx.caller), text, load, toText),
  };
}

export const PULL_SOURCES: { readonly [K in SyncCollection]: PullSource } = {
  orders: {
    table: 'orders',
    announce: 'order',
    numbers: (tenantId, _caller, after, take) => changeNumbers('orders', tenantId, after, take),
    changed: (tenantId, caller, after, upTo) => changedOrdersJson(tenantId, caller.scope, after, upTo),
    newest: (tenantId, caller, after) => newestOrderChange(tenantId, caller.scope, after),
    /*
     * An order the caller may see now is an upsert; one they may not see is a removal ONLY if
     * they could have seen it before (some state it has been in was within their scope:
     * orders.repository.ts `seenCondition`) — never the id of an order that was never theirs to
     * see, such as another salesperson's.
     */
    async part(ctx, text) {
      const orders = parseChangedOrders(text);
      if (!(await ordersWithWire(ctx.ex, ctx.tenantId, orders, ctx.wires))) return null;
      const part: Part = { upserts: [], removals: [] };
      for (const order of orders) {
        if (order.visible && order.wire !== null) part.upserts.push(order.wire);
        else if (order.seen && !ctx.first) part.removals.push(order.id);
      }
      return part;
    },
  },
  notifications: {
    table: 'notifications',
    announce: 'user',
    numbers: (tenantId, caller, after, take) =>
      changeNumbers('notifications', tenantId, after, take, ownRows(caller)),
    changed: (tenantId, caller, after, upTo) => changedNotificationsJson(tenantId, caller.id, after, upTo),
    newest: (tenantId, caller, after) => newestChange('notifications', tenantId, after, ownRows(caller)),
    async part(ctx, text) {
      const part: Part = { upserts: [], removals: [] };
      for (const notification of parseChangedNotifications(text)) {
        if (!notification.deleted) part.upserts.push(JSON.stringify(toWireNotification(notification)));
        else if (!ctx.first) part.removals.push(notification.id);
      }
      return part;
    },
  },
  // cost_price only for admin/manager (product-projection.ts): two wire forms, cached apart.
  products: tenantSource(
    'products',
    (caller) => (COST_PRICE_ROLES.includes(caller.role) ? 'product-cost' : 'product'),
    findProductsByIds,
    (product, caller) => JSON.stringify(productForRole(toWireProduct(product), caller.role)),
  ),
  customers: tenantSource(
    'customers',
    () => 'customer',
    findCustomersByIds,
    (c) => JSON.stringify(toWireCustomer(c)),
  ),
  // admin/manager: every invoice of the tenant; a salesperson: those of their own orders; the
  // other roles: none (shared/domain/invoice-access.ts). An invoice is never deleted and its
  // salesperson never changes, so the feed has no removals to tell.
  invoices: {
    table: 'invoices',
    announce: 'invoice',
    numbers: (tenantId, caller, after, take) =>
      changeNumbers('invoices', tenantId, after, take, invoiceRows(caller)),
    changed: (tenantId, caller, after, upTo) =>
      changedRowsJson('invoices', tenantId, after, upTo, invoiceRows(caller)),
    newest: (tenantId, caller, after) => newestChange('invoices', tenantId, after, invoiceRows(caller)),
    part: (ctx, text) =>
      recordTexts(ctx, 'invoice', text, findInvoicesByIds, (invoice) =>
        JSON.stringify(toWireInvoice(invoice)),
      ),
  },
  // Who sees which account (shared/domain/account-access.ts accountFeedOf): a field role's
  // accounts come into the feed with their orders (accounts.repository.ts accountRows). An account
  // is never deleted; one whose customer stops being a field user's stays on their device as last
  // seen (they saw it while it was theirs).
  accounts: {
    table: 'customer_accounts',
    announce: 'tenant',
    numbers: (tenantId, caller, after, take) =>
      accountChangeNumbers(tenantId, accountScope(caller), after, take),
    changed: (tenantId, caller, after, upTo) =>
      changedAccountsJson(tenantId, accountScope(caller), after, upTo),
    newest: (tenantId, caller, after) => newestAccountChange(tenantId, accountScope(caller), after),
    part: async (_ctx, text) => ({
      upserts: parseChangedAccounts(text).map((account) => JSON.stringify(account)),
      removals: [],
    }),
  },
  // admin/manager: every payment; a salesperson or driver: the payments they took. A payment is
  // never deleted (a mistaken one is reversed, which changes it), so there are no removals.
  payments: {
    table: 'payments',
    announce: 'tenant',
    numbers: (tenantId, caller, after, take) =>
      changeNumbers('payments', tenantId, after, take, paymentRows(caller)),
    changed: (tenantId, caller, after, upTo) =>
      changedRowsJson('payments', tenantId, after, upTo, paymentRows(caller)),
    newest: (tenantId, caller, after) => newestChange('payments', tenantId, after, paymentRows(caller)),
    part: (ctx, text) =>
      recordTexts(ctx, 'payment', text, findPaymentsByIds, ({ change_seq: _, ...payment }) =>
        JSON.stringify(payment),
      ),
  },
};

function accountScope(caller: Caller): AccountFeedScope {
  const feed = accountFeedOf(caller.role);
  if (feed === 'all' || feed === 'none') return { kind: feed };
  return {
    kind: 'own',
    column: caller.role === 'driver' ? 'driver_id' : 'salesperson_id',
    userId: caller.id,
  };
}

function paymentRows(caller: Caller): RowFilter {
  const feed = accountFeedOf(caller.role);
  if (feed === 'all') return undefined;
  if (feed === 'none') return 'none';
  return { column: 'taken_by', value: caller.id };
}

function ownRows(caller: Caller): RowFilter {
  return { column: 'user_id', value: caller.id };
}

function invoiceRows(caller: Caller): RowFilter {
  const scope = invoiceScope(caller);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'salesperson') return { column: 'salesperson_id', value: scope.salesperson_id };
  return 'none';
}

/** The page sources of these collections for this caller (sync.repository.ts `changedPage`). */
export function pageSources(
  names: readonly SyncCollection[],
  tenantId: string,
  caller: Caller,
  cursor: number,
): PageSource[] {
  return names.map((name) => ({
    name,
    numbers: (take) => PULL_SOURCES[name].numbers(tenantId, caller, cursor, take),
    changed: (upTo) =>
      PULL_SOURCES[name].changed(tenantId, caller, cursor, upTo as RawBuilder<number | null>),
  }));
}

/**
 * The upserts (JSON texts, in the page's order) and removals of a collection listed as
 * `[id, change_seq, deleted]`; null when a loaded record is of another version than the page.
 */
async function recordTexts<R extends { id: string; change_seq: number }>(
  ctx: PartContext,
  kind: WireKind,
  listText: string,
  load: (ex: Executor, tenantId: string, ids: readonly string[]) => Promise<R[]>,
  toText: (record: R, caller: Caller) => string,
): Promise<Part | null> {
  const { ex, tenantId, wires } = ctx;
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
      const text = toText(record, ctx.caller);
      texts.set(record.id, text);
      wires?.set(kind, tenantId, record.id, record.change_seq, text);
    }
  }
  for (const [id, , deleted] of listed) {
    const text = deleted ? undefined : texts.get(id);
    if (text !== undefined) part.upserts.push(text);
    else if (deleted) {
      if (!ctx.first) part.removals.push(id);
    } else return null; // listed but gone: cannot happen (rows are soft-deleted); be exact anyway
  }
  return part;
}
