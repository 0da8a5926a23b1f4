import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { down0008, up0008 } from '../../src/server/db/migrations/0008-order-decisions';
import { backfillDecisions } from '../../src/server/orders/order-decisions.service';
import type { Order } from '../../src/shared/api/entities';
import type { OrderStatus } from '../../src/shared/domain/order-status';
import {
  api,
  byId,
  type Envelope,
  ID,
  session,
  setUpStatsApi,
  stats,
  TENANT,
} from './support/dashboard-stats';
import type { Session } from './support/harness';

/**
 * Decisions behind the dashboard's figures: those made through the API (PATCH …/status), those
 * backfillDecisions finds in written histories, and those migration 0008 backfills from the events —
 * the same rule every time.
 */
setUpStatsApi();

describe('decisions made through the API (PATCH /orders/{id}/status)', () => {
  async function create(s: Session): Promise<Order> {
    const r = await api.call<Envelope<Order>>('POST', '/orders', {
      tenant: TENANT,
      token: s.token,
      body: {
        customer_name: 'API Müşterisi',
        items: [{ product_name: 'Kalem', quantity: 2, unit_price: 12.5 }],
      },
    });
    expect(r.status, r.raw).toBe(201);
    return r.body.data;
  }
  async function move(s: Session, id: string, status: OrderStatus) {
    const r = await api.call<Envelope<Order>>('PATCH', `/orders/${id}/status`, {
      tenant: TENANT,
      token: s.token,
      body: { status },
    });
    expect(r.status, r.raw).toBe(200);
  }

  it('a manager’s approval is a decision (recorded once, by them); the salesperson’s own cancel is not', async () => {
    const before = await stats(session('mgr'));
    const approved = await create(session('s1'));
    await move(session('mgr'), approved.id, 'approved');
    // Later moves of the same order are not decisions (only the first counts).
    await move(session('adm'), approved.id, 'cancelled');
    const withdrawn = await create(session('s2'));
    await move(session('s2'), withdrawn.id, 'cancelled');
    const after = await stats(session('mgr'));

    expect(after.total_orders).toBe(before.total_orders + 2);
    expect(after.pending_orders).toBe(before.pending_orders);
    expect(after.total_revenue_kurus).toBe(before.total_revenue_kurus); // both cancelled
    const mgrBefore = byId(before.team).get(ID.mgr as string);
    const mgrAfter = byId(after.team).get(ID.mgr as string);
    expect(mgrAfter?.decided_orders).toBe((mgrBefore?.decided_orders ?? 0) + 1);
    expect(mgrAfter?.approved_orders).toBe((mgrBefore?.approved_orders ?? 0) + 1);
    expect(byId(after.team).get(ID.adm as string)?.decided_orders).toBe(
      byId(before.team).get(ID.adm as string)?.decided_orders,
    );
    // Decided moments after creation: within the target (10 of 11), an approval (9 of 11).
    expect(after.team_performance).toBe(90.9);
    expect(after.order_approval_rate).toBe(81.8);
    const row = await api.db
      .selectFrom('orders')
      .select(['decided_by', 'decision', 'decided_at'])
      .where('tenant_id', '=', TENANT)
      .where('id', 'in', [approved.id, withdrawn.id])
      .execute();
    expect(row).toContainEqual(expect.objectContaining({ decided_by: ID.mgr, decision: 'approved' }));
    expect(row).toContainEqual({ decided_by: null, decision: null, decided_at: null });
  });
});

describe('recording decisions from written histories', () => {
  it('backfillDecisions finds the decisions the status changes recorded (the same rule)', async () => {
    const decisions = () =>
      api.db
        .selectFrom('orders')
        .select(['tenant_id', 'id', 'decided_at', 'decided_by', 'decision'])
        .orderBy('tenant_id')
        .orderBy('id')
        .execute();
    const before = await decisions();
    // The demo tenant's orders were decided by the seed and by this file's PATCH …/status calls.
    expect(before.filter((o) => o.tenant_id === 'demo' && o.decided_at !== null).length).toBeGreaterThan(5);
    await api.db.updateTable('orders').set({ decided_at: null, decided_by: null, decision: null }).execute();
    for (const tenant of [...new Set(before.map((o) => o.tenant_id))]) {
      await backfillDecisions(
        api.db,
        tenant,
        before.filter((o) => o.tenant_id === tenant).map((o) => o.id),
      );
    }
    expect(await decisions()).toEqual(before);
  });
});

describe('migration 0008 backfills the same decisions from the events', () => {
  it('down and up again: every order’s decision columns and the figures are unchanged', async () => {
    const decisions = () =>
      api.db
        .selectFrom('orders')
        .select(['tenant_id', 'id', 'decided_at', 'decided_by', 'decision'])
        .orderBy('tenant_id')
        .orderBy('id')
        .execute();
    const before = await decisions();
    const statsBefore = await stats(session('mgr'));
    expect(before.filter((o) => o.decided_at !== null).length).toBeGreaterThan(10);
    await down0008(api.db as unknown as Kysely<unknown>);
    await up0008(api.db as unknown as Kysely<unknown>);
    expect(await decisions()).toEqual(before);
    expect(await stats(session('mgr'))).toEqual(statsBefore);
  });
});
