import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTenantCounters } from '../../src/server/tenants/tenants.repository';
import { MESSAGES } from '../../src/shared/api/errors';
import { notificationListResponse, notificationSchema } from '../../src/shared/api/notifications';
import { type Api, countRows, type Session, startApi } from './support/harness';

let api: Api;
let manager: Session;
let sales: Session;
beforeAll(async () => {
  api = await startApi();
  manager = await api.login('demo', 'manager');
  sales = await api.login('demo', 'sales');
});
afterAll(async () => api?.close());

function ownRows(userId: string) {
  return api.db
    .selectFrom('notifications')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

describe('GET /notifications', () => {
  it('lists only my notifications, newest first, with unread_count and pagination', async () => {
    const rows = await ownRows(manager.user.id);
    expect(rows.length).toBeGreaterThan(10);
    const r = await api.call<{ success: true; data: unknown }>('GET', '/notifications', {
      token: manager.token,
      query: { page: 1, limit: 50 },
    });
    expect(r.status).toBe(200);
    const data = notificationListResponse.parse(r.body.data);
    expect(data.notifications.map((n) => n.id)).toEqual(rows.slice(0, 50).map((n) => n.id));
    expect(data.unread_count).toBe(rows.filter((n) => !n.is_read).length);
    expect(data.unread_count).toBeGreaterThan(0);
    expect(data.pagination).toEqual({
      page: 1,
      limit: 50,
      total: rows.length,
      pages: Math.ceil(rows.length / 50),
    });
    const related = data.notifications.find((n) => n.type === 'order_created');
    expect(related?.related_order).toMatchObject({
      id: expect.any(String),
      order_number: expect.stringMatching(/^ORD-\d{6}$/),
    });

    const page2 = await api.call<{ data: { notifications: { id: string }[]; pagination: unknown } }>(
      'GET',
      '/notifications',
      {
        token: manager.token,
        query: { page: 2, limit: 5 },
      },
    );
    expect(page2.body.data.notifications.map((n) => n.id)).toEqual(rows.slice(5, 10).map((n) => n.id));
    expect(page2.body.data.pagination).toEqual({
      page: 2,
      limit: 5,
      total: rows.length,
      pages: Math.ceil(rows.length / 5),
    });

    const unread = await api.call<{ data: { notifications: { is_read: boolean }[] } }>(
      'GET',
      '/notifications',
      {
        token: manager.token,
        query: { unread: 'true', limit: 100 },
      },
    );
    expect(unread.body.data.notifications.every((n) => !n.is_read)).toBe(true);
  });

  it('defaults to page 1, limit 50 and refuses bad paging with a 400 naming the parameter', async () => {
    const r = await api.call<{ data: { pagination: { page: number; limit: number } } }>(
      'GET',
      '/notifications',
      { token: sales.token },
    );
    expect(r.body.data.pagination).toMatchObject({ page: 1, limit: 50 });
    for (const [query, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 'abc' }, 'limit'],
      [{ page: 0 }, 'page'],
      [{ page: '1.5' }, 'page'],
    ] as const) {
      const bad = await api.call('GET', '/notifications', { token: sales.token, query });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
      expect(String((bad.body as { error: string }).error)).not.toContain(field);
    }
  });

  it('needs a token', async () => {
    expect((await api.call('GET', '/notifications')).status).toBe(401);
  });
});

describe('notification mutations', () => {
  it('PATCH /notifications/{id}/read marks it read, bumps the change sequence once, is idempotent', async () => {
    const [target] = (await ownRows(sales.user.id)).filter((n) => !n.is_read);
    if (!target) throw new Error('seed: sales needs an unread notification');
    const before = (await readTenantCounters(api.db, 'demo')).change_seq;
    const r = await api.call<{ data: unknown }>('PATCH', `/notifications/${target.id}/read`, {
      token: sales.token,
    });
    expect(r.status).toBe(200);
    expect(notificationSchema.parse(r.body.data)).toMatchObject({ id: target.id, is_read: true });
    const row = await api.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.is_read).toBe(true);
    expect(Number(row.change_seq)).toBe(before + 1);
    expect((await readTenantCounters(api.db, 'demo')).change_seq).toBe(before + 1);

    const again = await api.call<{ data: { is_read: boolean } }>(
      'PATCH',
      `/notifications/${target.id}/read`,
      { token: sales.token },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.is_read).toBe(true);
    expect((await readTenantCounters(api.db, 'demo')).change_seq).toBe(before + 1);
  });

  it("another user's notification is a 404 and stays untouched", async () => {
    const [foreign] = (await ownRows(manager.user.id)).filter((n) => !n.is_read);
    if (!foreign) throw new Error('seed: manager needs an unread notification');
    for (const [method, path] of [
      ['PATCH', `/notifications/${foreign.id}/read`],
      ['DELETE', `/notifications/${foreign.id}`],
    ] as const) {
      const r = await api.call(method, path, { token: sales.token });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ success: false, error: MESSAGES.notificationNotFound, code: 'NOT_FOUND' });
    }
    const row = await api.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(row.is_read).toBe(false);
    expect(row.deleted_at).toBeNull();
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    const bad = await api.call('PATCH', '/notifications/not-a-uuid/read', { token: sales.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      error: 'Kayıt kimliği geçersiz',
      code: 'VALIDATION_ERROR',
      field: 'id',
    });
    const unknown = await api.call('DELETE', `/notifications/${randomUUID()}`, { token: sales.token });
    expect(unknown.status).toBe(404);
  });

  it('PATCH /notifications/mark-all-read reads all of mine, each with its own change number', async () => {
    const unread = (await ownRows(manager.user.id)).filter((n) => !n.is_read);
    expect(unread.length).toBeGreaterThan(1);
    const before = (await readTenantCounters(api.db, 'demo')).change_seq;
    const r = await api.call('PATCH', '/notifications/mark-all-read', { token: manager.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, data: { updated: unread.length, unread_count: 0 } });
    const rows = await api.db
      .selectFrom('notifications')
      .select(['change_seq', 'is_read'])
      .where('tenant_id', '=', 'demo')
      .where(
        'id',
        'in',
        unread.map((n) => n.id),
      )
      .execute();
    expect(rows.every((n) => n.is_read)).toBe(true);
    expect(rows.map((n) => Number(n.change_seq)).sort((a, b) => a - b)).toEqual(
      unread.map((_, i) => before + 1 + i),
    );
    // Other users' notifications are untouched.
    expect((await ownRows(sales.user.id)).some((n) => !n.is_read)).toBe(true);
    const again = await api.call('PATCH', '/notifications/mark-all-read', { token: manager.token });
    expect(again.body).toEqual({ success: true, data: { updated: 0, unread_count: 0 } });
  });

  it('DELETE /notifications/{id} removes it from the list (soft delete) and is idempotent', async () => {
    const [target] = await ownRows(sales.user.id);
    if (!target) throw new Error('unreachable');
    const total = (await ownRows(sales.user.id)).length;
    const r = await api.call('DELETE', `/notifications/${target.id}`, { token: sales.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, data: { id: target.id } });
    const list = await api.call<{ data: { notifications: { id: string }[]; pagination: { total: number } } }>(
      'GET',
      '/notifications',
      {
        token: sales.token,
        query: { limit: 100 },
      },
    );
    expect(list.body.data.notifications.map((n) => n.id)).not.toContain(target.id);
    expect(list.body.data.pagination.total).toBe(total - 1);
    const row = await api.db
      .selectFrom('notifications')
      .select(['deleted_at'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await api.call('DELETE', `/notifications/${target.id}`, { token: sales.token })).status).toBe(
      200,
    );
    // A deleted notification cannot be marked read.
    expect((await api.call('PATCH', `/notifications/${target.id}/read`, { token: sales.token })).status).toBe(
      404,
    );
    // Each applied call wrote one audit row.
    expect(
      await countRows(api.db, 'audit_logs', {
        tenant_id: 'demo',
        action: 'notification.delete',
        entity_id: target.id,
      }),
    ).toBe(2);
  });
});
