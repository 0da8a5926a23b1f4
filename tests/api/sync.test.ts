import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpChangeSeq } from '../../src/server/db/change-seq';
import { ordersWithWire } from '../../src/server/orders/orders.repository';
import { WireCache } from '../../src/server/orders/wire-cache';
import { softDeleteProduct } from '../../src/server/products/products.repository';
import { pullPage } from '../../src/server/sync/sync.service';
import type { Order } from '../../src/shared/api/entities';
import { canSeeOrder } from '../../src/shared/domain/order-status';
import type { Role } from '../../src/shared/domain/roles';
import { type Api, type Session, startApi } from './support/harness';
import { ids, pullAll, pullOnce } from './support/pull';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const TENANT = 'client1';

async function dbOrders(tenant = TENANT) {
  return api.db
    .selectFrom('orders')
    .select(['id', 'status', 'salesperson_id', 'driver_id'])
    .where('tenant_id', '=', tenant)
    .where('deleted_at', 'is', null)
    .execute();
}

/** A server-side change in a writing transaction that bumps the tenant counter (as services do). */
async function changeOrder(
  id: string,
  change: { status?: string; driver_id?: string | null; notes?: string; deleted_at?: Date },
) {
  await api.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('id', '=', id)
      .forUpdate()
      .execute();
    const seq = await bumpChangeSeq(trx, TENANT);
    await trx
      .updateTable('orders')
      .set({ ...change, change_seq: seq, updated_at: new Date() })
      .where('tenant_id', '=', TENANT)
      .where('id', '=', id)
      .execute();
  });
}

describe('GET /sync/pull', () => {
  it.each(['admin', 'manager', 'sales', 'warehouse', 'driver'])(
    'first pull of %s: every row the role may see, no removals',
    async (username) => {
      const s = await api.login(TENANT, username);
      const pages = await pullAll(api, s);
      expect(pages).toHaveLength(1);
      const [page] = pages;
      if (!page) throw new Error('unreachable');
      const expected = (await dbOrders()).filter((o) =>
        canSeeOrder({ id: s.user.id, role: s.user.role as Role }, o),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(page.orders.upserts)).toEqual(ids(expected));
      expect(
        page.orders.upserts.every(
          (o) =>
            o.items.length > 0 &&
            o.total_amount_kurus === o.items.reduce((t, i) => t + i.total_price_kurus, 0),
        ),
      ).toBe(true);
      for (const collection of ['orders', 'notifications', 'products', 'customers'] as const)
        expect(page[collection].removals).toEqual([]);
      const products = await api.db
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', TENANT)
        .execute();
      const customers = await api.db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', TENANT)
        .execute();
      expect(ids(page.products.upserts)).toEqual(ids(products));
      expect(ids(page.customers.upserts)).toEqual(ids(customers));
      const own = await api.db
        .selectFrom('notifications')
        .select('id')
        .where('tenant_id', '=', TENANT)
        .where('user_id', '=', s.user.id)
        .execute();
      expect(ids(page.notifications.upserts)).toEqual(ids(own));
      const counter = await api.db
        .selectFrom('tenant_counters')
        .select('change_seq')
        .where('tenant_id', '=', TENANT)
        .executeTakeFirstOrThrow();
      expect(Number(page.cursor)).toBeLessThanOrEqual(Number(counter.change_seq));
    },
  );

  it('role scoping: salesperson own orders, warehouse approved/prepared/in_transit/delivered, driver assigned', async () => {
    const sales = await api.login(TENANT, 'sales');
    const warehouse = await api.login(TENANT, 'warehouse');
    const driver = await api.login(TENANT, 'driver');
    const [s] = await pullAll(api, sales);
    const [w] = await pullAll(api, warehouse);
    const [d] = await pullAll(api, driver);
    expect(s?.orders.upserts.every((o) => o.salesperson_id === sales.user.id)).toBe(true);
    expect(new Set(w?.orders.upserts.map((o) => o.status))).toEqual(
      new Set(['approved', 'prepared', 'in_transit', 'delivered']),
    );
    expect(d?.orders.upserts.every((o) => o.driver_id === driver.user.id)).toBe(true);
    expect(d?.orders.upserts.length).toBeGreaterThan(0);
    // Notifications: only my own, never another user's (not even as removals).
    const mine = new Set(
      (
        await api.db
          .selectFrom('notifications')
          .select('id')
          .where('tenant_id', '=', TENANT)
          .where('user_id', '=', sales.user.id)
          .execute()
      ).map((n) => n.id),
    );
    expect(s?.notifications.upserts.every((n) => mine.has(n.id))).toBe(true);
  });

  it('pages with has_more: small pages add up to exactly the one-page result, no row twice, cursors rising', async () => {
    const manager = await api.login(TENANT, 'manager');
    const [whole] = await pullAll(api, manager, '0', 2000);
    const pages = await pullAll(api, manager, '0', 7);
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.slice(0, -1).every((p) => p.has_more)).toBe(true);
    expect(pages.at(-1)?.has_more).toBe(false);
    const cursors = pages.map((p) => Number(p.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(cursors).size).toBe(cursors.length);
    for (const collection of ['orders', 'notifications', 'products', 'customers'] as const) {
      const paged = pages.flatMap((p) => p[collection].upserts.map((r) => r.id));
      expect(new Set(paged).size, collection).toBe(paged.length);
      expect(paged.sort(), collection).toEqual(
        ((whole?.[collection].upserts ?? []) as { id: string }[]).map((r) => r.id).sort(),
      );
    }
    for (const p of pages) {
      const n =
        p.orders.upserts.length +
        p.notifications.upserts.length +
        p.products.upserts.length +
        p.customers.upserts.length;
      expect(n).toBeLessThanOrEqual(7);
    }
    expect(pages.at(-1)?.cursor).toBe(whole?.cursor);
  });

  it('an incremental pull returns only what changed since the cursor', async () => {
    const admin = await api.login(TENANT, 'admin');
    const [first] = await pullAll(api, admin);
    const cursor = first?.cursor ?? '0';
    const nothing = await pullOnce(api, admin, cursor);
    expect(nothing).toMatchObject({ cursor, has_more: false, orders: { upserts: [], removals: [] } });
    const [order] = await dbOrders();
    if (!order) throw new Error('unreachable');
    await changeOrder(order.id, { notes: 'Yeni not' });
    const next = await pullOnce(api, admin, cursor);
    expect(next.orders.upserts.map((o) => [o.id, o.notes])).toEqual([[order.id, 'Yeni not']]);
    expect(Number(next.cursor)).toBeGreaterThan(Number(cursor));
  });

  it('a change that takes an order out of view is a removal in the next pull', async () => {
    const warehouse = await api.login(TENANT, 'warehouse');
    const driver = await api.login(TENANT, 'driver');
    const driver2 = await api.login(TENANT, 'driver2');
    const [w0] = await pullAll(api, warehouse);
    const [d0] = await pullAll(api, driver);
    const [e0] = await pullAll(api, driver2);
    const leaving = w0?.orders.upserts.find((o) => o.status === 'approved');
    const reassigned = d0?.orders.upserts[0];
    if (!leaving || !reassigned || !w0 || !d0 || !e0)
      throw new Error('seed: an approved order and a driver order needed');

    await changeOrder(leaving.id, { status: 'pending_approval' }); // warehouse no longer sees it
    await changeOrder(reassigned.id, { driver_id: driver2.user.id }); // moves from driver to driver2

    const w1 = await pullOnce(api, warehouse, w0.cursor);
    expect(w1.orders.removals).toContain(leaving.id);
    expect(w1.orders.upserts.map((o) => o.id)).not.toContain(leaving.id);
    const d1 = await pullOnce(api, driver, d0.cursor);
    expect(d1.orders.removals).toContain(reassigned.id);
    const e1 = await pullOnce(api, driver2, e0.cursor);
    expect(e1.orders.upserts.map((o) => o.id)).toContain(reassigned.id);
    expect(e1.orders.removals).not.toContain(reassigned.id);
  });

  it('deleted rows are removals (notifications through the API, orders and products soft-deleted)', async () => {
    const sales = await api.login(TENANT, 'sales');
    const [p0] = await pullAll(api, sales);
    const note = p0?.notifications.upserts[0];
    const own = p0?.orders.upserts[0];
    if (!p0 || !note || !own) throw new Error('unreachable');
    expect(
      (await api.call('DELETE', `/notifications/${note.id}`, { tenant: TENANT, token: sales.token })).status,
    ).toBe(200);
    await changeOrder(own.id, { deleted_at: new Date() });
    const product = p0.products.upserts[0];
    if (!product) throw new Error('unreachable');
    await api.db.transaction().execute(async (trx) => {
      const seq = await bumpChangeSeq(trx, TENANT);
      expect(await softDeleteProduct(trx, TENANT, product.id, seq, new Date())).toBe(true);
    });
    const p1 = await pullOnce(api, sales, p0.cursor);
    expect(p1.notifications.removals).toEqual([note.id]);
    expect(p1.orders.removals).toEqual([own.id]);
    expect(p1.products.removals).toEqual([product.id]);
    expect(p1.products.upserts).toEqual([]);
    // A first pull leaves removals out (nothing to remove yet) and no longer lists them.
    const [fresh] = await pullAll(api, sales);
    expect(fresh?.notifications.removals).toEqual([]);
    expect(fresh?.notifications.upserts.map((n) => n.id)).not.toContain(note.id);
    expect(fresh?.orders.upserts.map((o) => o.id)).not.toContain(own.id);
    expect(fresh?.products.upserts.map((p) => p.id)).not.toContain(product.id);
  });

  it("names the tenant's sync epoch in every answer: stable, per tenant, new when the history is replaced", async () => {
    const client1 = await api.login('client1', 'sales');
    const demo = await api.login('demo', 'sales');
    const a = await pullOnce(api, client1, '0', 5);
    const b = await pullOnce(api, client1, a.cursor, 5);
    expect(a.epoch).toMatch(/\S{8,}/);
    expect(b.epoch).toBe(a.epoch);
    expect((await pullOnce(api, demo, '0', 5)).epoch).not.toBe(a.epoch);
    // Even an empty answer ("nothing new") carries it.
    const [head] = (await pullAll(api, client1, '0', 2000)).slice(-1);
    expect((await pullOnce(api, client1, head!.cursor)).epoch).toBe(a.epoch);
    await api.db.updateTable('tenants').set({ sync_epoch: 'replaced' }).where('id', '=', 'client1').execute();
    expect((await pullOnce(api, client1, head!.cursor)).epoch).toBe('replaced');
  });

  it('refuses a bad cursor or limit with 400 naming the parameter, and needs a token', async () => {
    const s: Session = await api.login(TENANT, 'sales');
    for (const [query, field] of [
      [{ cursor: '-1' }, 'cursor'],
      [{ cursor: 'abc' }, 'cursor'],
      [{ cursor: '1'.repeat(25) }, 'cursor'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 2001 }, 'limit'],
      [{ limit: 'x' }, 'limit'],
    ] as const) {
      const r = await api.call('GET', '/sync/pull', { tenant: TENANT, token: s.token, query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
    }
    expect((await api.call('GET', '/sync/pull', { tenant: TENANT })).status).toBe(401);
  });
});

/**
 * Removals name only orders the caller could have had (sync.service.ts, orders.repository.ts
 * `seenCondition`): an order that leaves someone's view is removed from their device, but an
 * order they were never allowed to see never shows up in their feed — not even as an id.
 */
describe('GET /sync/pull removals', () => {
  type Envelope = { success: boolean; data: Order };
  const headOf = async (s: Session) => (await pullAll(api, s)).at(-1)?.cursor ?? '0';
  const call = async (s: Session, method: string, path: string, body?: unknown) => {
    const r = await api.call<Envelope>(method, path, { tenant: TENANT, token: s.token, body });
    expect(r.status, `${method} ${path}: ${r.raw}`).toBeLessThan(300);
    return r.body.data;
  };
  const newOrder = (s: Session) =>
    call(s, 'POST', '/orders', {
      customer_name: 'Kaldırma Testi Ltd.',
      items: [{ product_name: 'Test ürünü', quantity: 1, unit_price: 10 }],
    });
  const setStatus = (s: Session, id: string, status: string) =>
    call(s, 'PATCH', `/orders/${id}/status`, { status });

  it("a salesperson never receives another salesperson's order id, whatever happens to it", async () => {
    const [sales, sales2, manager, admin] = await Promise.all([
      api.login(TENANT, 'sales'),
      api.login(TENANT, 'sales2'),
      api.login(TENANT, 'manager'),
      api.login(TENANT, 'admin'),
    ]);
    const [ownCursor, otherCursor] = [await headOf(sales), await headOf(sales2)];
    // Sales' orders: one approved, one cancelled by sales, one deleted by the admin.
    const approved = await newOrder(sales);
    await setStatus(manager, approved.id, 'approved');
    const cancelled = await newOrder(sales);
    await setStatus(sales, cancelled.id, 'cancelled');
    const deleted = await newOrder(sales);
    await call(admin, 'DELETE', `/orders/${deleted.id}`);

    const other = await pullOnce(api, sales2, otherCursor);
    const named = [...other.orders.upserts.map((o) => o.id), ...other.orders.removals];
    for (const id of [approved.id, cancelled.id, deleted.id]) expect(named).not.toContain(id);
    expect(other.orders.removals).toEqual([]);
    // The owner gets every one of them: two upserts and the deletion as a removal.
    const own = await pullOnce(api, sales, ownCursor);
    expect(ids(own.orders.upserts)).toEqual([approved.id, cancelled.id].sort());
    expect(own.orders.removals).toEqual([deleted.id]);
  });

  it('a driver swapped off an order receives its removal, even after a second swap they did not pull in between', async () => {
    const manager = await api.login(TENANT, 'manager');
    const sales = await api.login(TENANT, 'sales');
    const [first, second] = await Promise.all([api.login(TENANT, 'driver'), api.login(TENANT, 'driver2')]);
    // A third active driver of the tenant.
    await api.db
      .insertInto('users')
      .values({
        tenant_id: TENANT,
        id: randomUUID(),
        username: 'driver3',
        password_hash: (
          await api.db
            .selectFrom('users')
            .select('password_hash')
            .where('tenant_id', '=', TENANT)
            .where('id', '=', first.user.id)
            .executeTakeFirstOrThrow()
        ).password_hash,
        full_name: 'Üçüncü Sürücü',
        role: 'driver',
      })
      .execute();
    const third = await api.login(TENANT, 'driver3');

    const order = await newOrder(sales);
    await setStatus(manager, order.id, 'approved');
    const untouched = await newOrder(sales);
    await setStatus(manager, untouched.id, 'approved');
    await call(manager, 'PATCH', `/orders/${order.id}/assign-driver`, { driver_id: first.user.id });
    const [c1, c2, c3] = [await headOf(first), await headOf(second), await headOf(third)];

    await call(manager, 'PATCH', `/orders/${order.id}/assign-driver`, { driver_id: second.user.id });
    await call(manager, 'PATCH', `/orders/${order.id}/assign-driver`, { driver_id: third.user.id });
    await call(manager, 'PATCH', `/orders/${untouched.id}/assign-driver`, { driver_id: third.user.id });

    // The first driver had it and did not pull while it went to the second: still removed.
    const p1 = await pullOnce(api, first, c1);
    expect(p1.orders.removals).toEqual([order.id]);
    expect(p1.orders.upserts).toEqual([]);
    // The second driver had it for a while (a pull then would have brought it): removed too.
    const p2 = await pullOnce(api, second, c2);
    expect(p2.orders.removals).toEqual([order.id]);
    // The third driver has both; an order never assigned to the first two is in no feed of theirs.
    const p3 = await pullOnce(api, third, c3);
    expect(ids(p3.orders.upserts)).toEqual([order.id, untouched.id].sort());
    expect(p3.orders.removals).toEqual([]);
  });

  it('the warehouse is told to remove an order that left its statuses, never one it could not have seen', async () => {
    const [sales, manager, warehouse] = await Promise.all([
      api.login(TENANT, 'sales'),
      api.login(TENANT, 'manager'),
      api.login(TENANT, 'warehouse'),
    ]);
    const cursor = await headOf(warehouse);
    const seen = await newOrder(sales);
    await setStatus(manager, seen.id, 'approved'); // in the warehouse's statuses …
    await setStatus(manager, seen.id, 'cancelled'); // … and out again
    const never = await newOrder(sales);
    await setStatus(manager, never.id, 'rejected'); // pending → rejected: never the warehouse's
    const page = await pullOnce(api, warehouse, cursor);
    expect(page.orders.upserts).toEqual([]);
    expect(page.orders.removals).toEqual([seen.id]);
  });
});

describe('GET /sync/pull built from the wire cache', () => {
  async function manager() {
    const row = await api.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('tenant_id', '=', TENANT)
      .where('username', '=', 'manager')
      .executeTakeFirstOrThrow();
    return { id: row.id, role: row.role as Role };
  }

  it("an order's JSON loaded after it changed is refused as not the page's version (the pull then rebuilds in one snapshot)", async () => {
    const [order] = await dbOrders();
    if (!order) throw new Error('no order');
    const before = await api.db
      .selectFrom('orders')
      .select('change_seq')
      .where('tenant_id', '=', TENANT)
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    await changeOrder(order.id, { notes: 'değişti' });
    const listed = [{ id: order.id, seq: Number(before.change_seq), visible: true, seen: true, wire: null }];
    expect(await ordersWithWire(api.db, TENANT, listed, new WireCache())).toBe(false);
    expect(listed[0]?.wire).toBeNull();
  });

  it('pages stay exact while orders change during cold-cache pulls: no upsert newer than its page, each order once', async () => {
    const acting = await manager();
    const orders = await dbOrders();
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 200; i++) {
        const target = orders[i % orders.length];
        if (target) await changeOrder(target.id, { notes: `not ${i}` });
      }
    })();
    try {
      for (let round = 0; round < 15; round++) {
        const epoch = 'e';
        const { body } = await pullPage(api.db, TENANT, epoch, acting, '0', 40, new WireCache());
        const page = JSON.parse(body.toString('utf8')).data as {
          cursor: string;
          orders: { upserts: { id: string; version: number }[] };
        };
        const seen = new Set<string>();
        for (const upsert of page.orders.upserts) {
          expect(upsert.version).toBeLessThanOrEqual(Number(page.cursor));
          expect(seen.has(upsert.id)).toBe(false);
          seen.add(upsert.id);
        }
      }
    } finally {
      writing = false;
      await writer;
    }
  });
});
