import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_MESSAGES } from '../../src/shared/api/tenant-admin';
import type { TenantAdmin } from '../../src/shared/api/tenant-admins';
import { DEMO_PASSWORD } from '../helpers/test-db';
import { type Api, type Session, startApi } from './support/harness';
import { signInAndSetOwnPassword } from './support/one-time-password';

/**
 * The platform admin can always get a company back: a company added without a first admin gets
 * one, and a company admin who forgot the password (no e-mail to send a link) gets a new one-time
 * password — which only lets them set their own. Only platform admins may; both writes are in the
 * platform's log and in the company's log.
 */
let api: Api;
let platform: Session;
let companyAdmin: Session;
let platformManager: Session;

beforeAll(async () => {
  api = await startApi();
  platform = await api.login('default', 'admin');
  companyAdmin = await api.login('demo', 'admin');
  platformManager = await api.login('default', 'manager');
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const as = (session: Session) => ({ token: session.token, tenant: session.tenant });
const OTP = 'Gecici-Sifre-12345';

async function newCompany(subdomain: string): Promise<void> {
  const r = await api.call('POST', '/admin/tenants', {
    ...as(platform),
    body: { company_name: `Şirket ${subdomain}`, subdomain },
  });
  expect(r.status, r.raw).toBe(201);
}

async function admins(tenant: string): Promise<TenantAdmin[]> {
  const r = await api.call<{ data: TenantAdmin[] }>('GET', `/admin/tenants/${tenant}/admins`, as(platform));
  expect(r.status, r.raw).toBe(200);
  return r.body.data;
}

async function auditRows(tenant: string, action: string) {
  return api.db
    .selectFrom('audit_logs')
    .select(['action', 'entity', 'entity_id', 'user_id', 'user_name', 'message'])
    .where('tenant_id', '=', tenant)
    .where('action', '=', action)
    .execute();
}

describe('who may', () => {
  const adminId = randomUUID();
  const calls = (): [string, string, unknown?][] => [
    ['GET', '/admin/tenants/demo/admins'],
    [
      'POST',
      '/admin/tenants/demo/admins',
      { id: adminId, full_name: 'Yeni Yönetici', username: 'yeni.yonetici', password: OTP },
    ],
    ['POST', `/admin/tenants/demo/admins/${companyAdmin.user.id}/reset-password`, { password: OTP }],
  ];

  it("a company's admin and the platform's manager are refused (403), nothing written", async () => {
    for (const session of [companyAdmin, platformManager]) {
      for (const [method, path, body] of calls()) {
        const r = await api.call(method, path, { ...as(session), body });
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.body).toMatchObject({ success: false, error: TENANT_MESSAGES.notPlatformAdmin });
      }
    }
    const usernames = (
      await api.db.selectFrom('users').select('username').where('tenant_id', '=', 'demo').execute()
    ).map((u) => u.username);
    expect(usernames).not.toContain('yeni.yonetici');
    // The demo admin's own password still signs in.
    expect((await api.login('demo', 'admin')).user.username).toBe('admin');
  });

  it('without a session: 401', async () => {
    for (const [method, path, body] of calls()) {
      const r = await api.call(method, path, { tenant: 'default', body });
      expect(r.status, `${method} ${path}`).toBe(401);
    }
  });

  it('an unknown company is 404 for each call', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/admin/tenants/yok-boyle/admins'],
      [
        'POST',
        '/admin/tenants/yok-boyle/admins',
        { id: randomUUID(), full_name: 'Ali Veli', username: 'ali', password: OTP },
      ],
      ['POST', `/admin/tenants/yok-boyle/admins/${randomUUID()}/reset-password`, { password: OTP }],
    ];
    for (const [method, path, body] of paths) {
      const r = await api.call(method, path, { ...as(platform), body });
      expect(r.status, `${method} ${path}: ${r.raw}`).toBe(404);
      expect(r.body).toMatchObject({ success: false, error: TENANT_MESSAGES.notFound });
    }
  });
});

describe('a company added without a first admin', () => {
  it('gets an admin whose one-time password only lets them set their own; both logs say so', async () => {
    await newCompany('bossirket');
    expect(await admins('bossirket')).toEqual([]);
    const id = randomUUID();
    const body = { id, full_name: 'Ayşe Yılmaz', username: 'ayse', email: 'ayse@example.com', password: OTP };
    const made = await api.call<{ data: TenantAdmin }>('POST', '/admin/tenants/bossirket/admins', {
      ...as(platform),
      body,
    });
    expect(made.status, made.raw).toBe(201);
    expect(made.body.data).toMatchObject({
      id,
      username: 'ayse',
      full_name: 'Ayşe Yılmaz',
      is_active: true,
      locked: false,
      one_time_password: true,
    });
    expect(made.body.data.password_expires_at).not.toBeNull();
    expect(made.raw).not.toContain(OTP);
    // One row in the platform's log (by the platform admin) and one in the company's log.
    const platformRows = await auditRows('default', 'tenant.admin_create');
    expect(platformRows).toHaveLength(1);
    expect(platformRows[0]).toMatchObject({
      entity: 'tenant',
      entity_id: 'bossirket',
      user_id: platform.user.id,
    });
    expect(platformRows[0]?.message).toContain('ayse');
    const companyRows = await auditRows('bossirket', 'user.create');
    expect(companyRows).toHaveLength(1);
    expect(companyRows[0]).toMatchObject({
      entity: 'user',
      entity_id: id,
      user_id: null,
      user_name: `Platform: ${platform.user.full_name}`,
    });
    // The same request again (the client's id) is the same admin, not a second one.
    const again = await api.call('POST', '/admin/tenants/bossirket/admins', { ...as(platform), body });
    expect(again.status, again.raw).toBe(200);
    expect(await admins('bossirket')).toHaveLength(1);

    // Signed in with it, the admin may do nothing but set their own password.
    const first = await api.call<{ token: string; must_change_password: boolean }>('POST', '/auth/login', {
      tenant: 'bossirket',
      body: { username: 'ayse', password: OTP },
    });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.must_change_password).toBe(true);
    const refused = await api.call('GET', '/admin/users', { tenant: 'bossirket', token: first.body.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    const own = await signInAndSetOwnPassword(api, 'bossirket', 'ayse', OTP, 'Kendi-Sifrem-2026');
    expect((await api.call('GET', '/admin/users', as(own))).status).toBe(200);
    expect((await admins('bossirket'))[0]).toMatchObject({
      one_time_password: false,
      password_expires_at: null,
    });
  });

  it('refuses a short password (400 naming the field) and a username the company has (409)', async () => {
    const short = await api.call('POST', '/admin/tenants/demo/admins', {
      ...as(platform),
      body: { id: randomUUID(), full_name: 'Kısa Şifre', username: 'kisa', password: 'kisa' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ success: false, field: 'password' });
    const taken = await api.call('POST', '/admin/tenants/demo/admins', {
      ...as(platform),
      body: { id: randomUUID(), full_name: 'Başka Biri', username: 'SALES', password: OTP },
    });
    expect(taken.status, taken.raw).toBe(409);
    expect(taken.body).toMatchObject({ success: false, field: 'username' });
  });
});

describe("a company admin's password reset", () => {
  it('gives a one-time password, lifts the lock, ends the sessions; logged in both tenants', async () => {
    const before = await api.login('demo', 'admin');
    // The admin forgot the password: five wrong tries lock the account.
    for (let i = 0; i < 5; i++) {
      await api.call('POST', '/auth/login', {
        tenant: 'demo',
        body: { username: 'admin', password: 'yanlis-sifre' },
      });
    }
    const locked = await api.call('POST', '/auth/login', {
      tenant: 'demo',
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(locked.status).toBe(429);
    const listed = (await admins('demo')).find((a) => a.username === 'admin');
    expect(listed).toMatchObject({ locked: true, one_time_password: false });

    const reset = await api.call<{ data: TenantAdmin }>(
      'POST',
      `/admin/tenants/demo/admins/${before.user.id}/reset-password`,
      { ...as(platform), body: { password: OTP } },
    );
    expect(reset.status, reset.raw).toBe(200);
    expect(reset.body.data).toMatchObject({ id: before.user.id, locked: false, one_time_password: true });
    expect(reset.raw).not.toContain(OTP);
    expect((await admins('demo')).find((a) => a.username === 'admin')).toMatchObject({ locked: false });
    // The old session is over; the old password no longer signs in.
    expect((await api.call('GET', '/admin/users', as(before))).status).toBe(401);
    const old = await api.call('POST', '/auth/login', {
      tenant: 'demo',
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(old.status).toBe(401);
    const own = await signInAndSetOwnPassword(api, 'demo', 'admin', OTP, 'Yeni-Kendi-Sifrem-1');
    expect((await api.call('GET', '/admin/users', as(own))).status).toBe(200);

    const platformRows = await auditRows('default', 'tenant.admin_reset_password');
    expect(platformRows).toHaveLength(1);
    expect(platformRows[0]).toMatchObject({ entity_id: 'demo', user_id: platform.user.id });
    const companyRows = await auditRows('demo', 'user.reset_password');
    expect(companyRows).toHaveLength(1);
    expect(companyRows[0]).toMatchObject({
      entity_id: before.user.id,
      user_name: `Platform: ${platform.user.full_name}`,
    });
  });

  it("is only for the company's admins: another user or an unknown id is 404, nothing written", async () => {
    const sales = await api.login('demo', 'sales');
    for (const userId of [sales.user.id, randomUUID()]) {
      const r = await api.call('POST', `/admin/tenants/demo/admins/${userId}/reset-password`, {
        ...as(platform),
        body: { password: OTP },
      });
      expect(r.status, r.raw).toBe(404);
    }
    // The sales user's own password still signs in.
    expect((await api.login('demo', 'sales')).user.username).toBe('sales');
    expect(await auditRows('default', 'tenant.admin_reset_password')).toHaveLength(1);
  });
});
