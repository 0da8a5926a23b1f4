import type { DashboardStats, TeamMemberStats } from '../../shared/api/dashboard';
import {
  type CountedOrders,
  finalizeStats,
  type MemberTotals,
  memberStats,
} from '../../shared/domain/dashboard-stats';

/**
 * The pure part of the dashboards' figures: which numbers a screen shows, from the
 * device's own count and the server's last answer. No React, no Dexie: unit-tested on its own
 * (tests/unit/dashboard-stats-rule.test.ts).
 */

/** The server's last GET /dashboard/stats answer as cached in Dexie meta. */
export interface CachedServerStats {
  stats: DashboardStats;
  /** ISO time it was fetched. */
  fetched_at: string;
}

/** A team row as the screens show it; `role` is null for a decider the server never listed. */
export type TeamRow = Omit<TeamMemberStats, 'role'> & { role: TeamMemberStats['role'] | null };

export interface ShownStats {
  stats: Omit<DashboardStats, 'team'>;
  team: TeamRow[];
  /** Where the cards' figures came from (a data attribute for tests; a hint for the user). */
  source: 'local' | 'server';
}

/**
 * The team list: the people come from the server's last answer (the tenant's REAL managers and
 * admins — the device cannot know who has no decision yet), each one's figures recomputed from
 * the local orders with `memberStats`, so they move offline as the manager approves or rejects.
 * Before any server answer, the people who decided orders on this device's mirror are listed
 * (their names as the order history recorded them), role unknown.
 */
export function teamRows(
  serverTeam: readonly TeamMemberStats[] | null | undefined,
  members: ReadonlyMap<string, MemberTotals & { name: string }>,
): TeamRow[] {
  if (serverTeam && serverTeam.length > 0)
    return serverTeam.map((m) =>
      memberStats({ user_id: m.user_id, full_name: m.full_name, role: m.role }, members.get(m.user_id)),
    );
  const rows: TeamRow[] = [];
  for (const [userId, totals] of members) {
    const { role: _role, ...rest } = memberStats(
      { user_id: userId, full_name: totals.name || userId, role: 'manager' },
      totals,
    );
    rows.push({ ...rest, role: null });
  }
  return rows.sort((a, b) => a.full_name.localeCompare(b.full_name, 'tr-TR'));
}

/**
 * THE rule for which figures the cards show (`local`: the device's counts over its mirror, as the
 * store keeps them per group; `complete`: the mirror has reached the end of the feed at least once
 * since it was last emptied):
 *  1. Normally the LOCAL figures (finalizeStats over the local counts, the same definition the
 *     server uses). They follow every local change at once (an approval made offline moves
 *     'awaiting approval' immediately) and need no network.
 *  2. While the mirror is not complete (a first sync under way, or a refill after the mirror was
 *     emptied), the server's last answer if there is one — the team list too, since a half-filled
 *     mirror would show each member's figures too small as well.
 *  3. Otherwise nothing (`undefined`: the cards show '—'): a figure shown is never a half-counted
 *     one, which would then jump back up as the pull goes on.
 * The team list goes with the cards: the server's as it is in case 2, else `teamRows` (local
 * figures over the server's people).
 */
export function chooseStats(
  local: CountedOrders,
  server: CachedServerStats | null | undefined,
  complete: boolean,
): ShownStats | undefined {
  if (!complete) {
    if (!server) return undefined;
    const { team, ...stats } = server.stats;
    return { stats, team, source: 'server' };
  }
  const team = teamRows(server?.stats.team, local.members);
  const { team: _none, ...stats } = finalizeStats(local.totals, []);
  return { stats, team, source: 'local' };
}
