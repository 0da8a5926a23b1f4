import { API } from '../../shared/api/endpoints';
import { type LocalDb, META } from '../local/database';
import { getLocalStore } from '../local/store';
import type { OrderTally } from '../local/tallies';

/** What the dashboards read from the local store beyond the orders themselves. */

/**
 * The counts kept per group of orders (local/tallies.ts): what the dashboards' figures are made of,
 * a few hundred rows however many orders are mirrored.
 */
export async function orderTallies(db: LocalDb): Promise<OrderTally[]> {
  return (await db.tallies.where('collection').equals('orders').toArray()) as unknown as OrderTally[];
}

/**
 * Refresh the cached GET /dashboard/stats answer (kept in meta for the team list offline).
 * False when it could not be fetched (offline, or a server without the endpoint): the cache stays.
 */
export const refreshDashboardStats = async () => {
  const store = getLocalStore();
  if (!store) return false;
  return store.engine.refreshReference(API.dashboardStats, META.dashboardStats, (data) => ({
    stats: data,
    fetched_at: new Date().toISOString(),
  }));
};
