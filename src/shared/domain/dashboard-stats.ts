import type { DashboardStats, TeamMemberStats } from '../api/dashboard';
import { kurusToTl } from './money';
import type { OrderStatus } from './order-status';

/**
 * THE definition of the dashboard figures (GET /dashboard/stats and the offline dashboards). Two
 * implementations count with it — the server with SQL aggregates over the caller's orders
 * (GET /dashboard/stats), the device with a loop over its local mirror (offline dashboards) —
 * and both hand their raw counts (`StatsTotals`) to `finalizeStats`, which alone turns them into
 * rates, means and rounding. So the two can only disagree on counting, which a test checks on
 * one data set (tests/api/dashboard-stats-*.test.ts).
 *
 * The figures, over the orders the caller may see (orderScope), deleted ones left out:
 * - total_orders: every order.
 * - pending_orders / approved_orders / in_transit_orders / completed_orders: orders whose CURRENT
 *   status is in STATUS_BUCKETS' list (approved = approved and not yet shipped; in transit = on
 *   the way; completed = delivered).
 * - total_revenue: the sum of total_amount over orders NOT cancelled, rejected or refunded
 *   (kuruş, exact; TL for the spec's field).
 * - a DECISION is an order's first move out of awaiting approval (pending, pending_approval) to
 *   approved, rejected or cancelled, made by someone other than its salesperson — the manager's
 *   (or admin's) answer; a salesperson withdrawing their own order is not one. Its response time
 *   is the time from the order's creation to that move.
 * - average_response_time: mean response time of the decided orders, in minutes.
 * - order_approval_rate: decisions that approved / all decisions, %.
 * - team_performance: decisions made within the response target / all decisions, % (target:
 *   RESPONSE_TARGET_MINUTES, 60 minutes by default).
 * - customer_satisfaction: delivered / (delivered + returned + refunded), %.
 * Rates and means are null when there is nothing to measure; they have one decimal.
 */
export const RESPONSE_TARGET_MINUTES = 60;

export const STATUS_BUCKETS = {
  pending: ['pending', 'pending_approval'],
  approved: ['approved', 'assigned', 'preparing', 'prepared', 'ready_for_shipping'],
  inTransit: ['in_transit', 'shipped', 'ready_for_delivery', 'out_for_delivery'],
  completed: ['delivered'],
} as const satisfies Record<string, readonly OrderStatus[]>;

/** Orders whose total does not count as revenue. */
export const NOT_REVENUE: readonly OrderStatus[] = ['cancelled', 'rejected', 'refunded'];

/** A decision starts from one of these… */
export const AWAITING_DECISION: readonly OrderStatus[] = ['pending', 'pending_approval'];
/** …and ends in one of these. */
export const DECISION_OUTCOMES = [
  'approved',
  'rejected',
  'cancelled',
] as const satisfies readonly OrderStatus[];
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/** A status move as the decision rule reads it: an order event, or the one a status change is about to write. */
export interface StatusMove {
  event_type: string;
  from_status: string | null;
  to_status: string;
  user_id: string | null;
}

/**
 * THE decision rule, for one move: is it an answer to an order awaiting approval (from
 * AWAITING_DECISION to DECISION_OUTCOMES) made by someone other than the order's salesperson?
 * Only an order's FIRST such move is its decision: `firstDecidingMove` picks it from a history,
 * and the status change records it when the order has none yet. Everything that counts or stores
 * decisions — the device's figures, the status change, the back-fill of written histories — asks
 * this function, so they cannot disagree.
 */
export function isDecidingMove(
  move: StatusMove,
  salespersonId: string | null,
): move is StatusMove & { user_id: string; to_status: DecisionOutcome } {
  return (
    move.event_type === 'status_changed' &&
    move.user_id !== null &&
    (AWAITING_DECISION as readonly string[]).includes(move.from_status ?? '') &&
    (DECISION_OUTCOMES as readonly string[]).includes(move.to_status) &&
    move.user_id !== salespersonId
  );
}

/** The first deciding move of a history in wire order (created_at, then id), or undefined. */
export function firstDecidingMove<M extends StatusMove>(
  events: Iterable<M>,
  salespersonId: string | null,
): (M & { user_id: string; to_status: DecisionOutcome }) | undefined {
  for (const event of events) if (isDecidingMove(event, salespersonId)) return event;
  return undefined;
}

/** What the figures read of an order (the wire Order has all of it, events included). */
export interface StatsOrder {
  status: string;
  total_amount_kurus: number;
  /** null when the order has none (the wire Order allows it): then every deciding move counts. */
  salesperson_id: string | null;
  created_at: string;
  events: readonly {
    event_type: string;
    from_status: string | null;
    to_status: string;
    user_id: string | null;
    user_name?: string | null;
    created_at: string;
  }[];
}

export interface Decision {
  /** Who decided (user id) and their name as the event recorded it. */
  by: string;
  by_name: string;
  outcome: DecisionOutcome;
  /** Milliseconds from the order's creation to the decision (never negative). */
  response_ms: number;
}

/** The order's decision (see above), or null when none was made. */
export function orderDecision(order: StatsOrder): Decision | null {
  const event = firstDecidingMove(order.events, order.salesperson_id);
  if (!event) return null;
  const created = Date.parse(order.created_at);
  const at = Date.parse(event.created_at);
  return {
    by: event.user_id,
    by_name: event.user_name ?? '',
    outcome: event.to_status,
    response_ms: Number.isFinite(at - created) ? Math.max(0, at - created) : 0,
  };
}

/** The raw counts both implementations produce. */
export interface StatsTotals {
  total: number;
  pending: number;
  approved: number;
  inTransit: number;
  completed: number;
  revenueKurus: number;
  delivered: number;
  returned: number;
  refunded: number;
  decided: number;
  approvedDecisions: number;
  /** Sum of the decided orders' response times, milliseconds. */
  responseMs: number;
  /** Decisions within the response target. */
  withinTarget: number;
}

/** The raw counts of one team member (decisions they made). */
export interface MemberTotals {
  decided: number;
  approvedDecisions: number;
  responseMs: number;
  withinTarget: number;
}

export function emptyTotals(): StatsTotals {
  return {
    total: 0,
    pending: 0,
    approved: 0,
    inTransit: 0,
    completed: 0,
    revenueKurus: 0,
    delivered: 0,
    returned: 0,
    refunded: 0,
    decided: 0,
    approvedDecisions: 0,
    responseMs: 0,
    withinTarget: 0,
  };
}

const inList = (list: readonly string[], value: string) => list.includes(value);

/**
 * What the figures need to know of one order, and nothing more: orders with equal dimensions count
 * the same way, so the figures over many orders are the same whether each order is counted or
 * orders are first grouped by these dimensions (a count and two sums per group). The device keeps
 * such groups up to date as its mirror changes (src/client/local/tallies.ts), so a dashboard
 * reads a few hundred groups instead of every order. The salesperson and the driver are not
 * needed by the figures today; they are dimensions so that per-person figures can be read from
 * the same groups.
 */
export type OrderStatsDims = {
  status: string;
  salesperson_id: string | null;
  driver_id: string | null;
  /** The decision (orderDecision): who made it, their name as recorded, its outcome; null: none. */
  decided_by: string | null;
  decided_by_name: string;
  outcome: Decision['outcome'] | null;
  /** 1 when the decision came within RESPONSE_TARGET_MINUTES. */
  within_target: 0 | 1;
};

/** What an order adds to its group besides 1 to the count. */
export type OrderStatsSums = {
  amount_kurus: number;
  response_ms: number;
};

/** An order's dimensions and sums (a missing or broken amount counts as 0, as nothing). */
export function orderStatsBucket(
  order: StatsOrder & { driver_id?: string | null },
  targetMinutes = RESPONSE_TARGET_MINUTES,
): { dims: OrderStatsDims; sums: OrderStatsSums } {
  const decision = orderDecision(order);
  const amount = order.total_amount_kurus;
  return {
    dims: {
      status: order.status,
      salesperson_id: order.salesperson_id ?? null,
      driver_id: order.driver_id ?? null,
      decided_by: decision?.by ?? null,
      decided_by_name: decision?.by_name ?? '',
      outcome: decision?.outcome ?? null,
      within_target: decision && decision.response_ms <= targetMinutes * 60_000 ? 1 : 0,
    },
    sums: {
      amount_kurus: Number.isFinite(amount) ? amount : 0,
      response_ms: decision?.response_ms ?? 0,
    },
  };
}

/** The raw counts and each decider's counts, as both device implementations hand them on. */
export interface CountedOrders {
  totals: StatsTotals;
  members: Map<string, MemberTotals & { name: string }>;
}

/**
 * THE counting rule: adds `count` orders of one group (dimensions `dims`, sums `sums` over those
 * orders) to the raw counts. Counting order by order is this with count 1.
 */
export function addToCounts(
  into: CountedOrders,
  dims: OrderStatsDims,
  count: number,
  sums: OrderStatsSums,
): void {
  const { totals, members } = into;
  totals.total += count;
  const s = dims.status;
  if (inList(STATUS_BUCKETS.pending, s)) totals.pending += count;
  else if (inList(STATUS_BUCKETS.approved, s)) totals.approved += count;
  else if (inList(STATUS_BUCKETS.inTransit, s)) totals.inTransit += count;
  else if (inList(STATUS_BUCKETS.completed, s)) totals.completed += count;
  if (!inList(NOT_REVENUE, s)) totals.revenueKurus += sums.amount_kurus;
  if (s === 'delivered') totals.delivered += count;
  else if (s === 'returned') totals.returned += count;
  else if (s === 'refunded') totals.refunded += count;
  if (dims.decided_by === null) return;
  const within = dims.within_target === 1 ? count : 0;
  const approved = dims.outcome === 'approved' ? count : 0;
  totals.decided += count;
  totals.approvedDecisions += approved;
  totals.responseMs += sums.response_ms;
  totals.withinTarget += within;
  let member = members.get(dims.decided_by);
  if (!member) {
    member = { name: dims.decided_by_name, decided: 0, approvedDecisions: 0, responseMs: 0, withinTarget: 0 };
    members.set(dims.decided_by, member);
  }
  member.decided += count;
  member.approvedDecisions += approved;
  member.responseMs += sums.response_ms;
  member.withinTarget += within;
}

/**
 * The device's implementation: the raw counts over `orders` (the caller's visible, live orders),
 * and each decider's counts by user id. The dashboards read the same from the groups the local
 * store keeps (countGroups); this one counts order by order (tests, and the server's agreement
 * check).
 */
export function countOrders(
  orders: Iterable<StatsOrder>,
  targetMinutes = RESPONSE_TARGET_MINUTES,
): CountedOrders {
  const counted: CountedOrders = { totals: emptyTotals(), members: new Map() };
  for (const order of orders) {
    const { dims, sums } = orderStatsBucket(order, targetMinutes);
    addToCounts(counted, dims, 1, sums);
  }
  return counted;
}

/** The raw counts over groups of orders (each with its order count and sums). */
export function countGroups(
  groups: Iterable<{ dims: OrderStatsDims; count: number; sums: OrderStatsSums }>,
): CountedOrders {
  const counted: CountedOrders = { totals: emptyTotals(), members: new Map() };
  for (const group of groups) addToCounts(counted, group.dims, group.count, group.sums);
  return counted;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? oneDecimal((part * 100) / whole) : null);
const meanMinutes = (ms: number, count: number) => (count > 0 ? oneDecimal(ms / count / 60_000) : null);

export function memberStats(
  member: { user_id: string; full_name: string; role: 'manager' | 'admin' },
  totals: MemberTotals | undefined,
): TeamMemberStats {
  const t = totals ?? { decided: 0, approvedDecisions: 0, responseMs: 0, withinTarget: 0 };
  return {
    ...member,
    decided_orders: t.decided,
    approved_orders: t.approvedDecisions,
    approval_rate: percent(t.approvedDecisions, t.decided),
    average_response_time: meanMinutes(t.responseMs, t.decided),
    within_target_rate: percent(t.withinTarget, t.decided),
  };
}

/** THE one place raw counts become the figures (both implementations end here). */
export function finalizeStats(
  totals: StatsTotals,
  team: TeamMemberStats[],
  targetMinutes = RESPONSE_TARGET_MINUTES,
): DashboardStats {
  return {
    total_orders: totals.total,
    pending_orders: totals.pending,
    approved_orders: totals.approved,
    in_transit_orders: totals.inTransit,
    completed_orders: totals.completed,
    total_revenue: kurusToTl(totals.revenueKurus),
    total_revenue_kurus: totals.revenueKurus,
    team_performance: percent(totals.withinTarget, totals.decided),
    average_response_time: meanMinutes(totals.responseMs, totals.decided),
    order_approval_rate: percent(totals.approvedDecisions, totals.decided),
    customer_satisfaction: percent(totals.delivered, totals.delivered + totals.returned + totals.refunded),
    response_target_minutes: targetMinutes,
    team,
  };
}

/** The response-time bar's length, min(10 × minutes, 100). */
export function responseBar(minutes: number | null): number {
  if (minutes === null || !Number.isFinite(minutes) || minutes <= 0) return 0;
  return Math.min(10 * minutes, 100);
}
