import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES as M } from '../../src/shared/api/registrations';
import {
  act,
  api,
  demoSales,
  form,
  platform,
  platformManager,
  setUpRegistrationsApi,
  signUp,
  tenantAdmin,
} from './support/company-registrations';
import { type Session, startApi } from './support/harness';
import { signInAndSetOwnPassword } from './support/one-time-password';

/**
 * The platform admins' review of company sign-ups: who may call it, the list and its figures, the
 * decisions (the state machine, a reason for final ones), approval provisioning exactly one tenant with
 * one admin who signs in with the one-time password, and suspension locking the tenant out.
 */
setUpRegistrationsApi();

describe('platform admin review', () => {
  const adminCalls = (s: Session | null) => [
    api.call('GET', '/admin/company-registrations', { tenant: s?.tenant ?? 'demo', token: s?.token ?? null }),
    api.call('GET', '/admin/dashboard-stats', { tenant: s?.tenant ?? 'demo', token: s?.token ?? null }),
    api.call('POST', `/admin/company-registrations/${randomUUID()}/approve`, {
      tenant: s?.tenant ?? 'demo',
      token: s?.token ?? null,
      body: { reason: 'x' },
    }),
  ];

  it('every endpoint: platform admin yes; a tenant admin 403; other roles 403; no token 401', async () => {
    const [list, stats, missing] = await Promise.all(adminCalls(platform));
    expect([list?.status, stats?.status, missing?.status]).toEqual([200, 200, 404]);
    for (const s of [tenantAdmin, platformManager, demoSales]) {
      const answers = await Promise.all(adminCalls(s));
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
    }
    const tenantAnswer = (await Promise.all(adminCalls(tenantAdmin)))[0];
    expect(tenantAnswer?.body).toMatchObject({ error: M.platformOnly, code: 'FORBIDDEN' });
    expect((await Promise.all(adminCalls(null))).map((a) => a.status)).toEqual([401, 401, 401]);
  });

  it('lists with search and status filter; the figures are real counts', async () => {
    const body = form(api, { company_name: 'Işık Tekstil A.Ş.' });
    expect((await signUp(api, body)).status).toBe(201);
    const list = await api.call<{ success: boolean; data: Array<{ id: string; status: string }> }>(
      'GET',
      '/admin/company-registrations',
      { tenant: 'default', token: platform.token, query: { search: 'ışık', status: 'pending' } },
    );
    expect(list.body.success).toBe(true);
    expect(list.body.data.map((r) => r.id)).toEqual([body.id]);
    const stats = await api.call<{
      data: { registrations: Record<string, number>; tenants: Record<string, number> };
    }>('GET', '/admin/dashboard-stats', { tenant: 'default', token: platform.token });
    const rows = await api.db.selectFrom('company_registrations').select('status').execute();
    const tenants = await api.db.selectFrom('tenants').select('id').where('is_active', '=', true).execute();
    expect(stats.body.data).toEqual({
      registrations: {
        total: rows.length,
        pending: rows.filter((r) => r.status === 'pending').length,
        approved: rows.filter((r) => r.status === 'approved').length,
      },
      tenants: { total_active_tenants: tenants.length },
    });
    const bad = await api.call('GET', '/admin/company-registrations', {
      tenant: 'default',
      token: platform.token,
      query: { status: 'gone' },
    });
    expect(bad.status).toBe(400);
  });

  it('state machine: pending → rejected is final; illegal moves are 409 with a Turkish message', async () => {
    const body = form(api);
    await signUp(api, body);
    expect((await act(api, platform, body.id, 'suspend')).status).toBe(409);
    const rejected = await act(api, platform, body.id, 'reject', 'Eksik bilgi');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ changed: true, registration: { status: 'rejected' } });
    const again = await act(api, platform, body.id, 'reject');
    expect(again.body.data).toMatchObject({ changed: false, message: M.alreadyRejected });
    for (const action of ['approve', 'suspend']) {
      const r = await act(api, platform, body.id, action);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'INVALID_TRANSITION', error: M.illegalMove('rejected', action) });
    }
    expect((await act(api, platform, body.id, 'delete')).status).toBe(400);
  });

  it('a final decision needs its reason: reject (and suspend) without one is 400 naming reason, and nothing changes', async () => {
    const body = form(api);
    await signUp(api, body);
    const status = async () =>
      (
        await api.db
          .selectFrom('company_registrations')
          .select(['status', 'reason'])
          .where('id', '=', body.id)
          .executeTakeFirstOrThrow()
      ).status;
    for (const reason of [null, '', '   \n  ']) {
      const r = await act(api, platform, body.id, 'reject', reason);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'reason', error: M.reasonRequired });
      expect(r.body.error).toContain('Gerekçe');
    }
    expect(await status()).toBe('pending');
    // an approval's reason stays optional; a suspension, final too, needs one
    expect((await act(api, platform, body.id, 'approve', null)).status).toBe(200);
    const suspend = await act(api, platform, body.id, 'suspend', '');
    expect(suspend.status).toBe(400);
    expect(suspend.body).toMatchObject({ field: 'reason' });
    expect(await status()).toBe('approved');
    expect((await act(api, platform, body.id, 'suspend', 'Sözleşme feshedildi')).status).toBe(200);
    expect(await status()).toBe('suspended');
  });

  it('approval of a name a company took meanwhile is 409 and creates nothing (the registration stays pending)', async () => {
    const id = randomUUID();
    await api.db
      .insertInto('company_registrations')
      .values({
        tenant_id: 'default',
        id,
        company_name: 'Geç Kalan Ltd.',
        industry: null,
        contact_person_name: 'Can Demir',
        contact_person_email: 'can@example.com.tr',
        contact_person_phone: null,
        subdomain: 'client1',
        subscription_plan: 'free',
        address_street: null,
        address_city: null,
        address_state: null,
        address_country: null,
        reason: null,
        verify_token_hash: null,
        verify_expires_at: null,
        decided_at: null,
        decided_by: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const usersBefore = await api.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', 'client1')
      .execute();
    const r = await act(api, platform, id, 'approve');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: M.tenantExists, code: 'CONFLICT' });
    const row = await api.db
      .selectFrom('company_registrations')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.status).toBe('pending');
    const usersAfter = await api.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', 'client1')
      .execute();
    expect(usersAfter.length).toBe(usersBefore.length);
    await act(api, platform, id, 'reject', 'Alt alan adı dolu');
  });

  it('approval creates exactly one tenant and one admin, who signs in with the one-time password; twice is once', async () => {
    const body = form(api, { contact_person_email: 'mehmet.kaya@example.com.tr' });
    await signUp(api, body);
    const [first, second] = await Promise.all([
      act(api, platform, body.id, 'approve', 'Uygun'),
      act(api, platform, body.id, 'approve', 'Uygun'),
    ]);
    const answers = [first, second].map((r) => r.body.data);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(answers.filter((a) => a.changed)).toHaveLength(1);
    const made = answers.find((a) => a.changed);
    const repeat = answers.find((a) => !a.changed);
    expect(repeat?.message).toBe(M.alreadyApproved);
    expect(repeat?.tenant).toBeUndefined();
    expect(made?.tenant).toMatchObject({
      tenant_id: body.subdomain,
      admin_username: 'mehmet.kaya',
      dns_status: 'inactive',
      dns_message: M.dnsInactive,
    });
    const password = made?.tenant?.one_time_password ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const tenants = await api.db.selectFrom('tenants').selectAll().where('id', '=', body.subdomain).execute();
    expect(tenants).toHaveLength(1);
    expect(tenants[0]).toMatchObject({ is_active: true, dns_status: 'inactive', subscription_plan: 'basic' });
    const users = await api.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', body.subdomain)
      .execute();
    expect(users.map((u) => [u.username, u.role, u.full_name])).toEqual([
      ['mehmet.kaya', 'admin', 'Ayşe Yılmaz'],
    ]);
    // the password is stored hashed only
    expect(users[0]?.password_hash).not.toContain(password);
    const idem = await api.db.selectFrom('idempotency_keys').select('response').execute();
    expect(JSON.stringify(idem)).not.toContain(password);
    // the password is one-time: the admin sets their own at the first sign-in
    const session = await signInAndSetOwnPassword(
      api,
      body.subdomain,
      'mehmet.kaya',
      password,
      'Mehmet-Kendi-1',
    );
    expect(session.user.role).toBe('admin');
    // the new tenant's admin is not a platform admin
    const platformOnly = await api.call('GET', '/admin/dashboard-stats', {
      tenant: body.subdomain,
      token: session.token,
    });
    expect(platformOnly.status).toBe(403);
    expect(platformOnly.body.code).toBe('FORBIDDEN');
    // audit rows: the decision in the platform tenant, the provisioning in the new tenant
    const audit = await api.db
      .selectFrom('audit_logs')
      .select(['tenant_id', 'action'])
      .where('entity_id', 'in', [body.id, users[0]?.id ?? ''])
      .where('action', '!=', 'auth.login')
      .execute();
    expect(audit.map((a) => `${a.tenant_id}:${a.action}`).sort()).toEqual(
      [
        'default:registration.approve',
        'default:registration.create',
        `${body.subdomain}:tenant.provision`,
        // the admin set their own password at the first sign-in
        `${body.subdomain}:user.profile_update`,
      ].sort(),
    );
    // the subdomain is now taken
    const check = await api.call<{ data: { reason: string } }>(
      'GET',
      '/company-registrations/subdomain-check',
      {
        tenant: null,
        query: { subdomain: body.subdomain },
      },
    );
    expect(check.body.data.reason).toBe('taken');
  });

  it('suspension turns the tenant off: sign-in and an existing token get 403 TENANT_INACTIVE (the read cache forgets it)', async () => {
    // A minute-long read cache: the tenant is cached as active before the suspension.
    const cached = await startApi({ database: api.database, config: { authCacheMs: 60_000 } });
    try {
      const admin = await cached.login('default', 'admin');
      const body = form(cached, { contact_person_email: 'x@example.com.tr' });
      await signUp(cached, body, '10.6.0.1');
      const approved = await act(cached, admin, body.id, 'approve');
      const tenant = approved.body.data.tenant;
      expect(tenant?.admin_username).toBe('admin');
      const session = await cached.login(body.subdomain, 'admin', tenant?.one_time_password ?? '');
      const profile = () =>
        cached.call('GET', '/auth/profile', { tenant: body.subdomain, token: session.token });
      expect((await profile()).status).toBe(200);
      const suspended = await act(cached, admin, body.id, 'suspend', 'Ödeme yapılmadı');
      expect(suspended.body.data).toMatchObject({ changed: true, registration: { status: 'suspended' } });
      const after = await profile();
      expect(after.status).toBe(403);
      expect(after.body).toMatchObject({ code: 'TENANT_INACTIVE' });
      const login = await cached.call('POST', '/auth/login', {
        tenant: body.subdomain,
        body: { username: 'admin', password: tenant?.one_time_password },
      });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({ code: 'TENANT_INACTIVE' });
      // the figures count active companies only
      const stats = await cached.call<{ data: { tenants: { total_active_tenants: number } } }>(
        'GET',
        '/admin/dashboard-stats',
        { tenant: 'default', token: admin.token },
      );
      const active = await cached.db
        .selectFrom('tenants')
        .select('id')
        .where('is_active', '=', true)
        .execute();
      expect(stats.body.data.tenants.total_active_tenants).toBe(active.length);
      // suspended is final
      expect((await act(cached, admin, body.id, 'approve')).status).toBe(409);
    } finally {
      await cached.close();
    }
  });
});
