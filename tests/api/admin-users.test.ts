import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserSchema, adminUsersResponse, USER_MESSAGES } from '../../src/shared/api/admin-users';
import { type Api, type CallResult, countRows, type Session, startApi } from './support/harness';
import { type OpenStream, openEvents } from './support/sse-client';

/**
 * The admin panel's user management: every endpoint for the admin, each other role and another
 * tenant; validation that names the field and writes nothing; the tenant's password rule; versioned
 * edits; soft delete (orders keep the name, the username may be reused); a user deactivated,
 * deleted, re-roled or given a new password is signed out at once (next request 401, open event
 * stream closed — the periodic re-check is set to a minute here, so it is the action that closes
 * it); the last active admin is protected, also against two admins demoting each other at once;
 * reset-password and unlock.
 */
const TENANT = 'demo';
let api: Api;
let base: string;
let admin: Session;
let others: Record<'manager' | 'sales' | 'warehouse' | 'driver', Session>;
let foreignAdmin: Session;
const streams: OpenStream[] = [];

beforeAll(async () => {
  api = await startApi({ config: { eventsRecheckMs: 60_000 } });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const [a, m, s, w, d, f] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'warehouse'),
    api.login(TENANT, 'driver'),
    api.login('client1', 'admin'),
  ]);
  admin = a;
  others = { manager: m, sales: s, warehouse: w, driver: d };
  foreignAdmin = f;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await api?.close();
});

type Body = { data?: unknown; error?: string; code?: string; field?: string; current?: unknown };

function as(session: Session, method: string, path: string, body?: unknown, tenant = session.tenant) {
  return api.call<Body>(method, path, { tenant, token: session.token, body, idempotencyKey: randomUUID() });
}

let counter = 0;
function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `kullanici${counter}`,
    email: `kullanici${counter}@ornek.com.tr`,
    full_name: `Deneme Kullanıcı ${counter}`,
    role: 'salesperson',
    phone: '0532 000 00 00',
    password: 'gizli1234',
    ...overrides,
  };
}

async function create(body: Record<string, unknown>, session = admin) {
  const r = await as(session, 'POST', '/admin/users', body);
  expect(r.status, r.raw).toBe(201);
  return adminUserSchema.parse(r.body.data);
}

async function listAll(query: Record<string, string | number> = {}, session = admin) {
  const r = await api.call<{ data: unknown }>('GET', '/admin/users', {
    tenant: session.tenant,
    token: session.token,
    query: { limit: 25, ...query },
  });
  expect(r.status, r.raw).toBe(200);
  return adminUsersResponse.parse(r.body.data);
}

async function profileStatus(session: Session): Promise<number> {
  return (await api.call('GET', '/auth/profile', { tenant: session.tenant, token: session.token })).status;
}

async function openStream(session: Session): Promise<OpenStream> {
  const stream = await openEvents(base, { tenant: session.tenant, token: session.token });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

/** Resolves true when the stream ends within `ms` (it must not take the minute-long re-check). */
async function endsWithin(stream: OpenStream, ms = 3_000): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
  ]);
}

const liveUsers = (tenant = TENANT) =>
  api.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenant)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe('who may call it', () => {
  it('every endpoint: the admin only; each other role 403 and nothing written; no token 401', async () => {
    const target = await create(newUser());
    const endpoints: Array<[string, string, unknown]> = [
      ['GET', '/admin/users', undefined],
      ['POST', '/admin/users', newUser()],
      ['PUT', `/admin/users/${target.id}`, { full_name: 'Başka İsim' }],
      ['DELETE', `/admin/users/${target.id}`, undefined],
      ['POST', `/admin/users/${target.id}/reset-password`, { password: 'yeniSifre99' }],
      ['POST', `/admin/users/${target.id}/unlock`, undefined],
    ];
    const before = await liveUsers();
    const audits = await countRows(api.db, 'audit_logs', { tenant_id: TENANT });
    for (const [method, path, body] of endpoints) {
      for (const [role, session] of Object.entries(others)) {
        const r = await as(session, method, path, body);
        expect({ role, method, path, status: r.status }).toEqual({ role, method, path, status: 403 });
        expect(r.body.code).toBe('FORBIDDEN');
      }
      const anonymous = await api.call(method, path, { tenant: TENANT, body });
      expect({ method, path, status: anonymous.status }).toEqual({ method, path, status: 401 });
    }
    expect(await liveUsers()).toBe(before);
    expect(await countRows(api.db, 'audit_logs', { tenant_id: TENANT })).toBe(audits);
    const still = (await listAll()).users.find((u) => u.id === target.id);
    expect(still).toMatchObject({ full_name: target.full_name, version: target.version });
  });

  it("another tenant: its token is refused here (403), and its admin cannot reach this tenant's users", async () => {
    const target = await create(newUser());
    const mismatch = await as(foreignAdmin, 'GET', '/admin/users', undefined, TENANT);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.code).toBe('TENANT_MISMATCH');
    for (const [method, path, body] of [
      ['PUT', `/admin/users/${target.id}`, { full_name: 'Ele Geçirildi' }],
      ['DELETE', `/admin/users/${target.id}`, undefined],
      ['POST', `/admin/users/${target.id}/reset-password`, { password: 'ele1234567' }],
      ['POST', `/admin/users/${target.id}/unlock`, undefined],
    ] as const) {
      const r = await as(foreignAdmin, method, path, body);
      expect({ method, path, status: r.status }).toEqual({ method, path, status: 404 });
    }
    const foreignList = await listAll({}, foreignAdmin);
    expect(foreignList.users.some((u) => u.id === target.id)).toBe(false);
    const row = await api.db
      .selectFrom('users')
      .select(['full_name', 'deleted_at'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: target.full_name, deleted_at: null });
  });
});

describe('list', () => {
  it('pages of 5, 10 (default) or 25 with the total; other sizes are refused naming the field', async () => {
    const first = await api.call<{ data: unknown }>('GET', '/admin/users', { token: admin.token });
    const page = adminUsersResponse.parse(first.body.data);
    expect(page.pagination.limit).toBe(10);
    expect(page.pagination.total).toBeGreaterThanOrEqual(7);
    const five = await listAll({ limit: 5, page: 2 });
    expect(five.users.length).toBeLessThanOrEqual(5);
    expect(five.pagination).toMatchObject({ page: 2, limit: 5, pages: Math.ceil(five.pagination.total / 5) });
    const bad = await api.call<Body>('GET', '/admin/users', { token: admin.token, query: { limit: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
    // each user once across the pages
    const all = await listAll();
    expect(new Set(all.users.map((u) => u.id)).size).toBe(all.users.length);
  });

  it('searches username, full name and e-mail with Turkish case folding; filters role and active', async () => {
    const u = await create(
      newUser({ full_name: 'IŞIK ÇAĞRI', role: 'warehouse', email: 'isik@depo.com.tr' }),
    );
    for (const search of ['ışık', 'Işık', 'ışık ÇAĞRI', 'isik@depo', u.username.toUpperCase()]) {
      const found = await listAll({ search });
      expect({ search, ids: found.users.map((x) => x.id) }).toEqual({ search, ids: [u.id] });
    }
    const warehouse = await listAll({ role: 'warehouse' });
    expect(warehouse.users.every((x) => x.role === 'warehouse')).toBe(true);
    expect(warehouse.users.some((x) => x.id === u.id)).toBe(true);
    await as(admin, 'PUT', `/admin/users/${u.id}`, { is_active: false, expected_version: u.version });
    const passive = await listAll({ is_active: 'false' });
    expect(passive.users.map((x) => x.id)).toContain(u.id);
    expect(passive.users.every((x) => !x.is_active)).toBe(true);
    expect((await listAll({ is_active: 'true' })).users.map((x) => x.id)).not.toContain(u.id);
    const badRole = await api.call<Body>('GET', '/admin/users', {
      token: admin.token,
      query: { role: 'boss' },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.field).toBe('role');
  });
});

describe('create', () => {
  it('an admin creates a user who then signs in; one audit row; the password hash never leaves', async () => {
    const body = newUser({ role: 'driver', full_name: 'Yeni Sürücü' });
    const user = await create(body);
    expect(user).toMatchObject({
      username: body.username,
      full_name: 'Yeni Sürücü',
      role: 'driver',
      email: body.email,
      phone: body.phone,
      is_active: true,
      last_login: null,
      version: 1,
      locked_until: null,
    });
    expect(JSON.stringify(user)).not.toContain('password');
    const session = await api.login(TENANT, body.username as string, body.password as string);
    expect(session.user.role).toBe('driver');
    expect(
      await countRows(api.db, 'audit_logs', { tenant_id: TENANT, action: 'user.create', entity_id: user.id }),
    ).toBe(1);
    // the new driver is offered for orders
    const drivers = await api.call<{ data: { drivers: { id: string }[] } }>('GET', '/drivers', {
      token: others.manager.token,
    });
    expect(drivers.body.data.drivers.map((d) => d.id)).toContain(user.id);
  });

  it('a username a live user has (any case) is 409 naming the field; nothing written', async () => {
    const before = await liveUsers();
    const r = await as(admin, 'POST', '/admin/users', newUser({ username: 'MANAGER' }));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'USERNAME_TAKEN',
      field: 'username',
      error: USER_MESSAGES.usernameTaken,
    });
    expect(await liveUsers()).toBe(before);
  });

  it('every invalid field is a 400 naming it, with the form texts; nothing is written', async () => {
    const before = await liveUsers();
    const audits = await countRows(api.db, 'audit_logs', { tenant_id: TENANT });
    const cases: Array<[Record<string, unknown>, string, string | RegExp]> = [
      [{ username: undefined }, 'username', 'Kullanıcı adı (username) gereklidir'],
      [{ username: 'ab' }, 'username', /en az 3/],
      [{ username: 'a'.repeat(51) }, 'username', /en fazla 50/],
      [{ username: 'ali veli' }, 'username', USER_MESSAGES.usernamePattern],
      [{ username: 'ali\u0000' }, 'username', /geçersiz karakter|yalnızca/],
      [{ email: undefined }, 'email', 'Email (email) gereklidir'],
      [{ email: '   ' }, 'email', 'Email (email) gereklidir'],
      [{ email: 'ali@' }, 'email', 'Geçerli bir email adresi giriniz'],
      [{ email: `${'a'.repeat(65)}@ornek.com` }, 'email', /en fazla 64/],
      [{ email: `a@${'b'.repeat(250)}.com` }, 'email', /en fazla 254/],
      [{ full_name: ' ' }, 'full_name', 'Ad Soyad (full_name) gereklidir'],
      [{ full_name: 'A' }, 'full_name', /en az 2/],
      [{ full_name: 'A'.repeat(101) }, 'full_name', /en fazla 100/],
      [{ role: undefined }, 'role', 'Rol (role) gereklidir'],
      [{ role: 'boss' }, 'role', 'Rol (role): Geçersiz format'],
      [{ phone: 'ara beni' }, 'phone', 'Telefon (phone): Geçersiz format'],
      [{ phone: '1'.repeat(31) }, 'phone', /en fazla 30/],
      [{ password: undefined }, 'password', 'Şifre (password) gereklidir'],
      [{ password: '12345' }, 'password', /en az 6/],
      [{ password: 'x'.repeat(201) }, 'password', /en fazla 200/],
      [{ id: 'not-a-uuid' }, 'id', /geçersiz/],
    ];
    for (const [change, field, message] of cases) {
      const r = await as(admin, 'POST', '/admin/users', newUser(change));
      expect({ change, status: r.status, field: r.body.field }).toEqual({ change, status: 400, field });
      expect(r.body.code).toBe('VALIDATION_ERROR');
      if (typeof message === 'string') expect(r.body.error).toBe(message);
      else expect(r.body.error).toMatch(message);
    }
    expect(await liveUsers()).toBe(before);
    expect(await countRows(api.db, 'audit_logs', { tenant_id: TENANT })).toBe(audits);
  });

  it("the password follows the tenant's minimum length and strong-password setting (create and reset)", async () => {
    const target = await create(newUser());
    try {
      await sql`UPDATE tenants SET password_min_length = 10 WHERE id = ${TENANT}`.execute(api.db);
      const before = await liveUsers();
      const short = await as(admin, 'POST', '/admin/users', newUser({ password: 'dokuz9999' }));
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({
        field: 'password',
        error: 'Şifre (password) en az 10 karakter olmalıdır',
      });
      expect(await liveUsers()).toBe(before);
      const reset = await as(admin, 'POST', `/admin/users/${target.id}/reset-password`, {
        password: 'dokuz9999',
      });
      expect(reset.status).toBe(400);
      expect(reset.body.field).toBe('password');
      await create(newUser({ password: 'onkarakter' }));

      await sql`UPDATE tenants SET require_strong_password = true WHERE id = ${TENANT}`.execute(api.db);
      for (const weak of ['sadecekucuk1', 'SADECEBUYUK1', 'HarflerAmaRakamYok']) {
        const r = await as(admin, 'POST', '/admin/users', newUser({ password: weak }));
        expect({ weak, status: r.status, field: r.body.field }).toEqual({
          weak,
          status: 400,
          field: 'password',
        });
        expect(r.body.error).toMatch(/büyük harf, bir küçük harf ve bir rakam/);
      }
      const strong = newUser({ password: 'Şifreli2024' });
      await create(strong);
      await api.login(TENANT, strong.username as string, 'Şifreli2024');
    } finally {
      await sql`UPDATE tenants SET password_min_length = 6, require_strong_password = false WHERE id = ${TENANT}`.execute(
        api.db,
      );
    }
  });

  it('a create replayed with its client-made id is the first one; an id another user has is 409', async () => {
    const id = randomUUID();
    const body = newUser({ id });
    const first = await create(body);
    expect(first.id).toBe(id);
    const again = await as(admin, 'POST', '/admin/users', body);
    expect(again.status).toBe(200);
    expect(adminUserSchema.parse(again.body.data).id).toBe(id);
    const other = await as(admin, 'POST', '/admin/users', newUser({ id }));
    expect(other.status).toBe(409);
    expect(other.body.field).toBe('id');
    expect(await countRows(api.db, 'users', { tenant_id: TENANT, id })).toBe(1);
  });
});

describe('edit', () => {
  it('changes email, name, phone; names the version it saw; a stale version is 409 with the current row', async () => {
    const u = await create(newUser());
    const r = await as(admin, 'PUT', `/admin/users/${u.id}`, {
      email: 'yeni@ornek.com.tr',
      full_name: 'Güncel İsim',
      phone: null,
      expected_version: u.version,
    });
    expect(r.status, r.raw).toBe(200);
    const updated = adminUserSchema.parse(r.body.data);
    expect(updated).toMatchObject({ email: 'yeni@ornek.com.tr', full_name: 'Güncel İsim', phone: null });
    expect(updated.version).toBe(u.version + 1);

    const stale = await as(admin, 'PUT', `/admin/users/${u.id}`, {
      full_name: 'Eski Görüntü',
      expected_version: u.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect(stale.body.error).toBe(USER_MESSAGES.versionConflict);
    expect(adminUserSchema.parse(stale.body.current)).toMatchObject({
      full_name: 'Güncel İsim',
      version: updated.version,
    });
    // the same values again on a stale version: already satisfied, nothing written
    const same = await as(admin, 'PUT', `/admin/users/${u.id}`, {
      full_name: 'Güncel İsim',
      expected_version: u.version,
    });
    expect(same.status).toBe(200);
    expect(adminUserSchema.parse(same.body.data).version).toBe(updated.version);
    expect(
      await countRows(api.db, 'audit_logs', { tenant_id: TENANT, action: 'user.update', entity_id: u.id }),
    ).toBe(2);
  });

  it('invalid fields are 400 naming them; nothing written; the username and password are not editable here', async () => {
    const u = await create(newUser());
    for (const [body, field] of [
      [{ email: 'yanlis' }, 'email'],
      [{ full_name: 'A' }, 'full_name'],
      [{ role: 'boss' }, 'role'],
      [{ is_active: 'evet' }, 'is_active'],
      [{ expected_version: -1 }, 'expected_version'],
    ] as const) {
      const r = await as(admin, 'PUT', `/admin/users/${u.id}`, body);
      expect({ body, status: r.status, field: r.body.field }).toEqual({ body, status: 400, field });
    }
    const r = await as(admin, 'PUT', `/admin/users/${u.id}`, { username: 'baska', password: 'x1234567' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/düzenlenemez/);
    const row = await api.db
      .selectFrom('users')
      .select(['version', 'username'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ version: u.version, username: u.username });
    const missing = await as(admin, 'PUT', `/admin/users/${randomUUID()}`, { full_name: 'Kimse' });
    expect(missing.status).toBe(404);
  });
});

describe('signed out at once', () => {
  async function signedInUser(role = 'salesperson') {
    const body = newUser({ role });
    const user = await create(body);
    const session = await api.login(TENANT, body.username as string, body.password as string);
    const stream = await openStream(session);
    expect(await profileStatus(session)).toBe(200);
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
    const b = await api.login(tenant, body.username as string, body.password as string);
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
    const c = await api.login(tenant, third.username, 'gizli1234');
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
    const second = await api.login(tenant, body.username as string, body.password as string);
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
    const session = await api.login(TENANT, body.username as string, body.password as string);
    const stream = await openStream(session);
    const r = await as(admin, 'POST', `/admin/users/${u.id}/reset-password`, { password: 'YeniSifre42' });
    expect(r.status, r.raw).toBe(200);
    expect(await profileStatus(session)).toBe(401);
    expect(await endsWithin(stream)).toBe(true);
    const old = await api.call('POST', '/auth/login', {
      body: { username: body.username, password: body.password },
    });
    expect(old.status).toBe(401);
    await api.login(TENANT, body.username as string, 'YeniSifre42');
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
