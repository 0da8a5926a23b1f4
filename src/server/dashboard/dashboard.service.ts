import type { Kysely } from 'kysely';
import type { DashboardStats } from '../../shared/api/dashboard';
import { finalizeStats, memberStats, RESPONSE_TARGET_MINUTES } from '../../shared/domain/dashboard-stats';
import { type ActingUser, orderScope } from '../../shared/domain/order-status';
import type { Database } from '../db/schema';
import { listActiveStaff } from '../users/staff.repository';
import { statsTotals } from './dashboard.repository';

/**
 * GET /dashboard/stats (spec §3, issue 10): the figures of dashboard-stats.ts over the orders the
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
  const withTeam = user.role === 'manager' || user.role === 'admin';
  const [{ totals, members }, staff] = await Promise.all([
    statsTotals(db, tenantId, orderScope(user), withTeam),
    withTeam ? listActiveStaff(db, tenantId, ['manager', 'admin']) : Promise.resolve([]),
  ]);
  const team = staff.map((member) =>
    memberStats(
      { user_id: member.id, full_name: member.full_name, role: member.role as 'manager' | 'admin' },
      members.get(member.id),
    ),
  );
  return finalizeStats(totals, team, RESPONSE_TARGET_MINUTES);
}
