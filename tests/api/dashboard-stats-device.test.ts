import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { countOrders, finalizeStats, memberStats } from '../../src/shared/domain/dashboard-stats';
import { api, session, setUpStatsApi, stats } from './support/dashboard-stats';
import type { Session } from './support/harness';
import { pullAll } from './support/pull';

/**
 * The server and the device agree: GET /dashboard/stats equals `finalizeStats(countOrders(…))` over
 * the caller's orders as the sync feed sends them, on the 'stats' tenant and on the seeded demo tenant.
 */
setUpStatsApi();

describe('the server and the device agree (finalizeStats(countOrders(…)) on the synced orders)', () => {
  /** The caller's orders as the device gets them (the sync feed from cursor 0). */
  async function deviceOrders(s: Session): Promise<Order[]> {
    const orders = new Map<string, Order>();
    for (const page of await pullAll(api, s)) {
      for (const o of page.orders.upserts) orders.set(o.id, o);
      for (const id of page.orders.removals) orders.delete(id);
    }
    return [...orders.values()];
  }

  async function agree(s: Session) {
    const server = await stats(s);
    const { totals, members } = countOrders(await deviceOrders(s));
    const device = finalizeStats(
      totals,
      server.team.map(({ user_id, full_name, role }) =>
        memberStats({ user_id, full_name, role }, members.get(user_id)),
      ),
    );
    expect(server).toEqual(device);
    return server;
  }

  it('on this tenant, for every role', async () => {
    for (const key of ['adm', 'mgr', 's1', 's2', 'wh', 'dr']) await agree(session(key));
  });

  it('on the seeded demo tenant, for every role', async () => {
    for (const username of ['admin', 'manager', 'sales', 'warehouse', 'driver']) {
      const s = await api.login('demo', username);
      const server = await agree(s);
      if (s.user.role === 'manager' || s.user.role === 'admin') {
        expect(server.team.length).toBeGreaterThan(0);
        // The seed's histories hold decisions: the figures are measured, not null.
        expect(server.order_approval_rate).not.toBeNull();
      }
    }
  });
});
