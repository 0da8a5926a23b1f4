import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, countRows, type Session, startApi } from './support/harness';
import { makeGate, testRoutes } from './support/test-routes';

const gates: { current: ReturnType<typeof makeGate> | null } = { current: null };
let api: Api;
let sales: Session;
let manager: Session;
beforeAll(async () => {
  api = await startApi({ routes: [testRoutes(gates)] });
  sales = await api.login('demo', 'sales');
  manager = await api.login('demo', 'manager');
});
afterAll(async () => api?.close());

async function unreadOf(userId: string, tenant = 'demo') {
  const rows = await api.db
    .selectFrom('notifications')
    .select(['id'])
    .where('tenant_id', '=', tenant)
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}
const isRead = async (id: string) =>
  (await api.db.selectFrom('notifications').select('is_read').where('id', '=', id).executeTakeFirstOrThrow())
    .is_read;
const keyRow = (key: string) =>
  api.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();

describe('Idempotency-Key', () => {
  it('replays the first outcome for the same key and applies the mutation once', async () => {
    const key = randomUUID();
    const unreadBefore = (await unreadOf(manager.user.id)).length;
    expect(unreadBefore).toBeGreaterThan(0);
    const first = await api.call('PATCH', '/notifications/mark-all-read', {
      token: manager.token,
      idempotencyKey: key,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { updated: unreadBefore, unread_count: 0 } });
    expect(first.headers['idempotency-replayed']).toBeUndefined();

    // A retry gets the FIRST answer (updated: N), not a fresh run (which would say updated: 0).
    for (let i = 0; i < 3; i++) {
      const retry = await api.call('PATCH', '/notifications/mark-all-read', {
        token: manager.token,
        idempotencyKey: key,
      });
      expect(retry.status).toBe(200);
      expect(retry.raw).toBe(first.raw);
      expect(retry.headers['idempotency-replayed']).toBe('true');
    }
    expect(
      await countRows(api.db, 'audit_logs', {
        tenant_id: 'demo',
        action: 'notification.mark_all_read',
        idempotency_key: key,
      }),
    ).toBe(1);
    expect(await countRows(api.db, 'idempotency_keys', { tenant_id: 'demo', key })).toBe(1);
    // Without a key the route simply runs again.
    const fresh = await api.call('PATCH', '/notifications/mark-all-read', { token: manager.token });
    expect(fresh.body).toEqual({ success: true, data: { updated: 0, unread_count: 0 } });
  });

  it('same key with a different payload → 422 IDEMPOTENCY_KEY_REUSED, nothing applied', async () => {
    const [a, b] = await unreadOf(sales.user.id);
    if (!a || !b) throw new Error('seed: sales needs two unread notifications');
    const key = randomUUID();
    expect(
      (await api.call('PATCH', `/notifications/${a}/read`, { token: sales.token, idempotencyKey: key }))
        .status,
    ).toBe(200);
    const other = await api.call('PATCH', `/notifications/${b}/read`, {
      token: sales.token,
      idempotencyKey: key,
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      success: false,
      error: MESSAGES.idempotencyReused,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await isRead(b)).toBe(false);
    const otherBody = await api.call('POST', '/test/gated', {
      token: sales.token,
      idempotencyKey: key,
      body: { notification_id: a },
    });
    expect(otherBody.status).toBe(422);
  });

  it('keys are per user: the same key from another user is a different request', async () => {
    const key = randomUUID();
    const [mine] = await unreadOf(sales.user.id);
    const warehouse = await api.login('demo', 'warehouse');
    const [theirs] = await unreadOf(warehouse.user.id);
    if (!mine || !theirs) throw new Error('seed: unread notifications needed');
    expect(
      (await api.call('PATCH', `/notifications/${mine}/read`, { token: sales.token, idempotencyKey: key }))
        .status,
    ).toBe(200);
    expect(
      (
        await api.call('PATCH', `/notifications/${theirs}/read`, {
          token: warehouse.token,
          idempotencyKey: key,
        })
      ).status,
    ).toBe(200);
    expect(await isRead(theirs)).toBe(true);
  });

  it('stores 4xx outcomes of the service and replays them', async () => {
    const key = randomUUID();
    const foreign = randomUUID();
    const first = await api.call('DELETE', `/notifications/${foreign}`, {
      token: sales.token,
      idempotencyKey: key,
    });
    expect(first.status).toBe(404);
    const row = await keyRow(key);
    expect(row).toMatchObject({ status_code: 404 });
    const replay = await api.call('DELETE', `/notifications/${foreign}`, {
      token: sales.token,
      idempotencyKey: key,
    });
    expect(replay.status).toBe(404);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotency-replayed']).toBe('true');
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const [id] = await unreadOf(sales.user.id);
    const r = await api.call('PATCH', `/notifications/${id}/read`, {
      token: sales.token,
      headers: { 'idempotency-key': 'x'.repeat(201) },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      field: 'Idempotency-Key',
      error: MESSAGES.invalidIdempotencyKey,
    });
    expect(await isRead(id as string)).toBe(false);
  });

  it('a retry while the first is still running → 409 IDEMPOTENCY_IN_FLIGHT; afterwards the replay', async () => {
    const [id] = await unreadOf(sales.user.id);
    if (!id) throw new Error('unreachable');
    const key = randomUUID();
    const gate = makeGate();
    gates.current = gate;
    try {
      const firstPromise = api.call('POST', '/test/gated', {
        token: sales.token,
        idempotencyKey: key,
        body: { notification_id: id },
      });
      await gate.entered; // the first request is inside its transaction now
      const retry = await api.call('POST', '/test/gated', {
        token: sales.token,
        idempotencyKey: key,
        body: { notification_id: id },
      });
      expect(retry.status).toBe(409);
      expect(retry.body).toEqual({
        success: false,
        error: MESSAGES.idempotencyInFlight,
        code: 'IDEMPOTENCY_IN_FLIGHT',
      });
      gate.open();
      const first = await firstPromise;
      expect(first.status).toBe(200);
      gates.current = null;
      const later = await api.call('POST', '/test/gated', {
        token: sales.token,
        idempotencyKey: key,
        body: { notification_id: id },
      });
      expect(later.status).toBe(200);
      expect(later.raw).toBe(first.raw);
      expect(
        await countRows(api.db, 'audit_logs', {
          tenant_id: 'demo',
          action: 'test.gated',
          idempotency_key: key,
        }),
      ).toBe(1);
    } finally {
      gate.open();
      gates.current = null;
    }
  });
});

describe('idempotency is atomic with the effect', () => {
  it('a service that fails after writing leaves neither the effect, nor the key, nor an audit row; the retry applies once', async () => {
    const [id] = await unreadOf(sales.user.id);
    if (!id) throw new Error('unreachable');
    const key = randomUUID();
    const failed = await api.call('POST', '/test/explode', {
      token: sales.token,
      idempotencyKey: key,
      body: { notification_id: id },
    });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ success: false, error: MESSAGES.internal, code: 'INTERNAL_ERROR' });
    expect(failed.raw).not.toMatch(/boom|stack|at /);
    expect(await isRead(id)).toBe(false);
    expect(await keyRow(key)).toBeUndefined();
    expect(await countRows(api.db, 'audit_logs', { tenant_id: 'demo', idempotency_key: key })).toBe(0);

    // 5xx is not stored: the key is still free; used again it applies exactly once.
    const retry = await api.call('PATCH', `/notifications/${id}/read`, {
      token: sales.token,
      idempotencyKey: key,
    });
    expect(retry.status).toBe(200);
    expect(await isRead(id)).toBe(true);
    expect(await countRows(api.db, 'audit_logs', { tenant_id: 'demo', idempotency_key: key })).toBe(1);
  });
});
