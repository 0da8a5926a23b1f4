import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogsResponse } from '../../src/shared/api/admin';
import { type Api, type Session, startApi } from './support/harness';

const DAY = 24 * 3600_000;

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
    expect(data.pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1, capped: false });
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
    expect(r.body.field).toBe('level');
    expect(r.body.error).toMatch(/^Seviye /);
    const limit = await api.call<{ code: string; error: string; field?: string }>('GET', '/admin/logs', {
      token: admin.token,
      query: { limit: 'many' },
    });
    expect(limit.status).toBe(400);
    expect(limit.body.field).toBe('limit');
    expect(limit.body.error).toBe('Sayfa boyutu bir sayı olmalıdır');
  });
});

/** Entries written straight into the log, with chosen times (the filters' fixtures). */
async function seedEntries(
  tenant: string,
  rows: Array<{
    action: string;
    level?: 'info' | 'warning' | 'error';
    message?: string;
    user_id?: string | null;
    user_name?: string | null;
    at: Date;
  }>,
): Promise<void> {
  await api.db
    .insertInto('audit_logs')
    .values(
      rows.map((r) => ({
        tenant_id: tenant,
        id: randomUUID(),
        level: r.level ?? 'info',
        action: r.action,
        message: r.message ?? null,
        user_id: r.user_id ?? null,
        user_name: r.user_name ?? null,
        ip: '203.0.113.7',
        user_agent: 'fixture-agent',
        entity: null,
        entity_id: null,
        idempotency_key: null,
        created_at: r.at,
      })),
    )
    .execute();
}

type Logs = ReturnType<typeof adminLogsResponse.parse>;
async function logs(query: Record<string, string | number | undefined>, session = admin): Promise<Logs> {
  const r = await api.call<{ data: unknown }>('GET', '/admin/logs', {
    token: session.token,
    tenant: session.tenant,
    query,
  });
  expect(r.status, r.raw).toBe(200);
  return adminLogsResponse.parse(r.body.data);
}

describe('GET /admin/logs filters', () => {
  const base = Date.UTC(2026, 5, 1, 12, 0, 0);
  beforeAll(async () => {
    await seedEntries('demo', [
      {
        action: 'fx.one',
        level: 'info',
        message: 'IŞIK firmasının siparişi',
        user_id: admin.user.id,
        user_name: 'Yönetici',
        at: new Date(base),
      },
      {
        action: 'fx.one',
        level: 'warning',
        message: 'Stok azaldı',
        user_id: manager.user.id,
        user_name: 'Müdür',
        at: new Date(base + DAY),
      },
      {
        action: 'fx.one',
        level: 'error',
        message: 'Teslimat başarısız',
        user_id: manager.user.id,
        user_name: 'Müdür',
        at: new Date(base + 2 * DAY),
      },
      {
        action: 'fx.two',
        level: 'warning',
        message: '50% indirim_kodu',
        user_id: admin.user.id,
        user_name: 'Yönetici',
        at: new Date(base + 3 * DAY),
      },
      {
        action: 'fx.two',
        level: 'info',
        message: 'İstanbul deposu',
        user_id: null,
        user_name: null,
        at: new Date(base + 4 * DAY),
      },
    ]);
    // Another tenant's entry of the same action is never listed in demo.
    await seedEntries('client1', [{ action: 'fx.one', message: 'client1 kaydı', at: new Date(base) }]);
  });

  it('level, user, action: each filter alone and combined, newest first', async () => {
    const one = await logs({ action: 'fx.one' });
    expect(one.logs.map((l) => l.message)).toEqual([
      'Teslimat başarısız',
      'Stok azaldı',
      'IŞIK firmasının siparişi',
    ]);
    expect(one.pagination.total).toBe(3);
    expect((await logs({ action: 'fx.one', level: 'warning' })).logs.map((l) => l.message)).toEqual([
      'Stok azaldı',
    ]);
    const byUser = await logs({ action: 'fx.one', user_id: manager.user.id });
    expect(byUser.logs).toHaveLength(2);
    expect(byUser.logs.every((l) => l.user_id === manager.user.id && l.user_name === 'Müdür')).toBe(true);
    const errors = await logs({ level: 'error', action: 'fx.one' });
    expect(errors.logs).toHaveLength(1);
    expect(errors.logs[0]).toMatchObject({
      level: 'error',
      ip_address: '203.0.113.7',
      user_agent: 'fixture-agent',
    });
  });

  it('date range: from inclusive, to exclusive, UTC on the wire (with or without an offset)', async () => {
    const from = new Date(base + DAY).toISOString();
    const to = new Date(base + 3 * DAY).toISOString();
    const r = await logs({ from, to, search: '' });
    const mine = r.logs.filter((l) => l.action.startsWith('fx.'));
    expect(mine.map((l) => l.message)).toEqual(['Teslimat başarısız', 'Stok azaldı']);
    // The same instant written with the Istanbul offset.
    const local = await logs({ action: 'fx.one', from: '2026-06-02T15:00:00+03:00' });
    expect(local.logs.map((l) => l.message)).toEqual(['Teslimat başarısız', 'Stok azaldı']);
    const dayOnly = await logs({ action: 'fx.two', from: '2026-06-05' });
    expect(dayOnly.logs.map((l) => l.message)).toEqual(['İstanbul deposu']);
  });

  it('free text folds Turkish letters and takes % and _ literally', async () => {
    expect((await logs({ search: 'ışık', action: 'fx.one' })).logs.map((l) => l.message)).toEqual([
      'IŞIK firmasının siparişi',
    ]);
    expect((await logs({ search: 'ISTANBUL' })).logs.map((l) => l.message)).toContain('İstanbul deposu');
    expect((await logs({ search: 'müdür', action: 'fx.one' })).logs).toHaveLength(2); // the user name
    expect((await logs({ search: '50%' })).logs.map((l) => l.message)).toEqual(['50% indirim_kodu']);
    expect((await logs({ search: '5_%' })).logs).toHaveLength(0);
  });

  it('pages with page and limit; total and pages follow the filters', async () => {
    const p1 = await logs({ action: 'fx.one', limit: 2, page: 1 });
    const p2 = await logs({ action: 'fx.one', limit: 2, page: 2 });
    expect(p1.logs).toHaveLength(2);
    expect(p2.logs.map((l) => l.message)).toEqual(['IŞIK firmasının siparişi']);
    expect(p2.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, capped: false });
  });

  it('refuses bad dates, a reversed range and pages past the counted bound, naming the field', async () => {
    for (const [query, field] of [
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2026-13-45' }, 'to'],
      [{ from: '1900-01-01' }, 'from'],
      [{ from: '2026-06-03', to: '2026-06-01' }, 'to'],
      [{ page: 1000, limit: 50 }, 'page'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ] as const) {
      const r = await api.call<{ code: string; error: string; field?: string }>('GET', '/admin/logs', {
        token: admin.token,
        query,
      });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(r.body.field, JSON.stringify(query)).toBe(field);
      // The reader sees the field's label, never its wire name.
      expect(r.body.error).not.toContain(field);
    }
  });

  it('lists the users for the user filter (admin only)', async () => {
    const r = await api.call<{ data: { users: { id: string; full_name: string }[] } }>(
      'GET',
      '/admin/logs/users',
      {
        token: admin.token,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.users.map((u) => u.id)).toContain(manager.user.id);
    expect((await api.call('GET', '/admin/logs/users', { token: manager.token })).status).toBe(403);
  });

  it("another tenant's admin and token: nothing of demo", async () => {
    const theirs = await logs({ action: 'fx.one' }, otherAdmin);
    expect(theirs.logs.map((l) => l.message)).toEqual(['client1 kaydı']);
    // client1's token sent for demo is refused.
    const crossed = await api.call('GET', '/admin/logs', { token: otherAdmin.token, tenant: 'demo' });
    expect(crossed.status).toBeGreaterThanOrEqual(401);
    expect(crossed.status).toBeLessThan(404);
  });
});

describe('sign-ins in the log', () => {
  it('a sign-in, a failed sign-in with the username tried, and a lockout (warning), each with IP and user agent', async () => {
    const headers = { 'user-agent': 'Mozilla/5.0 (log-test)' };
    const ok = await api.call('POST', '/auth/login', {
      tenant: 'demo',
      body: { username: 'sales', password: 'demo1234' },
      headers,
      remoteAddress: '198.51.100.20',
    });
    expect(ok.status).toBe(200);
    const signIns = await logs({ action: 'auth.login', search: '198.51.100.20' });
    expect(signIns.logs[0]).toMatchObject({
      level: 'info',
      ip_address: '198.51.100.20',
      user_agent: 'Mozilla/5.0 (log-test)',
      message: 'Kullanıcı giriş yaptı',
    });
    expect(signIns.logs[0]!.user_name).toMatch(/\S/);

    // An unknown username, five times (the tenant's limit): four failures, then the lockout.
    for (let i = 0; i < 5; i++) {
      const r = await api.call('POST', '/auth/login', {
        tenant: 'demo',
        body: { username: 'Hırsız-Deneme', password: 'wrong-password' },
        headers,
        remoteAddress: '198.51.100.21',
      });
      expect(r.status).toBe(401);
    }
    const failed = await logs({ action: 'auth.login_failed', search: 'hırsız-deneme' });
    expect(failed.logs).toHaveLength(5);
    expect(failed.logs[0]).toMatchObject({
      level: 'warning',
      user_name: 'hırsız-deneme',
      ip_address: '198.51.100.21',
      user_agent: 'Mozilla/5.0 (log-test)',
    });
    const lockouts = await logs({ action: 'auth.lockout', search: 'hırsız-deneme' });
    expect(lockouts.logs).toHaveLength(1);
    expect(lockouts.logs[0]).toMatchObject({ level: 'warning', ip_address: '198.51.100.21' });
    expect(lockouts.logs[0]!.message).toContain('kilitlendi');
    // While locked: refused (429) and no second lockout entry.
    const locked = await api.call('POST', '/auth/login', {
      tenant: 'demo',
      body: { username: 'Hırsız-Deneme', password: 'wrong-password' },
    });
    expect(locked.status).toBe(429);
    expect((await logs({ action: 'auth.lockout', search: 'hırsız-deneme' })).logs).toHaveLength(1);
  });
});

describe('GET /admin/logs/export', () => {
  beforeAll(async () => {
    await seedEntries('demo', [
      { action: 'fx.csv', message: '=1+1', user_name: 'Çağlar Öztürk', at: new Date(Date.UTC(2026, 6, 1)) },
      {
        action: 'fx.csv',
        message: 'Şirket; "İğdır" çalışması\nikinci satır',
        user_name: '@ali',
        at: new Date(Date.UTC(2026, 6, 2)),
      },
      {
        action: 'fx.csv',
        level: 'error',
        message: '-5 stok',
        user_name: '+90 555',
        at: new Date(Date.UTC(2026, 6, 3)),
      },
      { action: 'fx.other', message: 'başka işlem', at: new Date(Date.UTC(2026, 6, 3)) },
    ]);
  });

  it('UTF-8 CSV with a BOM, Turkish letters intact, formulas neutralised, filters honoured', async () => {
    const r = await api.call('GET', '/admin/logs/export', {
      token: admin.token,
      query: { action: 'fx.csv' },
    });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(String(r.headers['content-disposition'])).toMatch(
      /attachment; filename="sistem-loglari-demo-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(r.raw.charCodeAt(0)).toBe(0xfeff);
    const lines = r.raw.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Zaman (Europe/Istanbul);Seviye;Mesaj;Değişiklikler;Kullanıcı;IP adresi;Kullanıcı aracısı;İşlem',
    );
    expect(r.raw).not.toContain('başka işlem'); // another action
    // Times on the company's clock (Istanbul), as Turkish Excel reads a date-time.
    expect(lines[1]).toBe("03.07.2026 03:00:00;Hata;'-5 stok;;'+90 555;203.0.113.7;fixture-agent;fx.csv");
    expect(r.raw).toContain('"Şirket; ""İğdır"" çalışması\nikinci satır";;\'@ali;');
    expect(lines.at(-2)).toBe(
      "01.07.2026 03:00:00;Bilgi;'=1+1;;Çağlar Öztürk;203.0.113.7;fixture-agent;fx.csv",
    );
    expect(lines.at(-1)).toBe('');

    const errors = await api.call('GET', '/admin/logs/export', {
      token: admin.token,
      query: { action: 'fx.csv', level: 'error', from: '2026-07-01', to: '2026-07-04', search: 'STOK' },
    });
    expect(errors.raw.slice(1).split('\r\n').filter(Boolean)).toHaveLength(2); // header + one row
  });

  it('the export is itself logged; managers get 403, bad filters 400, another tenant none of these rows', async () => {
    const exports = await logs({ action: 'admin.logs_export' });
    expect(exports.logs[0]!.message).toContain('action=fx.csv');
    expect(exports.logs[0]!.user_id).toBe(admin.user.id);
    const refused = await api.call<{ code: string }>('GET', '/admin/logs/export', { token: manager.token });
    expect(refused.status).toBe(403);
    const bad = await api.call<{ error: string; field?: string }>('GET', '/admin/logs/export', {
      token: admin.token,
      query: { level: 'loud' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('level');
    const theirs = await api.call('GET', '/admin/logs/export', {
      token: otherAdmin.token,
      tenant: 'client1',
      query: { action: 'fx.csv' },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.raw.slice(1).split('\r\n').filter(Boolean)).toHaveLength(1); // the header only
  });
});

describe('retention', () => {
  it('the audit-retention job deletes entries older than AUDIT_RETENTION_DAYS and keeps the rest', async () => {
    const now = Date.now();
    const days = api.config.auditRetentionDays;
    await seedEntries('demo', [
      { action: 'fx.old', message: 'eski', at: new Date(now - (days + 1) * DAY) },
      { action: 'fx.old', message: 'çok eski', at: new Date(now - (days + 300) * DAY) },
      { action: 'fx.old', message: 'yeni', at: new Date(now - (days - 1) * DAY) },
    ]);
    await seedEntries('client1', [
      { action: 'fx.old', message: 'eski', at: new Date(now - (days + 5) * DAY) },
    ]);
    await api.app.scheduler.run('audit-retention');
    expect((await logs({ action: 'fx.old' })).logs.map((l) => l.message)).toEqual(['yeni']);
    expect((await logs({ action: 'fx.old' }, otherAdmin)).logs).toHaveLength(0);
    // The filters' fixtures (2026) are within the retention and stay.
    expect((await logs({ action: 'fx.one' })).pagination.total).toBe(3);
  });
});
