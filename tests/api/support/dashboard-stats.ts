import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { reserveChangeSeqs } from '../../../src/server/db/change-seq';
import { hashPassword } from '../../../src/server/lib/password';
import { backfillDecisions } from '../../../src/server/orders/order-decisions.service';
import {
  insertOrderEvents,
  insertOrders,
  type NewOrderEventInput,
} from '../../../src/server/orders/orders.repository';
import { insertTenant } from '../../../src/server/tenants/tenants.repository';
import { insertUsers } from '../../../src/server/users/users.repository';
import { type DashboardStats, dashboardStatsSchema } from '../../../src/shared/api/dashboard';
import type { OrderStatus } from '../../../src/shared/domain/order-status';
import type { Role } from '../../../src/shared/domain/roles';
import { DEMO_PASSWORD } from '../../helpers/test-db';
import { type Api, type Session, startApi } from './harness';

/**
 * Shared setup of the dashboard-stats API tests (dashboard-stats-*.test.ts): a tenant of our own
 * ('stats') whose users, orders, histories and decision times are written here, so every figure a
 * test expects is a number worked out by hand (the working is in the comments of those tests).
 * `setUpStatsApi()` starts a freshly seeded server for the calling test file, writes the tenant and
 * signs its active users in.
 */
export let api: Api;
export const TENANT = 'stats';
export const S: Record<string, Session> = {};

export type Envelope<T = unknown> = { success: boolean; data: T; code?: string; error?: string };

export const USERS: { key: string; role: Role; name: string; active?: boolean }[] = [
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
export const ID: Record<string, string> = Object.fromEntries(USERS.map((u) => [u.key, randomUUID()]));
export const NAME: Record<string, string> = Object.fromEntries(USERS.map((u) => [u.key, u.name]));

/** A step of an order's history: minutes after its creation, from → to, by whom (null: the system). */
export type Step = [minutes: number, from: OrderStatus, to: OrderStatus, by: string | null];
export interface Spec {
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
export const SPECS: Spec[] = [
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

export const T0 = Date.parse('2026-01-05T09:00:00.000Z');
export const ORDER_ID: Record<string, string> = Object.fromEntries(SPECS.map((s) => [s.key, randomUUID()]));

export async function createTenant(): Promise<void> {
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

export async function writeOrders(): Promise<void> {
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

/** A freshly seeded server for the calling test file, the 'stats' tenant written and its active users signed in (closed after the file). */
export function setUpStatsApi(): void {
  beforeAll(async () => {
    api = await startApi();
    await createTenant();
    await writeOrders();
    for (const u of USERS) if (u.active !== false) S[u.key] = await api.login(TENANT, u.key);
  });
  afterAll(async () => api?.close());
}

export async function stats(s: Session): Promise<DashboardStats> {
  const r = await api.call<Envelope<DashboardStats>>('GET', '/dashboard/stats', {
    tenant: s.tenant,
    token: s.token,
  });
  expect(r.status, r.raw).toBe(200);
  expect(r.body.success).toBe(true);
  return dashboardStatsSchema.parse(r.body.data);
}

export const session = (key: string) => {
  const s = S[key];
  if (!s) throw new Error(`no session ${key}`);
  return s;
};

export const byId = (team: DashboardStats['team']) => new Map(team.map((m) => [m.user_id, m]));
