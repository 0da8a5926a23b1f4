import { type Expression, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { OrderScope } from '../../shared/domain/order-status';
import { PREPARED } from '../db/database';
import type { Database } from '../db/schema';
import { changedNotificationsJson } from '../notifications/notifications.repository';
import { changedOrdersJson } from '../orders/orders.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The rows of `table` whose change_seq is in (after, upTo], oldest first, as a JSON array text of
 * `[id, change_seq, deleted]` — a sub-select of `changedPage`. Their JSON comes from the wire
 * cache or the repository's find…ByIds (sync.service.ts).
 */
function changedRowsJson(
  table: 'products' | 'customers',
  tenantId: string,
  after: number,
  upTo: Expression<number | null>,
): RawBuilder<string> {
  return sql<string>`(SELECT coalesce(json_agg(json_build_array(t.id, t.change_seq, t.deleted_at IS NOT NULL)
        ORDER BY t.change_seq), '[]')::text
    FROM ${sql.table(table)} t WHERE t.tenant_id = ${tenantId} AND t.change_seq > ${after} AND t.change_seq <= ${upTo})`;
}

/** The raw page of a pull: the boundary and each collection's changed rows as JSON texts. */
export interface ChangedPageTexts {
  boundary: number | null;
  hasMore: boolean;
  orders: string;
  products: string;
  customers: string;
  notifications: string;
}

/**
 * A pull's page in ONE statement (one snapshot, one round trip, no transaction):
 *
 * 1. `page` — the boundary B: over the change numbers after `cursor` of every collection the
 *    caller's feed draws from (the user's own notifications only), the `limit`-th smallest (or the
 *    largest, when there are fewer), and the largest seen, which tells whether more exists. Each
 *    branch walks its (tenant_id, change_seq) index for at most limit + 1 numbers; the database,
 *    not JavaScript, picks B.
 * 2. every changed row with cursor < change_seq <= B, each collection as ONE JSON array text
 *    (the sub-selects of the repositories). Rows sharing B all come along (a page never splits one
 *    number). B is null when nothing changed after the cursor, and every array is then empty.
 *
 * Why one statement: on PGlite each statement costs a fixed ~0.5 ms and every field of every
 * result row is decoded one by one in JavaScript; the former page (a boundary probe, BEGIN, the
 * boundary, four SELECTs, COMMIT) spent most of its ~20 ms on that. On PostgreSQL it saves seven
 * round trips, and it is a named prepared statement (database.ts PREPARED), planned once per
 * connection. A single statement is its own snapshot, so it needs no repeatable-read transaction.
 */
export async function changedPage(
  db: Executor,
  tenantId: string,
  user: { id: string; scope: OrderScope },
  cursor: number,
  limit: number,
): Promise<ChangedPageTexts> {
  const take = limit + 1;
  const branch = (table: 'orders' | 'products' | 'customers') =>
    sql`(SELECT change_seq FROM ${sql.table(table)} WHERE tenant_id = ${tenantId} AND change_seq > ${cursor} ORDER BY change_seq LIMIT ${take})`;
  const upTo = sql<number | null>`page.boundary`;
  const result = await sql<{
    boundary: number | string | null;
    last: number | string | null;
    orders: string;
    products: string;
    customers: string;
    notifications: string;
  }>`${sql.raw(PREPARED)}
    WITH numbered AS (
      SELECT change_seq, row_number() OVER (ORDER BY change_seq) AS n FROM (
        ${branch('orders')}
        UNION ALL ${branch('products')}
        UNION ALL ${branch('customers')}
        UNION ALL (SELECT change_seq FROM notifications WHERE tenant_id = ${tenantId} AND user_id = ${user.id}
                   AND change_seq > ${cursor} ORDER BY change_seq LIMIT ${take})) changes),
    page AS (SELECT max(change_seq) FILTER (WHERE n <= ${limit}) AS boundary, max(change_seq) AS last FROM numbered)
    SELECT page.boundary, page.last,
      ${changedOrdersJson(tenantId, user.scope, cursor, upTo)} AS orders,
      ${changedRowsJson('products', tenantId, cursor, upTo)} AS products,
      ${changedRowsJson('customers', tenantId, cursor, upTo)} AS customers,
      ${changedNotificationsJson(tenantId, user.id, cursor, upTo)} AS notifications
    FROM page`.execute(db);
  const row = result.rows[0];
  if (!row || row.boundary == null) {
    return {
      boundary: null,
      hasMore: false,
      orders: '[]',
      products: '[]',
      customers: '[]',
      notifications: '[]',
    };
  }
  const boundary = Number(row.boundary);
  return {
    boundary,
    hasMore: Number(row.last) > boundary,
    orders: row.orders,
    products: row.products,
    customers: row.customers,
    notifications: row.notifications,
  };
}

/**
 * Runs `fn` in ONE repeatable-read snapshot. The pull must see every collection as of the same
 * instant: with read committed, the orders query could miss a transaction that commits just before
 * the notifications query sees it, and the cursor would then move past the order's change.
 */
export function inSnapshot<T>(
  db: Kysely<Database>,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
}
