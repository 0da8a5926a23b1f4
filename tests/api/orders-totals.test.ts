import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { orderListResponse } from '../../src/shared/api/orders';
import { type ActingUser, canSeeOrder } from '../../src/shared/domain/order-status';
import type { Role } from '../../src/shared/domain/roles';
import { type Api, type Session, startApi } from './support/harness';

/**
 * The pagination total of GET /orders comes from `order_counts`, which triggers keep (migration
 * 0004), not from counting the orders. These tests hold it to a real count after every kind of
 * write — through the API, and by hand in SQL — for every role and filter.
 */
let api: Api;
let sessions: Record<string, Session>;
const TENANT = 'demo';
const USERS = ['admin', 'manager', 'sales', 'sales2', 'warehouse', 'driver', 'driver2'] as const;

beforeAll(async () => {
  api = await startApi();
  const logged = await Promise.all(USERS.map((u) => api.login(TENANT, u)));
  sessions = Object.fromEntries(USERS.map((u, i) => [u, logged[i] as Session]));
});
afterAll(async () => api?.close());

const session = (name: (typeof USERS)[number]) => sessions[name] as Session;
const acting = (s: Session): ActingUser => ({ id: s.user.id, role: s.user.role as Role });

async function apiTotal(s: Session, query: Record<string, string> = {}): Promise<number> {
  const r = await api.call<{ data: unknown }>('GET', '/orders', {
    tenant: TENANT,
    token: s.token,
    query: { limit: '1', ...query },
  });
  expect(r.status).toBe(200);
  return orderListResponse.parse(r.body.data).pagination.total;
}

/** What every role's list totals must be, counted from the orders themselves. */
async function expectTotalsMatchTheOrders() {
  const live = await api.db
    .selectFrom('orders')
    .select(['id', 'status', 'salesperson_id', 'driver_id'])
    .where('tenant_id', '=', TENANT)
    .where('deleted_at', 'is', null)
    .execute();
  const sales = session('sales');
  for (const name of USERS) {
    const s = session(name);
    const visible = live.filter((o) => canSeeOrder(acting(s), o));
    expect(await apiTotal(s), name).toBe(visible.length);
    for (const status of ['pending_approval', 'approved', 'cancelled']) {
      expect(await apiTotal(s, { status }), `${name} ${status}`).toBe(
        visible.filter((o) => o.status === status).length,
      );
    }
    expect(await apiTotal(s, { salesperson_id: sales.user.id }), `${name} salesperson`).toBe(
      visible.filter((o) => o.salesperson_id === sales.user.id).length,
    );
  }
  // And the kept groups equal a recount, row for row.
  const recount = await sql<{ key: string; n: number }>`
    SELECT concat_ws('/', status, salesperson_id, driver_id) AS key, count(*)::int AS n FROM orders
    WHERE tenant_id = ${TENANT} AND deleted_at IS NULL GROUP BY 1 ORDER BY 1`.execute(api.db);
  const kept = await sql<{ key: string; n: number }>`
    SELECT concat_ws('/', status,
             nullif(salesperson_id, '00000000-0000-0000-0000-000000000000'),
             nullif(driver_id, '00000000-0000-0000-0000-000000000000')) AS key, n
    FROM order_counts WHERE tenant_id = ${TENANT} AND n <> 0 ORDER BY 1`.execute(api.db);
  expect(kept.rows).toEqual(recount.rows);
}

async function write(s: Session, method: string, path: string, body?: unknown): Promise<Order> {
  const r = await api.call<{ data: Order }>(method, path, { tenant: TENANT, token: s.token, body });
  expect(r.status, `${method} ${path}: ${r.raw}`).toBeLessThan(300);
  return r.body.data;
}

describe('GET /orders pagination totals', () => {
  it('match a real count for every role and filter, after every kind of change', async () => {
    await expectTotalsMatchTheOrders();
    const [sales, manager, admin] = [session('sales'), session('manager'), session('admin')];
    const body = {
      customer_name: 'Sayım Testi A.Ş.',
      items: [{ product_name: 'Test ürünü', quantity: 2, unit_price: 5 }],
    };
    const a = await write(sales, 'POST', '/orders', body);
    const b = await write(sales, 'POST', '/orders', body);
    const c = await write(session('sales2'), 'POST', '/orders', body);
    await expectTotalsMatchTheOrders();

    await write(manager, 'PATCH', `/orders/${a.id}/status`, { status: 'approved' });
    await write(manager, 'PATCH', `/orders/${a.id}/assign-driver`, { driver_id: session('driver').user.id });
    await write(manager, 'PATCH', `/orders/${a.id}/assign-driver`, { driver_id: session('driver2').user.id });
    await write(sales, 'PATCH', `/orders/${b.id}/status`, { status: 'cancelled' });
    await write(admin, 'DELETE', `/orders/${c.id}`);
    await expectTotalsMatchTheOrders();

    // Writers that bypass the services keep it right too (the triggers see every row change).
    await api.db
      .updateTable('orders')
      .set({ status: 'approved' })
      .where('tenant_id', '=', TENANT)
      .where('id', '=', b.id)
      .execute();
    await api.db
      .updateTable('orders')
      .set({ deleted_at: null })
      .where('tenant_id', '=', TENANT)
      .where('id', '=', c.id)
      .execute();
    await api.db.deleteFrom('orders').where('tenant_id', '=', TENANT).where('id', '=', a.id).execute();
    await expectTotalsMatchTheOrders();
  });

  it('a page past the end still names the total', async () => {
    const manager = session('manager');
    const total = await apiTotal(manager);
    const r = await api.call<{ data: unknown }>('GET', '/orders', {
      tenant: TENANT,
      token: manager.token,
      query: { page: 10_000, limit: 10 },
    });
    const data = orderListResponse.parse(r.body.data);
    expect(data.orders).toEqual([]);
    expect(data.pagination).toEqual({ page: 10_000, limit: 10, total, pages: Math.ceil(total / 10) });
  });
});
