import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DNS_NOT_CONFIGURED } from '../../src/server/dns/provider';
import { dnsCheckResponse, dnsListResponse, dnsSetupExistingResponse } from '../../src/shared/api/dns';
import { type PowerDns, startPowerDns } from '../helpers/powerdns';
import { type Api, countRows, type Session, startApi } from './support/harness';

/**
 * DNS of tenant hosts against a real PowerDNS (its HTTP API for the records, its DNS port as the
 * resolver): the wildcard makes any subdomain resolve to the target; a tenant's record makes its
 * check active, its removal inactive; a stopped PowerDNS is an error with the reason; setting up
 * the existing tenants twice leaves one record per tenant. Only platform admins (admins of the
 * `default` tenant) may call; without a provider every call says so (400 DNS_NOT_CONFIGURED).
 */
const ZONE = 'siparis.test';
const TARGET = '192.0.2.10';
let pdns: PowerDns;
let api: Api;
let platform: Session;
let tenantAdmin: Session;

const asPlatform = (method: string, path: string) =>
  api.call(method, path, {
    tenant: 'default',
    token: platform.token,
    ...(method === 'POST' ? { body: {} } : {}),
  });

async function resolve4(host: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([pdns.resolver]);
  try {
    return await resolver.resolve4(host);
  } catch {
    return [];
  }
}

async function storedStatus(tenant: string): Promise<string | undefined> {
  const row = await api.db
    .selectFrom('tenants')
    .select('dns_status')
    .where('id', '=', tenant)
    .executeTakeFirst();
  return row?.dns_status;
}

beforeAll(async () => {
  pdns = await startPowerDns();
  api = await startApi({
    config: {
      baseDomain: ZONE,
      dns: {
        provider: 'powerdns',
        apiUrl: pdns.apiUrl,
        apiKey: pdns.apiKey,
        zone: ZONE,
        target: TARGET,
        resolver: pdns.resolver,
      },
    },
  });
  platform = await api.login('default', 'admin');
  tenantAdmin = await api.login('demo', 'admin');
}, 60_000);

afterAll(async () => {
  await api?.close();
  await pdns?.close();
});

describe('DNS of tenant hosts (PowerDNS)', () => {
  it('a tenant record written (as at approval) makes its check active and stores the status', async () => {
    await api.app.dns.upsertHost('demo');
    const r = await asPlatform('GET', '/tenants/admin/dns/check/demo');
    expect(r.status).toBe(200);
    const data = dnsCheckResponse.parse((r.body as { data: unknown }).data);
    expect(data).toEqual({ dns_status: 'active', host: `demo.${ZONE}`, answers: [TARGET], target: TARGET });
    expect(await storedStatus('demo')).toBe('active');
    expect(await resolve4(`demo.${ZONE}`)).toEqual([TARGET]);
  });

  it("the tenant shows when its DNS was last checked (tenant management's detail)", async () => {
    const checkedAt = async () => {
      const r = await asPlatform('GET', '/admin/tenants/client1');
      expect(r.status, r.raw).toBe(200);
      return (r.body as { data: { dns_checked_at: string | null } }).data.dns_checked_at;
    };
    await api.db.updateTable('tenants').set({ dns_checked_at: null }).where('id', '=', 'client1').execute();
    expect(await checkedAt()).toBeNull();
    const before = Date.now();
    expect((await asPlatform('GET', '/tenants/admin/dns/check/client1')).status).toBe(200);
    const at = await checkedAt();
    expect(at).not.toBeNull();
    expect(Date.parse(at as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('the record removed: the check says inactive (and stores it)', async () => {
    await api.app.dns.removeHost('demo');
    await api.app.dns.removeHost('demo'); // removing an absent record is no error
    const r = await asPlatform('GET', '/tenants/admin/dns/check/demo');
    expect((r.body as { data: { dns_status: string } }).data.dns_status).toBe('inactive');
    expect(await storedStatus('demo')).toBe('inactive');
    expect(await resolve4(`demo.${ZONE}`)).toEqual([]);
  });

  it('setup-existing twice: one record per active tenant, each tenant active', async () => {
    const active = (
      await api.db.selectFrom('tenants').select(['id', 'subdomain']).where('is_active', '=', true).execute()
    ).sort((a, b) => a.id.localeCompare(b.id));
    for (let round = 0; round < 2; round++) {
      const r = await asPlatform('POST', '/tenants/admin/dns/setup-existing');
      expect(r.status).toBe(200);
      const items = dnsSetupExistingResponse.parse((r.body as { data: unknown }).data);
      expect(items).toEqual(active.map((t) => ({ tenant_id: t.id, subdomain: t.subdomain, success: true })));
    }
    const list = await asPlatform('GET', '/tenants/admin/dns/list');
    const records = dnsListResponse.parse((list.body as { data: unknown }).data);
    for (const t of active) {
      const mine = records.filter((rec) => rec.name === `${t.subdomain}.${ZONE}.`);
      expect(mine, t.id).toEqual([
        { name: `${t.subdomain}.${ZONE}.`, type: 'A', content: [TARGET], ttl: 300 },
      ]);
      expect(await storedStatus(t.id), t.id).toBe('active');
    }
    // The zone was created with its SOA and NS.
    expect(records.filter((rec) => rec.name === `${ZONE}.`).map((rec) => rec.type)).toEqual(['NS', 'SOA']);
    expect(
      await countRows(api.db, 'audit_logs', { tenant_id: 'default', action: 'dns.setup_existing' }),
    ).toBe(2);
  });

  it('the wildcard set up: a random subdomain resolves to the target through the resolver', async () => {
    const r = await asPlatform('POST', '/tenants/admin/dns/setup-wildcard');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      data: { record: { name: `*.${ZONE}.`, type: 'A', content: [TARGET], ttl: 300 } },
    });
    const label = `t${randomBytes(6).toString('hex')}`;
    expect(await resolve4(`${label}.${ZONE}`)).toEqual([TARGET]);
    // again: the same record, once
    expect((await asPlatform('POST', '/tenants/admin/dns/setup-wildcard')).status).toBe(200);
    const list = await asPlatform('GET', '/tenants/admin/dns/list');
    const records = dnsListResponse.parse((list.body as { data: unknown }).data);
    expect(records.filter((rec) => rec.name === `*.${ZONE}.`)).toHaveLength(1);
    expect(
      await countRows(api.db, 'audit_logs', { tenant_id: 'default', action: 'dns.setup_wildcard' }),
    ).toBe(2);
  });

  it('PowerDNS stopped: the check is an error with the reason; writes answer 502 with it', async () => {
    await pdns.stop();
    try {
      const r = await asPlatform('GET', '/tenants/admin/dns/check/client1');
      expect(r.status).toBe(200);
      const data = dnsCheckResponse.parse((r.body as { data: unknown }).data);
      expect(data.dns_status).toBe('error');
      expect(data.reason).toMatch(
        /^DNS sağlayıcısına ulaşılamadı \(http:\/\/127\.0\.0\.1:\d+\): .*ECONNREFUSED/,
      );
      expect(await storedStatus('client1')).toBe('error');
      const wildcard = await asPlatform('POST', '/tenants/admin/dns/setup-wildcard');
      expect(wildcard.status).toBe(502);
      expect(wildcard.body).toMatchObject({
        success: false,
        code: 'DNS_PROVIDER_ERROR',
        error: expect.stringContaining('ulaşılamadı'),
        data: { record: null, error: expect.stringContaining('ulaşılamadı') },
      });
      expect((await asPlatform('GET', '/tenants/admin/dns/list')).status).toBe(502);
      // Every active tenant is answered, each with the reason, and marked error.
      const existing = await asPlatform('POST', '/tenants/admin/dns/setup-existing');
      expect(existing.status).toBe(200);
      const items = dnsSetupExistingResponse.parse((existing.body as { data: unknown }).data);
      expect(items.length).toBeGreaterThanOrEqual(3);
      for (const item of items) {
        expect(item.success, item.tenant_id).toBe(false);
        expect(item.error, item.tenant_id).toContain('ulaşılamadı');
        expect(await storedStatus(item.tenant_id), item.tenant_id).toBe('error');
      }
    } finally {
      await pdns.start();
    }
    const back = await asPlatform('GET', '/tenants/admin/dns/check/client1');
    expect((back.body as { data: { dns_status: string } }).data.dns_status).toBe('active');
    expect(await storedStatus('client1')).toBe('active');
  });

  it('an unknown tenant → 404; a malformed one → 400', async () => {
    const unknown = await asPlatform('GET', '/tenants/admin/dns/check/yok-boyle-bir-sirket');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'TENANT_NOT_FOUND' });
    expect((await asPlatform('GET', '/tenants/admin/dns/check/..%2Fetc')).status).toBe(400);
  });

  it("a tenant's own admin (not the platform's) → 403; other roles → 403", async () => {
    const manager = await api.login('default', 'manager');
    for (const session of [tenantAdmin, manager]) {
      for (const [method, path] of [
        ['POST', '/tenants/admin/dns/setup-wildcard'],
        ['POST', '/tenants/admin/dns/setup-existing'],
        ['GET', '/tenants/admin/dns/list'],
        ['GET', '/tenants/admin/dns/check/demo'],
      ] as const) {
        const r = await api.call(method, path, {
          tenant: session.tenant,
          token: session.token,
          ...(method === 'POST' ? { body: {} } : {}),
        });
        expect({ path, user: session.user.username, status: r.status }).toEqual({
          path,
          user: session.user.username,
          status: 403,
        });
      }
    }
  });

  it('without a provider every call answers 400 DNS_NOT_CONFIGURED', async () => {
    const plain = await startApi({ database: api.database });
    try {
      const session = await plain.login('default', 'admin');
      for (const [method, path] of [
        ['POST', '/tenants/admin/dns/setup-wildcard'],
        ['POST', '/tenants/admin/dns/setup-existing'],
        ['GET', '/tenants/admin/dns/list'],
        ['GET', '/tenants/admin/dns/check/demo'],
      ] as const) {
        const r = await plain.call(method, path, {
          tenant: 'default',
          token: session.token,
          ...(method === 'POST' ? { body: {} } : {}),
        });
        expect({ path, status: r.status, body: r.body }).toEqual({
          path,
          status: 400,
          body: { success: false, error: DNS_NOT_CONFIGURED, code: 'DNS_NOT_CONFIGURED' },
        });
      }
    } finally {
      await plain.close();
    }
  });
});
