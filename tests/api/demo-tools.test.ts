import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ONLY_MESSAGE } from '../../src/server/debug/debug.routes';
import { type Api, type Session, startApi } from './support/harness';
import { signInAndSetOwnPassword } from './support/one-time-password';

/**
 * The demo tools (the debug calls and the buttons that make them) exist only in a tenant the demo
 * seed made, on a server in demo mode: a company added through tenant management on the same
 * server never sees the buttons (tenant info says `demo_tools: false`) and the server refuses its
 * debug calls (404, Turkish, nothing written), while the demo tenant keeps them.
 */
let api: Api;
let platform: Session;
let company: Session;

beforeAll(async () => {
  api = await startApi();
  platform = await api.login('default', 'admin');
  const made = await api.call('POST', '/admin/tenants', {
    token: platform.token,
    tenant: 'default',
    body: { company_name: 'Gerçek Şirket', subdomain: 'gercek' },
  });
  expect(made.status, made.raw).toBe(201);
  const otp = 'Gecici-Sifre-12345';
  const admin = await api.call('POST', '/admin/tenants/gercek/admins', {
    token: platform.token,
    tenant: 'default',
    body: { id: crypto.randomUUID(), full_name: 'Ayşe Yılmaz', username: 'ayse', email: null, password: otp },
  });
  expect(admin.status, admin.raw).toBe(201);
  company = await signInAndSetOwnPassword(api, 'gercek', 'ayse', otp, 'Kendi-Sifrem-98765');
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const orderCount = async (tenant: string) =>
  Number(
    (
      await api.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenant)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo tools only in the demo tenants', () => {
  it('tenant info says whether the tenant has them', async () => {
    expect(api.config.demoMode).toBe(true);
    const demo = await api.call<{ data: { demo_tools?: boolean } }>('GET', '/tenants/info', {
      tenant: 'demo',
    });
    expect(demo.body.data.demo_tools).toBe(true);
    const real = await api.call<{ data: { demo_tools?: boolean } }>('GET', '/tenants/info', {
      tenant: 'gercek',
    });
    expect(real.status, real.raw).toBe(200);
    expect(real.body.data.demo_tools).toBe(false);
  });

  it('a company made in tenant management is refused every debug call (404, Turkish), nothing written', async () => {
    const as = { token: company.token, tenant: 'gercek' };
    const list = await api.call<{ error: string; code: string }>('GET', '/debug/all-orders', as);
    expect(list.status, list.raw).toBe(404);
    expect(list.body).toMatchObject({ code: 'NOT_FOUND', error: DEMO_ONLY_MESSAGE });
    const before = await orderCount('gercek');
    const create = await api.call('POST', '/debug/create-test-orders', {
      ...as,
      idempotencyKey: 'demo-only-1',
    });
    expect(create.status, create.raw).toBe(404);
    const approve = await api.call('POST', '/debug/approve-first-order', as);
    expect(approve.status, approve.raw).toBe(404);
    expect(await orderCount('gercek')).toBe(before);
  });

  it('the demo tenant still has them', async () => {
    const admin = await api.login('demo', 'admin');
    const r = await api.call<{ data: { tenantId: string } }>('GET', '/debug/all-orders', {
      token: admin.token,
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.tenantId).toBe('demo');
  });
});
