import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveChangeSeqs } from '../../src/server/db/change-seq';
import { down0008, up0008 } from '../../src/server/db/migrations/0008-order-decisions';
import { hashPassword } from '../../src/server/lib/password';
import { backfillDecisions } from '../../src/server/orders/order-decisions.service';
import {
  insertOrderEvents,
  insertOrders,
  type NewOrderEventInput,
} from '../../src/server/orders/orders.repository';
import { insertTenant } from '../../src/server/tenants/tenants.repository';
import { insertUsers } from '../../src/server/users/users.repository';
import { type DashboardStats, dashboardStatsSchema } from '../../src/shared/api/dashboard';
import type { Order } from '../../src/shared/api/entities';
import { countOrders, finalizeStats, memberStats } from '../../src/shared/domain/dashboard-stats';
import type { OrderStatus } from '../../src/shared/domain/order-status';
import type { Role } from '../../src/shared/domain/roles';
import { DEMO_PASSWORD } from '../helpers/test-db';
import { type Api, type Session, startApi } from './support/harness';
import { pullAll } from './support/pull';

/**
 * GET /dashboard/stats through HTTP on a tenant of our own ('stats') whose orders, histories and
 * decision times are written here, so every figure below is a number worked out by hand (the
 * working is in the comments) — per role, i.e. per scope. Then decisions made through the API
 * (PATCH …/status), and the agreement of the server's SQL with the device's counting
 * (`finalizeStats(countOrders(…))` over the caller's orders as the sync feed sends them) on this
 * tenant and on the seeded demo tenant.
 */
let api: Api;
const TENANT = 'stats';
const S: Record<string, Session> = {};

type Envelope<T = unknown> = { success: boolean; data: T; code?: string; error?: string };

const USERS: { key: string; role: Role; name: string; active?: boolean }[] = [
  { key: 'adm', role: 'admin', name: 'Ayşe Yönetici' },
  { key: 'mgr', role: 'manager', name: 'Mehmet Müdür' },
  // a manager who decided nothing: in the team with zeros and null rates
  { key: 'mgr2', role: 'manager', name: 'Zeynep Müdür' },
  // a deactivated manager: their decision counts in the totals, they are not in the team
  { key: 'old', role: 'manager', name: 'Eski Müdür', active: false },
  { key: 's1', role: 'salesperson', name: 'Selin Satış' },
  { key: 's2', role: 'salesperson', name: 'Serkan Satış' },
  { key: 'wh', role: 'warehouse', name: 'Deniz Depo' },
  { key: 'dr', role: 'driver', name: 'Cem Sürücü' },
];
const ID: Record<string, string> = Object.fromEntries(USERS.map((u) => [u.key, randomUUID()]));
const NAME: Record<string, string> = Object.fromEntries(USERS.map((u) => [u.key, u.name]));

/** A step of an order's history: minutes after its creation, from → to, by whom (null: the system). */
type Step = [minutes: number, from: OrderStatus, to: OrderStatus, by: string | null];
interface Spec {
  key: string;
  salesperson: string;
  status: OrderStatus;
  kurus: number;
  driver?: string;
  deleted?: boolean;
  steps: Step[];
}

/*
 * The data set. Decisions (first move out of pending/pending_approval to approved/rejected/
 * cancelled by someone other than the salesperson) and their minutes after creation:
 *   B mgr approved 30 · C mgr approved 90 · D adm rejected 10 · F mgr cancelled 60 (the target
 *   itself: within) · G adm approved 47.25 · H old approved 20 · I mgr approved 5 · K adm
 *   approved 15 · L mgr approved 55 · P mgr approved 40 (then cancelled: still an approval).
 * Not decisions: E (s2 cancelled their own), M (the admin approving an order they sold), N (no
 * user), B's second move by adm (only the first counts), J (deleted: left out of everything).
 */
const SPECS: Spec[] = [
  { key: 'A', salesperson: 's1', status: 'pending_approval', kurus: 10_000, steps: [] },
  {
    key: 'B',
    salesperson: 's1',
    status: 'approved',
    kurus: 25_050,
    steps: [
      [30, 'pending_approval', 'approved', 'mgr'],
      [200, 'pending_approval', 'rejected', 'adm'],
    ],
  },
  {
    key: 'C',
    salesperson: 's1',
    status: 'delivered',
    kurus: 9_999,
    driver: 'dr',
    steps: [
      [90, 'pending_approval', 'approved', 'mgr'],
      [120, 'approved', 'prepared', 'wh'],
      [150, 'prepared', 'in_transit', 'wh'],
      [160, 'in_transit', 'out_for_delivery', 'dr'],
      [200, 'out_for_delivery', 'delivered', 'dr'],
    ],
  },
  {
    key: 'D',
    salesperson: 's2',
    status: 'rejected',
    kurus: 50_000,
    steps: [[10, 'pending_approval', 'rejected', 'adm']],
  },
  {
    key: 'E',
    salesperson: 's2',
    status: 'cancelled',
    kurus: 7_000,
    steps: [[5, 'pending_approval', 'cancelled', 's2']],
  },
  {
    key: 'F',
    salesperson: 's2',
    status: 'cancelled',
    kurus: 1_234,
    steps: [[60, 'pending_approval', 'cancelled', 'mgr']],
  },
  {
    key: 'G',
    salesperson: 's1',
    status: 'in_transit',
    kurus: 3_333,
    driver: 'dr',
    steps: [
      [47.25, 'pending_approval', 'approved', 'adm'],
      [100, 'approved', 'prepared', 'wh'],
      [110, 'prepared', 'in_transit', 'wh'],
    ],
  },
  {
    key: 'H',
    salesperson: 's2',
    status: 'returned',
    kurus: 4_000,
    steps: [
      [20, 'pending_approval', 'approved', 'old'],
      [60, 'approved', 'prepared', 'wh'],
      [70, 'prepared', 'in_transit', 'wh'],
      [80, 'in_transit', 'out_for_delivery', 'dr'],
      [90, 'out_for_delivery', 'delivered', 'dr'],
      [900, 'delivered', 'returned', 'mgr'],
    ],
  },
  {
    key: 'I',
    salesperson: 's1',
    status: 'refunded',
    kurus: 1_500,
    steps: [
      [5, 'pending_approval', 'approved', 'mgr'],
      [30, 'approved', 'prepared', 'wh'],
      [40, 'prepared', 'in_transit', 'wh'],
      [50, 'in_transit', 'out_for_delivery', 'dr'],
      [60, 'out_for_delivery', 'delivered', 'dr'],
      [600, 'delivered', 'returned', 'mgr'],
      [700, 'returned', 'refunded', 'mgr'],
    ],
  },
  {
    key: 'J',
    salesperson: 's1',
    status: 'approved',
    kurus: 8_800,
    deleted: true,
    steps: [[1, 'pending_approval', 'approved', 'mgr']],
  },
  {
    key: 'K',
    salesperson: 's1',
    status: 'prepared',
    kurus: 2_000,
    steps: [
      [15, 'pending_approval', 'approved', 'adm'],
      [20, 'approved', 'prepared', 'wh'],
    ],
  },
  {
    key: 'L',
    salesperson: 's2',
    status: 'out_for_delivery',
    kurus: 6_000,
    driver: 'dr',
    steps: [
      [55, 'pending_approval', 'approved', 'mgr'],
      [70, 'approved', 'prepared', 'wh'],
      [80, 'prepared', 'in_transit', 'wh'],
      [90, 'in_transit', 'out_for_delivery', 'dr'],
    ],
  },
  {
    key: 'M',
    salesperson: 'adm',
    status: 'approved',
    kurus: 1_100,
    steps: [[3, 'pending_approval', 'approved', 'adm']],
  },
  {
    key: 'N',
    salesperson: 's2',
    status: 'cancelled',
    kurus: 900,
    steps: [[2, 'pending_approval', 'cancelled', null]],
  },
  { key: 'O', salesperson: 's2', status: 'pending', kurus: 500, steps: [] },
  {
    key: 'P',
    salesperson: 's1',
    status: 'cancelled',
    kurus: 300,
    steps: [
      [40, 'pending_approval', 'approved', 'mgr'],
      [100, 'approved', 'cancelled', 'mgr'],
    ],
  },
];

const T0 = Date.parse('2026-01-05T09:00:00.000Z');
const ORDER_ID: Record<string, string> = Object.fromEntries(SPECS.map((s) => [s.key, randomUUID()]));

async function createTenant(): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await api.db.transaction().execute(async (trx) => {
    await insertTenant(trx, {
      id: TENANT,
      company_name: 'Panel Sayıları A.Ş.',
      subdomain: TENANT,
      subscription_plan: 'basic',
      dns_status: 'active',
    });
    await insertUsers(
      trx,
      TENANT,
      USERS.map((u) => ({
        id: ID[u.key] as string,
        username: u.key,
        password_hash: hash,
        full_name: u.name,
        role: u.role,
        is_active: u.active ?? true,
      })),
    );
  });
}

async function writeOrders(): Promise<void> {
  await api.db.transaction().execute(async (trx) => {
    const seqs = await reserveChangeSeqs(trx, TENANT, SPECS.length);
    await insertOrders(
      trx,
      TENANT,
      SPECS.map((spec, i) => {
        const created = new Date(T0 + i * 3_600_000);
        return {
          id: ORDER_ID[spec.key] as string,
          order_number: `PNL-${spec.key}`,
          customer_id: null,
          customer_name: `Müşteri ${spec.key}`,
          customer_phone: null,
          customer_email: null,
          customer_address: null,
          status: spec.status,
          salesperson_id: ID[spec.salesperson] as string,
          driver_id: spec.driver ? (ID[spec.driver] as string) : null,
          vehicle_plate: null,
          notes: null,
          created_at: created,
          updated_at: created,
          change_seq: seqs[i] as number,
          items: [
            {
              id: randomUUID(),
              product_id: null,
              product_name: 'Ürün',
              barcode: null,
              quantity: 1,
              scanned_quantity: 0,
              unit_price_kurus: spec.kurus,
            },
          ],
        };
      }),
    );
    // One insert per order; their decisions are then recorded from the histories, as the seed does.
    for (const [i, spec] of SPECS.entries()) {
      const created = T0 + i * 3_600_000;
      const order_id = ORDER_ID[spec.key] as string;
      const events: NewOrderEventInput[] = [
        {
          id: randomUUID(),
          order_id,
          event_type: 'created',
          from_status: null,
          to_status: spec.status === 'pending' ? 'pending' : 'pending_approval',
          user_id: ID[spec.salesperson] as string,
          user_name: NAME[spec.salesperson] as string,
          notes: null,
          created_at: new Date(created),
        },
        ...spec.steps.map(([minutes, from, to, by]) => ({
          id: randomUUID(),
          order_id,
          event_type: 'status_changed' as const,
          from_status: from,
          to_status: to,
          user_id: by === null ? null : (ID[by] as string),
          user_name: by === null ? null : (NAME[by] as string),
          notes: null,
          created_at: new Date(created + minutes * 60_000),
        })),
      ];
      await insertOrderEvents(trx, TENANT, events);
    }
    await backfillDecisions(
      trx,
      TENANT,
      SPECS.map((spec) => ORDER_ID[spec.key] as string),
    );
    await trx
      .updateTable('orders')
      .set({ deleted_at: new Date(T0 + 30 * 3_600_000) })
      .where('tenant_id', '=', TENANT)
      .where(
        'id',
        'in',
        SPECS.filter((s) => s.deleted).map((s) => ORDER_ID[s.key] as string),
      )
      .execute();
  });
}

beforeAll(async () => {
  api = await startApi();
  await createTenant();
  await writeOrders();
  for (const u of USERS) if (u.active !== false) S[u.key] = await api.login(TENANT, u.key);
});
afterAll(async () => api?.close());

async function stats(s: Session): Promise<DashboardStats> {
  const r = await api.call<Envelope<DashboardStats>>('GET', '/dashboard/stats', {
    tenant: s.tenant,
    token: s.token,
  });
  expect(r.status, r.raw).toBe(200);
  expect(r.body.success).toBe(true);
  return dashboardStatsSchema.parse(r.body.data);
}

const session = (key: string) => {
  const s = S[key];
  if (!s) throw new Error(`no session ${key}`);
  return s;
};

const byId = (team: DashboardStats['team']) => new Map(team.map((m) => [m.user_id, m]));

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
