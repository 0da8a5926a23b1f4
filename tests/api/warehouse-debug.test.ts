import { describe, expect, it } from 'vitest';
import { DEBUG_MESSAGES } from '../../src/shared/api/warehouse';
import { startApi } from './support/harness';
import {
  admin,
  api,
  type Envelope,
  manager,
  sales,
  setUpWarehouseApi,
  stateOf,
  warehouse,
} from './support/warehouse';

/**
 * The demo-mode debug calls through HTTP (acting as their caller), and 404 without demo mode or
 * without demo data.
 */
setUpWarehouseApi();

describe('debug calls (demo mode)', () => {
  it('GET /debug/all-orders: the caller, the tenant and the orders they may see', async () => {
    const r = await api.call<
      Envelope<{ user: { role: string }; tenantId: string; orders: { status: string }[] }>
    >('GET', '/debug/all-orders', { token: warehouse.token });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.user).toEqual({
      id: warehouse.user.id,
      role: 'warehouse',
      full_name: warehouse.user.full_name,
    });
    expect(r.body.data.tenantId).toBe('demo');
    expect(r.body.data.orders.length).toBeGreaterThan(0);
    const statuses = new Set(r.body.data.orders.map((o) => o.status));
    expect([...statuses].every((s) => ['approved', 'prepared', 'in_transit', 'delivered'].includes(s))).toBe(
      true,
    );
    expect((await api.call('GET', '/debug/all-orders', { token: sales.token })).status).toBe(403);
  });

  /** Everything a debug call could write in the demo tenant: row counts and the change counter. */
  const written = async () => {
    const out: Record<string, number> = {};
    for (const table of ['orders', 'order_items', 'order_events', 'notifications', 'audit_logs'] as const) {
      const row = await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', 'demo')
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    const counter = await api.db
      .selectFrom('tenant_counters')
      .select(['change_seq', 'order_seq'])
      .where('tenant_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    return { ...out, change_seq: Number(counter.change_seq), order_seq: Number(counter.order_seq) };
  };

  it('a debug call acts as its caller: refused (403, Turkish) for a role that may not do its work, nothing written', async () => {
    const before = await written();
    const approve = await api.call<Envelope>('POST', '/debug/approve-first-order', {
      token: warehouse.token,
      idempotencyKey: 'debug-refused-approve',
    });
    expect(approve.status, approve.raw).toBe(403);
    expect(approve.body).toEqual({ success: false, code: 'FORBIDDEN', error: DEBUG_MESSAGES.cannotApprove });
    for (const s of [warehouse, manager]) {
      const create = await api.call<Envelope>('POST', '/debug/create-test-orders', { token: s.token });
      expect(create.status, create.raw).toBe(403);
      expect(create.body).toEqual({ success: false, code: 'FORBIDDEN', error: DEBUG_MESSAGES.cannotCreate });
    }
    expect(await written()).toEqual(before);
  });

  it('POST /debug/approve-first-order: the caller approves the oldest pending order, through the status service', async () => {
    const oldest = await api.db
      .selectFrom('orders')
      .select(['id'])
      .where('tenant_id', '=', 'demo')
      .where('status', '=', 'pending_approval')
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await stateOf(oldest.id);
    const r = await api.call<Envelope<{ success: boolean; message: string; order_numbers: string[] }>>(
      'POST',
      '/debug/approve-first-order',
      { token: manager.token },
    );
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.success).toBe(true);
    const after = await stateOf(oldest.id);
    expect(after.status).toBe('approved');
    expect(after.events.length).toBe(before.events.length + 1);
    expect(after.changeSeq).toBeGreaterThan(before.changeSeq);
    // In the caller's own name: the event, the handler stamp and the decision are the manager's.
    const row = await api.db
      .selectFrom('orders')
      .select(['order_number', 'manager_id', 'decided_by'])
      .where('tenant_id', '=', 'demo')
      .where('id', '=', oldest.id)
      .executeTakeFirstOrThrow();
    expect(row.manager_id).toBe(manager.user.id);
    expect(r.body.data.order_numbers).toEqual([row.order_number]);
    const event = await api.db
      .selectFrom('order_events')
      .select(['user_id'])
      .where('tenant_id', '=', 'demo')
      .where('order_id', '=', oldest.id)
      .where('to_status', '=', 'approved')
      .executeTakeFirstOrThrow();
    expect(event.user_id).toBe(manager.user.id);
  });

  it('POST /debug/create-test-orders creates a few pending orders of barcoded products', async () => {
    const count = async () =>
      Number(
        (
          await api.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', 'demo')
            .where('salesperson_id', '=', admin.user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const r = await api.call<Envelope<{ success: boolean; message: string }>>(
      'POST',
      '/debug/create-test-orders',
      {
        token: admin.token,
      },
    );
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.success).toBe(true);
    expect(await count()).toBe(before + 3);
    expect((r.body.data as unknown as { order_numbers: string[] }).order_numbers).toHaveLength(3);
    const lines = await api.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', (j) =>
        j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'),
      )
      .select(['i.barcode', 'o.status'])
      .where('o.tenant_id', '=', 'demo')
      .where('o.salesperson_id', '=', admin.user.id)
      .where('o.notes', '=', 'Demo: test siparişi')
      .execute();
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.every((l) => l.barcode !== null && l.status === 'pending_approval')).toBe(true);
  });

  it('demo mode needs a database seeded with demo data: without it the debug paths are 404 and GET /health says demo false', async () => {
    await api.db.updateTable('tenants').set({ demo_data: false }).execute();
    const real = await startApi({ database: api.database });
    try {
      expect(real.config.demoMode).toBe(true); // the configuration allows it…
      const token = (await real.login('demo', 'admin')).token;
      const r = await real.call('POST', '/debug/approve-first-order', { token });
      expect(r.status).toBe(404); // …the database has no demo data
      const health = await real.call<Envelope<{ demo: boolean }>>('GET', '/health', { tenant: null });
      expect(health.body.data.demo).toBe(false);
    } finally {
      await real.close();
      await api.db
        .updateTable('tenants')
        .set({ demo_data: true })
        .where('id', 'in', ['default', 'demo', 'client1'])
        .execute();
    }
  });

  it('without demo mode the three debug paths are 404', async () => {
    const plain = await startApi({ config: { demoMode: false }, database: api.database });
    try {
      const token = (await plain.login('demo', 'admin')).token;
      for (const [method, path] of [
        ['GET', '/debug/all-orders'],
        ['POST', '/debug/approve-first-order'],
        ['POST', '/debug/create-test-orders'],
      ] as const) {
        const r = await plain.call(method, path, { token });
        expect({ path, status: r.status }).toEqual({ path, status: 404 });
      }
      // the rest of the warehouse API is there
      expect((await plain.call('POST', '/warehouse/scan-barcode', { token, body: {} })).status).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
