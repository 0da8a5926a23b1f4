import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startApi } from './support/harness';

/**
 * The read cache of tenants and sessions (src/server/lib/read-cache.ts) is ON here, with a TTL far
 * longer than the test: every check below passes only because the writes invalidate it, not
 * because entries expired.
 */
describe('read cache of tenants and sessions (on, 60 s)', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ config: { authCacheMs: 60_000 } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('a logged-out token is refused on the very next request, though its session was cached', async () => {
    const s = await api.login('demo', 'sales2');
    expect((await api.call('GET', '/auth/profile', { token: s.token })).status).toBe(200);
    expect(api.app.readCache.sessions.size).toBeGreaterThan(0);
    expect((await api.call('POST', '/auth/logout', { token: s.token })).status).toBe(200);
    const after = await api.call('GET', '/auth/profile', { token: s.token });
    expect(after.status).toBe(401);
  });

  it("a password change ends the user's other sessions at once", async () => {
    const keep = await api.login('client1', 'sales2');
    const other = await api.login('client1', 'sales2');
    expect((await api.call('GET', '/orders', { tenant: 'client1', token: other.token })).status).toBe(200);
    const changed = await api.call('PUT', '/auth/profile', {
      tenant: 'client1',
      token: keep.token,
      body: { current_password: 'demo1234', new_password: 'yeni-sifre-123' },
    });
    expect(changed.status).toBe(200);
    expect((await api.call('GET', '/orders', { tenant: 'client1', token: other.token })).status).toBe(401);
    expect((await api.call('GET', '/orders', { tenant: 'client1', token: keep.token })).status).toBe(200);
  });

  it('serves repeated reads from the cache and still answers per tenant', async () => {
    const demo = await api.call('GET', '/tenants/info', { tenant: 'demo' });
    const other = await api.call('GET', '/tenants/info', { tenant: 'default' });
    expect(demo.status).toBe(200);
    expect(other.status).toBe(200);
    expect((demo.body as { data: { tenant_id: string } }).data.tenant_id).toBe('demo');
    expect((other.body as { data: { tenant_id: string } }).data.tenant_id).toBe('default');
    // A token of one tenant stays refused on another even when both tenants are cached.
    const s = await api.login('demo', 'manager');
    expect((await api.call('GET', '/orders', { tenant: 'default', token: s.token })).status).toBe(403);
  });

  it('an unknown tenant is never cached as missing', async () => {
    expect((await api.call('GET', '/tenants/info', { tenant: 'sonra-gelen' })).status).toBe(404);
    await api.db
      .insertInto('tenants')
      .values({
        id: 'sonra-gelen',
        company_name: 'Sonra Gelen A.Ş.',
        subdomain: 'sonra-gelen',
        full_domain: null,
        subscription_plan: 'free',
        logo_url: null,
        company_description: null,
        legal_name: null,
        tax_number: null,
        tax_office: null,
        address: null,
        phone: null,
        email: null,
        website: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    expect((await api.call('GET', '/tenants/info', { tenant: 'sonra-gelen' })).status).toBe(200);
  });

  it("orders' JSON is served by version: a change, and a user's new name, show at once", async () => {
    const manager = await api.login('default', 'manager');
    const sales = await api.login('default', 'sales');
    type ListBody = {
      data: {
        orders: {
          id: string;
          status: string;
          salesperson_id: string | null;
          salesperson_name: string | null;
        }[];
      };
    };
    const list = async () =>
      (
        await api.call<ListBody>('GET', '/orders', {
          tenant: 'default',
          token: manager.token,
          query: { limit: 100 },
        })
      ).body.data.orders;
    const first = await list();
    expect(await list()).toEqual(first); // the second read comes from the cache, identical
    expect(api.app.wireCache.size).toBeGreaterThan(0);
    const pending = first.find((o) => o.status === 'pending_approval');
    expect(pending).toBeDefined();
    type DetailBody = { data: { status: string; version: number } };
    const detail = async () =>
      (
        await api.call<DetailBody>('GET', `/orders/${pending?.id}`, {
          tenant: 'default',
          token: manager.token,
        })
      ).body.data;
    const seen = await detail();
    expect(await detail()).toEqual(seen); // from the cache the second time
    const approved = await api.call('PATCH', `/orders/${pending?.id}/status`, {
      tenant: 'default',
      token: manager.token,
      body: { status: 'approved', expected_status: 'pending_approval' },
    });
    expect(approved.status).toBe(200);
    expect((await list()).find((o) => o.id === pending?.id)?.status).toBe('approved');
    const after = await detail();
    expect(after.status).toBe('approved');
    expect(after.version).toBeGreaterThan(seen.version);
    // A salesperson renames themselves: their orders in the manager's list say so at once.
    const renamed = await api.call('PUT', '/auth/profile', {
      tenant: 'default',
      token: sales.token,
      body: { full_name: 'Yeni Adı Soyadı' },
    });
    expect(renamed.status).toBe(200);
    const theirs = (await list()).filter((o) => o.salesperson_id === sales.user.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((o) => o.salesperson_name === 'Yeni Adı Soyadı')).toBe(true);
  });
});
