import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../src/shared/api/admin-users';
import {
  admin,
  api,
  as,
  type Body,
  create,
  endsWithin,
  firstSignIn,
  listAll,
  newUser,
  openStream,
  others,
  profileStatus,
  startAdminUsersApi,
  TENANT,
} from './support/admin-users';
import { type CallResult, countRows } from './support/harness';

/**
 * The admin panel's user management, part 2: a user deactivated, deleted, re-roled or given a new
 * password is signed out at once (next request 401, open event stream closed); soft delete (orders
 * keep the name, the username may be reused); the last active admin, also against two admins
 * demoting each other at once; reset-password and unlock.
 */
startAdminUsersApi();

describe('signed out at once', () => {
  async function signedInUser(role = 'salesperson') {
    const body = newUser({ role });
    await create(body);
    const session = await firstSignIn(body);
    const stream = await openStream(session);
    expect(await profileStatus(session)).toBe(200);
    // as the admin sees the user now (setting their own password moved the version on)
    const [user] = (await listAll({ search: body.username as string })).users;
    if (!user) throw new Error('the new user is not listed');
    return { user, session, stream, body };
  }

  it('deactivation: the next request is 401 and the open event stream closes; reactivated, they sign in again', async () => {
    const { user, session, stream, body } = await signedInUser();
    const r = await as(admin, 'PUT', `/admin/users/${user.id}`, {
      is_active: false,
      expected_version: user.version,
    });
    expect(r.status, r.raw).toBe(200);
    expect(await profileStatus(session)).toBe(401);
    expect(await endsWithin(stream)).toBe(true);
    const login = await api.call<Body>('POST', '/auth/login', {
      body: { username: body.username, password: body.password },
    });
    expect(login.status).toBe(403);
    await as(admin, 'PUT', `/admin/users/${user.id}`, { is_active: true });
    await api.login(TENANT, body.username as string, body.password as string);
  });

  it('a role change: the next request is 401 and the stream closes; the new sign-in has the new role', async () => {
    const { user, session, stream, body } = await signedInUser('salesperson');
    const r = await as(admin, 'PUT', `/admin/users/${user.id}`, {
      role: 'warehouse',
      expected_version: user.version,
    });
    expect(r.status, r.raw).toBe(200);
    expect(await profileStatus(session)).toBe(401);
    expect(await endsWithin(stream)).toBe(true);
    const again = await api.login(TENANT, body.username as string, body.password as string);
    expect(again.user.role).toBe('warehouse');
  });

  it('a name change does not sign anyone out', async () => {
    const { user, session, stream } = await signedInUser();
    await as(admin, 'PUT', `/admin/users/${user.id}`, {
      full_name: 'Sadece İsim',
      expected_version: user.version,
    });
    expect(await profileStatus(session)).toBe(200);
    expect(await endsWithin(stream, 300)).toBe(false);
  });

  it('deletion: 401, stream closed, cannot sign in, gone from lists; orders keep the name; the username may be reused', async () => {
    const order = await api.db
      .selectFrom('orders as o')
      .innerJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'o.tenant_id').onRef('u.id', '=', 'o.salesperson_id'),
      )
      .select(['o.id', 'u.id as user_id', 'u.full_name'])
      .where('o.tenant_id', '=', TENANT)
      .where('u.username', '=', 'sales2')
      .executeTakeFirstOrThrow();
    const session = await api.login(TENANT, 'sales2');
    const stream = await openStream(session);
    const r = await as(admin, 'DELETE', `/admin/users/${order.user_id}`);
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toEqual({ id: order.user_id, deleted: true });
    expect(await profileStatus(session)).toBe(401);
    expect(await endsWithin(stream)).toBe(true);
    const login = await api.call<Body>('POST', '/auth/login', {
      body: { username: 'sales2', password: 'demo1234' },
    });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('INVALID_CREDENTIALS');
    expect((await listAll({ search: 'sales2' })).users).toEqual([]);
    // the row stays (soft), the order shows the name
    const row = await api.db
      .selectFrom('users')
      .select(['deleted_at', 'is_active'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.is_active).toBe(false);
    const got = await api.call<{ data: { salesperson_name: string } }>('GET', `/orders/${order.id}`, {
      token: admin.token,
    });
    expect(got.status).toBe(200);
    expect(got.body.data.salesperson_name).toBe(order.full_name);
    // deleting again: already done
    const again = await as(admin, 'DELETE', `/admin/users/${order.user_id}`);
    expect(again.status).toBe(200);
    expect(
      await countRows(api.db, 'audit_logs', {
        tenant_id: TENANT,
        action: 'user.delete',
        entity_id: order.user_id,
      }),
    ).toBe(2);
    // the username is free for a new account, which signs in; the old orders keep the old name
    const reused = await create(
      newUser({ username: 'sales2', full_name: 'Yeni Satışçı', password: 'baska1234' }),
    );
    expect(reused.id).not.toBe(order.user_id);
    const fresh = await api.login(TENANT, 'sales2', 'baska1234');
    expect(fresh.user.id).toBe(reused.id);
    const after = await api.call<{ data: { salesperson_name: string } }>('GET', `/orders/${order.id}`, {
      token: admin.token,
    });
    expect(after.body.data.salesperson_name).toBe(order.full_name);
    // edits of a deleted user: not found
    const edit = await as(admin, 'PUT', `/admin/users/${order.user_id}`, { full_name: 'Hayalet' });
    expect(edit.status).toBe(404);
  });

  it('a deleted driver is no longer offered for orders', async () => {
    const { user } = await signedInUser('driver');
    await as(admin, 'DELETE', `/admin/users/${user.id}`);
    const drivers = await api.call<{ data: { drivers: { id: string }[] } }>('GET', '/drivers', {
      token: others.manager.token,
    });
    expect(drivers.body.data.drivers.map((d) => d.id)).not.toContain(user.id);
  });
});

describe('the last active admin and the admin themself', () => {
  it('an admin cannot delete or deactivate their own account', async () => {
    const del = await as(admin, 'DELETE', `/admin/users/${admin.user.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(USER_MESSAGES.selfDelete);
    const off = await as(admin, 'PUT', `/admin/users/${admin.user.id}`, { is_active: false });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe(USER_MESSAGES.selfDeactivate);
    expect(await profileStatus(admin)).toBe(200);
  });

  it('the last active admin cannot be demoted, deactivated or deleted (409 with the Turkish reason)', async () => {
    const tenant = 'client1';
    const a = await api.login(tenant, 'admin');
    // the only admin demotes themself: refused
    const demote = await as(a, 'PUT', `/admin/users/${a.user.id}`, { role: 'manager' });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe(USER_MESSAGES.lastAdmin);
    // a second admin takes over, demotes the first, then is the last one
    const body = newUser({ role: 'admin' });
    const second = await create(body, a);
    const b = await firstSignIn(body, tenant);
    const takeover = await as(b, 'PUT', `/admin/users/${a.user.id}`, { role: 'manager' });
    expect(takeover.status, takeover.raw).toBe(200);
    expect(await profileStatus(a)).toBe(401);
    for (const [method, path, payload] of [
      ['PUT', `/admin/users/${second.id}`, { role: 'driver' }],
      ['PUT', `/admin/users/${second.id}`, { is_active: false }],
    ] as const) {
      const r = await as(b, method, path, payload);
      expect(r.status).toBe(409);
    }
    const third = await create(newUser({ role: 'admin' }), b);
    // with a third (active) admin, the second may step down; the third, now last, is protected from deletion
    const stepDown = await as(b, 'PUT', `/admin/users/${second.id}`, { role: 'manager' });
    expect(stepDown.status).toBe(200);
    const c = await firstSignIn({ username: third.username, password: 'gizli1234' }, tenant);
    const lastDelete = await as(c, 'PUT', `/admin/users/${third.id}`, { role: 'salesperson' });
    expect(lastDelete.status).toBe(409);
    expect(lastDelete.body.error).toBe(USER_MESSAGES.lastAdmin);
    // restore the seeded admin for the rest of the file
    await as(c, 'PUT', `/admin/users/${a.user.id}`, { role: 'admin' });
  });

  it('two admins demoting each other at the same moment leave exactly one active admin', async () => {
    const tenant = 'default';
    const first = await api.login(tenant, 'admin');
    const body = newUser({ role: 'admin' });
    const other = await create(body, first);
    const second = await firstSignIn(body, tenant);
    const [r1, r2] = await Promise.all([
      as(first, 'PUT', `/admin/users/${other.id}`, { role: 'manager' }),
      as(second, 'PUT', `/admin/users/${first.user.id}`, { role: 'manager' }),
    ]);
    const statuses = [r1.status, r2.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const admins = await api.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('role', '=', 'admin')
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .execute();
    expect(admins.length).toBe(1);
  });
});

describe('reset password and unlock', () => {
  it('reset-password: the new password works, the old one not, and every session of the user ended', async () => {
    const body = newUser();
    const u = await create(body);
    const session = await firstSignIn(body);
    const stream = await openStream(session);
    const r = await as(admin, 'POST', `/admin/users/${u.id}/reset-password`, { password: 'YeniSifre42' });
    expect(r.status, r.raw).toBe(200);
    expect(await profileStatus(session)).toBe(401);
    expect(await endsWithin(stream)).toBe(true);
    const old = await api.call('POST', '/auth/login', {
      body: { username: body.username, password: body.password },
    });
    expect(old.status).toBe(401);
    // the new password is a one-time password: it signs in, for the user to set their own
    const fresh = await api.call<Body & { must_change_password?: boolean }>('POST', '/auth/login', {
      body: { username: body.username, password: 'YeniSifre42' },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.must_change_password).toBe(true);
    const bad = await as(admin, 'POST', `/admin/users/${u.id}/reset-password`, { password: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('password');
    expect(
      await countRows(api.db, 'audit_logs', {
        tenant_id: TENANT,
        action: 'user.reset_password',
        entity_id: u.id,
      }),
    ).toBe(1);
  });

  it('unlock: a locked user is shown locked, cannot sign in, and can right after the unlock', async () => {
    const body = newUser();
    const u = await create(body);
    let last: CallResult<Body> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await api.call<Body>('POST', '/auth/login', {
        body: { username: body.username, password: 'yanlis-sifre' },
      });
    }
    expect(last?.status).toBe(401);
    const locked = await api.call<Body>('POST', '/auth/login', {
      body: { username: body.username, password: body.password },
    });
    expect(locked.status).toBe(429);
    const shown = (await listAll({ search: body.username as string })).users[0];
    expect(shown?.locked_until).not.toBeNull();
    expect(new Date(shown?.locked_until ?? 0).getTime()).toBeGreaterThan(Date.now());
    const r = await as(admin, 'POST', `/admin/users/${u.id}/unlock`);
    expect(r.status, r.raw).toBe(200);
    expect((await listAll({ search: body.username as string })).users[0]?.locked_until).toBeNull();
    await api.login(TENANT, body.username as string, body.password as string);
    expect(
      await countRows(api.db, 'audit_logs', { tenant_id: TENANT, action: 'user.unlock', entity_id: u.id }),
    ).toBe(1);
    const missing = await as(admin, 'POST', `/admin/users/${randomUUID()}/unlock`);
    expect(missing.status).toBe(404);
  });
});
