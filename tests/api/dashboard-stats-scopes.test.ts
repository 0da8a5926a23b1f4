import { describe, expect, it } from 'vitest';
import {
  api,
  byId,
  type Envelope,
  ID,
  session,
  setUpStatsApi,
  stats,
  TENANT,
  USERS,
} from './support/dashboard-stats';

/**
 * GET /dashboard/stats through HTTP on the known data set of the 'stats' tenant: every figure per
 * role, i.e. per scope, each worked out by hand; no other tenant's orders; the token rules.
 */
setUpStatsApi();

describe('GET /dashboard/stats on a known data set', () => {
  it('each order’s decision columns as recorded from its history (the decision rule of dashboard-stats.ts)', async () => {
    const rows = await api.db
      .selectFrom('orders')
      .select(['order_number', 'decided_by', 'decision', 'decided_at', 'created_at'])
      .where('tenant_id', '=', TENANT)
      .orderBy('order_number')
      .execute();
    const decided = Object.fromEntries(
      rows.map((r) => [
        r.order_number.slice(4),
        r.decided_at === null
          ? null
          : [
              USERS.find((u) => ID[u.key] === r.decided_by)?.key,
              r.decision,
              (new Date(r.decided_at).getTime() - new Date(r.created_at).getTime()) / 60_000,
            ],
      ]),
    );
    expect(decided).toEqual({
      A: null,
      B: ['mgr', 'approved', 30],
      C: ['mgr', 'approved', 90],
      D: ['adm', 'rejected', 10],
      E: null,
      F: ['mgr', 'cancelled', 60],
      G: ['adm', 'approved', 47.25],
      H: ['old', 'approved', 20],
      I: ['mgr', 'approved', 5],
      J: ['mgr', 'approved', 1],
      K: ['adm', 'approved', 15],
      L: ['mgr', 'approved', 55],
      M: null,
      N: null,
      O: null,
      P: ['mgr', 'approved', 40],
    });
  });

  it('manager and admin: every live order, and the team with each member’s decisions', async () => {
    for (const key of ['mgr', 'adm']) {
      const s = await stats(session(key));
      const { team, ...figures } = s;
      // 15 live orders (J deleted). Buckets: pending A,O · approved B,K,M · in transit G,L ·
      // completed C. Revenue: all but D (rejected), E,F,N,P (cancelled), I (refunded):
      // 10000+25050+9999+3333+4000+2000+6000+1100+500 = 61982 kuruş. Satisfaction: delivered C /
      // (C + returned H + refunded I) = 33.3 %. Decisions: 10, 8 approvals (80 %), minutes
      // 30+90+10+60+47.25+20+5+15+55+40 = 372.25 → mean 37.225 → 37.2; within 60: all but C (90) → 90 %.
      expect(figures).toEqual({
        total_orders: 15,
        pending_orders: 2,
        approved_orders: 3,
        in_transit_orders: 2,
        completed_orders: 1,
        total_revenue: 619.82,
        total_revenue_kurus: 61_982,
        team_performance: 90,
        average_response_time: 37.2,
        order_approval_rate: 80,
        customer_satisfaction: 33.3,
        response_target_minutes: 60,
      });
      // The active managers and admins of the tenant (not the deactivated one, whose approval of
      // H still counts above), also mgr2 who decided nothing.
      expect(new Set(team.map((m) => m.user_id))).toEqual(new Set([ID.adm, ID.mgr, ID.mgr2]));
      const members = byId(team);
      // mgr: B30 C90 F60(cancel) I5 L55 P40 → 6 decisions, 5 approvals (83.3 %), 280/6 = 46.67 min,
      // within 60: all but C → 5/6.
      expect(members.get(ID.mgr as string)).toEqual({
        user_id: ID.mgr,
        full_name: 'Mehmet Müdür',
        role: 'manager',
        decided_orders: 6,
        approved_orders: 5,
        approval_rate: 83.3,
        average_response_time: 46.7,
        within_target_rate: 83.3,
      });
      // adm: D10(reject) G47.25 K15 (not M: they sold it) → 3, 2 approvals, 72.25/3 = 24.08 min, all within.
      expect(members.get(ID.adm as string)).toEqual({
        user_id: ID.adm,
        full_name: 'Ayşe Yönetici',
        role: 'admin',
        decided_orders: 3,
        approved_orders: 2,
        approval_rate: 66.7,
        average_response_time: 24.1,
        within_target_rate: 100,
      });
      expect(members.get(ID.mgr2 as string)).toEqual({
        user_id: ID.mgr2,
        full_name: 'Zeynep Müdür',
        role: 'manager',
        decided_orders: 0,
        approved_orders: 0,
        approval_rate: null,
        average_response_time: null,
        within_target_rate: null,
      });
    }
  });

  it('a salesperson counts only their own orders; no team', async () => {
    // s1: A B C G I K P (J deleted). Revenue A+B+C+G+K = 50382. Satisfaction C / (C + I) = 50 %.
    // Decisions B30 C90 G47.25 I5 K15 P40: 6, all approvals; 227.25/6 = 37.875 → 37.9; within 5/6.
    expect(await stats(session('s1'))).toEqual({
      total_orders: 7,
      pending_orders: 1,
      approved_orders: 2,
      in_transit_orders: 1,
      completed_orders: 1,
      total_revenue: 503.82,
      total_revenue_kurus: 50_382,
      team_performance: 83.3,
      average_response_time: 37.9,
      order_approval_rate: 100,
      customer_satisfaction: 50,
      response_target_minutes: 60,
      team: [],
    });
    // s2: D E F H L N O. Revenue H+L+O = 10500. Satisfaction 0 delivered / 1 returned (H) = 0 %.
    // Decisions D10(reject) F60(cancel) H20 L55 (not E: their own): 4, 2 approvals; 145/4 = 36.25 → 36.3.
    expect(await stats(session('s2'))).toEqual({
      total_orders: 7,
      pending_orders: 1,
      approved_orders: 0,
      in_transit_orders: 1,
      completed_orders: 0,
      total_revenue: 105,
      total_revenue_kurus: 10_500,
      team_performance: 100,
      average_response_time: 36.3,
      order_approval_rate: 50,
      customer_satisfaction: 0,
      response_target_minutes: 60,
      team: [],
    });
  });

  it('the warehouse counts only its statuses; a driver only their orders', async () => {
    // Warehouse (approved, prepared, in_transit, delivered): B C G K M. Revenue 41482. Decisions
    // B30 C90 G47.25 K15: 4 approvals; 182.25/4 = 45.5625 → 45.6; within 3/4.
    expect(await stats(session('wh'))).toEqual({
      total_orders: 5,
      pending_orders: 0,
      approved_orders: 3,
      in_transit_orders: 1,
      completed_orders: 1,
      total_revenue: 414.82,
      total_revenue_kurus: 41_482,
      team_performance: 75,
      average_response_time: 45.6,
      order_approval_rate: 100,
      customer_satisfaction: 100,
      response_target_minutes: 60,
      team: [],
    });
    // Driver dr: C G L. Revenue 19332. Decisions C90 G47.25 L55: 192.25/3 = 64.08 → 64.1; within 2/3.
    expect(await stats(session('dr'))).toEqual({
      total_orders: 3,
      pending_orders: 0,
      approved_orders: 0,
      in_transit_orders: 2,
      completed_orders: 1,
      total_revenue: 193.32,
      total_revenue_kurus: 19_332,
      team_performance: 66.7,
      average_response_time: 64.1,
      order_approval_rate: 100,
      customer_satisfaction: 100,
      response_target_minutes: 60,
      team: [],
    });
  });

  it('no other tenant’s orders: the demo tenant’s figures are its own', async () => {
    const demoManager = await api.login('demo', 'manager');
    const demo = await stats(demoManager);
    const live = await api.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', 'demo')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(demo.total_orders).toBe(Number(live.n));
    expect(demo.team.map((m) => m.user_id)).not.toContain(ID.mgr);
    // …and this tenant's are still the 15 above.
    expect((await stats(session('mgr'))).total_orders).toBe(15);
  });

  it('401 without a token; another tenant’s token is refused (403 TENANT_MISMATCH)', async () => {
    const none = await api.call<Envelope>('GET', '/dashboard/stats', { tenant: TENANT });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const foreign = await api.call<Envelope>('GET', '/dashboard/stats', {
      tenant: 'demo',
      token: session('mgr').token,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, code: 'TENANT_MISMATCH' });
  });
});
