import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrations';
import { type Api, startApi } from './support/harness';

/**
 * Each order's wire JSON is stored when the order changes (order_wires, migration 0050) and
 * `order_wire` answers it while the order keeps that change number. What a user relies on: the
 * order they are shown is the order as it is — after a change, after a rollback, after someone
 * they work with changed their name — and an upgraded database serves its existing orders the same.
 * (The model-based test checks after every step that each order's stored text is the one built
 * from its rows now.)
 */
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

/** Orders of `tenant` whose stored text is missing, of another number, or not the built one. */
async function staleWires(tenant: string) {
  const { rows } = await sql<{ id: string; why: string }>`
    SELECT o.id, CASE WHEN ow.order_id IS NULL THEN 'missing'
                      WHEN ow.change_seq <> o.change_seq THEN 'other number'
                      ELSE 'other text' END AS why
    FROM orders o
    LEFT JOIN order_wires ow ON ow.tenant_id = o.tenant_id AND ow.order_id = o.id
    WHERE o.tenant_id = ${tenant}
      AND (ow.order_id IS NULL OR ow.change_seq <> o.change_seq
           OR ow.wire <> (SELECT b.wire FROM order_wire_build(${tenant}, ARRAY[o.id]) b))`.execute(api.db);
  return rows;
}

async function storedWire(tenant: string, orderId: string) {
  return api.db
    .selectFrom('order_wires')
    .select(['change_seq', 'wire'])
    .where('tenant_id', '=', tenant)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

describe('stored order texts', () => {
  it('the seeded orders are stored as built, and a change stores the new version', async () => {
    expect(await staleWires('demo')).toEqual([]);
    const manager = await api.login('demo', 'manager');
    const list = await api.call<{ data: { orders: { id: string; status: string }[] } }>('GET', '/orders', {
      tenant: 'demo',
      token: manager.token,
      query: { status: 'pending_approval', limit: 5 },
    });
    const order = list.body.data.orders[0];
    expect(order).toBeDefined();
    const before = await storedWire('demo', order!.id);
    const approved = await api.call('PATCH', `/orders/${order!.id}/status`, {
      tenant: 'demo',
      token: manager.token,
      body: { status: 'approved', expected_status: 'pending_approval' },
    });
    expect(approved.status).toBe(200);
    const after = await storedWire('demo', order!.id);
    expect(Number(after?.change_seq)).toBeGreaterThan(Number(before?.change_seq));
    expect(JSON.parse(after!.wire)).toMatchObject({ status: 'approved', manager_id: manager.user.id });
    // The detail the manager reads is that text.
    const detail = await api.call<{ data: unknown }>('GET', `/orders/${order!.id}`, {
      tenant: 'demo',
      token: manager.token,
    });
    expect(detail.body.data).toEqual(JSON.parse(after!.wire));
    expect(await staleWires('demo')).toEqual([]);
  });

  it('a write that rolls back leaves the stored text as it was', async () => {
    const order = await api.db
      .selectFrom('orders')
      .select(['id', 'change_seq'])
      .where('tenant_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    const before = await storedWire('demo', order.id);
    await expect(
      api.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('orders')
          .set({ notes: 'geri alınacak', change_seq: sql`change_seq + 1000000` })
          .where('tenant_id', '=', 'demo')
          .where('id', '=', order.id)
          .execute();
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await storedWire('demo', order.id)).toEqual(before);
    expect(await staleWires('demo')).toEqual([]);
  });

  it('a change written without a new number (a hand-made fix) still stores what it leaves', async () => {
    const item = await api.db
      .selectFrom('order_items')
      .select(['order_id', 'id'])
      .where('tenant_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    // Two statements, each its own transaction, neither giving the order a new number.
    await api.db
      .updateTable('order_items')
      .set({ product_name: 'Elle düzeltilmiş ürün' })
      .where('tenant_id', '=', 'demo')
      .where('id', '=', item.id)
      .execute();
    await api.db
      .updateTable('orders')
      .set({ notes: 'elle düzeltildi' })
      .where('tenant_id', '=', 'demo')
      .where('id', '=', item.order_id)
      .execute();
    const wire = JSON.parse((await storedWire('demo', item.order_id))!.wire);
    expect(wire.notes).toBe('elle düzeltildi');
    expect(wire.items.map((i: { product_name: string }) => i.product_name)).toContain(
      'Elle düzeltilmiş ürün',
    );
    expect(await staleWires('demo')).toEqual([]);
  });

  it('the sync feed carries each stored text whole, whatever characters it holds', async () => {
    // The feed reads a page's texts as one, separated by ASCII 30, which JSON never holds raw.
    const manager = await api.login('demo', 'manager');
    const orders = await api.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('deleted_at', 'is', null)
      .limit(2)
      .execute();
    const notes = ['ayraç \u001e içinde, "tırnak" ve \\ ters bölü', 'ğüşiöç ĞÜŞİÖÇ 😀 \u2028 satır'];
    for (const [i, order] of orders.entries()) {
      await api.db
        .updateTable('orders')
        .set({ notes: notes[i] ?? null })
        .where('tenant_id', '=', 'demo')
        .where('id', '=', order.id)
        .execute();
    }
    api.app.wireCache.clear();
    const pulled = await api.call<{ data: { orders: { upserts: { id: string; notes: string | null }[] } } }>(
      'GET',
      '/sync/pull',
      { tenant: 'demo', token: manager.token, query: { cursor: 0, limit: 2000 } },
    );
    expect(pulled.status).toBe(200);
    const upserts = pulled.body.data.orders.upserts;
    for (const [i, order] of orders.entries())
      expect(upserts.find((o) => o.id === order.id)?.notes).toBe(notes[i]);
    // Every order of the page came whole (each one parsed on its own as the device does).
    const stored = await staleWires('demo');
    expect(stored).toEqual([]);
  });

  it("a user's new name: the orders naming them are shown with it, then stored with it again", async () => {
    const sales = await api.login('demo', 'sales');
    const manager = await api.login('demo', 'manager');
    const theirs = await api.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('salesperson_id', '=', sales.user.id)
      .where('status', '=', 'pending_approval')
      .where('deleted_at', 'is', null)
      .execute();
    expect(theirs.length).toBeGreaterThan(0);
    const renamed = await api.call('PUT', '/auth/profile', {
      tenant: 'demo',
      token: sales.token,
      body: { full_name: 'Yeni İsim Soyadı' },
    });
    expect(renamed.status).toBe(200);
    // Their stored texts are gone (they would carry the old name)…
    const left = await api.db
      .selectFrom('order_wires')
      .select('order_id')
      .where('tenant_id', '=', 'demo')
      .where(
        'order_id',
        'in',
        theirs.map((o) => o.id),
      )
      .execute();
    expect(left).toEqual([]);
    // …so every read builds the text with the new name,
    const id = theirs[0]!.id;
    const detail = await api.call<{ data: { salesperson_name: string } }>('GET', `/orders/${id}`, {
      tenant: 'demo',
      token: manager.token,
    });
    expect(detail.body.data.salesperson_name).toBe('Yeni İsim Soyadı');
    // …and the order's next change stores it again, with the new name.
    const approved = await api.call('PATCH', `/orders/${id}/status`, {
      tenant: 'demo',
      token: manager.token,
      body: { status: 'approved', expected_status: 'pending_approval' },
    });
    expect(approved.status).toBe(200);
    expect(JSON.parse((await storedWire('demo', id))!.wire).salesperson_name).toBe('Yeni İsim Soyadı');
  });

  it('the migration stores the texts of the orders a database already holds', async () => {
    const migrator = new Migrator({ db: api.db, provider: migrationProvider });
    const down = await migrator.migrateTo('0049-search-fold-replace');
    expect(down.error).toBeUndefined();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const counts = await sql<{ orders: number | string; stored: number | string }>`
      SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_wires) AS stored`.execute(
      api.db,
    );
    expect(Number(counts.rows[0]?.stored)).toBe(Number(counts.rows[0]?.orders));
    expect(Number(counts.rows[0]?.orders)).toBeGreaterThan(0);
    for (const tenant of ['demo', 'default']) expect(await staleWires(tenant)).toEqual([]);
  });
});
