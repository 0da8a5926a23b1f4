import { describe, expect, it } from 'vitest';
import { chooseStats, teamRows } from '../../src/client/dashboard/dashboard-stats-rule';
import { relativeTimeLabel } from '../../src/client/shared-ui/i18n';
import { useUi } from '../../src/client/state/ui';
import type { DashboardStats } from '../../src/shared/api/dashboard';
import { countOrders, type StatsOrder } from '../../src/shared/domain/dashboard-stats';
import { relativeTime } from '../../src/shared/domain/time';

/** The dashboards' which-figures rule (src/client/dashboard/dashboard-stats-rule.ts) and relative time. */

const T0 = '2026-01-10T10:00:00.000Z';
const plus = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

function order(
  status: string,
  kurus: number,
  decision?: { by: string; name: string; to: string; after: number },
): StatsOrder {
  return {
    status,
    total_amount_kurus: kurus,
    salesperson_id: 'sales-1',
    created_at: T0,
    events: decision
      ? [
          {
            event_type: 'status_changed',
            from_status: 'pending_approval',
            to_status: decision.to,
            user_id: decision.by,
            user_name: decision.name,
            created_at: plus(decision.after),
          },
        ]
      : [],
  };
}

const ORDERS: StatsOrder[] = [
  order('pending_approval', 10_000),
  order('pending_approval', 5_000),
  order('approved', 20_000, { by: 'mgr-1', name: 'Ayşe Müdür', to: 'approved', after: 30 }),
  order('in_transit', 7_500, { by: 'mgr-1', name: 'Ayşe Müdür', to: 'approved', after: 90 }),
  order('cancelled', 99_900, { by: 'adm-1', name: 'Ali Yönetici', to: 'cancelled', after: 10 }),
  order('delivered', 1_000, { by: 'mgr-1', name: 'Ayşe Müdür', to: 'approved', after: 20 }),
];

function serverStats(over: Partial<DashboardStats> = {}): DashboardStats {
  return {
    total_orders: 500,
    pending_orders: 40,
    approved_orders: 100,
    in_transit_orders: 50,
    completed_orders: 300,
    total_revenue: 1234.5,
    total_revenue_kurus: 123_450,
    team_performance: 80,
    average_response_time: 12.5,
    order_approval_rate: 90,
    customer_satisfaction: 95,
    response_target_minutes: 60,
    team: [
      {
        user_id: 'mgr-1',
        full_name: 'Ayşe Müdür',
        role: 'manager',
        decided_orders: 99,
        approved_orders: 99,
        approval_rate: 100,
        average_response_time: 1,
        within_target_rate: 100,
      },
      {
        user_id: 'mgr-2',
        full_name: 'Veli Müdür',
        role: 'manager',
        decided_orders: 5,
        approved_orders: 5,
        approval_rate: 100,
        average_response_time: 3,
        within_target_rate: 100,
      },
    ],
    ...over,
  };
}

describe('chooseStats: which figures the dashboards show', () => {
  it('shows the local figures once the mirror is complete, even with a server answer', () => {
    const shown = chooseStats(countOrders(ORDERS), { stats: serverStats(), fetched_at: T0 }, true);
    expect(shown?.source).toBe('local');
    expect(shown?.stats.total_orders).toBe(6);
    expect(shown?.stats.pending_orders).toBe(2);
    expect(shown?.stats.in_transit_orders).toBe(1);
    // Cancelled orders are no revenue.
    expect(shown?.stats.total_revenue_kurus).toBe(10_000 + 5_000 + 20_000 + 7_500 + 1_000);
    // 4 decisions, 3 approved; within 60 min: 30, 10, 20 → 3 of 4.
    expect(shown?.stats.order_approval_rate).toBe(75);
    expect(shown?.stats.team_performance).toBe(75);
    expect(shown?.stats.average_response_time).toBe(37.5);
  });

  it("shows the server's figures while the mirror is not complete, if it has them", () => {
    const shown = chooseStats(
      countOrders(ORDERS.slice(0, 1)),
      { stats: serverStats(), fetched_at: T0 },
      false,
    );
    expect(shown?.source).toBe('server');
    expect(shown?.stats.total_orders).toBe(500);
    expect(shown?.stats.total_revenue_kurus).toBe(123_450);
    expect(shown?.team.map((m) => m.decided_orders)).toEqual([99, 5]);
  });

  it('shows nothing rather than a half-counted figure: no server answer and an incomplete mirror', () => {
    expect(chooseStats(countOrders(ORDERS.slice(0, 2)), null, false)).toBeUndefined();
    // A complete mirror with no orders is a real zero.
    expect(chooseStats(countOrders([]), null, true)?.stats.total_orders).toBe(0);
  });

  it("lists the server's people with figures recounted from the local orders", () => {
    const shown = chooseStats(countOrders(ORDERS), { stats: serverStats(), fetched_at: T0 }, true);
    expect(shown?.team.map((m) => m.user_id)).toEqual(['mgr-1', 'mgr-2']);
    const ayse = shown?.team[0];
    expect(ayse?.decided_orders).toBe(3); // not the server's 99: the local orders move offline
    expect(ayse?.approval_rate).toBe(100);
    expect(ayse?.average_response_time).toBeCloseTo(46.7, 5);
    expect(ayse?.role).toBe('manager');
    // A listed member with no local decision: zero decided, no rate.
    expect(shown?.team[1]).toMatchObject({
      decided_orders: 0,
      approval_rate: null,
      average_response_time: null,
    });
    // The admin who decided but is not in the server's list is not invented into it.
    expect(shown?.team.some((m) => m.user_id === 'adm-1')).toBe(false);
  });

  it('before any server answer, lists the local deciders by the names their events recorded', () => {
    const rows = teamRows(null, countOrders(ORDERS).members);
    expect(rows.map((r) => [r.full_name, r.role, r.decided_orders])).toEqual([
      ['Ali Yönetici', null, 1],
      ['Ayşe Müdür', null, 3],
    ]);
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it("Turkish: 'Az önce' under a minute and for unparsable input, then minutes, hours under 1440 minutes, days", () => {
    useUi.getState().setLanguage('tr');
    expect(relativeTimeLabel(ago(0), now)).toBe('Az önce');
    expect(relativeTimeLabel(new Date(now - 59_999).toISOString(), now)).toBe('Az önce');
    expect(relativeTimeLabel('not a date', now)).toBe('Az önce');
    expect(relativeTimeLabel(null, now)).toBe('Az önce');
    expect(relativeTimeLabel('', now)).toBe('Az önce');
    expect(relativeTimeLabel(ago(1), now)).toBe('1 dakika önce');
    expect(relativeTimeLabel(ago(59), now)).toBe('59 dakika önce');
    expect(relativeTimeLabel(ago(60), now)).toBe('1 saat önce');
    expect(relativeTimeLabel(ago(1439), now)).toBe('23 saat önce');
    expect(relativeTimeLabel(ago(1440), now)).toBe('1 gün önce');
    expect(relativeTimeLabel(ago(3 * 1440 + 5), now)).toBe('3 gün önce');
    // The label is the shared domain function in Turkish.
    expect(relativeTimeLabel(ago(125), now)).toBe(relativeTime(ago(125), now));
  });

  it('English: the same steps', () => {
    useUi.getState().setLanguage('en');
    try {
      expect(relativeTimeLabel('garbage', now)).toBe('Just now');
      expect(relativeTimeLabel(ago(5), now)).toBe('5 min ago');
      expect(relativeTimeLabel(ago(1439), now)).toBe('23 h ago');
      expect(relativeTimeLabel(ago(1440), now)).toBe('1 d ago');
    } finally {
      useUi.getState().setLanguage('tr');
    }
  });
});
