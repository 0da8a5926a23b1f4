import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/server/registrations/form-token';
import type { User } from '../../src/shared/api/auth';
import { MESSAGES } from '../../src/shared/api/errors';
import { ROUTES } from '../../src/shared/api/routes';
import { type Api, countRows, type Session, startApi } from './support/harness';
import { signInAndSetOwnPassword } from './support/one-time-password';

/**
 * One-time passwords: a password someone else made (an admin's reset, an admin creating the
 * user, a new company's first admin) signs in, but the session may only set the user's own
 * password — every other call is 403 PASSWORD_CHANGE_REQUIRED, the sync feed and the pushes
 * included — until the change, which opens the same session at once (the read cache is set to a
 * minute here, so a stale cached session would show). Unused, it expires after the tenant's
 * `temp_password_days`; then it no longer signs in (a clear refusal, not a counted failure).
 */
let api: Api;
let admin: Session;
let platform: Session;

beforeAll(async () => {
  api = await startApi({ config: { authCacheMs: 60_000 } });
  admin = await api.login('demo', 'admin');
  platform = await api.login('default', 'admin');
});
afterAll(async () => api?.close());

type LoginAnswer = {
  token: string;
  user: User;
  must_change_password: boolean;
  code?: string;
  error?: string;
};
const DAY = 24 * 3600_000;

const as = (s: Session) => ({ tenant: s.tenant, token: s.token });
const login = (tenant: string, username: string, password: string) =>
  api.call<LoginAnswer>('POST', '/auth/login', { tenant, body: { username, password } });

async function userId(tenant: string, username: string): Promise<string> {
  const row = await api.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function passwordState(tenant: string, username: string) {
  return api.db
    .selectFrom('users')
    .select(['password_must_change', 'password_expires_at'])
    .where('tenant_id', '=', tenant)
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

async function resetBy(by: Session, username: string, password: string) {
  const r = await api.call<{ data: { password_expires_at: string } }>(
    'POST',
    `/admin/users/${await userId(by.tenant, username)}/reset-password`,
    { ...as(by), body: { password }, idempotencyKey: randomUUID() },
  );
  expect(r.status, r.raw).toBe(200);
  return r.body.data;
}

/** Every registered /api route a signed-in user may call, as a request with made-up parameters. */
function authenticatedRoutes(): Array<{ method: string; url: string; open: boolean }> {
  const open = new Set(
    Object.values(ROUTES)
      .filter((r) => 'beforePasswordChange' in r && r.beforePasswordChange)
      .map((r) => `${r.method} /api${r.path}`),
  );
  return api.app.registeredRoutes
    .filter((r) => r.url.startsWith('/api/') && r.access !== 'public' && r.method !== 'HEAD')
    .map((r) => ({
      method: r.method,
      url: r.url.replace(/:([A-Za-z_]\w*)/g, () => randomUUID()).replace(/^\/api/, ''),
      open: open.has(`${r.method} ${r.url}`),
    }));
}

describe('a password an admin reset', () => {
  it('signs in, but every call except the profile, the change and sign-out is 403 PASSWORD_CHANGE_REQUIRED', async () => {
    const reset = await resetBy(admin, 'warehouse', 'Gecici-1234');
    const expires = new Date(reset.password_expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect(await passwordState('demo', 'warehouse')).toMatchObject({ password_must_change: true });

    const r = await login('demo', 'warehouse', 'Gecici-1234');
    expect(r.status, r.raw).toBe(200);
    expect(r.body.must_change_password).toBe(true);
    expect(r.body.user.must_change_password).toBe(true);
    const session: Session = { token: r.body.token, user: r.body.user, tenant: 'demo' };

    const profile = await api.call<{ data: User }>('GET', '/auth/profile', as(session));
    expect(profile.status).toBe(200);
    expect(profile.body.data.must_change_password).toBe(true);

    const routes = authenticatedRoutes();
    expect(routes.filter((r) => r.open).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /auth/profile', 'PUT /auth/profile', 'POST /auth/logout']),
    );
    expect(routes.filter((r) => r.open)).toHaveLength(3);
    const closed = routes.filter((r) => !r.open);
    expect(closed.length).toBeGreaterThan(50);
    // the device's own paths are among them: it must not pull data, push or listen before the change
    expect(closed.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /sync/pull', 'POST /sync/push', 'GET /events', 'GET /orders']),
    );
    for (const route of closed) {
      const answer = await api.call(route.method, route.url, {
        ...as(session),
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        idempotencyKey: route.method === 'GET' ? undefined : randomUUID(),
      });
      expect([route.method, route.url, answer.status, answer.body]).toEqual([
        route.method,
        route.url,
        403,
        { success: false, code: 'PASSWORD_CHANGE_REQUIRED', error: MESSAGES.passwordChangeRequired },
      ]);
    }
    // the own profile without a new password is not the change: refused the same way
    const nameOnly = await api.call('PUT', '/auth/profile', {
      ...as(session),
      body: { full_name: 'Başka Ad' },
    });
    expect(nameOnly.status).toBe(403);
    expect(nameOnly.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    expect((await api.call('GET', '/sync/pull', as(session))).status).toBe(403);
  });

  it('the change (current = the one-time password) clears the flag at once; the one-time password then fails', async () => {
    await resetBy(admin, 'driver', 'Surucu-Gecici-1');
    const r = await login('demo', 'driver', 'Surucu-Gecici-1');
    const session: Session = { token: r.body.token, user: r.body.user, tenant: 'demo' };
    // read once, so the read cache holds the session as "must change"
    expect((await api.call('GET', '/orders', as(session))).status).toBe(403);

    const change = (body: Record<string, unknown>) =>
      api.call<{ data: User; field?: string; error?: string }>('PUT', '/auth/profile', {
        ...as(session),
        body,
      });
    const same = await change({ current_password: 'Surucu-Gecici-1', new_password: 'Surucu-Gecici-1' });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ field: 'new_password', error: MESSAGES.sameAsTemporaryPassword });
    const wrong = await change({ current_password: 'yanlis-sifre', new_password: 'Kendi-Sifrem-9' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'current_password' });
    expect((await passwordState('demo', 'driver')).password_must_change).toBe(true);

    const done = await change({ current_password: 'Surucu-Gecici-1', new_password: 'Kendi-Sifrem-9' });
    expect(done.status, done.raw).toBe(200);
    expect(done.body.data.must_change_password).toBe(false);
    expect(await passwordState('demo', 'driver')).toEqual({
      password_must_change: false,
      password_expires_at: null,
    });
    // the same session, at once (no stale cached "must change")
    expect((await api.call('GET', '/orders', as(session))).status).toBe(200);
    expect((await api.call('GET', '/sync/pull', as(session))).status).toBe(200);
    const me = await api.call<{ data: User }>('GET', '/auth/profile', as(session));
    expect(me.body.data.must_change_password).toBe(false);

    const old = await login('demo', 'driver', 'Surucu-Gecici-1');
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('INVALID_CREDENTIALS');
    const own = await login('demo', 'driver', 'Kendi-Sifrem-9');
    expect(own.status).toBe(200);
    expect(own.body.must_change_password).toBe(false);
  });

  it('sign-out stays open to such a session', async () => {
    await resetBy(admin, 'sales2', 'Satis-Gecici-1');
    const r = await login('demo', 'sales2', 'Satis-Gecici-1');
    const session: Session = { token: r.body.token, user: r.body.user, tenant: 'demo' };
    const out = await api.call('POST', '/auth/logout', { ...as(session), idempotencyKey: randomUUID() });
    expect(out.status, out.raw).toBe(200);
    expect((await api.call('GET', '/auth/profile', as(session))).status).toBe(401);
  });

  it('a user an admin creates starts with a one-time password too', async () => {
    const username = `yeni.${randomUUID().slice(0, 6)}`;
    const created = await api.call('POST', '/admin/users', {
      ...as(admin),
      idempotencyKey: randomUUID(),
      body: {
        username,
        email: `${username}@ornek.com.tr`,
        full_name: 'Yeni Kullanıcı',
        role: 'salesperson',
        password: 'Ilk-Sifre-123',
      },
    });
    expect(created.status, created.raw).toBe(201);
    expect((created.body as { data: User }).data.must_change_password).toBe(true);
    const session = await signInAndSetOwnPassword(api, 'demo', username, 'Ilk-Sifre-123', 'Benim-Sifrem-4');
    expect((await api.call('GET', '/orders', as(session))).status).toBe(200);
  });
});

describe('expiry', () => {
  it('past its expiry the right one-time password cannot sign in: a clear refusal, not a counted failure', async () => {
    await resetBy(admin, 'manager', 'Mudur-Gecici-1');
    const r = await login('demo', 'manager', 'Mudur-Gecici-1');
    expect(r.status).toBe(200);
    const before: Session = { token: r.body.token, user: r.body.user, tenant: 'demo' };
    expect((await api.call('GET', '/auth/profile', as(before))).status).toBe(200);
    // the clock: the expiry written into the past (not a sleep)
    await api.db
      .updateTable('users')
      .set({ password_expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', 'demo')
      .where('username', '=', 'manager')
      .execute();
    api.app.readCache.invalidate();

    const expired = await login('demo', 'manager', 'Mudur-Gecici-1');
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({
      success: false,
      code: 'TEMPORARY_PASSWORD_EXPIRED',
      error: MESSAGES.temporaryPasswordExpired,
    });
    expect(expired.body.error).toMatch(/^Geçici şifrenizin süresi doldu/);
    expect(
      await api.db
        .selectFrom('login_attempts')
        .select('failed_count')
        .where('tenant_id', '=', 'demo')
        .where('username', '=', 'manager')
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await countRows(api.db, 'audit_logs', { tenant_id: 'demo', action: 'auth.temporary_password_expired' }),
    ).toBe(1);
    // a session signed in before the expiry ends with it
    const late = await api.call('GET', '/auth/profile', as(before));
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ error: MESSAGES.temporaryPasswordExpired });
    // a wrong password is still a counted failure
    const wrong = await login('demo', 'manager', 'baska-bir-sey');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');

    // the admin gives a new one: it works again
    await resetBy(admin, 'manager', 'Mudur-Gecici-2');
    await signInAndSetOwnPassword(api, 'demo', 'manager', 'Mudur-Gecici-2', 'Mudur-Kendi-3');
  });

  it("the validity is the tenant's setting 'temp_password_days' (1–90, default 7)", async () => {
    const settings = () =>
      api.call<{ data: { temp_password_days: number; version: number }; field?: string; error?: string }>(
        'GET',
        '/admin/settings',
        as(admin),
      );
    const now = await settings();
    expect(now.body.data.temp_password_days).toBe(7);
    const save = (value: unknown) =>
      api.call<{ data: { temp_password_days: number }; field?: string; error?: string }>(
        'PUT',
        '/admin/settings',
        { ...as(admin), idempotencyKey: randomUUID(), body: { temp_password_days: value } },
      );
    for (const [value, message] of [
      [0, 'Geçici şifre geçerlilik süresi: Minimum değer 1 olmalıdır'],
      [91, 'Geçici şifre geçerlilik süresi: Maksimum değer 90 olmalıdır'],
      ['yedi', 'Geçici şifre geçerlilik süresi: Geçerli bir sayı giriniz'],
    ] as const) {
      const bad = await save(value);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ field: 'temp_password_days', error: message });
    }
    expect((await settings()).body.data.temp_password_days).toBe(7);
    const saved = await save(2);
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data.temp_password_days).toBe(2);
    const reset = await resetBy(admin, 'sales', 'Satis-Gecici-2');
    expect(Math.abs(new Date(reset.password_expires_at).getTime() - (Date.now() + 2 * DAY))).toBeLessThan(
      60_000,
    );
    const stored = await passwordState('demo', 'sales');
    expect(stored.password_expires_at?.toISOString()).toBe(reset.password_expires_at);
    await save(7);
  });
});

describe("a new company's first admin", () => {
  it('made by tenant management: one-time', async () => {
    const sub = `otp-${randomUUID().slice(0, 6)}`;
    const r = await api.call<{ data: { first_admin_password_expires_at: string } }>(
      'POST',
      '/admin/tenants',
      {
        ...as(platform),
        idempotencyKey: randomUUID(),
        body: {
          company_name: `Deneme ${sub}`,
          subdomain: sub,
          first_admin: { full_name: 'Ayşe Yılmaz', username: 'ayse', password: 'Tek-Seferlik-1234' },
        },
      },
    );
    expect(r.status, r.raw).toBe(201);
    expect(new Date(r.body.data.first_admin_password_expires_at).getTime()).toBeGreaterThan(
      Date.now() + 6 * DAY,
    );
    expect(await passwordState(sub, 'ayse')).toMatchObject({ password_must_change: true });
    const first = await login(sub, 'ayse', 'Tek-Seferlik-1234');
    expect(first.body.must_change_password).toBe(true);
    expect((await api.call('GET', '/admin/users', { tenant: sub, token: first.body.token })).status).toBe(
      403,
    );
    const session = await signInAndSetOwnPassword(api, sub, 'ayse', 'Tek-Seferlik-1234', 'Ayse-Kendi-1234');
    expect((await api.call('GET', '/admin/users', as(session))).status).toBe(200);
  });

  it("made by a platform admin's approval of a sign-up: one-time", async () => {
    const sub = `kayit-${randomUUID().slice(0, 6)}`;
    const id = randomUUID();
    const signUp = await api.call('POST', '/company-registrations', {
      tenant: null,
      remoteAddress: '10.77.0.1',
      body: {
        id,
        company_name: 'Örnek Gıda Ltd.',
        industry: 'Gıda',
        contact_person_name: 'Mehmet Kaya',
        contact_person_email: `mehmet.${sub}@example.com.tr`,
        contact_person_phone: '0532 123 45 67',
        subdomain: sub,
        subscription_plan: 'basic',
        address_street: 'Atatürk Cad. No: 1',
        address_city: 'İzmir',
        address_state: 'Konak',
        address_country: 'Türkiye',
        legal_name: 'Örnek Gıda Sanayi ve Ticaret Limited Şirketi',
        tax_number: '9876543217',
        tax_office: 'Konak',
        form_token: issueFormToken(api.config.jwtSecret, new Date(Date.now() - 5_000)),
        website: '',
      },
    });
    expect(signUp.status, signUp.raw).toBe(201);
    const approved = await api.call<{
      data: { tenant: { admin_username: string; one_time_password: string; password_expires_at: string } };
    }>('POST', `/admin/company-registrations/${id}/approve`, {
      ...as(platform),
      idempotencyKey: randomUUID(),
      body: { reason: 'Uygun' },
    });
    expect(approved.status, approved.raw).toBe(200);
    const { admin_username, one_time_password, password_expires_at } = approved.body.data.tenant;
    expect(new Date(password_expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(await passwordState(sub, admin_username)).toMatchObject({ password_must_change: true });
    const first = await login(sub, admin_username, one_time_password);
    expect(first.body.must_change_password).toBe(true);
    expect((await api.call('GET', '/admin/settings', { tenant: sub, token: first.body.token })).status).toBe(
      403,
    );
    const session = await signInAndSetOwnPassword(
      api,
      sub,
      admin_username,
      one_time_password,
      'Kendi-Sifre-77',
    );
    expect((await api.call('GET', '/admin/settings', as(session))).status).toBe(200);
  });
});
