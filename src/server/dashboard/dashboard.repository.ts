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

/** What one row of the aggregate holds (counts are int8: numbers on both drivers, database.ts). */
interface TotalsRow {
  overall: number;
  decided_by: string | null;
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

/**
 * The raw counts of the dashboard (dashboard-stats.ts `StatsTotals`, the same counting as
 * `countOrders`) over the tenant's LIVE orders within `scope` — ONE statement, nothing loaded
 * into memory. Every column it reads is in `orders_live_scope_idx` (keys + INCLUDE, migration
 * 0008), so it is an index-only scan of the caller's slice. With `byDecider` the same scan also
 * groups the decisions by who made them (GROUPING SETS: the whole and per `decided_by`).
 *
 * Money: total_amount is numeric(12,2), so sum × 100 is an exact integer (kuruş) before the cast.
 * Times: a response time is decided_at − created_at in whole milliseconds, each truncated to the
 * millisecond first — the wire's timestamps (toISOString, migration 0004) that the device counts
 * with — and never negative (`orderDecision`).
 */
export async function statsTotals(
  db: Executor,
  tenantId: string,
  scope: OrderScope,
  targetMinutes: number,
  byDecider: boolean,
): Promise<{ totals: StatsTotals; members: Map<string, MemberTotals> }> {
  const grouping = byDecider
    ? sql`GROUPING(o.decided_by) AS overall, o.decided_by, `
    : sql`1 AS overall, NULL::uuid AS decided_by, `;
  const groupBy = byDecider ? sql`GROUP BY GROUPING SETS ((), (o.decided_by))` : sql``;
  const { rows } = await sql<TotalsRow>`
    SELECT ${grouping}
      count(*) AS total,
      count(*) FILTER (WHERE o.status = ANY (${list(STATUS_BUCKETS.pending)})) AS pending,
      count(*) FILTER (WHERE o.status = ANY (${list(STATUS_BUCKETS.approved)})) AS approved,
      count(*) FILTER (WHERE o.status = ANY (${list(STATUS_BUCKETS.inTransit)})) AS in_transit,
      count(*) FILTER (WHERE o.status = ANY (${list(STATUS_BUCKETS.completed)})) AS completed,
      coalesce((sum(o.total_amount) FILTER (WHERE NOT o.status = ANY (${list(NOT_REVENUE)})) * 100)::bigint, 0)
        AS revenue_kurus,
      count(*) FILTER (WHERE o.status = 'delivered') AS delivered,
      count(*) FILTER (WHERE o.status = 'returned') AS returned,
      count(*) FILTER (WHERE o.status = 'refunded') AS refunded,
      count(o.decided_at) AS decided,
      count(*) FILTER (WHERE o.decision = 'approved') AS approved_decisions,
      coalesce(sum(o.ms), 0)::bigint AS response_ms,
      count(*) FILTER (WHERE o.ms <= ${targetMinutes * 60_000}) AS within_target
    FROM (
      SELECT o.status, o.total_amount, o.decided_by, o.decided_at, o.decision,
             -- (greatest ignores NULLs: an undecided order's time stays NULL only through CASE)
             CASE WHEN o.decided_at IS NOT NULL THEN greatest(0, floor(extract(epoch FROM o.decided_at) * 1000)
                         - floor(extract(epoch FROM o.created_at) * 1000)) END AS ms
      FROM orders o
      WHERE o.tenant_id = ${tenantId} AND o.deleted_at IS NULL AND ${scopeCondition(scope)}
    ) o
    ${groupBy}`.execute(db);
  let totals = emptyTotals();
  const members = new Map<string, MemberTotals>();
  for (const row of rows) {
    const t = toTotals(row);
    if (Number(row.overall) === 1) totals = t;
    else if (row.decided_by !== null && t.decided > 0)
      members.set(row.decided_by, {
        decided: t.decided,
        approvedDecisions: t.approvedDecisions,
        responseMs: t.responseMs,
        withinTarget: t.withinTarget,
      });
  }
  return { totals, members };
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
