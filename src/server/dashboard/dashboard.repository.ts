import { type Kysely, sql, type Transaction } from 'kysely';
import {
  emptyTotals,
  type MemberTotals,
  NOT_REVENUE,
  STATUS_BUCKETS,
  type StatsTotals,
} from '../../shared/domain/dashboard-stats';
import type { OrderScope } from '../../shared/domain/order-status';
import type { Database } from '../db/schema';
import { scopeCondition } from '../orders/orders.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/** order_stats' "no decider" (its key columns are NOT NULL). */
const NIL = '00000000-0000-0000-0000-000000000000';

/** What one row of the aggregate holds (counts are int8: numbers on both drivers, database.ts). */
interface TotalsRow {
  total: number;
  pending: number;
  approved: number;
  in_transit: number;
  completed: number;
  revenue_kurus: number;
  delivered: number;
  returned: number;
  refunded: number;
  decided: number;
  approved_decisions: number;
  response_ms: number;
  within_target: number;
}

const list = (values: readonly string[]) => sql`${[...values]}::text[]`;
const total = (expression: string) => sql.raw(`coalesce(${expression}, 0)::bigint`);

/**
 * The raw counts of the dashboard (dashboard-stats.ts `StatsTotals`, the same counting as
 * `countOrders`) over the tenant's LIVE orders within `scope` — ONE statement over `order_stats`,
 * the counts per (status, salesperson, driver, decider) that a trigger keeps as orders change
 * (migration 0008): a few hundred rows whatever the number of orders, nothing loaded into memory.
 * `scopeCondition` applies to it as to `orders` (it reads only status, salesperson and driver).
 *
 * What the trigger adds per order: total_amount (numeric, so sum × 100 is an exact kuruş integer),
 * and for a decided order its response time in whole milliseconds — decided_at − created_at,
 * each truncated to the ms as the wire's toISOString (what the device counts with), never
 * negative — and whether it is within STATS_TARGET_MS (= RESPONSE_TARGET_MINUTES, unit-tested).
 */
export async function statsTotals(db: Executor, tenantId: string, scope: OrderScope): Promise<StatsTotals> {
  const { rows } = await sql<TotalsRow>`
    SELECT
      ${total('sum(o.n)')} AS total,
      coalesce(sum(o.n) FILTER (WHERE o.status = ANY (${list(STATUS_BUCKETS.pending)})), 0)::bigint AS pending,
      coalesce(sum(o.n) FILTER (WHERE o.status = ANY (${list(STATUS_BUCKETS.approved)})), 0)::bigint AS approved,
      coalesce(sum(o.n) FILTER (WHERE o.status = ANY (${list(STATUS_BUCKETS.inTransit)})), 0)::bigint AS in_transit,
      coalesce(sum(o.n) FILTER (WHERE o.status = ANY (${list(STATUS_BUCKETS.completed)})), 0)::bigint AS completed,
      coalesce(sum(o.total_sum) FILTER (WHERE NOT o.status = ANY (${list(NOT_REVENUE)})) * 100, 0)::bigint AS revenue_kurus,
      coalesce(sum(o.n) FILTER (WHERE o.status = 'delivered'), 0)::bigint AS delivered,
      coalesce(sum(o.n) FILTER (WHERE o.status = 'returned'), 0)::bigint AS returned,
      coalesce(sum(o.n) FILTER (WHERE o.status = 'refunded'), 0)::bigint AS refunded,
      ${total('sum(o.decided)')} AS decided,
      ${total('sum(o.approved)')} AS approved_decisions,
      ${total('sum(o.response_ms)')} AS response_ms,
      ${total('sum(o.within_target)')} AS within_target
    FROM order_stats o
    WHERE o.tenant_id = ${tenantId} AND ${scopeCondition(scope)}`.execute(db);
  const row = rows[0];
  return row ? toTotals(row) : emptyTotals();
}

/** A member of the team with the raw counts of the decisions they made. */
export interface TeamMemberTotals {
  user_id: string;
  full_name: string;
  role: 'manager' | 'admin';
  totals: MemberTotals;
}

/**
 * Every ACTIVE manager and admin of the tenant (by name, then id) with the counts of their
 * decisions over the live orders within `scope` — also those who decided nothing (zeros) — in ONE
 * statement (users left-joined to order_stats grouped by decider). A deactivated user is not a
 * member, though their decisions stay in statsTotals.
 */
export async function teamTotals(
  db: Executor,
  tenantId: string,
  scope: OrderScope,
): Promise<TeamMemberTotals[]> {
  const { rows } = await sql<{
    id: string;
    full_name: string;
    role: 'manager' | 'admin';
    decided: number | null;
    approved: number | null;
    response_ms: number | null;
    within_target: number | null;
  }>`
    SELECT u.id, u.full_name, u.role, d.decided, d.approved, d.response_ms, d.within_target
    FROM users u
    LEFT JOIN (
      SELECT o.decided_by, sum(o.decided)::bigint AS decided, sum(o.approved)::bigint AS approved,
             sum(o.response_ms)::bigint AS response_ms, sum(o.within_target)::bigint AS within_target
      FROM order_stats o
      WHERE o.tenant_id = ${tenantId} AND o.decided_by <> ${NIL}::uuid AND ${scopeCondition(scope)}
      GROUP BY o.decided_by
    ) d ON d.decided_by = u.id
    WHERE u.tenant_id = ${tenantId} AND u.is_active AND u.deleted_at IS NULL
      AND u.role IN ('manager', 'admin')
    ORDER BY u.full_name, u.id`.execute(db);
  return rows.map((r) => ({
    user_id: r.id,
    full_name: r.full_name,
    role: r.role,
    totals: {
      decided: Number(r.decided ?? 0),
      approvedDecisions: Number(r.approved ?? 0),
      responseMs: Number(r.response_ms ?? 0),
      withinTarget: Number(r.within_target ?? 0),
    },
  }));
}

function toTotals(row: TotalsRow): StatsTotals {
  return {
    total: Number(row.total),
    pending: Number(row.pending),
    approved: Number(row.approved),
    inTransit: Number(row.in_transit),
    completed: Number(row.completed),
    revenueKurus: Number(row.revenue_kurus),
    delivered: Number(row.delivered),
    returned: Number(row.returned),
    refunded: Number(row.refunded),
    decided: Number(row.decided),
    approvedDecisions: Number(row.approved_decisions),
    responseMs: Number(row.response_ms),
    withinTarget: Number(row.within_target),
  };
}
