import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { OrderScope } from '../../shared/domain/order-status';
import { searchFold } from '../../shared/domain/turkish-text';
import type { Database } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';
import { scopeCondition, wireTexts } from './orders.repository';
import type { WireCache } from './wire-cache';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * The lists of orders (GET /orders and its variants): the caller's scope (orders.repository.ts
 * `scopeCondition`) and the list's filters, one page of summaries and the total.
 */

const ref = (column: 'status' | 'salesperson_id' | 'driver_id') => sql.ref(`o.${column}`);
const inList = (values: readonly string[]) =>
  values.length > 0 ? sql<SqlBool>`${ref('status')} IN (${sql.join([...values])})` : sql<SqlBool>`false`;

export interface OrderListFilter {
  status?: string;
  /** Any of these statuses (GET /orders/role/{role}). */
  statuses?: readonly string[];
  salesperson_id?: string;
  /**
   * Order number or customer name contains it, by the one search fold (tr_fold = searchFold:
   * 'ISTANBUL' finds 'İstanbul', 'sahin' finds 'Şahin'); % and _ are literal.
   */
  search?: string;
}

/** Scope and filters except the search: conditions on status / salesperson / driver only. */
function groupConditions(scope: OrderScope, filter: OrderListFilter): Expression<SqlBool>[] {
  const conditions = [scopeCondition(scope)];
  if (filter.status) conditions.push(sql<SqlBool>`${ref('status')} = ${filter.status}`);
  if (filter.statuses) conditions.push(inList(filter.statuses));
  if (filter.salesperson_id)
    conditions.push(sql<SqlBool>`${ref('salesperson_id')} = ${filter.salesperson_id}`);
  return conditions;
}

function filteredOrders(db: Executor, tenantId: string, scope: OrderScope, filter: OrderListFilter) {
  let query = db
    .selectFrom('orders as o')
    .where('o.tenant_id', '=', tenantId)
    .where('o.deleted_at', 'is', null)
    .where((eb) => eb.and(groupConditions(scope, filter)));
  if (filter.search) {
    const pattern = containsPattern(searchFold(filter.search));
    query = query.where(
      sql<SqlBool>`(tr_fold(o.order_number) LIKE ${pattern} OR tr_fold(o.customer_name) LIKE ${pattern})`,
    );
  }
  return query;
}

/**
 * How many live orders match. Without a search every condition is on the group columns, so the
 * total is a sum over the tenant's `order_counts` rows (migration 0004: a few rows instead of
 * every matching order); a search must look at the orders themselves.
 */
function totalQuery(db: Executor, tenantId: string, scope: OrderScope, filter: OrderListFilter) {
  if (filter.search) {
    return filteredOrders(db, tenantId, scope, filter).select((eb) => eb.fn.countAll<number>().as('n'));
  }
  return db
    .selectFrom('order_counts as o')
    .where('o.tenant_id', '=', tenantId)
    .where((eb) => eb.and(groupConditions(scope, filter)))
    .select(sql<number>`coalesce(sum(o.n), 0)::int`.as('n'));
}

/**
 * Live orders within `scope` matching `filter`, newest first (created_at, then id: a total order,
 * so pages never overlap or skip), one page of them as list items (the order without its history:
 * `orderSummarySchema`), and (when asked) how many match in all — ONE statement (the total is a
 * sub-select evaluated once, in the same snapshot as the page). Only a page past the end runs a
 * second one for the total.
 */
export async function listOrders(
  db: Executor,
  tenantId: string,
  scope: OrderScope,
  filter: OrderListFilter,
  page: { offset: number; limit: number; count: boolean },
  wires?: WireCache,
): Promise<{ wires: string[]; total: number }> {
  const pageRows = filteredOrders(db, tenantId, scope, filter)
    .select(['o.id', 'o.change_seq', 'o.created_at'])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const total = page.count ? totalQuery(db, tenantId, scope, filter) : sql`NULL::int`;
  const { rows } = await sql<{ id: string; change_seq: number | string; total: number | null }>`
    SELECT p.id, p.change_seq, ${total} AS total FROM (${pageRows}) p
    ORDER BY p.created_at DESC, p.id DESC`.execute(db);
  const texts = await wireTexts(
    db,
    tenantId,
    'summary',
    rows.map((r) => ({ id: r.id, seq: Number(r.change_seq) })),
    wires,
  );
  const list = rows.flatMap((r) => texts.get(r.id)?.wire ?? []);
  if (!page.count) return { wires: list, total: list.length };
  const first = rows[0];
  if (first) return { wires: list, total: Number(first.total) };
  if (page.offset === 0) return { wires: list, total: 0 };
  const counted = await totalQuery(db, tenantId, scope, filter).executeTakeFirstOrThrow();
  return { wires: list, total: Number(counted.n) };
}
