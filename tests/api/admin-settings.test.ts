import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, systemSettingsSchema } from '../../src/shared/api/admin-settings';
import { authResponse } from '../../src/shared/api/auth';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, countRows, type Session, startApi } from './support/harness';

/**
 * GET / PUT /admin/settings, and the server obeying each setting on the NEXT request — for
 * sessions that were already open when the admin saved: the lockout limit, the idle timeout,
 * maintenance mode and the registration switch; new users get the default language and time zone.
 */
const TENANT = 'demo';
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;
let otherAdmin: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales, warehouse, driver, otherAdmin] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'warehouse'),
    api.login(TENANT, 'driver'),
    api.login('client1', 'admin'),
  ]);
});
afterAll(async () => api?.close());

async function read(session: Session = admin) {
  const r = await api.call<{ data: unknown }>('GET', '/admin/settings', {
    tenant: session.tenant,
    token: session.token,
  });
  expect(r.status, r.raw).toBe(200);
  return systemSettingsSchema.parse(r.body.data);
}

function put(body: Record<string, unknown>, session: Session = admin, tenant = session.tenant) {
  return api.call<{ data: unknown; error?: string; code?: string; current?: unknown }>(
    'PUT',
    '/admin/settings',
    {
      tenant,
      token: session.token,
      body,
    },
  );
}

/** Saves with the current version; fails the test unless the server accepted it. */
async function save(body: Record<string, unknown>) {
  const { version } = await read();
  const r = await put({ ...body, expected_version: version });
  expect(r.status, r.raw).toBe(200);
  return systemSettingsSchema.parse(r.body.data);
}

async function tenantRow(id = TENANT) {
  return api.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('GET and PUT /admin/settings', () => {
  it('an admin reads every setting, the read-only version and whether e-mail and SMS can be sent', async () => {
    const s = await read();
    expect(s).toMatchObject({
      system_version: '1.0.0',
      maintenance_mode: false,
      registration_enabled: true,
      default_language: 'tr',
      default_timezone: 'Europe/Istanbul',
      max_login_attempts: 5,
      backup_frequency: expect.stringMatching(/^(daily|weekly|monthly)$/),
      email_configured: !!api.config.smtpUrl,
      sms_configured: false,
    });
    expect(s.version).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['manager', () => manager],
    ['salesperson', () => sales],
    ['warehouse', () => warehouse],
    ['driver', () => driver],
  ])('a %s is refused with 403 on both, nothing written', async (_role, who) => {
    const before = await tenantRow();
    const g = await api.call('GET', '/admin/settings', { token: who().token });
    expect(g.status).toBe(403);
    const p = await put({ max_login_attempts: 9 }, who());
    expect(p.status).toBe(403);
    expect(p.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await tenantRow()).toEqual(before);
  });

  it("another tenant's admin is refused (403 TENANT_MISMATCH) and cannot change this tenant", async () => {
    const before = await tenantRow();
    expect(
      (await api.call('GET', '/admin/settings', { tenant: TENANT, token: otherAdmin.token })).status,
    ).toBe(403);
    const p = await put({ system_name: 'Ele geçirildi' }, otherAdmin, TENANT);
    expect(p.status).toBe(403);
    expect(p.body).toMatchObject({ code: 'TENANT_MISMATCH' });
    expect(await tenantRow()).toEqual(before);
    // Their own tenant's settings are theirs alone.
    expect((await read(otherAdmin)).system_name).toBe((await tenantRow('client1')).system_name);
  });

  it('no token: 401', async () => {
    expect((await api.call('GET', '/admin/settings')).status).toBe(401);
  });

  it.each([
    ['session_timeout', 4, 'Oturum zaman aşımı: Minimum değer 5 olmalıdır'],
    ['session_timeout', 1441, 'Oturum zaman aşımı: Maksimum değer 1440 olmalıdır'],
    ['max_login_attempts', 2, 'Maksimum giriş denemesi: Minimum değer 3 olmalıdır'],
    ['max_login_attempts', 11, 'Maksimum giriş denemesi: Maksimum değer 10 olmalıdır'],
    ['password_min_length', 5, 'Minimum şifre uzunluğu: Minimum değer 6 olmalıdır'],
    ['password_min_length', 21, 'Minimum şifre uzunluğu: Maksimum değer 20 olmalıdır'],
    ['backup_retention_days', 6, 'Yedek saklama süresi: Minimum değer 7 olmalıdır'],
    ['backup_retention_days', 366, 'Yedek saklama süresi: Maksimum değer 365 olmalıdır'],
    ['session_timeout', 'on', 'Oturum zaman aşımı: Geçerli bir sayı giriniz'],
    ['max_login_attempts', 4.5, 'Maksimum giriş denemesi: Geçerli bir sayı giriniz'],
    ['backup_frequency', 'hourly', 'Yedekleme sıklığı şunlardan biri olmalıdır: daily, weekly, monthly'],
    ['default_language', 'es', 'Varsayılan dil şunlardan biri olmalıdır: tr, en'],
    [
      'default_timezone',
      'Europe/Paris',
      'Varsayılan saat dilimi şunlardan biri olmalıdır: Europe/Istanbul, UTC, Europe/London, America/New_York, Asia/Tokyo',
    ],
    ['maintenance_mode', 'yes', 'Bakım modu true veya false olmalıdır'],
    ['system_name', '', 'Sistem adı gereklidir'],
    ['system_name', 'x'.repeat(101), 'Sistem adı en fazla 100 karakter olabilir'],
    ['company_name', 'Başka', 'Bu alan düzenlenemez: Şirket adı'],
  ])('400 for %s = %j names the field, nothing written', async (field, value, error) => {
    const before = await tenantRow();
    const audits = await countRows(api.db, 'audit_logs', { tenant_id: TENANT });
    // A valid change rides along: it must not be written either.
    const r = await put({ [field]: value, system_name: field === 'system_name' ? value : 'Yeni Ad' });
    expect(r.status, r.raw).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error });
    expect(await tenantRow()).toEqual(before);
    expect(await countRows(api.db, 'audit_logs', { tenant_id: TENANT })).toBe(audits);
  });

  it('accepts each bound exactly; saves, moves the version on, writes an audit row', async () => {
    const before = await read();
    const audits = await countRows(api.db, 'audit_logs', { tenant_id: TENANT, action: 'settings.update' });
    const low = await save({
      session_timeout: 5,
      max_login_attempts: 3,
      password_min_length: 6,
      backup_retention_days: 7,
    });
    expect(low).toMatchObject({ session_timeout: 5, max_login_attempts: 3, password_min_length: 6 });
    expect(low.version).toBe(before.version + 1);
    const high = await save({
      session_timeout: 1440,
      max_login_attempts: 10,
      password_min_length: 20,
      backup_retention_days: 365,
      system_name: '  Merkez Sipariş  ',
      system_version: '9.9.9',
      require_strong_password: true,
      email_notifications: false,
      sms_notifications: true,
      backup_frequency: 'monthly',
      default_language: 'en',
      default_timezone: 'Asia/Tokyo',
    });
    expect(high).toMatchObject({
      session_timeout: 1440,
      max_login_attempts: 10,
      password_min_length: 20,
      backup_retention_days: 365,
      system_name: 'Merkez Sipariş',
      system_version: '1.0.0', // read-only: ignored
      require_strong_password: true,
      email_notifications: false,
      sms_notifications: true,
      backup_frequency: 'monthly',
      default_language: 'en',
      default_timezone: 'Asia/Tokyo',
    });
    expect(await read()).toEqual(high);
    expect(await countRows(api.db, 'audit_logs', { tenant_id: TENANT, action: 'settings.update' })).toBe(
      audits + 2,
    );
    const row = await api.db
      .selectFrom('audit_logs')
      .select(['user_id', 'entity', 'entity_id'])
      .where('tenant_id', '=', TENANT)
      .where('action', '=', 'settings.update')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: admin.user.id, entity: 'tenant', entity_id: TENANT });
    await save({
      session_timeout: before.session_timeout,
      max_login_attempts: before.max_login_attempts,
      password_min_length: before.password_min_length,
      backup_retention_days: before.backup_retention_days,
      system_name: before.system_name,
      require_strong_password: before.require_strong_password,
      email_notifications: before.email_notifications,
      sms_notifications: before.sms_notifications,
      backup_frequency: before.backup_frequency,
      default_language: before.default_language,
      default_timezone: before.default_timezone,
    });
  });

  it('a stale expected_version is 409 CONFLICT with the current settings; nothing written', async () => {
    const seen = await read();
    await save({ backup_retention_days: 60 }); // another admin saved meanwhile
    const before = await tenantRow();
    const r = await put({ backup_retention_days: 90, expected_version: seen.version });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: SETTINGS_MESSAGES.versionConflict,
    });
    expect(systemSettingsSchema.parse(r.body.current)).toMatchObject({
      backup_retention_days: 60,
      version: seen.version + 1,
    });
    expect(await tenantRow()).toEqual(before);
    // The same stale version asking for what is already there: satisfied, nothing written.
    const same = await put({ backup_retention_days: 60, expected_version: seen.version });
    expect(same.status).toBe(200);
    expect(await tenantRow()).toEqual(before);
  });

  it('a replay with the same Idempotency-Key applies once', async () => {
    const { version } = await read();
    const key = randomUUID();
    const body = { backup_retention_days: 45, expected_version: version };
    const first = await api.call('PUT', '/admin/settings', { token: admin.token, body, idempotencyKey: key });
    const second = await api.call('PUT', '/admin/settings', {
      token: admin.token,
      body,
      idempotencyKey: key,
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect((await read()).version).toBe(version + 1);
  });
});

describe('the server obeys the settings on the next request (sessions already open)', () => {
  const fail = (username: string) =>
    api.call('POST', '/auth/login', { body: { username, password: 'yanlis-sifre' } });

  it('max_login_attempts 3 applies to the next failed login and its remaining attempts', async () => {
    expect((await fail('manager')).body).toMatchObject({ remainingAttempts: 4 }); // limit 5
    await save({ max_login_attempts: 3 });
    try {
      expect((await fail('warehouse')).body).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        error: MESSAGES.invalidCredentials,
        remainingAttempts: 2,
      });
      expect((await fail('warehouse')).body).toMatchObject({ remainingAttempts: 1 });
      const third = await fail('warehouse');
      expect(third.status).toBe(401);
      expect(third.body).toMatchObject({
        lockedOut: true,
        remainingAttempts: 0,
        error: MESSAGES.accountLocked,
      });
      const locked = await api.call('POST', '/auth/login', {
        body: { username: 'warehouse', password: 'demo1234' },
      });
      expect(locked.status).toBe(429);
      // The already open session of that user is not affected by the lock.
      expect((await api.call('GET', '/auth/profile', { token: warehouse.token })).status).toBe(200);
    } finally {
      await save({ max_login_attempts: 5 });
      await api.db.deleteFrom('login_attempts').where('tenant_id', '=', TENANT).execute();
    }
  });

  it('idle timeout: a session idle longer than session_timeout is 401; a recent one keeps working', async () => {
    const idle = await api.login(TENANT, 'sales2');
    const fresh = await api.login(TENANT, 'manager');
    await save({ session_timeout: 5 });
    try {
      const jti = (token: string) =>
        JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).jti as string;
      const moveBack = (token: string, minutes: number) =>
        api.db
          .updateTable('sessions')
          .set({ last_seen_at: new Date(Date.now() - minutes * 60_000) })
          .where('tenant_id', '=', TENANT)
          .where('id', '=', jti(token))
          .execute();
      await moveBack(idle.token, 6);
      await moveBack(fresh.token, 4);
      api.app.readCache.invalidate(); // as the cache's few seconds passing
      const r = await api.call('GET', '/auth/profile', { token: idle.token });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'UNAUTHORIZED' });
      // A 4-minute-old record is within 5 minutes, and the request refreshes it (older than a minute).
      expect((await api.call('GET', '/auth/profile', { token: fresh.token })).status).toBe(200);
      const seen = await api.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('id', '=', jti(fresh.token))
        .executeTakeFirstOrThrow();
      expect(Date.now() - seen.last_seen_at.getTime()).toBeLessThan(30_000);
      // The idle session stays over even when the admin raises the timeout again.
      await save({ session_timeout: 720 });
      expect((await api.call('GET', '/auth/profile', { token: idle.token })).status).toBe(401);
      // Recorded at most once a minute: a request seconds later writes nothing.
      const again = new Date(Date.now() - 30_000);
      await api.db
        .updateTable('sessions')
        .set({ last_seen_at: again })
        .where('id', '=', jti(fresh.token))
        .execute();
      expect((await api.call('GET', '/auth/profile', { token: fresh.token })).status).toBe(200);
      const after = await api.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('id', '=', jti(fresh.token))
        .executeTakeFirstOrThrow();
      expect(after.last_seen_at.getTime()).toBe(again.getTime());
    } finally {
      await save({ session_timeout: 720 });
    }
  });

  it('a session lasts JWT_TTL when busy, not session_timeout after sign-in', async () => {
    const s = await api.login(TENANT, 'driver');
    const row = await api.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('tenant_id', '=', TENANT)
      .where('user_id', '=', s.user.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const lasts = (row.expires_at.getTime() - row.created_at.getTime()) / 1000;
    expect(Math.abs(lasts - api.config.jwtTtlSeconds)).toBeLessThan(5);
  });

  it('maintenance: non-admins get 503 MAINTENANCE on every call and at sign-in; admins keep working; off again', async () => {
    await save({ maintenance_mode: true });
    try {
      for (const s of [manager, sales, warehouse, driver]) {
        const r = await api.call('GET', '/orders', { token: s.token });
        expect(r.status, s.user.username).toBe(503);
        expect(r.body).toEqual({ success: false, error: SETTINGS_MESSAGES.maintenance, code: 'MAINTENANCE' });
        expect(r.headers['x-maintenance']).toBe('1');
      }
      // A queued write is refused the same way (never applied, never stored as a final answer).
      const key = randomUUID();
      const push = await api.call('PUT', '/auth/profile', {
        token: sales.token,
        body: { phone: '0532 000 00 00' },
        idempotencyKey: key,
      });
      expect(push.status).toBe(503);
      expect(await countRows(api.db, 'idempotency_keys', { key })).toBe(0);
      const login = await api.call('POST', '/auth/login', {
        body: { username: 'sales', password: 'demo1234' },
      });
      expect(login.status).toBe(503);
      expect(login.body).toMatchObject({ code: 'MAINTENANCE', error: SETTINGS_MESSAGES.maintenance });
      const reg = await api.call('POST', '/auth/register', {
        body: {
          username: 'bakim.kayit',
          password: 'gizli123',
          full_name: 'Bakım Kayıt',
          email: 'bk@ornek.com.tr',
        },
      });
      expect(reg.status).toBe(503);
      // Public health and the tenant info stay up.
      expect((await api.call('GET', '/health', { tenant: null })).status).toBe(200);
      expect((await api.call('GET', '/tenants/info')).status).toBe(200);
      // Admins keep working, sign in, and are told maintenance is on.
      const ordersAsAdmin = await api.call('GET', '/orders', { token: admin.token });
      expect(ordersAsAdmin.status).toBe(200);
      expect(ordersAsAdmin.headers['x-maintenance']).toBe('1');
      expect(
        (await api.call('POST', '/auth/login', { body: { username: 'admin', password: 'demo1234' } })).status,
      ).toBe(200);
      // Another tenant is not in maintenance.
      const other = await api.call('GET', '/orders', { tenant: 'client1', token: otherAdmin.token });
      expect(other.headers['x-maintenance']).toBeUndefined();
    } finally {
      await save({ maintenance_mode: false });
    }
    const back = await api.call('GET', '/orders', { token: sales.token });
    expect(back.status).toBe(200);
    expect(back.headers['x-maintenance']).toBeUndefined();
  });

  it('registration_enabled switches POST /auth/register both ways', async () => {
    const body = (username: string) => ({
      username,
      password: 'gizli123',
      full_name: 'Kayıt Deneme',
      email: `${username}@ornek.com.tr`,
    });
    await save({ registration_enabled: false });
    try {
      const users = await countRows(api.db, 'users', { tenant_id: TENANT });
      const off = await api.call('POST', '/auth/register', { body: body('kayit.kapali') });
      expect(off.status).toBe(403);
      expect(off.body).toMatchObject({ code: 'FORBIDDEN', error: MESSAGES.registrationDisabled });
      expect(await countRows(api.db, 'users', { tenant_id: TENANT })).toBe(users);
      await save({ registration_enabled: true });
      const on = await api.call('POST', '/auth/register', { body: body('kayit.acik') });
      expect(on.status, on.raw).toBe(200);
    } finally {
      await save({ registration_enabled: true });
    }
  });

  it('a new user gets the default language and time zone; the sign-in answer carries the language', async () => {
    await save({ default_language: 'en', default_timezone: 'Europe/London' });
    try {
      const r = await api.call('POST', '/auth/register', {
        body: {
          username: 'ingiliz',
          password: 'gizli123',
          full_name: 'John Smith',
          email: 'john@ornek.co.uk',
        },
      });
      expect(r.status, r.raw).toBe(200);
      expect(authResponse.parse(r.body).user).toMatchObject({ language: 'en', timezone: 'Europe/London' });
      const signIn = await api.call('POST', '/auth/login', {
        body: { username: 'ingiliz', password: 'gizli123' },
      });
      expect(authResponse.parse(signIn.body).user).toMatchObject({
        language: 'en',
        timezone: 'Europe/London',
      });
      // Users made before keep theirs (none chosen).
      expect(admin.user.language ?? null).toBeNull();
    } finally {
      await save({ default_language: 'tr', default_timezone: 'Europe/Istanbul' });
    }
  });
});
