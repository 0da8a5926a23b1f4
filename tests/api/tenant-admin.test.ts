import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsProvider } from '../../src/server/dns/provider';
import {
  type AdminTenant,
  adminTenantsBody,
  TENANT_MESSAGES,
  tenantUsageSchema,
} from '../../src/shared/api/tenant-admin';
import { type Api, type Session, startApi } from './support/harness';
import { signInAndSetOwnPassword } from './support/one-time-password';

/**
 * Tenant management: only platform admins (admin of the platform tenant) may list, create, edit,
 * measure and delete companies; a new company is visible at once on its public tenant info; a
 * colour change too; deleting a company removes every row of it (and no row of another company)
 * after writing its final backup; the platform tenant cannot be deleted.
 */
let api: Api;
let dir: string;
let platform: Session;
let tenantAdmin: Session;
let platformManager: Session;
let demoSales: Session;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tenant-admin-test-'));
  api = await startApi({ config: { backupDir: join(dir, 'backups') } });
  platform = await api.login('default', 'admin');
  tenantAdmin = await api.login('demo', 'admin');
  platformManager = await api.login('default', 'manager');
  demoSales = await api.login('demo', 'sales');
}, 60_000);
afterAll(async () => {
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

const as = (session: Session) => ({ token: session.token, tenant: session.tenant });

const newTenant = (subdomain: string, extra: Record<string, unknown> = {}) => ({
  company_name: `Deneme ${subdomain}`,
  subdomain,
  ...extra,
});

async function createTenant(body: Record<string, unknown>): Promise<AdminTenant> {
  const r = await api.call<{ data: AdminTenant }>('POST', '/admin/tenants', { ...as(platform), body });
  expect(r.status, r.raw).toBe(201);
  return r.body.data;
}

/** Rows per table with a tenant_id, for one tenant. */
async function rowsPerTable(tenant: string): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY table_name`.execute(api.db);
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM ${sql.id(table_name)} WHERE tenant_id = ${tenant}`.execute(api.db);
    out[table_name] = Number(r.rows[0]?.n ?? 0);
  }
  const own = await sql<{
    n: string | number;
  }>`SELECT count(*) AS n FROM tenants WHERE id = ${tenant}`.execute(api.db);
  out.tenants = Number(own.rows[0]?.n ?? 0);
  return out;
}

describe('who may', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/admin/tenants'],
    ['GET', '/admin/tenants/demo'],
    ['GET', '/admin/tenants/demo/usage'],
    ['POST', '/admin/tenants', newTenant('yasak')],
    ['PUT', '/admin/tenants/demo', { ...newTenant('demo'), is_active: true, expected_version: 0 }],
    ['PUT', '/admin/tenants/demo/settings', { expected_version: 0 }],
    ['DELETE', '/admin/tenants/demo'],
  ];

  it("a tenant's own admin is refused every call with 403 saying it is for platform admins; nothing changes", async () => {
    const before = await rowsPerTable('demo');
    for (const [method, path, body] of calls) {
      const r = await api.call(method, path, { ...as(tenantAdmin), body });
      expect({ path, method, status: r.status, error: r.body.error }).toEqual({
        path,
        method,
        status: 403,
        error: TENANT_MESSAGES.notPlatformAdmin,
      });
    }
    const after = await rowsPerTable('demo');
    expect({ ...after, audit_logs: 0, idempotency_keys: 0 }).toEqual({
      ...before,
      audit_logs: 0,
      idempotency_keys: 0,
    });
    expect((await rowsPerTable('yasak')).tenants).toBe(0);
  });

  it('other roles (of the platform tenant too) get 403; no token gets 401', async () => {
    for (const session of [platformManager, demoSales]) {
      for (const [method, path, body] of calls) {
        const r = await api.call(method, path, { ...as(session), body });
        expect({ path, status: r.status }).toEqual({ path, status: 403 });
      }
    }
    for (const [method, path, body] of calls) {
      const r = await api.call(method, path, { tenant: 'default', body });
      expect({ path, status: r.status }).toEqual({ path, status: 401 });
    }
  });
});

describe('list and read', () => {
  it('lists every company (data array + pagination, 10 a page) and searches name and subdomain', async () => {
    const r = await api.call('GET', '/admin/tenants', as(platform));
    expect(r.status, r.raw).toBe(200);
    const body = adminTenantsBody.parse(r.body);
    expect(body.pagination.limit).toBe(10);
    expect(body.data.map((t) => t.tenant_id)).toEqual(expect.arrayContaining(['default', 'demo', 'client1']));
    const found = adminTenantsBody.parse(
      (await api.call('GET', '/admin/tenants', { ...as(platform), query: { search: 'CLIENT' } })).body,
    );
    expect(found.data.map((t) => t.subdomain)).toEqual(['client1']);
    const one = await api.call<{ data: AdminTenant }>('GET', '/admin/tenants/demo', as(platform));
    expect(one.body.data.subdomain).toBe('demo');
    expect((await api.call('GET', '/admin/tenants/yok-boyle', as(platform))).status).toBe(404);
  });

  it('usage gives the real counts and the bytes the rows take', async () => {
    const r = await api.call<{ data: unknown }>('GET', '/admin/tenants/demo/usage', as(platform));
    expect(r.status, r.raw).toBe(200);
    const usage = tenantUsageSchema.parse(r.body.data);
    const count = async (q: ReturnType<typeof sql<{ n: string | number }>>) =>
      Number((await q.execute(api.db)).rows[0]?.n);
    expect(usage.users).toBe(
      await count(sql`SELECT count(*) AS n FROM users WHERE tenant_id = 'demo' AND is_active`),
    );
    expect(usage.orders).toBe(
      await count(sql`SELECT count(*) AS n FROM orders WHERE tenant_id = 'demo' AND deleted_at IS NULL`),
    );
    expect(usage.products).toBe(
      await count(sql`SELECT count(*) AS n FROM products WHERE tenant_id = 'demo' AND deleted_at IS NULL`),
    );
    expect(usage.customers).toBe(
      await count(sql`SELECT count(*) AS n FROM customers WHERE tenant_id = 'demo' AND deleted_at IS NULL`),
    );
    expect(usage.orders).toBeGreaterThan(0);
    expect(usage.rows.order_items).toBeGreaterThan(0);
    expect(usage.storage_bytes).toBeGreaterThan(10_000);
  });
});

describe('create and edit', () => {
  it('refuses bad input with 400 naming the field; nothing is written', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ subdomain: 'abc' }, /^Şirket adı gereklidir$/],
      [newTenant('ab'), /^Alt alan adı en az 3 karakter/],
      [newTenant('Kötü_Ad'), /^Alt alan adı yalnızca küçük harf/],
      [newTenant('-abc'), /^Alt alan adı tire \(-\) ile başlayamaz/],
      // an IDN A-label, shown by browsers as 'dеmo' with a Cyrillic е: a look-alike of demo
      [newTenant('xn--dmo-rdd'), /^Alt alan adı 3\. ve 4\. karakterde iki tire \(--\) içeremez/],
      [newTenant('www'), /ayrılmıştır/],
      [newTenant('default'), /ayrılmıştır/],
      [newTenant('renkli', { branding: { primary_color: 'red' } }), /^Ana renk /],
      [newTenant('planli', { subscription_plan: 'gold' }), /^Abonelik planı /],
      [newTenant('saatli', { settings: { timezone: 'Mars/Olympus' } }), /^Saat dilimi /],
      [
        newTenant('dolarli', { settings: { currency: 'USD' } }),
        /^Para birimi şunlardan biri olmalıdır: TRY$/,
      ],
      [
        newTenant('onekli', { settings: { order_number_prefix: 'ÇOK UZUN ÖNEK' } }),
        /^Sipariş numarası öneki /,
      ],
      [newTenant('fazla', { owner: 'x' }), /^Bu alan düzenlenemez: bilinmeyen alan$/],
    ];
    for (const [body, message] of cases) {
      const r = await api.call('POST', '/admin/tenants', { ...as(platform), body });
      expect({ body, status: r.status, code: r.body.code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(String(r.body.error)).toMatch(message);
    }
    const r = await api.call('GET', '/admin/tenants', { ...as(platform), query: { limit: 100 } });
    expect(adminTenantsBody.parse(r.body).data).toHaveLength(3);
  });

  it('creates with the defaults; its public tenant info shows its name and colours at once', async () => {
    const created = await createTenant({
      company_name: 'Yeni Şirket A.Ş.',
      subdomain: 'Yeni-Sirket',
      branding: { primary_color: '#123456' },
    });
    expect(created).toMatchObject({
      tenant_id: 'yeni-sirket',
      subdomain: 'yeni-sirket',
      subscription_plan: 'basic',
      is_active: true,
      branding: {
        primary_color: '#123456',
        secondary_color: '#dc004e',
        company_description: 'Yeni Şirket A.Ş. sipariş yönetim sistemi',
      },
      settings: {
        timezone: 'Europe/Istanbul',
        currency: 'TRY',
        language: 'tr',
        order_number_prefix: 'ORD',
        customer_number_prefix: 'CUST',
      },
    });
    const info = await api.call<{ data: { company_name: string; branding: { primary_color: string } } }>(
      'GET',
      '/tenants/info',
      { tenant: 'yeni-sirket' },
    );
    expect(info.status).toBe(200);
    expect(info.body.data.company_name).toBe('Yeni Şirket A.Ş.');
    expect(info.body.data.branding.primary_color).toBe('#123456');
    // its default product categories and brands, like every seeded company
    const lists = await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM product_categories WHERE tenant_id = 'yeni-sirket'`.execute(api.db);
    expect(Number(lists.rows[0]?.n)).toBeGreaterThan(0);
    // the same company again answers it; another company under that subdomain is 409 naming it
    const again = await api.call('POST', '/admin/tenants', {
      ...as(platform),
      body: { company_name: 'Yeni Şirket A.Ş.', subdomain: 'yeni-sirket' },
    });
    expect(again.status).toBe(200);
    const taken = await api.call('POST', '/admin/tenants', {
      ...as(platform),
      body: newTenant('yeni-sirket'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: TENANT_MESSAGES.subdomainTaken, field: 'subdomain' });
  });

  it('makes the first admin with a one-time password: they sign in to the new company; the answer never holds it', async () => {
    const password = 'Tek-Seferlik-1234';
    const bad = await api.call('POST', '/admin/tenants', {
      ...as(platform),
      body: newTenant('yonetimli', { first_admin: { full_name: 'Ayşe Yılmaz', username: 'a b', password } }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('first_admin.username');
    expect(String(bad.body.error)).toMatch(/^Yönetici kullanıcı adı /);
    const short = await api.call('POST', '/admin/tenants', {
      ...as(platform),
      body: newTenant('yonetimli', {
        first_admin: { full_name: 'Ayşe Yılmaz', username: 'ayse', password: 'kisa' },
      }),
    });
    expect(short.body.field).toBe('first_admin.password');
    expect(String(short.body.error)).toMatch(/^Geçici şifre en az 12 karakter/);
    const r = await api.call<{ data: AdminTenant }>('POST', '/admin/tenants', {
      ...as(platform),
      body: newTenant('yonetimli', {
        first_admin: { full_name: 'Ayşe Yılmaz', username: 'ayse', email: 'ayse@ornek.com.tr', password },
      }),
    });
    expect(r.status, r.raw).toBe(201);
    expect(r.body.data.first_admin_username).toBe('ayse');
    expect(r.raw).not.toContain(password);
    // the password is one-time: the admin sets their own at the first sign-in
    const session = await signInAndSetOwnPassword(api, 'yonetimli', 'ayse', password, 'Ayse-Kendi-5678');
    expect(session.user.role).toBe('admin');
    // an admin of that company is not a platform admin
    const platformOnly = await api.call('GET', '/admin/tenants', as(session));
    expect(platformOnly.status).toBe(403);
    expect(platformOnly.body.code).toBe('FORBIDDEN');
  });

  it('an edit of the colours is on the login page data at once; a stale version is 409 with the tenant now', async () => {
    const t = await createTenant(newTenant('renk-degisir'));
    const body = {
      company_name: t.company_name,
      subscription_plan: 'pro',
      is_active: true,
      branding: { ...t.branding, primary_color: '#00AA00', secondary_color: '#aa0000' },
      settings: { ...t.settings, timezone: 'America/New_York' },
      expected_version: t.version,
    };
    // the info is read (and cached) before the edit
    await api.call('GET', '/tenants/info', { tenant: t.tenant_id });
    const r = await api.call<{ data: AdminTenant }>('PUT', `/admin/tenants/${t.tenant_id}`, {
      ...as(platform),
      body,
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({ subscription_plan: 'pro', version: t.version + 1 });
    const info = await api.call<{
      data: { branding: { primary_color: string }; settings: { timezone: string } };
    }>('GET', '/tenants/info', { tenant: t.tenant_id });
    expect(info.body.data.branding.primary_color).toBe('#00aa00');
    expect(info.body.data.settings.timezone).toBe('America/New_York');

    const stale = await api.call<{ current: AdminTenant }>('PUT', `/admin/tenants/${t.tenant_id}`, {
      ...as(platform),
      body: { ...body, branding: { ...body.branding, primary_color: '#000000' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.branding.primary_color).toBe('#00aa00');

    const settings = await api.call<{ data: AdminTenant }>('PUT', `/admin/tenants/${t.tenant_id}/settings`, {
      ...as(platform),
      body: { language: 'en', order_number_prefix: 'SIP', expected_version: t.version + 1 },
    });
    expect(settings.status, settings.raw).toBe(200);
    expect(settings.body.data.settings).toMatchObject({ language: 'en', order_number_prefix: 'SIP' });

    const moved = await api.call('PUT', `/admin/tenants/${t.tenant_id}`, {
      ...as(platform),
      body: { ...body, subdomain: 'baska', expected_version: t.version + 2 },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.field).toBe('subdomain');

    // switched off: its users' calls and its public info are refused at once
    const off = await api.call('PUT', `/admin/tenants/${t.tenant_id}`, {
      ...as(platform),
      body: { ...body, is_active: false, expected_version: t.version + 2 },
    });
    expect(off.status, off.raw).toBe(200);
    expect((await api.call('GET', '/tenants/info', { tenant: t.tenant_id })).status).toBe(403);
  });
});

describe('delete', () => {
  it('the platform tenant cannot be deleted (409, Turkish) and stays whole', async () => {
    const before = await rowsPerTable('default');
    const r = await api.call('DELETE', '/admin/tenants/default', as(platform));
    expect(r.status).toBe(409);
    expect(r.body.error).toBe(TENANT_MESSAGES.platformUndeletable);
    const after = await rowsPerTable('default');
    expect(after.users).toBe(before.users);
    expect(after.tenants).toBe(1);
  });

  it('removes every row of the company after writing its final backup, and no row of another', async () => {
    const victim = 'client1';
    const before = await rowsPerTable(victim);
    expect(before.orders).toBeGreaterThan(0);
    expect(before.order_items).toBeGreaterThan(0);
    const othersBefore = { default: await rowsPerTable('default'), demo: await rowsPerTable('demo') };

    const r = await api.call<{ data: { backup_file: string; rows: Record<string, number> } }>(
      'DELETE',
      `/admin/tenants/${victim}`,
      as(platform),
    );
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.rows.orders).toBe(before.orders);
    expect((await stat(r.body.data.backup_file)).size).toBeGreaterThan(1000);

    const after = await rowsPerTable(victim);
    for (const [table, n] of Object.entries(after)) expect({ table, n }).toEqual({ table, n: 0 });
    // the other companies: every table the same, except the platform's own audit row of the delete
    expect(await rowsPerTable('demo')).toEqual(othersBefore.demo);
    const platformAfter = await rowsPerTable('default');
    expect({ ...platformAfter, audit_logs: 0 }).toEqual({ ...othersBefore.default, audit_logs: 0 });
    const audit = await sql<{ action: string; message: string | null }>`
      SELECT action, message FROM audit_logs WHERE tenant_id = 'default' AND entity_id = ${victim}`.execute(
      api.db,
    );
    expect(audit.rows.map((a) => a.action).sort()).toEqual(['tenant.delete', 'tenant.final_backup']);

    expect((await api.call('GET', '/tenants/info', { tenant: victim })).status).toBe(404);
    expect((await api.call('DELETE', `/admin/tenants/${victim}`, as(platform))).status).toBe(404);
  });
});

describe('DNS of a company added or deleted here', () => {
  it("writes the new company's record and stores what the resolver says; deleting removes it; without DNS: inactive", async () => {
    const written: string[] = [];
    const removed: string[] = [];
    const dns: DnsProvider = {
      configured: true,
      zone: 'example.com.',
      upsertHost: async (label) => {
        written.push(label);
        return { name: `${label}.example.com.`, type: 'A', content: ['192.0.2.1'], ttl: 300 };
      },
      removeHost: async (label) => {
        removed.push(label);
      },
      listRecords: async () => [],
      check: async (label) => ({
        status: 'active',
        host: `${label}.example.com`,
        answers: ['192.0.2.1'],
        target: '192.0.2.1',
      }),
    };
    const withDns = await startApi({ database: api.database, dns, config: { backupDir: join(dir, 'dns') } });
    try {
      const admin = await withDns.login('default', 'admin');
      const made = await withDns.call<{ data: AdminTenant }>('POST', '/admin/tenants', {
        token: admin.token,
        tenant: 'default',
        body: newTenant('dnsli-firma'),
      });
      expect(made.status, made.raw).toBe(201);
      expect(made.body.data.dns_status).toBe('pending');
      // the record is written right after the answer, then the resolver is asked
      await expect.poll(() => written).toEqual(['dnsli-firma']);
      const status = async () =>
        (
          await withDns.call<{ data: AdminTenant }>('GET', '/admin/tenants/dnsli-firma', {
            token: admin.token,
            tenant: 'default',
          })
        ).body.data.dns_status;
      // 'pending' until the resolver has answered the target; then what it said
      await expect.poll(status).toBe('active');
      const gone = await withDns.call('DELETE', '/admin/tenants/dnsli-firma', {
        token: admin.token,
        tenant: 'default',
      });
      expect(gone.status, gone.raw).toBe(200);
      await expect.poll(() => removed).toEqual(['dnsli-firma']);
    } finally {
      await withDns.close();
    }
    // the suite's own app has no DNS provider: a new company is 'inactive', nothing pretends
    const plain = await createTenant(newTenant('dnssiz-firma'));
    expect(plain.subdomain).toBe('dnssiz-firma');
    const read = await api.call<{ data: AdminTenant }>('GET', '/admin/tenants/dnssiz-firma', as(platform));
    expect(read.body.data.dns_status).toBe('inactive');
    expect((await api.call('DELETE', '/admin/tenants/dnssiz-firma', as(platform))).status).toBe(200);
  });
});
