import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/api/errors';
import { LOGIN_LOCKOUT_MS } from '../../src/shared/domain/constants';
import { type Api, countRows, type Session, startApi } from './support/harness';

/**
 * PUT /auth/profile checks the current password before a password change. That check is a
 * password oracle for whoever holds a session (a stolen token, an unlocked device), so it is
 * throttled like a sign-in, on the SAME per-account counter: failures here and at the login add up,
 * the limit locks the account for 15 minutes for both, a success clears it. Wrong password → 400
 * (not the login's 401: on an authenticated call a 401 ends the session in the client).
 */
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const TENANT = 'client1';

const changePassword = (s: Session, current: string, next = 'yepyeni-sifre-1') =>
  api.call('PUT', '/auth/profile', {
    tenant: TENANT,
    token: s.token,
    body: { current_password: current, new_password: next },
  });

const login = (username: string, password: string) =>
  api.call('POST', '/auth/login', { tenant: TENANT, body: { username, password } });

const attempts = (username: string) =>
  api.db
    .selectFrom('login_attempts')
    .selectAll()
    .where('tenant_id', '=', TENANT)
    .where('username', '=', username)
    .executeTakeFirst();

const passwordHash = async (userId: string) =>
  (
    await api.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('PUT /auth/profile: the current-password check is throttled like a sign-in', () => {
  it('counts down, locks at the limit, refuses even the right password while locked (login too), unlocks after 15 minutes', async () => {
    const s = await api.login(TENANT, 'warehouse');
    const hashBefore = await passwordHash(s.user.id);
    for (const remaining of [4, 3, 2, 1]) {
      const r = await changePassword(s, 'tahmin-1');
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        success: false,
        error: MESSAGES.currentPasswordWrong,
        code: 'VALIDATION_ERROR',
        field: 'current_password',
        remainingAttempts: remaining,
      });
    }
    expect((await attempts('warehouse'))?.failed_count).toBe(4);
    expect(
      await countRows(api.db, 'audit_logs', {
        tenant_id: TENANT,
        action: 'auth.password_check_failed',
        user_id: s.user.id,
      }),
    ).toBe(4);

    // The 5th wrong guess locks the account for 15 minutes.
    const locking = await changePassword(s, 'tahmin-5');
    expect(locking.status).toBe(400);
    expect(locking.body).toMatchObject({
      success: false,
      error: MESSAGES.accountLocked,
      code: 'VALIDATION_ERROR',
      field: 'current_password',
      lockedOut: true,
      remainingAttempts: 0,
    });
    const remainingTime = (locking.body as { remainingTime: number }).remainingTime;
    expect(remainingTime).toBeGreaterThan(LOGIN_LOCKOUT_MS - 5_000);
    expect(remainingTime).toBeLessThanOrEqual(LOGIN_LOCKOUT_MS);

    // While locked: 429, even with the right password, here and at the login.
    const locked = await changePassword(s, 'demo1234');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      success: false,
      error: MESSAGES.accountLocked,
      code: 'ACCOUNT_LOCKED',
      lockedOut: true,
    });
    expect((await login('warehouse', 'demo1234')).status).toBe(429);
    expect(await passwordHash(s.user.id)).toBe(hashBefore);
    // The session itself goes on (no 401): the rest of the profile can still be edited.
    expect((await api.call('GET', '/auth/profile', { tenant: TENANT, token: s.token })).status).toBe(200);
    const rename = await api.call('PUT', '/auth/profile', {
      tenant: TENANT,
      token: s.token,
      body: { full_name: 'Depo Sorumlusu' },
    });
    expect(rename.status).toBe(200);

    // Time passes (no sleeping): the right password now changes it and clears the counter.
    await api.db
      .updateTable('login_attempts')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', TENANT)
      .where('username', '=', 'warehouse')
      .execute();
    const ok = await changePassword(s, 'demo1234', 'depo-yeni-42');
    expect(ok.status).toBe(200);
    expect(await attempts('warehouse')).toBeUndefined();
    expect((await login('warehouse', 'depo-yeni-42')).status).toBe(200);
  });

  it('shares the counter with the login: failures add up, and a right current password clears them', async () => {
    const s = await api.login(TENANT, 'driver');
    expect((await login('driver', 'yanlis-1')).body).toMatchObject({ remainingAttempts: 4 });
    expect((await login('DRIVER', 'yanlis-2')).body).toMatchObject({ remainingAttempts: 3 });
    const third = await changePassword(s, 'yanlis-3');
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ field: 'current_password', remainingAttempts: 2 });
    expect((await login('driver', 'yanlis-4')).body).toMatchObject({ remainingAttempts: 1 });

    // A right current password proves the user: the counter starts again.
    expect((await changePassword(s, 'demo1234', 'surucu-yeni-1')).status).toBe(200);
    expect(await attempts('driver')).toBeUndefined();
    expect((await login('driver', 'yanlis-5')).body).toMatchObject({ remainingAttempts: 4 });
  });

  it('the limit is the tenant setting max_login_attempts', async () => {
    await api.db.updateTable('tenants').set({ max_login_attempts: 3 }).where('id', '=', TENANT).execute();
    try {
      const s = await api.login(TENANT, 'sales');
      expect((await changePassword(s, 'x1')).body).toMatchObject({ remainingAttempts: 2 });
      expect((await changePassword(s, 'x2')).body).toMatchObject({ remainingAttempts: 1 });
      expect((await changePassword(s, 'x3')).body).toMatchObject({ lockedOut: true, remainingAttempts: 0 });
      expect((await changePassword(s, 'demo1234')).status).toBe(429);
    } finally {
      await api.db.updateTable('tenants').set({ max_login_attempts: 5 }).where('id', '=', TENANT).execute();
    }
  });

  it('changes without a new password never check (nor count) the current one', async () => {
    const s = await api.login(TENANT, 'manager');
    const r = await api.call('PUT', '/auth/profile', {
      tenant: TENANT,
      token: s.token,
      body: { full_name: 'Müdür Bey', current_password: 'yanlis' },
    });
    expect(r.status).toBe(200);
    expect(await attempts('manager')).toBeUndefined();
  });
});
