import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminUserSchema, adminUsersResponse, USER_MESSAGES } from '../../src/shared/api/admin-users';
import {
  admin,
  api,
  as,
  type Body,
  create,
  firstSignIn,
  foreignAdmin,
  listAll,
  liveUsers,
  newUser,
  others,
  startAdminUsersApi,
  TENANT,
} from './support/admin-users';
import { countRows } from './support/harness';

/**
 * The admin panel's user management, part 1: every endpoint for the admin, each other role and
 * another tenant; the list (pages, Turkish search, filters); create (validation that names the
 * field and writes nothing, the tenant's password rule, a replayed create); versioned edits.
 */
startAdminUsersApi();

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
    // nothing of the password leaves (the one-time flag aside)
    const { must_change_password, ...rest } = user;
    expect(must_change_password).toBe(true);
    expect(JSON.stringify(rest)).not.toContain('password');
    const session = await firstSignIn(body);
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

  it("a new user starts in the tenant's default language and time zone (the system settings)", async () => {
    await api.db
      .updateTable('tenants')
      .set({ default_language: 'en', default_timezone: 'UTC' })
      .where('id', '=', TENANT)
      .execute();
    try {
      const body = newUser({ role: 'salesperson' });
      const user = await create(body);
      const stored = await api.db
        .selectFrom('users')
        .select(['language', 'timezone'])
        .where('tenant_id', '=', TENANT)
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ language: 'en', timezone: 'UTC' });
      const session = await firstSignIn(body);
      expect(session.user).toMatchObject({ language: 'en', timezone: 'UTC' });
    } finally {
      await api.db
        .updateTable('tenants')
        .set({ default_language: 'tr', default_timezone: 'Europe/Istanbul' })
        .where('id', '=', TENANT)
        .execute();
    }
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
      [{ username: undefined }, 'username', 'Kullanıcı adı gereklidir'],
      [{ username: 'ab' }, 'username', /en az 3/],
      [{ username: 'a'.repeat(51) }, 'username', /en fazla 50/],
      [{ username: 'ali veli' }, 'username', USER_MESSAGES.usernamePattern],
      [{ username: 'ali\u0000' }, 'username', /geçersiz karakter|yalnızca/],
      [{ email: undefined }, 'email', 'Email gereklidir'],
      [{ email: '   ' }, 'email', 'Email gereklidir'],
      [{ email: 'ali@' }, 'email', 'Geçerli bir email adresi giriniz'],
      [{ email: `${'a'.repeat(65)}@ornek.com` }, 'email', /en fazla 64/],
      [{ email: `a@${'b'.repeat(250)}.com` }, 'email', /en fazla 254/],
      [{ full_name: ' ' }, 'full_name', 'Ad Soyad gereklidir'],
      [{ full_name: 'A' }, 'full_name', /en az 2/],
      [{ full_name: 'A'.repeat(101) }, 'full_name', /en fazla 100/],
      [{ role: undefined }, 'role', 'Rol gereklidir'],
      [{ role: 'boss' }, 'role', 'Rol: Geçersiz format'],
      [{ phone: 'ara beni' }, 'phone', 'Telefon: Geçersiz format'],
      [{ phone: '1'.repeat(31) }, 'phone', /en fazla 30/],
      [{ password: undefined }, 'password', 'Şifre gereklidir'],
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
        error: 'Şifre en az 10 karakter olmalıdır',
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
