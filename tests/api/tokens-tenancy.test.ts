import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, type Session, startApi } from './support/harness';
import { testRoutes } from './support/test-routes';

let api: Api;
let sales: Session;
beforeAll(async () => {
  api = await startApi({ routes: [testRoutes({ current: null })] });
  sales = await api.login('demo', 'sales');
});
afterAll(async () => api?.close());

const profile = (token: string | null, tenant = 'demo') =>
  api.call('GET', '/auth/profile', { tenant, token });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('tenant resolution (?tenant=)', () => {
  it('without the parameter the host decides (localhost: the default tenant); malformed → 400 naming it', async () => {
    // Host-based resolution in depth: tests/api/host-tenant.test.ts.
    const missing = await api.call<{ data: { tenant_id: string } }>('GET', '/tenants/info', { tenant: null });
    expect(missing.status).toBe(200);
    expect(missing.body.data.tenant_id).toBe('default');
    const bad = await api.call('GET', '/tenants/info', { tenant: '../etc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Şirket adresi geçersiz',
      field: 'tenant',
    });
  });

  it('404 for an unknown tenant, 403 for an inactive one', async () => {
    const unknown = await api.call('GET', '/tenants/info', { tenant: 'yok-boyle-bir-sirket' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      success: false,
      error: MESSAGES.tenantNotFound,
      code: 'TENANT_NOT_FOUND',
    });
    await api.db.updateTable('tenants').set({ is_active: false }).where('id', '=', 'client1').execute();
    try {
      const inactive = await api.call('POST', '/auth/login', {
        tenant: 'client1',
        body: { username: 'admin', password: 'demo1234' },
      });
      expect(inactive.status).toBe(403);
      expect(inactive.body).toEqual({
        success: false,
        error: MESSAGES.tenantInactive,
        code: 'TENANT_INACTIVE',
      });
    } finally {
      await api.db.updateTable('tenants').set({ is_active: true }).where('id', '=', 'client1').execute();
    }
  });

  it('GET /tenants/info is public and returns the branding and settings', async () => {
    const r = await api.call('GET', '/tenants/info', { tenant: 'DEMO' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      data: {
        tenant_id: 'demo',
        company_name: 'Demo Ticaret A.Ş.',
        subscription_plan: 'pro',
        is_active: true,
        branding: {
          logo_url: null,
          primary_color: '#2e7d32',
          secondary_color: '#ff6f00',
          company_description: 'Demo Ticaret A.Ş. sipariş yönetim sistemi',
        },
        settings: {
          timezone: 'Europe/Istanbul',
          currency: 'TRY',
          language: 'tr',
          order_number_prefix: 'ORD',
          customer_number_prefix: 'CUST',
        },
        password_reset_by_email: false,
        // the company's password rule (the change-password screen states and checks it)
        password_policy: { min_length: 6, require_strong: false },
        // a tenant the demo seed made, on a server in demo mode: its demo tools are shown
        demo_tools: true,
      },
    });
    const platform = await api.call<{ data: { branding: { primary_color: string } } }>(
      'GET',
      '/tenants/info',
      { tenant: 'default' },
    );
    expect(platform.body.data.branding.primary_color).toBe('#1976d2');
  });
});

describe('tokens', () => {
  it('a token of tenant A is refused on tenant B (403 TENANT_MISMATCH)', async () => {
    const r = await profile(sales.token, 'client1');
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ success: false, error: MESSAGES.tenantMismatch, code: 'TENANT_MISMATCH' });
    // also for mutations
    const m = await api.call('PATCH', '/notifications/mark-all-read', {
      tenant: 'client1',
      token: sales.token,
    });
    expect(m.status).toBe(403);
  });

  it('missing or malformed Authorization → 401 UNAUTHORIZED', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: `Basic ${sales.token}` },
      { authorization: 'Bearer a.b.c' },
    ]) {
      const r = await api.call('GET', '/auth/profile', { tenant: 'demo', headers });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, error: MESSAGES.unauthorized, code: 'UNAUTHORIZED' });
    }
  });

  it('refuses a forged signature, an expired token, alg=none and other algorithms', async () => {
    const claims = claimsOf(sales.token);
    const forged = await new SignJWT({ tid: 'demo', role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setJti(String(claims.jti))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await profile(forged)).status).toBe(401);

    const expired = await new SignJWT({ tid: 'demo', role: 'salesperson' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setJti(String(claims.jti))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(api.config.jwtSecret);
    expect((await profile(expired)).status).toBe(401);

    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'admin' })}.`;
    expect((await profile(none)).status).toBe(401);

    const hs512 = await new SignJWT({ tid: 'demo', role: 'salesperson' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(claims.sub))
      .setJti(String(claims.jti))
      .setExpirationTime('1h')
      .sign(api.config.jwtSecret);
    expect((await profile(hs512)).status).toBe(401);

    // Tampered payload with the original signature.
    const [h, , s] = sales.token.split('.');
    expect((await profile(`${h}.${b64({ ...claims, role: 'admin' })}.${s}`)).status).toBe(401);
    // The genuine one still works.
    expect((await profile(sales.token)).status).toBe(200);
  });

  it('a correctly signed token needs a live session and a matching, active user', async () => {
    const claims = claimsOf(sales.token);
    const sign = (payload: Record<string, unknown>, sub: string, jti: string) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setJti(jti)
        .setExpirationTime('1h')
        .sign(api.config.jwtSecret);
    // Unknown session id.
    expect(
      (await profile(await sign({ tid: 'demo', role: 'salesperson' }, String(claims.sub), randomUUID())))
        .status,
    ).toBe(401);
    // Someone else's session with my user id.
    const manager = await api.login('demo', 'manager');
    const managerJti = String(claimsOf(manager.token).jti);
    expect(
      (await profile(await sign({ tid: 'demo', role: 'salesperson' }, String(claims.sub), managerJti)))
        .status,
    ).toBe(401);
    // Missing claims.
    const noTid = await new SignJWT({ role: 'salesperson' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setJti(String(claims.jti))
      .setExpirationTime('1h')
      .sign(api.config.jwtSecret);
    expect((await profile(noTid)).status).toBe(401);
    // The session expired server-side (kept shorter than the token).
    const s2 = await api.login('demo', 'sales');
    await api.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', String(claimsOf(s2.token).jti))
      .execute();
    expect((await profile(s2.token)).status).toBe(401);
  });

  it('the role comes from the database: a deactivated user is refused at once', async () => {
    const driver = await api.login('demo', 'driver2');
    expect((await profile(driver.token)).status).toBe(200);
    await api.db
      .updateTable('users')
      .set({ is_active: false })
      .where('tenant_id', '=', 'demo')
      .where('id', '=', driver.user.id)
      .execute();
    const r = await profile(driver.token);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'UNAUTHORIZED', error: MESSAGES.userInactive });
  });
});

describe("role guard (a route's access list)", () => {
  it('lets the named roles through and refuses the others with 403 FORBIDDEN', async () => {
    for (const [username, status] of [
      ['manager', 200],
      ['admin', 200],
      ['sales', 403],
      ['warehouse', 403],
      ['driver', 403],
    ] as const) {
      const s = await api.login('client1', username);
      const r = await api.call('GET', '/test/managers-only', { tenant: 'client1', token: s.token });
      expect(r.status, username).toBe(status);
      if (status === 403)
        expect(r.body).toEqual({ success: false, error: MESSAGES.forbidden, code: 'FORBIDDEN' });
    }
    expect((await api.call('GET', '/test/managers-only', { tenant: 'client1' })).status).toBe(401);
  });

  it('uses the role in the database, not the one in the token', async () => {
    const s = await api.login('client1', 'sales2');
    await api.db
      .updateTable('users')
      .set({ role: 'manager' })
      .where('tenant_id', '=', 'client1')
      .where('id', '=', s.user.id)
      .execute();
    expect((await api.call('GET', '/test/managers-only', { tenant: 'client1', token: s.token })).status).toBe(
      200,
    );
    await api.db
      .updateTable('users')
      .set({ role: 'salesperson' })
      .where('tenant_id', '=', 'client1')
      .where('id', '=', s.user.id)
      .execute();
    expect((await api.call('GET', '/test/managers-only', { tenant: 'client1', token: s.token })).status).toBe(
      403,
    );
  });
});
