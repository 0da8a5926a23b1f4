import { z } from 'zod';

/**
 * GET /dashboard/stats → data: DashboardStats, over the orders the
 * CALLER may see (the status machine's orderScope: a salesperson's own orders, the warehouse's
 * statuses, a driver's assigned orders, everything for managers and admins).
 *
 * Every figure is defined ONCE in src/shared/domain/dashboard-stats.ts; the server computes it
 * with SQL aggregates, the device from its local mirror (offline), and a test holds the two to
 * the same numbers. Rates are percentages 0–100 with one decimal, null when nothing was there to
 * measure (no decision yet, no finished delivery); minutes have one decimal.
 */
const rate = z.number().min(0).max(100).nullable();
const minutes = z.number().min(0).nullable();

/** One manager's or admin's record as the deciding hand of orders (the manager dashboard's team tab). */
export const teamMemberStatsSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  role: z.enum(['manager', 'admin']),
  /** Orders this user approved, rejected or cancelled while they awaited approval. */
  decided_orders: z.number().int(),
  approved_orders: z.number().int(),
  /** approved_orders / decided_orders. */
  approval_rate: rate,
  /** Mean minutes from an order's creation to this user's decision. */
  average_response_time: minutes,
  /** Share of their decisions made within the response target. */
  within_target_rate: rate,
});
export type TeamMemberStats = z.infer<typeof teamMemberStatsSchema>;

export const dashboardStatsSchema = z.object({
  total_orders: z.number().int(),
  pending_orders: z.number().int(),
  approved_orders: z.number().int(),
  in_transit_orders: z.number().int(),
  completed_orders: z.number().int(),
  /** In TL (two decimals) as the spec's money fields, and exactly in kuruş. */
  total_revenue: z.number(),
  total_revenue_kurus: z.number().int(),
  team_performance: rate,
  average_response_time: minutes,
  order_approval_rate: rate,
  customer_satisfaction: rate,
  /** The response target team_performance measures against (minutes). */
  response_target_minutes: z.number().int(),
  /** The tenant's managers and admins with their figures (managers and admins only; [] for others). */
  team: z.array(teamMemberStatsSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
