import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/shared/api/entities';
import { ORDER_MESSAGES } from '../../src/shared/api/orders';
import { type Api, type Session, startApi } from './support/harness';

/**
 * Every write names what its user saw, so a queued change is never applied to a
 * state its user did not see — and a replay after the idempotency record is gone is refused or
 * already satisfied, never applied twice.
 */
const TENANT = 'demo';
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
  ]);
});
afterAll(async () => api?.close());

async function orderOf(session: Session, id: string) {
  const r = await api.call<{ data: unknown }>('GET', `/orders/${id}`, {
    tenant: TENANT,
    token: session.token,
  });
  return orderSchema.parse(r.body.data);
}

async function newPendingOrder() {
  const id = randomUUID();
  const r = await api.call('POST', '/orders', {
    tenant: TENANT,
    token: sales.token,
    body: {
      id,
      customer_name: 'Sürüm Testi',
      items: [{ product_name: 'Kalem', quantity: 1, unit_price: 10 }],
    },
  });
  expect(r.status).toBe(201);
  return orderOf(sales, id);
}

async function approvedOrder() {
  const order = await newPendingOrder();
  const r = await api.call('PATCH', `/orders/${order.id}/status`, {
    tenant: TENANT,
    token: manager.token,
    body: { status: 'approved', expected_status: 'pending_approval' },
  });
  expect(r.status).toBe(200);
  return orderOf(manager, order.id);
}

const eventCount = async (id: string) =>
  (await api.db.selectFrom('order_events').select('id').where('order_id', '=', id).execute()).length;

describe('PUT /orders/{id} with expected_version', () => {
  it('two users edit the notes of one order seen at the same version: the second gets 409 with the order as it is', async () => {
    const order = await newPendingOrder();
    const first = await api.call('PUT', `/orders/${order.id}`, {
      tenant: TENANT,
      token: sales.token,
      body: { notes: 'Satışın notu', expected_version: order.version },
    });
    expect(first.status).toBe(200);
    const second = await api.call<{ code: string; error: string; current: unknown }>(
      'PUT',
      `/orders/${order.id}`,
      {
        tenant: TENANT,
        token: manager.token,
        body: { notes: 'Müdürün notu', expected_version: order.version },
      },
    );
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('CONFLICT');
    expect(second.body.error).toBe(ORDER_MESSAGES.versionConflict);
    const current = orderSchema.parse(second.body.current);
    expect(current.notes).toBe('Satışın notu');
    expect(current.version).toBeGreaterThan(order.version);
    // Nothing of the loser was written.
    expect((await orderOf(manager, order.id)).notes).toBe('Satışın notu');
  });

  it('an edit already in place succeeds and writes nothing, even on an old version', async () => {
    const order = await newPendingOrder();
    await api.call('PUT', `/orders/${order.id}`, {
      tenant: TENANT,
      token: sales.token,
      body: { notes: 'Aynı not', expected_version: order.version },
    });
    const after = await orderOf(sales, order.id);
    const events = await eventCount(order.id);
    const same = await api.call<{ data: unknown }>('PUT', `/orders/${order.id}`, {
      tenant: TENANT,
      token: manager.token,
      body: { notes: 'Aynı not', expected_version: order.version },
    });
    expect(same.status).toBe(200);
    expect(orderSchema.parse(same.body.data).version).toBe(after.version);
    expect(await eventCount(order.id)).toBe(events);
  });

  it('the next edit on the version the first answer gave goes through (a user chaining their own edits)', async () => {
    const order = await newPendingOrder();
    const first = await api.call<{ data: unknown }>('PUT', `/orders/${order.id}`, {
      tenant: TENANT,
      token: sales.token,
      body: { notes: 'bir', expected_version: order.version },
    });
    const answer = orderSchema.parse(first.body.data);
    expect(answer.applied_on_version).toBe(order.version);
    const second = await api.call('PUT', `/orders/${order.id}`, {
      tenant: TENANT,
      token: sales.token,
      body: { notes: 'iki', expected_version: answer.version },
    });
    expect(second.status).toBe(200);
    expect((await orderOf(sales, order.id)).notes).toBe('iki');
  });
});

describe('PATCH /orders/{id}/assign-driver with expected_version', () => {
  it('two managers assign different drivers from the same version: the second gets 409, the first driver stays', async () => {
    const order = await approvedOrder();
    const drivers = await api.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('tenant_id', '=', TENANT)
      .where('role', '=', 'driver')
      .orderBy('username')
      .execute();
    const [d1, d2] = drivers;
    if (!d1 || !d2) throw new Error('seed: two drivers expected');
    const first = await api.call('PATCH', `/orders/${order.id}/assign-driver`, {
      tenant: TENANT,
      token: manager.token,
      body: { driver_id: d1.id, expected_version: order.version },
    });
    expect(first.status).toBe(200);
    const second = await api.call<{ code: string; current: unknown }>(
      'PATCH',
      `/orders/${order.id}/assign-driver`,
      {
        tenant: TENANT,
        token: admin.token,
        body: { driver_id: d2.id, expected_version: order.version },
      },
    );
    expect(second.status).toBe(409);
    expect(orderSchema.parse(second.body.current).driver_id).toBe(d1.id);
    expect((await orderOf(admin, order.id)).driver_id).toBe(d1.id);
    // The same assignment again on the old version is already satisfied.
    const again = await api.call('PATCH', `/orders/${order.id}/assign-driver`, {
      tenant: TENANT,
      token: admin.token,
      body: { driver_id: d1.id, expected_version: order.version },
    });
    expect(again.status).toBe(200);
  });
});

describe('replay after the idempotency record expired', () => {
  it('an edit, a status change and a create replayed with a purged key are satisfied or refused, never applied twice', async () => {
    const order = await newPendingOrder();
    const key = randomUUID();
    const edit = { notes: 'Bir kez', expected_version: order.version };
    const r1 = await api.call('PUT', `/orders/${order.id}`, {
      tenant: TENANT,
      token: sales.token,
      body: edit,
      idempotencyKey: key,
    });
    expect(r1.status).toBe(200);
    const statusKey = randomUUID();
    const approve = { status: 'approved', expected_status: 'pending_approval' };
    const r2 = await api.call('PATCH', `/orders/${order.id}/status`, {
      tenant: TENANT,
      token: manager.token,
      body: approve,
      idempotencyKey: statusKey,
    });
    expect(r2.status).toBe(200);
    const events = await eventCount(order.id);
    // The records expire (purged), then the device that lost the answers sends everything again.
    await api.db.deleteFrom('idempotency_keys').execute();
    const replayEdit = await api.call('PUT', `/orders/${order.id}`, {
      tenant: TENANT,
      token: sales.token,
      body: edit,
      idempotencyKey: key,
    });
    // Satisfied (same values) — or refused because the order moved on; never a second edit.
    expect([200, 403, 409]).toContain(replayEdit.status);
    const replayStatus = await api.call('PATCH', `/orders/${order.id}/status`, {
      tenant: TENANT,
      token: manager.token,
      body: approve,
      idempotencyKey: statusKey,
    });
    expect(replayStatus.status).toBe(200); // already approved: satisfied, nothing written
    expect(await eventCount(order.id)).toBe(events);
    const now = await orderOf(manager, order.id);
    expect(now.status).toBe('approved');
    expect(now.notes).toBe('Bir kez');

    const createBody = {
      id: order.id,
      customer_name: 'Sürüm Testi',
      items: [{ product_name: 'Kalem', quantity: 1, unit_price: 10 }],
    };
    const replayCreate = await api.call('POST', '/orders', {
      tenant: TENANT,
      token: sales.token,
      body: createBody,
    });
    expect(replayCreate.status).toBe(200); // the existing order, not a second one
    const count = await api.db.selectFrom('orders').select('id').where('id', '=', order.id).execute();
    expect(count).toHaveLength(1);
  });

  it('keeps idempotency records at least 30 days', async () => {
    const { IDEMPOTENCY_TTL_MS } = await import('../../src/shared/domain/constants');
    expect(IDEMPOTENCY_TTL_MS).toBeGreaterThanOrEqual(30 * 24 * 3600_000);
  });
});

describe('PATCH /notifications/mark-all-read names what the user saw', () => {
  it('leaves a notification that arrived after the device last looked unread', async () => {
    const rows = await api.db
      .selectFrom('notifications')
      .select(['id'])
      .where('tenant_id', '=', TENANT)
      .where('user_id', '=', manager.user.id)
      .where('is_read', '=', false)
      .where('deleted_at', 'is', null)
      .execute();
    expect(rows.length).toBeGreaterThan(1);
    const [unseen, ...seen] = rows;
    if (!unseen) throw new Error('unreachable');
    const r = await api.call<{ data: { updated: number; unread_count: number } }>(
      'PATCH',
      '/notifications/mark-all-read',
      { tenant: TENANT, token: manager.token, body: { ids: seen.map((n) => n.id) } },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.updated).toBe(seen.length);
    expect(r.body.data.unread_count).toBe(1);
    const after = await api.db
      .selectFrom('notifications')
      .select('is_read')
      .where('id', '=', unseen.id)
      .executeTakeFirst();
    expect(after?.is_read).toBe(false);
    // Another user's ids are never marked.
    const foreign = await api.db
      .selectFrom('notifications')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('user_id', '=', sales.user.id)
      .where('is_read', '=', false)
      .executeTakeFirst();
    if (foreign) {
      await api.call('PATCH', '/notifications/mark-all-read', {
        tenant: TENANT,
        token: manager.token,
        body: { ids: [foreign.id] },
      });
      const still = await api.db
        .selectFrom('notifications')
        .select('is_read')
        .where('id', '=', foreign.id)
        .executeTakeFirst();
      expect(still?.is_read).toBe(false);
    }
  });
});
