import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { reserveChangeSeqs } from '../../../src/server/db/change-seq';
import { insertOrders, type NewOrderInput } from '../../../src/server/orders/orders.repository';
import { readTenantCounters } from '../../../src/server/tenants/tenants.repository';
import type { orderSchema } from '../../../src/shared/api/entities';
import type { ActingUser, ProducedStatus } from '../../../src/shared/domain/order-status';
import { type Api, type Session, startApi } from './harness';

/**
 * Shared setup of the orders API tests (orders-*.test.ts): the demo tenant's signed-in users, a
 * valid order body, orders written straight into the database in a given state, and the row counts,
 * events and notifications a test compares before and after a call. `useOrdersApi()` starts a freshly
 * seeded server for the calling test file and signs the users in.
 */
export let api: Api;
export let admin: Session;
export let manager: Session;
export let sales: Session;
export let sales2: Session;
export let warehouse: Session;
export let driver: Session;
export let driver2: Session;
export let foreign: Session;

/** A freshly seeded server for the calling test file, and its users signed in (closed after the file). */
export function setUpOrdersApi(): void {
  beforeAll(async () => {
    api = await startApi();
    [admin, manager, sales, sales2, warehouse, driver, driver2, foreign] = await Promise.all([
      api.login('demo', 'admin'),
      api.login('demo', 'manager'),
      api.login('demo', 'sales'),
      api.login('demo', 'sales2'),
      api.login('demo', 'warehouse'),
      api.login('demo', 'driver'),
      api.login('demo', 'driver2'),
      api.login('client1', 'manager'),
    ]);
  });
  afterAll(async () => api?.close());
}

export type Envelope<T = unknown> = {
  success: boolean;
  data: T;
  code?: string;
  error?: string;
  field?: string;
};
export type Order = ReturnType<typeof orderSchema.parse>;

export const acting = (s: Session): ActingUser => ({ id: s.user.id, role: s.user.role });

export function newOrderBody(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Deneme Ticaret A.Ş.',
    customer_phone: '+90 555 111 22 33',
    customer_address: 'Atatürk Cad. No:1, Kadıköy / İstanbul',
    customer_email: 'deneme@example.com.tr',
    items: [
      { product_name: 'Kalem', quantity: 3, unit_price: 12.5 },
      { product_name: 'Defter', quantity: 2, unit_price: 45.99 },
    ],
    notes: 'Test siparişi',
    ...overrides,
  };
}

export async function createOrder(s: Session, body: Record<string, unknown> = newOrderBody(), key?: string) {
  return api.call<Envelope<Order>>('POST', '/orders', {
    tenant: s.tenant,
    token: s.token,
    body,
    idempotencyKey: key,
  });
}

/** Orders put straight into the db in a given state (owned by sales, optionally with a driver). */
export async function seedOrders(
  specs: {
    status: ProducedStatus;
    driver?: Session | null;
    /** A driver by id (one made by the test, not signed in). */
    driverId?: string;
    salesperson?: Session;
    plate?: string | null;
  }[],
): Promise<NewOrderInput[]> {
  const seqs = await api.db.transaction().execute((trx) => reserveChangeSeqs(trx, 'demo', specs.length));
  const now = Date.now();
  const orders: NewOrderInput[] = specs.map((spec, i) => ({
    id: randomUUID(),
    order_number: `TST-${randomUUID().slice(0, 8)}`,
    customer_id: null,
    customer_name: `Test Müşterisi ${i}`,
    customer_phone: null,
    customer_email: null,
    customer_address: null,
    status: spec.status,
    salesperson_id: (spec.salesperson ?? sales).user.id,
    driver_id: spec.driverId ?? (spec.driver ? spec.driver.user.id : null),
    vehicle_plate: spec.plate ?? null,
    notes: null,
    created_at: new Date(now - 3_600_000),
    updated_at: new Date(now - 3_600_000),
    change_seq: seqs[i] as number,
    items: [
      {
        id: randomUUID(),
        product_id: null,
        product_name: 'Test ürünü',
        barcode: null,
        quantity: 1,
        scanned_quantity: 0,
        unit_price_kurus: 1000,
      },
    ],
  }));
  await insertOrders(api.db, 'demo', orders);
  return orders;
}

export async function seedOne(spec: Parameters<typeof seedOrders>[0][number]): Promise<NewOrderInput> {
  const [order] = await seedOrders([spec]);
  return order as NewOrderInput;
}

export async function count(
  table: 'orders' | 'order_items' | 'order_events' | 'notifications' | 'audit_logs',
) {
  const row = await api.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', 'demo')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function counts() {
  return {
    orders: await count('orders'),
    items: await count('order_items'),
    events: await count('order_events'),
    notifications: await count('notifications'),
    audit: await count('audit_logs'),
    change_seq: (await readTenantCounters(api.db, 'demo')).change_seq,
    order_seq: (await readTenantCounters(api.db, 'demo')).order_seq,
  };
}

export async function eventsOf(orderId: string) {
  return api.db
    .selectFrom('order_events')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

export async function notificationsOf(orderId: string) {
  return api.db
    .selectFrom('notifications')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('related_order_id', '=', orderId)
    .execute();
}

export async function orderRow(orderId: string) {
  return api.db
    .selectFrom('orders')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function activeIdsOf(role: 'warehouse' | 'driver'): Promise<string[]> {
  const rows = await api.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', 'demo')
    .where('role', '=', role)
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => r.id).sort();
}

export async function activeManagerIds(): Promise<string[]> {
  const rows = await api.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', 'demo')
    .where('role', 'in', ['manager', 'admin'])
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => r.id).sort();
}

/** The live orders a query should return, in the list's order (newest first, then id desc). */
export async function expectedList(
  where: (q: ReturnType<typeof baseOrders>) => ReturnType<typeof baseOrders>,
) {
  const rows = await where(baseOrders()).select(['id', 'created_at']).execute();
  return rows
    .sort(
      (a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .map((r) => r.id);
}
export function baseOrders() {
  return api.db.selectFrom('orders').where('tenant_id', '=', 'demo').where('deleted_at', 'is', null);
}

// ------------------------------------------------------------------------------ reads ---
