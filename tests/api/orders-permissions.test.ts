import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveChangeSeqs } from '../../src/server/db/change-seq';
import { insertOrders, type NewOrderInput } from '../../src/server/orders/orders.repository';
import { ORDER_MESSAGES } from '../../src/shared/api/orders';
import {
  type ActingUser,
  canSeeOrder,
  checkTransition,
  type ProducedStatus,
  TRANSITIONS,
} from '../../src/shared/domain/order-status';
import { type Api, type Session, startApi } from './support/harness';

/**
 * THE PERMISSION MATRIX of PATCH /orders/{id}/status: every transition of the status machine ×
 * every kind of user (admin, manager, the order's own salesperson, another salesperson, warehouse,
 * the order's assigned driver, another driver), each on a fresh order put in the transition's
 * `from` state. The server must allow exactly what checkTransition allows (200, the status and one
 * event written) and refuse the rest — 404 when the user may not even see the order, else 403 —
 * with nothing written. Plus a token of another tenant: refused, nothing written.
 */
const USERS = ['admin', 'manager', 'sales', 'sales2', 'warehouse', 'driver', 'driver2'] as const;
type Username = (typeof USERS)[number];

let api: Api;
const sessions = {} as Record<Username, Session>;
let foreign: Session;

beforeAll(async () => {
  api = await startApi();
  const logged = await Promise.all(USERS.map((u) => api.login('demo', u)));
  USERS.forEach((u, i) => {
    sessions[u] = logged[i] as Session;
  });
  foreign = await api.login('client1', 'admin');
});
afterAll(async () => api?.close());

const acting = (s: Session): ActingUser => ({ id: s.user.id, role: s.user.role });

/** Orders in `from`, owned by `sales`, assigned to `driver`, inserted in bulk straight into the db. */
async function seedOrders(froms: ProducedStatus[], tag: string): Promise<NewOrderInput[]> {
  const seqs = await api.db.transaction().execute((trx) => reserveChangeSeqs(trx, 'demo', froms.length));
  const now = Date.now();
  const orders: NewOrderInput[] = froms.map((from, i) => ({
    id: randomUUID(),
    order_number: `${tag}-${String(i).padStart(4, '0')}`,
    customer_id: null,
    customer_name: `Matris Müşterisi ${i}`,
    customer_phone: null,
    customer_email: null,
    customer_address: null,
    status: from,
    salesperson_id: sessions.sales.user.id,
    driver_id: sessions.driver.user.id,
    vehicle_plate: '34 MTX 01',
    notes: null,
    created_at: new Date(now - 60_000),
    updated_at: new Date(now - 60_000),
    change_seq: seqs[i] as number,
    items: [
      {
        id: randomUUID(),
        product_id: null,
        product_name: 'Matris ürünü',
        barcode: null,
        quantity: 2,
        scanned_quantity: 0,
        unit_price_kurus: 1050,
      },
    ],
  }));
  await insertOrders(api.db, 'demo', orders);
  return orders;
}

async function stateOf(ids: string[]) {
  const rows = await api.db
    .selectFrom('orders')
    .select(['id', 'status', 'change_seq', 'manager_id', 'warehouse_id'])
    .where('tenant_id', '=', 'demo')
    .where('id', 'in', ids)
    .execute();
  const events = await api.db
    .selectFrom('order_events')
    .select(['order_id', 'event_type', 'from_status', 'to_status', 'user_id'])
    .where('tenant_id', '=', 'demo')
    .where('order_id', 'in', ids)
    .execute();
  return {
    order: new Map(rows.map((r) => [r.id, r])),
    events: (id: string) => events.filter((e) => e.order_id === id),
  };
}

describe('PATCH /orders/{id}/status permission matrix', () => {
  it('allows exactly what the status machine allows, for every role × transition × own/other', async () => {
    const cases = TRANSITIONS.flatMap((t) => USERS.map((username) => ({ t, username })));
    const orders = await seedOrders(
      cases.map((c) => c.t.from),
      'MTX',
    );
    const results: { username: Username; from: string; to: string; status: number; expected: number }[] = [];
    for (const [i, c] of cases.entries()) {
      const order = orders[i] as NewOrderInput;
      const session = sessions[c.username];
      const user = acting(session);
      const allowed = checkTransition(user, order, c.t.to).ok;
      // A delivery is the assigned driver's (or admin's) but only WITH its proof (POST …/deliver):
      // PATCH …/status refuses it to them with 400 naming the field.
      const expected = allowed ? (c.t.requiresProof ? 400 : 200) : canSeeOrder(user, order) ? 403 : 404;
      const r = await api.call<{
        success: boolean;
        data?: { status: string };
        code?: string;
        error?: string;
      }>('PATCH', `/orders/${order.id}/status`, {
        token: session.token,
        body: { status: c.t.to, notes: 'Matris testi', expected_status: c.t.from },
      });
      results.push({ username: c.username, from: c.t.from, to: c.t.to, status: r.status, expected });
      if (expected === 200) expect(r.body.data?.status).toBe(c.t.to);
      if (expected === 403)
        expect(r.body).toMatchObject({ code: 'FORBIDDEN', error: ORDER_MESSAGES.cannotChangeStatus });
      if (expected === 404)
        expect(r.body).toMatchObject({ code: 'NOT_FOUND', error: ORDER_MESSAGES.notFound });
      if (expected === 400) expect(r.body).toMatchObject({ error: ORDER_MESSAGES.proofRequired });
    }
    // One assertion over the whole table, so a failure shows every wrong cell at once.
    expect(results.filter((r) => r.status !== r.expected)).toEqual([]);

    // The database agrees: allowed cells changed (status + exactly one status_changed event by the
    // user), refused cells did not change at all.
    const after = await stateOf(orders.map((o) => o.id));
    for (const [i, c] of cases.entries()) {
      const order = orders[i] as NewOrderInput;
      const row = after.order.get(order.id);
      const events = after.events(order.id);
      if (results[i]?.expected === 200) {
        expect(row?.status).toBe(c.t.to);
        expect(events).toEqual([
          {
            order_id: order.id,
            event_type: 'status_changed',
            from_status: c.t.from,
            to_status: c.t.to,
            user_id: sessions[c.username].user.id,
          },
        ]);
        expect(Number(row?.change_seq)).toBeGreaterThan(order.change_seq);
      } else {
        expect(row?.status).toBe(c.t.from);
        expect(events).toEqual([]);
        expect(Number(row?.change_seq)).toBe(order.change_seq);
      }
    }

    // The matrix is not trivial: admin may make every transition, someone is refused each one,
    // and "own"/"assigned" really matter.
    for (const t of TRANSITIONS) {
      const row = results.filter((r) => r.from === t.from && r.to === t.to);
      expect(row.find((r) => r.username === 'admin')?.status).toBe(t.requiresProof ? 400 : 200);
      expect(row.some((r) => r.status !== 200)).toBe(true);
    }
    const cancelOwn = results.filter((r) => r.from === 'pending_approval' && r.to === 'cancelled');
    expect(cancelOwn.find((r) => r.username === 'sales')?.status).toBe(200);
    expect(cancelOwn.find((r) => r.username === 'sales2')?.status).toBe(404);
    const deliver = results.filter((r) => r.from === 'out_for_delivery' && r.to === 'delivered');
    expect(deliver.find((r) => r.username === 'driver')?.status).toBe(400);
    expect(deliver.find((r) => r.username === 'driver2')?.status).toBe(404);
  });

  it('refuses a token of another tenant (403 TENANT_MISMATCH) and never finds another tenant’s order (404)', async () => {
    const orders = await seedOrders(
      TRANSITIONS.map((t) => t.from),
      'FRN',
    );
    for (const [i, t] of TRANSITIONS.entries()) {
      const order = orders[i] as NewOrderInput;
      // client1's admin, naming tenant demo: the token belongs to another company.
      const mismatch = await api.call('PATCH', `/orders/${order.id}/status`, {
        token: foreign.token,
        body: { status: t.to, notes: 'x' },
      });
      expect(mismatch.status).toBe(403);
      expect(mismatch.body).toMatchObject({ success: false, code: 'TENANT_MISMATCH' });
      // client1's admin in its own tenant: demo's order does not exist there.
      const elsewhere = await api.call('PATCH', `/orders/${order.id}/status`, {
        tenant: 'client1',
        token: foreign.token,
        body: { status: t.to, notes: 'x' },
      });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body).toMatchObject({ code: 'NOT_FOUND', error: ORDER_MESSAGES.notFound });
      // Nor may it read it.
      const read = await api.call('GET', `/orders/${order.id}`, { tenant: 'client1', token: foreign.token });
      expect(read.status).toBe(404);
    }
    const after = await stateOf(orders.map((o) => o.id));
    for (const [i, t] of TRANSITIONS.entries()) {
      const order = orders[i] as NewOrderInput;
      expect(after.order.get(order.id)?.status).toBe(t.from);
      expect(after.events(order.id)).toEqual([]);
    }
  });
});
