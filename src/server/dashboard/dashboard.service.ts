import type { Kysely } from 'kysely';
import type { DashboardStats } from '../../shared/api/dashboard';
import { finalizeStats, memberStats, RESPONSE_TARGET_MINUTES } from '../../shared/domain/dashboard-stats';
import { type ActingUser, orderScope } from '../../shared/domain/order-status';
import type { Database } from '../db/schema';
import { statsTotals, teamTotals } from './dashboard.repository';

/**
 * GET /dashboard/stats: the figures of dashboard-stats.ts over the orders the
 * caller may see (orderScope — the same scope as every list). The database counts
 * (statsTotals); `finalizeStats` / `memberStats` alone turn counts into rates and means, as on the
 * device, so the two cannot round differently.
 *
 * The team (manager dashboard): managers and admins only, as they alone see every order and so
 * every decision; it lists every ACTIVE manager and admin of the tenant — also one who decided
 * nothing yet (zeros and null rates) — and not a deactivated one, whose decisions still count in
 * the totals.
 */
export async function dashboardStats(
  db: Kysely<Database>,
  tenantId: string,
  user: ActingUser,
): Promise<DashboardStats> {
  const scope = orderScope(user);
  const withTeam = user.role === 'manager' || user.role === 'admin';
  const totals = await statsTotals(db, tenantId, scope);
  const team = withTeam
    ? (await teamTotals(db, tenantId, scope)).map(({ totals: member, ...who }) => memberStats(who, member))
    : [];
  return finalizeStats(totals, team, RESPONSE_TARGET_MINUTES);
}
