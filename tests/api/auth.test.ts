import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponse, userSchema } from '../../src/shared/api/auth';
import { MESSAGES } from '../../src/shared/api/errors';
import { LOGIN_LOCKOUT_MS } from '../../src/shared/domain/constants';
import { type Api, countRows, startApi } from './support/harness';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const login = (tenant: string, body: unknown) => api.call('POST', '/auth/login', { tenant, body });

async function attemptsRow(tenant: string, username: string) {
  return api.db
    .selectFrom('login_attempts')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('username', '=', username)
    .executeTakeFirst();
}

describe('POST /auth/login', () => {
  it('returns { success, user, token } whole, updates last_login and audits the sign-in', async () => {
    const before = Date.now();
    const r = await login('demo', { username: 'manager', password: 'demo1234' });
    expect(r.status).toBe(200);
    const body = authResponse.parse(r.body);
    expect(body.user).toMatchObject({
      username: 'manager',
      role: 'manager',
      full_name: 'Mehmet Demir',
      is_active: true,
    });
    expect(Object.keys(r.body)).toEqual(expect.arrayContaining(['success', 'user', 'token']));
    expect(r.body).not.toHaveProperty('data');
    // nothing of the password leaves (the flags saying it is not a one-time password aside)
    const {
      must_change_password: flag,
      user: { must_change_password: userFlag, ...user },
      ...rest
    } = r.body as { must_change_password: unknown; user: Record<string, unknown> };
    expect([flag, userFlag]).toEqual([false, false]);
    expect(JSON.stringify({ ...rest, user })).not.toMatch(/password|scrypt/);
    expect(new Date(body.user.last_login ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(
      await countRows(api.db, 'audit_logs', {
        tenant_id: 'demo',
        action: 'auth.login',
        user_id: body.user.id,
      }),
    ).toBe(1);
    // The token works.
    const profile = await api.call('GET', '/auth/profile', { tenant: 'demo', token: body.token });
    expect(profile.status).toBe(200);
    expect(userSchema.parse((profile.body as { data: unknown }).data).id).toBe(body.user.id);
  });

  it("a sign-in lasts JWT_TTL (12 h) whatever the tenant's session_timeout (that one is an idle timeout)", async () => {
    const expiry = async (tenant: string) => {
      const r = await login(tenant, { username: 'admin', password: 'demo1234' });
      const token = (r.body as { token: string }).token;
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      const session = await api.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('id', '=', claims.jti)
        .executeTakeFirstOrThrow();
      expect(Math.abs(session.expires_at.getTime() / 1000 - claims.exp)).toBeLessThanOrEqual(1);
      return claims.exp * 1000 - Date.now();
    };
    expect(await expiry('demo')).toBeGreaterThan(12 * 3600_000 - 60_000);
    await api.db.updateTable('tenants').set({ session_timeout: 30 }).where('id', '=', 'default').execute();
    expect(await expiry('default')).toBeGreaterThan(12 * 3600_000 - 60_000);
    await api.db.updateTable('tenants').set({ session_timeout: 720 }).where('id', '=', 'default').execute();
  });

  it('usernames are case-insensitive', async () => {
    const r = await login('demo', { username: '  SALES ', password: 'demo1234' });
    expect(r.status).toBe(200);
    expect((r.body as { user: { username: string } }).user.username).toBe('sales');
  });

  it.each([
    ['no body', undefined, 'username'],
    ['empty object', {}, 'username'],
    ['username only', { username: 'sales' }, 'password'],
    ['password only', { password: 'demo1234' }, 'username'],
    ['blank username', { username: '   ', password: 'demo1234' }, 'username'],
    ['empty password', { username: 'sales', password: '' }, 'password'],
    ['wrong types', { username: 42, password: ['x'] }, 'username'],
    ['an array', ['sales', 'demo1234'], 'username'],
  ])('400 with the spec text for missing fields (%s) and nothing counted', async (_label, body, field) => {
    const r = await api.call('POST', '/auth/login', { tenant: 'client1', body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      success: false,
      error: 'Kullanıcı adı ve şifre gereklidir.',
      code: 'VALIDATION_ERROR',
      field,
    });
    expect(await countRows(api.db, 'login_attempts', { tenant_id: 'client1' })).toBe(0);
  });

  it('counts failures down with remainingAttempts, locks at the limit, refuses with 429 while locked, unlocks after 15 minutes', async () => {
    const tenant = 'client1';
    for (const remaining of [4, 3, 2, 1]) {
      const r = await login(tenant, { username: 'warehouse', password: 'yanlis-sifre' });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({
        success: false,
        error: 'Kullanıcı adı veya şifre hatalı. Lütfen tekrar deneyin.',
        code: 'INVALID_CREDENTIALS',
        remainingAttempts: remaining,
      });
    }
    // The 5th failure (tenant default max_login_attempts = 5) locks for 15 minutes.
    const locking = await login(tenant, { username: 'warehouse', password: 'yanlis-sifre' });
    expect(locking.status).toBe(401);
    expect(locking.body).toMatchObject({
      success: false,
      code: 'INVALID_CREDENTIALS',
      lockedOut: true,
      remainingAttempts: 0,
    });
    const remainingTime = (locking.body as { remainingTime: number }).remainingTime;
    expect(remainingTime).toBeGreaterThan(LOGIN_LOCKOUT_MS - 5_000);
    expect(remainingTime).toBeLessThanOrEqual(LOGIN_LOCKOUT_MS);

    // While locked: 429, even with the right password.
    const locked = await login(tenant, { username: 'warehouse', password: 'demo1234' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      success: false,
      error: 'Hesabınız kilitli. Lütfen 15 dakika sonra tekrar deneyin.',
      code: 'ACCOUNT_LOCKED',
    });
    const lockedTime = (locked.body as { remainingTime: number }).remainingTime;
    expect(lockedTime).toBeGreaterThan(0);
    expect(lockedTime).toBeLessThanOrEqual(remainingTime);
    // …and another username of the same tenant, or the same username elsewhere, is not locked.
    expect((await login(tenant, { username: 'driver', password: 'demo1234' })).status).toBe(200);
    expect((await login('demo', { username: 'warehouse', password: 'demo1234' })).status).toBe(200);

    // Time passes: move the lock into the past (no sleeping).
    await api.db
      .updateTable('login_attempts')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', tenant)
      .where('username', '=', 'warehouse')
      .execute();
    // After expiry counting starts again…
    const again = await login(tenant, { username: 'warehouse', password: 'nope' });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ remainingAttempts: 4 });
    expect(again.body).not.toHaveProperty('lockedOut');
    // …and the right password works and clears the counter.
    const ok = await login(tenant, { username: 'warehouse', password: 'demo1234' });
    expect(ok.status).toBe(200);
    expect(await attemptsRow(tenant, 'warehouse')).toBeUndefined();
  });

  it('a success resets the counter', async () => {
    const tenant = 'demo';
    await login(tenant, { username: 'driver', password: 'x' });
    await login(tenant, { username: 'driver', password: 'x' });
    expect((await attemptsRow(tenant, 'driver'))?.failed_count).toBe(2);
    expect((await login(tenant, { username: 'driver', password: 'demo1234' })).status).toBe(200);
    const after = await login(tenant, { username: 'driver', password: 'x' });
    expect(after.body).toMatchObject({ code: 'INVALID_CREDENTIALS', remainingAttempts: 4 });
  });

  it('unknown usernames are counted and locked the same way (no user enumeration)', async () => {
    const tenant = 'demo';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await login(tenant, { username: 'hayalet', password: 'whatever' }));
    expect(
      answers.slice(0, 4).map((r) => (r.body as { remainingAttempts: number }).remainingAttempts),
    ).toEqual([4, 3, 2, 1]);
    expect(answers[0]?.body).toMatchObject({
      error: MESSAGES.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
    expect(answers[4]?.body).toMatchObject({ lockedOut: true, remainingAttempts: 0 });
    const locked = await login(tenant, { username: 'hayalet', password: 'whatever' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'ACCOUNT_LOCKED', error: MESSAGES.accountLocked });
  });

  it('the limit comes from the tenant setting max_login_attempts', async () => {
    await api.db.updateTable('tenants').set({ max_login_attempts: 3 }).where('id', '=', 'default').execute();
    const a = await login('default', { username: 'sales', password: 'x' });
    const b = await login('default', { username: 'Sales', password: 'x' });
    const c = await login('default', { username: 'sales', password: 'x' });
    expect(a.body).toMatchObject({ remainingAttempts: 2 });
    expect(b.body).toMatchObject({ remainingAttempts: 1 });
    expect(c.body).toMatchObject({ lockedOut: true });
    expect((await login('default', { username: 'sales', password: 'demo1234' })).status).toBe(429);
    await api.db.updateTable('tenants').set({ max_login_attempts: 5 }).where('id', '=', 'default').execute();
  });

  it('a deactivated user cannot sign in, even with the right password', async () => {
    await api.db
      .updateTable('users')
      .set({ is_active: false })
      .where('tenant_id', '=', 'client1')
      .where('username', '=', 'sales2')
      .execute();
    const r = await login('client1', { username: 'sales2', password: 'demo1234' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, error: MESSAGES.userInactive, code: 'FORBIDDEN' });
    expect(r.body).not.toHaveProperty('token');
  });
});

describe('POST /auth/login rate limit', () => {
  it('answers 429 with the Turkish envelope after the per-IP limit, other IPs unaffected', async () => {
    const limited = await startApi({ config: { loginRateLimitPerMinute: 3 }, database: api.database });
    try {
      const send = (ip: string) =>
        limited.call('POST', '/auth/login', {
          tenant: 'demo',
          body: { username: 'sales', password: 'x' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await send('10.0.0.1')).status).toBe(401);
      const blocked = await send('10.0.0.1');
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({
        success: false,
        error: MESSAGES.rateLimited,
        code: 'RATE_LIMITED',
      });
      expect((await send('10.0.0.2')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session: the same token is refused afterwards', async () => {
    const s = await api.login('demo', 'admin');
    const out = await api.call('POST', '/auth/logout', { tenant: 'demo', token: s.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: { message: 'Başarıyla çıkış yapıldı' } });
    const after = await api.call('GET', '/auth/profile', { tenant: 'demo', token: s.token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', error: MESSAGES.unauthorized });
    // Another session of the same user is untouched.
    const other = await api.login('demo', 'admin');
    expect((await api.call('GET', '/auth/profile', { tenant: 'demo', token: other.token })).status).toBe(200);
  });

  it('works with an empty JSON body and needs a token', async () => {
    const s = await api.login('demo', 'warehouse');
    const r = await api.call('POST', '/auth/logout', {
      tenant: 'demo',
      token: s.token,
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
    expect((await api.call('POST', '/auth/logout', { tenant: 'demo' })).status).toBe(401);
  });
});

describe('GET and PUT /auth/profile', () => {
  it('returns the signed-in user in data', async () => {
    const s = await api.login('client1', 'manager');
    const r = await api.call<{ success: boolean; data: unknown }>('GET', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
    });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(userSchema.parse(r.body.data)).toMatchObject({
      id: s.user.id,
      username: 'manager',
      role: 'manager',
    });
  });

  it('updates name, email and phone', async () => {
    const s = await api.login('client1', 'driver');
    const r = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
      body: { full_name: 'Hüseyin Aslan Yeni', email: 'yeni@ornek.com.tr', phone: '+90 555 000 00 00' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      data: { full_name: 'Hüseyin Aslan Yeni', email: 'yeni@ornek.com.tr', phone: '+90 555 000 00 00' },
    });
    const row = await api.db
      .selectFrom('users')
      .select(['full_name', 'email'])
      .where('id', '=', s.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Hüseyin Aslan Yeni', email: 'yeni@ornek.com.tr' });
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const s = await api.login('client1', 'sales');
    const before = await api.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', s.user.id)
      .executeTakeFirstOrThrow();
    const badEmail = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
      body: { full_name: 'Yeni Ad', email: 'eposta-degil' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({
      success: false,
      error: 'Geçerli bir email adresi giriniz',
      code: 'VALIDATION_ERROR',
      field: 'email',
    });
    const shortName = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
      body: { full_name: 'X' },
    });
    expect(shortName.body).toMatchObject({
      error: 'Ad soyad en az 2 karakter olmalıdır',
      field: 'full_name',
    });
    const noCurrent = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
      body: { new_password: 'yepyeni123' },
    });
    expect(noCurrent.body).toMatchObject({ error: 'Mevcut şifre gereklidir', field: 'current_password' });
    const wrongCurrent = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
      body: { current_password: 'yanlis', new_password: 'yepyeni123' },
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body).toMatchObject({
      error: MESSAGES.currentPasswordWrong,
      field: 'current_password',
    });
    const after = await api.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', s.user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(
      await countRows(api.db, 'audit_logs', {
        tenant_id: 'client1',
        action: 'user.profile_update',
        user_id: s.user.id,
      }),
    ).toBe(0);
  });

  it('changes the password with the current one, ending the other sessions', async () => {
    const s = await api.login('client1', 'admin');
    const other = await api.login('client1', 'admin');
    const r = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
      body: { current_password: 'demo1234', new_password: 'yeni-sifre-42' },
    });
    expect(r.status).toBe(200);
    expect((await api.call('GET', '/auth/profile', { tenant: 'client1', token: s.token })).status).toBe(200);
    expect((await api.call('GET', '/auth/profile', { tenant: 'client1', token: other.token })).status).toBe(
      401,
    );
    expect((await login('client1', { username: 'admin', password: 'demo1234' })).status).toBe(401);
    expect((await login('client1', { username: 'admin', password: 'yeni-sifre-42' })).status).toBe(200);
  });

  it('a replayed password change (same Idempotency-Key) returns the first answer, not "wrong current password"', async () => {
    const s = await api.login('client1', 'warehouse');
    const body = { current_password: 'demo1234', new_password: 'depo-sifre-1' };
    const first = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
      body,
      idempotencyKey: 'pw-change-1',
    });
    expect(first.status).toBe(200);
    const replay = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: s.token,
      body,
      idempotencyKey: 'pw-change-1',
    });
    expect(replay.status).toBe(200);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(
      await countRows(api.db, 'audit_logs', {
        tenant_id: 'client1',
        action: 'user.profile_update',
        user_id: s.user.id,
      }),
    ).toBe(1);
  });
});

describe('POST /auth/register', () => {
  const valid = {
    username: 'yeni.satis',
    password: 'gizli123',
    full_name: 'Yeni Satışçı',
    email: 'yeni.satis@ornek.com.tr',
  };

  it('creates a salesperson when the tenant allows registration and signs them in', async () => {
    const r = await api.call('POST', '/auth/register', { tenant: 'demo', body: { ...valid, role: 'admin' } });
    expect(r.status).toBe(200);
    const body = authResponse.parse(r.body);
    expect(body.user).toMatchObject({
      username: 'yeni.satis',
      role: 'salesperson',
      full_name: 'Yeni Satışçı',
      email: valid.email,
    });
    expect((await api.call('GET', '/auth/profile', { tenant: 'demo', token: body.token })).status).toBe(200);
    expect((await login('demo', { username: 'yeni.satis', password: 'gizli123' })).status).toBe(200);
  });

  it('refuses a taken username (any case) with 409', async () => {
    const r = await api.call('POST', '/auth/register', {
      tenant: 'demo',
      body: { ...valid, username: 'SALES' },
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      success: false,
      code: 'USERNAME_TAKEN',
      error: MESSAGES.usernameTaken,
      field: 'username',
    });
  });

  it.each([
    [{ ...valid, email: 'x' }, 'email', 'Geçerli bir email adresi giriniz'],
    [{ ...valid, username: 'ab' }, 'username', 'Kullanıcı adı en az 3 karakter olmalıdır'],
    [
      { ...valid, username: 'boşluk var' },
      'username',
      'Kullanıcı adı yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir',
    ],
    [{ ...valid, password: '123' }, 'password', 'Şifre en az 6 karakter olmalıdır'],
    [{ username: 'eksik.alan', password: 'gizli123', email: 'a@b.co' }, 'full_name', 'Ad soyad gereklidir'],
  ])('400 naming the field, nothing written (%#)', async (body, field, error) => {
    const users = await countRows(api.db, 'users', { tenant_id: 'demo' });
    const r = await api.call('POST', '/auth/register', { tenant: 'demo', body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field, error });
    expect(await countRows(api.db, 'users', { tenant_id: 'demo' })).toBe(users);
  });

  it('403 when the tenant does not allow registration', async () => {
    const users = await countRows(api.db, 'users', { tenant_id: 'client1' });
    const r = await api.call('POST', '/auth/register', {
      tenant: 'client1',
      body: { ...valid, username: 'baska.biri' },
    });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: MESSAGES.registrationDisabled });
    expect(await countRows(api.db, 'users', { tenant_id: 'client1' })).toBe(users);
  });
});
