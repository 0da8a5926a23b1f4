/**
 * Company sign-up and its review: the public form (one schema with Turkish errors naming the
 * field, subdomain rules, time trap, honeypot, per-IP limit), the platform admins' list, figures
 * and decisions (the state machine), approval provisioning exactly one tenant with one admin who
 * signs in with the one-time password, and suspension locking the tenant out.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DnsProvider, DnsRecord } from '../../src/server/dns/provider';
import { issueFormToken } from '../../src/server/registrations/form-token';
import { REGISTRATION_MESSAGES as M } from '../../src/shared/api/registrations';
import { SUBDOMAIN_MESSAGES as S } from '../../src/shared/domain/platform';
import { freePort } from '../helpers/free-port';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { type Api, type Session, startApi } from './support/harness';
import { signInAndSetOwnPassword } from './support/one-time-password';

let api: Api;
let platform: Session;
let tenantAdmin: Session;
let platformManager: Session;
let demoSales: Session;
let ipCounter = 0;
let ip = '';

beforeAll(async () => {
  api = await startApi();
  platform = await api.login('default', 'admin');
  tenantAdmin = await api.login('demo', 'admin');
  platformManager = await api.login('default', 'manager');
  demoSales = await api.login('demo', 'sales');
});
afterAll(async () => api?.close());
beforeEach(() => {
  ip = `10.1.0.${++ipCounter}`;
});

/** A form served `ageMs` ago (the server's own signing: what GET /company-registrations/form gives). */
const tokenAged = (a: Api, ageMs = 5_000) => issueFormToken(a.config.jwtSecret, new Date(Date.now() - ageMs));

function form(a: Api, overrides: Record<string, unknown> = {}) {
  const sub = `firma-${randomUUID().slice(0, 8)}`;
  return {
    id: randomUUID(),
    company_name: 'Örnek Gıda Ltd.',
    industry: 'Gıda',
    legal_name: 'Örnek Gıda Sanayi ve Ticaret Limited Şirketi',
    tax_number: '9876543217',
    tax_office: 'Konak',
    contact_person_name: 'Ayşe Yılmaz',
    contact_person_email: `ayse.${sub}@example.com.tr`,
    contact_person_phone: '0532 123 45 67',
    subdomain: sub,
    subscription_plan: 'basic',
    address_street: 'Atatürk Cad. No: 1',
    address_city: 'İzmir',
    address_state: 'Konak',
    address_country: 'Türkiye',
    form_token: tokenAged(a),
    website: '',
    ...overrides,
  };
}

const signUp = (a: Api, body: unknown, from = ip) =>
  a.call<{
    success: boolean;
    data: { id: string; subdomain: string };
    error: string;
    field?: string;
    code: string;
  }>('POST', '/company-registrations', { tenant: null, body, remoteAddress: from });

const countRegs = async (a: Api) =>
  Number(
    (
      await a.db
        .selectFrom('company_registrations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const act = (a: Api, s: Session, id: string, action: string, reason: string | null = 'test') =>
  a.call<{
    success: boolean;
    error: string;
    code: string;
    data: {
      changed: boolean;
      message: string;
      registration: { status: string };
      tenant?: {
        tenant_id: string;
        admin_username: string;
        one_time_password: string | null;
        dns_status: string;
        dns_message: string;
      };
    };
  }>('POST', `/admin/company-registrations/${id}/${action}`, {
    tenant: s.tenant,
    token: s.token,
    body: { reason },
  });

describe('public sign-up', () => {
  it('serves a form token without a tenant or a session', async () => {
    const r = await api.call<{ data: { form_token: string; min_seconds: number } }>(
      'GET',
      '/company-registrations/form',
      { tenant: null },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.min_seconds).toBe(3);
    expect(r.body.data.form_token.split('.')).toHaveLength(3);
  });

  it('checks a subdomain live: malformed, reserved, taken and free, each with a Turkish reason', async () => {
    const check = async (subdomain: string) =>
      (
        await api.call<{ data: { available: boolean; reason: string; message: string } }>(
          'GET',
          '/company-registrations/subdomain-check',
          { tenant: null, query: { subdomain }, remoteAddress: ip },
        )
      ).body.data;
    expect(await check('ab')).toMatchObject({ available: false, reason: 'invalid', message: S.tooShort });
    expect(await check('-abc')).toMatchObject({ available: false, message: S.hyphenEdge });
    expect(await check('abc-')).toMatchObject({ available: false, message: S.hyphenEdge });
    expect(await check('ab_c')).toMatchObject({ available: false, message: S.characters });
    expect(await check('şirket')).toMatchObject({ available: false, message: S.characters });
    expect(await check('a'.repeat(64))).toMatchObject({ available: false, message: S.tooLong });
    // an IDN A-label: browsers show xn--dmo-rdd as 'dеmo' (Cyrillic е), a look-alike of demo
    expect(await check('xn--dmo-rdd')).toMatchObject({
      available: false,
      reason: 'invalid',
      message: S.hyphenPair,
    });
    expect(await check('ab--cd')).toMatchObject({
      available: false,
      reason: 'invalid',
      message: S.hyphenPair,
    });
    for (const reserved of ['www', 'api', 'admin', 'mail', 'default', 'app', 'ns1', 'smtp', 'ftp'])
      expect(await check(reserved)).toMatchObject({
        available: false,
        reason: 'reserved',
        message: S.reserved,
      });
    expect(await check('demo')).toMatchObject({ available: false, reason: 'taken', message: S.taken });
    expect(await check('Client1')).toMatchObject({ available: false, reason: 'taken' });
    expect(await check('yeni-firma')).toMatchObject({ available: true, reason: 'ok' });
  });

  it('stores a valid sign-up as pending (201), and a replay of the same id once (200)', async () => {
    const body = form(api);
    const before = await countRegs(api);
    const r = await signUp(api, body);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      id: body.id,
      subdomain: body.subdomain,
      status: 'pending',
      verification_sent: false,
    });
    const again = await signUp(api, body);
    expect(again.status).toBe(200);
    expect(await countRegs(api)).toBe(before + 1);
    // the same id for another company is refused
    const other = await signUp(api, { ...form(api), id: body.id });
    expect(other.status).toBe(409);
    // the name is now pending for anyone else
    const second = await signUp(api, form(api, { subdomain: body.subdomain }));
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ error: S.pending, field: 'subdomain' });
  });

  it('refuses bad input with a Turkish error naming the field, writing nothing', async () => {
    const before = await countRegs(api);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ company_name: '' }, 'company_name', /^Şirket Adı gereklidir$/],
      [{ contact_person_name: undefined }, 'contact_person_name', /^Yetkili Adı Soyadı gereklidir$/],
      [{ contact_person_email: '' }, 'contact_person_email', /^Yetkili E-posta gereklidir$/],
      [{ contact_person_email: 'yok@' }, 'contact_person_email', /Geçerli bir email adresi giriniz/],
      [{ contact_person_phone: '12' }, 'contact_person_phone', /geçerli bir telefon numarası/],
      [{ subscription_plan: 'gold' }, 'subscription_plan', /Ücretsiz, Temel, Pro veya Kurumsal/],
      [{ subdomain: 'www' }, 'subdomain', /ayrılmıştır/],
      [{ subdomain: 'ab' }, 'subdomain', /en az 3 karakter/],
      [{ subdomain: 'a_b_c' }, 'subdomain', /küçük harf/],
      [{ subdomain: 'xn--dmo-rdd' }, 'subdomain', /iki tire \(--\) içeremez/],
      [{ subdomain: 'client1' }, 'subdomain', /başka bir şirket tarafından kullanılıyor/],
      [{ company_name: 'x'.repeat(201) }, 'company_name', /en fazla 200 karakter/],
      [{ address_city: 'a\u0000b' }, 'address_city', /geçersiz karakter/],
    ];
    for (const [index, [patch, field, message]] of cases.entries()) {
      const r = await signUp(api, form(api, patch), `10.2.${index + 1}.1`);
      expect({ field, status: r.status }).toEqual({ field, status: 400 });
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(r.body.error, field).toMatch(message);
      expect(r.body.field ?? '', field).toContain(field);
    }
    expect(await countRegs(api)).toBe(before);
  });

  it('time trap: a form sent sooner than 3 s after it was served, a forged or an old token is refused', async () => {
    const before = await countRegs(api);
    const fast = await signUp(api, form(api, { form_token: issueFormToken(api.config.jwtSecret) }));
    expect(fast.status).toBe(400);
    expect(fast.body).toMatchObject({ error: M.tooFast, field: 'form_token' });
    const served = await api.call<{ data: { form_token: string } }>('GET', '/company-registrations/form', {
      tenant: null,
    });
    const atOnce = await signUp(api, form(api, { form_token: served.body.data.form_token }));
    expect(atOnce.body.error).toBe(M.tooFast);
    const [time, nonce] = tokenAged(api).split('.');
    const forged = await signUp(api, form(api, { form_token: `${time}.${nonce}.AAAA` }));
    expect(forged.body).toMatchObject({ error: M.formTokenInvalid, field: 'form_token' });
    ip = `10.4.0.${++ipCounter}`;
    const old = await signUp(api, form(api, { form_token: tokenAged(api, 25 * 3600_000) }));
    expect(old.body.error).toBe(M.formExpired);
    expect(await countRegs(api)).toBe(before);
  });

  it('honeypot: a filled hidden field is refused', async () => {
    const before = await countRegs(api);
    const r = await signUp(api, form(api, { website: 'http://spam.example' }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: M.botSuspected, field: 'website' });
    expect(await countRegs(api)).toBe(before);
  });

  it('is rate-limited per address: the sixth sign-up in a quarter hour is 429', async () => {
    const from = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signUp(api, {}, from)).status);
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
    // another address is not affected
    expect((await signUp(api, {}, '10.9.9.10')).status).toBe(400);
  });
});

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

/**
 * A DNS provider that records what it is asked, or fails like a provider that is down; its
 * resolver answers `resolves` (a record just written may not resolve yet).
 */
function fakeDns(
  fail: string | null,
  written: string[],
  resolves: 'active' | 'pending' = 'active',
): DnsProvider {
  return {
    configured: true,
    zone: 'example.com.',
    upsertHost: async (label: string): Promise<DnsRecord> => {
      if (fail) throw new Error(fail);
      written.push(label);
      return { name: `${label}.example.com.`, type: 'A', content: ['192.0.2.1'], ttl: 300 };
    },
    removeHost: async () => {},
    listRecords: async () => [],
    check: async (label: string) => ({
      status: resolves,
      host: `${label}.example.com`,
      answers: [],
      target: null,
    }),
  };
}

describe('DNS and e-mail on approval', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink(await freePort());
  });
  afterAll(async () => sink?.stop());

  it('writes the DNS record (active); a provider failure is dns_status error with the reason and the approval stands', async () => {
    const written: string[] = [];
    const ok = await startApi({ database: api.database, dns: fakeDns(null, written) });
    const down = await startApi({ database: api.database, dns: fakeDns('bağlantı reddedildi', []) });
    try {
      const a = form(ok);
      await signUp(ok, a, '10.7.0.1');
      const r1 = await act(ok, await ok.login('default', 'admin'), a.id, 'approve');
      expect(r1.body.data.tenant?.dns_status).toBe('active');
      expect(written).toEqual([a.subdomain]);
      const b = form(down);
      await signUp(down, b, '10.7.0.2');
      const r2 = await act(down, await down.login('default', 'admin'), b.id, 'approve');
      expect(r2.status).toBe(200);
      expect(r2.body.data.registration.status).toBe('approved');
      expect(r2.body.data.tenant).toMatchObject({
        dns_status: 'error',
        dns_message: M.dnsError('bağlantı reddedildi'),
      });
      const row = await ok.db
        .selectFrom('tenants')
        .select('dns_status')
        .where('id', '=', b.subdomain)
        .executeTakeFirst();
      expect(row?.dns_status).toBe('error');
      // written, but the resolver does not answer it yet: pending, never 'active' on trust
      const slow = await startApi({ database: api.database, dns: fakeDns(null, [], 'pending') });
      try {
        const c = form(slow);
        await signUp(slow, c, '10.7.0.3');
        const r3 = await act(slow, await slow.login('default', 'admin'), c.id, 'approve');
        expect(r3.body.data.tenant).toMatchObject({ dns_status: 'pending', dns_message: M.dnsPending });
      } finally {
        await slow.close();
      }
    } finally {
      await ok.close();
      await down.close();
    }
  });

  it('with SMTP: the sign-up mails a verification link that sets email_verified; the first password is mailed, not shown', async () => {
    const mailing = await startApi({ database: api.database, config: { smtpUrl: sink.url } });
    try {
      const body = form(mailing);
      const r = await signUp(mailing, body, '10.8.0.1');
      expect(r.body.data).toMatchObject({ verification_sent: true });
      // the mail as the SMTP server received it (the outbox forgets a sent link's body)
      await expect
        .poll(() => sink.messages.some((m) => m.to.includes(body.contact_person_email)), { timeout: 15_000 })
        .toBe(true);
      const mail = sink.messages.find((m) => m.to.includes(body.contact_person_email));
      await expect
        .poll(
          async () =>
            (
              await mailing.db
                .selectFrom('email_outbox')
                .select(['status', 'text_body'])
                .where('kind', '=', 'registration_verify')
                .where('to_address', '=', body.contact_person_email)
                .executeTakeFirst()
            )?.text_body,
        )
        .toBe('');
      const token = /verify=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      expect(token.length).toBeGreaterThan(20);
      const bad = await mailing.call('POST', '/company-registrations/verify-email', {
        tenant: null,
        body: { token: 'yanlis' },
      });
      expect(bad.status).toBe(400);
      for (let i = 0; i < 2; i++) {
        const v = await mailing.call('POST', '/company-registrations/verify-email', {
          tenant: null,
          body: { token },
        });
        expect(v.status).toBe(200);
      }
      const row = await mailing.db
        .selectFrom('company_registrations')
        .select('email_verified')
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(row.email_verified).toBe(true);
      const approved = await act(mailing, await mailing.login('default', 'admin'), body.id, 'approve');
      expect(approved.body.data.tenant).toMatchObject({ one_time_password: null, password_emailed: true });
      const isApproval = (m: (typeof sink.messages)[number]) =>
        m.to.includes(body.contact_person_email) && m.subject.startsWith('Şirket kaydınız onaylandı');
      await expect.poll(() => sink.messages.some(isApproval), { timeout: 15_000 }).toBe(true);
      const sent = { text_body: sink.messages.find(isApproval)?.text ?? '' };
      const password = /Geçici şifre: (\S+)/.exec(sent.text_body)?.[1] ?? '';
      const username = /Kullanıcı adı: (\S+)/.exec(sent.text_body)?.[1] ?? '';
      expect(sent.text_body).toMatch(/tek kullanımlıktır/);
      const session = await mailing.login(body.subdomain, username, password);
      expect(session.user.role).toBe('admin');
    } finally {
      await mailing.close();
    }
  });
});
