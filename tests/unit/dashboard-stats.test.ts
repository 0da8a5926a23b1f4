import { describe, expect, it } from 'vitest';
import { STATS_TARGET_MS } from '../../src/server/db/migrations/0008-order-decisions';
import {
  countOrders,
  emptyTotals,
  finalizeStats,
  memberStats,
  orderDecision,
  RESPONSE_TARGET_MINUTES,
  responseBar,
  type StatsOrder,
} from '../../src/shared/domain/dashboard-stats';

/**
 * THE definition of the dashboard figures (src/shared/domain/dashboard-stats.ts) on a fixed
 * array: every formula with numbers worked out by hand, the decision rule, null when nothing is
 * measured, rounding to one decimal, and the response bar. The server's SQL is held to the same
 * numbers by tests/api/dashboard-stats-*.test.ts.
 */
const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const MGR = 'manager-1';
const ADM = 'admin-1';
const S1 = 'sales-1';

function order(
  status: string,
  kurus: number,
  moves: [minutes: number, from: string, to: string, by: string | null][] = [],
  salesperson: string | null = S1,
): StatsOrder {
  return {
    status,
    total_amount_kurus: kurus,
    salesperson_id: salesperson,
    created_at: at(0),
    events: [
      {
        event_type: 'created',
        from_status: null,
        to_status: 'pending_approval',
        user_id: S1,
        created_at: at(0),
      },
      ...moves.map(([m, from, to, by]) => ({
        event_type: 'status_changed',
        from_status: from,
        to_status: to,
        user_id: by,
        user_name: by === null ? null : `${by} adı`,
        created_at: at(m),
      })),
    ],
  };
}

// The fixed array. Decisions: #2 MGR approved 10 min, #3 MGR approved 70 min, #4 ADM rejected
// 20 min, #7 ADM cancelled 60 min (the target itself), #9 MGR approved 0.5 min (then cancelled).
const ORDERS: StatsOrder[] = [
  order('pending_approval', 1_000), // 1
  order('approved', 2_550, [[10, 'pending_approval', 'approved', MGR]]), // 2
  order('delivered', 10_001, [
    [70, 'pending_approval', 'approved', MGR],
    [80, 'approved', 'prepared', 'wh'],
    [90, 'prepared', 'in_transit', 'wh'],
    [95, 'in_transit', 'out_for_delivery', 'dr'],
    [99, 'out_for_delivery', 'delivered', 'dr'],
  ]), // 3
  order('rejected', 5_000, [
    [20, 'pending_approval', 'rejected', ADM],
    [30, 'pending_approval', 'approved', MGR], // a second decision: ignored
  ]), // 4
  order('cancelled', 700, [[5, 'pending_approval', 'cancelled', S1]]), // 5: own withdrawal, no decision
  order('returned', 300), // 6
  order('cancelled', 400, [[60, 'pending_approval', 'cancelled', ADM]]), // 7
  order('refunded', 200), // 8
  order('cancelled', 900, [
    [0.5, 'pending_approval', 'approved', MGR],
    [50, 'approved', 'cancelled', ADM], // from approved: not a decision
  ]), // 9
  order('in_transit', 123), // 10
  order('pending', 77), // 11
  order('prepared', 50, [[3, 'pending_approval', 'approved', null]]), // 12: no user, no decision
];

describe('orderDecision', () => {
  it('the first move out of awaiting approval to approved/rejected/cancelled by someone else', () => {
    expect(orderDecision(ORDERS[1] as StatsOrder)).toEqual({
      by: MGR,
      by_name: `${MGR} adı`,
      outcome: 'approved',
      response_ms: 10 * 60_000,
    });
    // the second decision-like move of #4 is ignored
    expect(orderDecision(ORDERS[3] as StatsOrder)).toMatchObject({
      by: ADM,
      outcome: 'rejected',
      response_ms: 20 * 60_000,
    });
    // #9 was approved, then cancelled from approved: the approval is the decision
    expect(orderDecision(ORDERS[8] as StatsOrder)).toMatchObject({
      by: MGR,
      outcome: 'approved',
      response_ms: 30_000,
    });
  });

  it('a salesperson withdrawing their own order, a move without a user, or no move is no decision', () => {
    expect(orderDecision(ORDERS[4] as StatsOrder)).toBeNull();
    expect(orderDecision(ORDERS[11] as StatsOrder)).toBeNull();
    expect(orderDecision(ORDERS[0] as StatsOrder)).toBeNull();
    // …but a manager's cancel of an order awaiting approval is one
    expect(orderDecision(ORDERS[6] as StatsOrder)).toMatchObject({ by: ADM, outcome: 'cancelled' });
  });

  it('an order without a salesperson: any user’s move decides; a decision before creation counts 0', () => {
    const o = order('approved', 1, [[-5, 'pending', 'approved', S1]], null);
    expect(orderDecision(o)).toMatchObject({ by: S1, outcome: 'approved', response_ms: 0 });
  });
});

describe('countOrders + finalizeStats', () => {
  const { totals, members } = countOrders(ORDERS);

  it('counts: buckets by current status, revenue without cancelled/rejected/refunded, decisions', () => {
    expect(totals).toEqual({
      total: 12,
      pending: 2, // 1, 11
      approved: 2, // 2, 12 (prepared)
      inTransit: 1, // 10
      completed: 1, // 3
      // all but 4 (rejected), 5, 7, 9 (cancelled), 8 (refunded): 1000+2550+10001+300+123+77+50
      revenueKurus: 14_101,
      delivered: 1,
      returned: 1,
      refunded: 1,
      decided: 5,
      approvedDecisions: 3, // 2, 3, 9
      responseMs: (10 + 70 + 20 + 60 + 0.5) * 60_000,
      withinTarget: 4, // all but 3 (70 min); 7 at exactly 60 is within
    });
    expect(members.get(MGR)).toEqual({
      name: `${MGR} adı`,
      decided: 3,
      approvedDecisions: 3,
      responseMs: 80.5 * 60_000,
      withinTarget: 2,
    });
    expect(members.get(ADM)).toEqual({
      name: `${ADM} adı`,
      decided: 2,
      approvedDecisions: 0,
      responseMs: 80 * 60_000,
      withinTarget: 2,
    });
    expect(members.has(S1)).toBe(false);
  });

  it('the figures: rates in % and mean minutes with one decimal, money in TL and kuruş', () => {
    const team = [memberStats({ user_id: MGR, full_name: 'Mehmet', role: 'manager' }, members.get(MGR))];
    expect(finalizeStats(totals, team)).toEqual({
      total_orders: 12,
      pending_orders: 2,
      approved_orders: 2,
      in_transit_orders: 1,
      completed_orders: 1,
      total_revenue: 141.01,
      total_revenue_kurus: 14_101,
      team_performance: 80, // 4 / 5
      average_response_time: 32.1, // 160.5 / 5 = 32.1
      order_approval_rate: 60, // 3 / 5
      customer_satisfaction: 33.3, // 1 / (1 + 1 + 1)
      response_target_minutes: RESPONSE_TARGET_MINUTES,
      team: [
        {
          user_id: MGR,
          full_name: 'Mehmet',
          role: 'manager',
          decided_orders: 3,
          approved_orders: 3,
          approval_rate: 100,
          average_response_time: 26.8, // 80.5 / 3 = 26.833…
          within_target_rate: 66.7, // 2 / 3
        },
      ],
    });
  });

  it('the target is a parameter: at 10 minutes only #2 and #9 are within', () => {
    const strict = countOrders(ORDERS, 10);
    expect(strict.totals.withinTarget).toBe(2);
    expect(finalizeStats(strict.totals, [], 10)).toMatchObject({
      team_performance: 40,
      response_target_minutes: 10,
    });
  });

  it('null when there is nothing to measure; zero counts stay numbers', () => {
    expect(finalizeStats(emptyTotals(), [])).toEqual({
      total_orders: 0,
      pending_orders: 0,
      approved_orders: 0,
      in_transit_orders: 0,
      completed_orders: 0,
      total_revenue: 0,
      total_revenue_kurus: 0,
      team_performance: null,
      average_response_time: null,
      order_approval_rate: null,
      customer_satisfaction: null,
      response_target_minutes: 60,
      team: [],
    });
    // orders but no decision and no finished delivery
    const undecided = countOrders([order('pending_approval', 100), order('approved', 100)]);
    expect(finalizeStats(undecided.totals, [])).toMatchObject({
      total_orders: 2,
      team_performance: null,
      average_response_time: null,
      order_approval_rate: null,
      customer_satisfaction: null,
    });
    expect(memberStats({ user_id: 'x', full_name: 'X', role: 'admin' }, undefined)).toEqual({
      user_id: 'x',
      full_name: 'X',
      role: 'admin',
      decided_orders: 0,
      approved_orders: 0,
      approval_rate: null,
      average_response_time: null,
      within_target_rate: null,
    });
    // returned only: satisfaction is measured, and 0
    expect(finalizeStats(countOrders([order('returned', 1)]).totals, []).customer_satisfaction).toBe(0);
  });

  it('rounding: one decimal, half up', () => {
    const t = { ...emptyTotals(), decided: 3, approvedDecisions: 2, withinTarget: 1, responseMs: 100_000 };
    expect(finalizeStats(t, [])).toMatchObject({
      order_approval_rate: 66.7, // 66.666…
      team_performance: 33.3, // 33.333…
      average_response_time: 0.6, // 100000 / 3 / 60000 = 0.555…
    });
    const half = {
      ...emptyTotals(),
      decided: 8,
      approvedDecisions: 1,
      withinTarget: 7,
      responseMs: 4 * 150_000,
    };
    expect(finalizeStats(half, [])).toMatchObject({
      order_approval_rate: 12.5, // exactly
      team_performance: 87.5,
      average_response_time: 1.3, // 1.25 → 1.3
    });
    // 1 of 7: 14.2857… → 14.3; 1 of 9 (revenue cents are not rounded)
    expect(percentOf(1, 7)).toBe(14.3);
    expect(finalizeStats({ ...emptyTotals(), revenueKurus: 1 }, []).total_revenue).toBe(0.01);
  });

  function percentOf(part: number, whole: number) {
    return finalizeStats({ ...emptyTotals(), decided: whole, approvedDecisions: part }, [])
      .order_approval_rate;
  }
});

describe('responseBar', () => {
  it('min(10 × minutes, 100); 0 for nothing measured', () => {
    expect(responseBar(null)).toBe(0);
    expect(responseBar(0)).toBe(0);
    expect(responseBar(-3)).toBe(0);
    expect(responseBar(Number.NaN)).toBe(0);
    expect(responseBar(0.5)).toBe(5);
    expect(responseBar(3.2)).toBe(32);
    expect(responseBar(10)).toBe(100);
    expect(responseBar(37.2)).toBe(100);
  });
});

describe('the server’s maintained counts', () => {
  it('measure against the same response target (a new target needs a new migration)', () => {
    expect(STATS_TARGET_MS).toBe(RESPONSE_TARGET_MINUTES * 60_000);
  });
});
