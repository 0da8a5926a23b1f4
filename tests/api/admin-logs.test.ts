import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogsResponse } from '../../src/shared/api/admin';
import { type Api, type Session, startApi } from './support/harness';

let api: Api;
let admin: Session;
let manager: Session;
let otherAdmin: Session;
beforeAll(async () => {
  api = await startApi();
  admin = await api.login('demo', 'admin');
  manager = await api.login('demo', 'manager');
  otherAdmin = await api.login('client1', 'admin');
});
afterAll(async () => api?.close());

async function firstUnread(session: Session): Promise<string> {
  const r = await api.call<{ data: { notifications: { id: string; is_read: boolean }[] } }>(
    'GET',
    '/notifications',
    {
      token: session.token,
      query: { unread: 'true', limit: 1 },
    },
  );
  const id = r.body.data.notifications[0]?.id;
  if (!id) throw new Error('no unread notification in the seed');
  return id;
}

describe('GET /admin/logs', () => {
  it('lists an applied mutation once, with who, where from and when — replays add nothing', async () => {
    const id = await firstUnread(manager);
    const key = randomUUID();
    for (let i = 0; i < 3; i++) {
      const r = await api.call('PATCH', `/notifications/${id}/read`, {
        token: manager.token,
        idempotencyKey: key,
        headers: { 'user-agent': 'e2e-agent/1.0' },
      });
      expect(r.status).toBe(200);
    }
    const r = await api.call<{ data: unknown }>('GET', '/admin/logs', {
      token: admin.token,
      query: { entity_id: id },
    });
    expect(r.status).toBe(200);
    const data = adminLogsResponse.parse(r.body.data);
    expect(data.logs).toHaveLength(1);
    expect(data.logs[0]).toMatchObject({
      level: 'info',
      action: 'notification.read',
      entity_id: id,
      user_id: manager.user.id,
      user_agent: 'e2e-agent/1.0',
    });
    expect(data.logs[0]!.message).toMatch(/\S/);
    expect(Date.parse(data.logs[0]!.timestamp)).not.toBeNaN();
    expect(data.pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });
  });

  it('filters by action and paginates newest first', async () => {
    const r = await api.call<{ data: unknown }>('GET', '/admin/logs', {
      token: admin.token,
      query: { action: 'notification.read', limit: 1 },
    });
    expect(r.status).toBe(200);
    const data = adminLogsResponse.parse(r.body.data);
    expect(data.logs.every((l) => l.action === 'notification.read')).toBe(true);
    expect(data.pagination.limit).toBe(1);
  });

  it('is for admins only, and only of their own tenant', async () => {
    const forbidden = await api.call<{ code: string; error: string }>('GET', '/admin/logs', {
      token: manager.token,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    expect(forbidden.body.error).toMatch(/yetki/i);

    const noToken = await api.call('GET', '/admin/logs');
    expect(noToken.status).toBe(401);

    // client1's admin sees none of demo's entries.
    const id = await firstUnread(manager);
    await api.call('PATCH', `/notifications/${id}/read`, { token: manager.token });
    const other = await api.call<{ data: unknown }>('GET', '/admin/logs', {
      token: otherAdmin.token,
      tenant: 'client1',
      query: { entity_id: id },
    });
    expect(other.status).toBe(200);
    expect(adminLogsResponse.parse(other.body.data).logs).toHaveLength(0);
  });

  it('answers bad filters with a Turkish 400 naming the field', async () => {
    const r = await api.call<{ code: string; error: string; field?: string }>('GET', '/admin/logs', {
      token: admin.token,
      query: { level: 'loud' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_ERROR');
    expect(r.body.error).toContain('level');
    const limit = await api.call<{ code: string; error: string }>('GET', '/admin/logs', {
      token: admin.token,
      query: { limit: 'many' },
    });
    expect(limit.status).toBe(400);
    expect(limit.body.error).toContain('limit');
  });
});
