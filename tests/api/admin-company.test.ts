import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TENANTS } from '../../src/server/seed/seed-data';
import { COMPANY_LIMITS, COMPANY_MESSAGES, companySchema } from '../../src/shared/api/company';
import { isValidVkn } from '../../src/shared/domain/tax-id';
import { jpeg, pngClaiming, webpLossy } from '../helpers/images';
import { type Api, type Session, startApi } from './support/harness';

/**
 * The company profile (admin 'Şirket Bilgileri'): only a tenant's admin reads and edits it; each
 * validation error names its field and writes nothing; the tax number's check digits; versioned
 * edits (stale → 409 with the company now); the next request sees the change (read cache); the
 * logo by its content (PNG/JPEG/WebP, ≤ 1 MB), served publicly with immutable caching; and the
 * statistics are the tenant's real counts.
 */
const TENANT = 'demo';
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;
let otherAdmin: Session;

beforeAll(async () => {
  // The read cache on (as in production), so the test proves the write empties it.
  api = await startApi({ config: { authCacheMs: 60_000 } });
  [admin, manager, sales, warehouse, driver, otherAdmin] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'warehouse'),
    api.login(TENANT, 'driver'),
    api.login('client1', 'admin'),
  ]);
});
afterAll(async () => api?.close());

type Body = {
  success: boolean;
  data?: unknown;
  error?: string;
  code?: string;
  field?: string;
  current?: unknown;
};

const getCompany = async (session: Session = admin, tenant = TENANT) =>
  api.call<Body>('GET', '/admin/company', { tenant, token: session.token });

async function current() {
  const r = await getCompany();
  expect(r.status, r.raw).toBe(200);
  return companySchema.parse(r.body.data);
}

const VALID = {
  name: 'Demo Ticaret',
  legal_name: 'Demo Ticaret Anonim Şirketi',
  tax_number: '9876543217',
  tax_office: 'Çankaya',
  address: 'Kızılay Mah. Atatürk Bulvarı No:1, Ankara',
  phone: '+90 312 555 00 00',
  email: 'info@demo.com.tr',
  website: 'https://demo.com.tr',
  currency: 'TRY',
  timezone: 'Europe/Istanbul',
  language: 'tr',
};

async function put(body: Record<string, unknown>, session: Session = admin, tenant = TENANT) {
  return api.call<Body>('PUT', '/admin/company', { tenant, token: session.token, body });
}

const tenantRow = () =>
  api.db.selectFrom('tenants').selectAll().where('id', '=', TENANT).executeTakeFirstOrThrow();

const auditCount = async () =>
  (
    await api.db
      .selectFrom('audit_logs')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('action', '=', 'company.update')
      .execute()
  ).length;

describe('who may read and edit the company', () => {
  it('the admin reads the company with its address under the configured base domain', async () => {
    const c = await current();
    expect(c).toMatchObject({ tenant_id: TENANT, subdomain: 'demo', base_domain: api.config.baseDomain });
    expect(c.version).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['manager', () => manager],
    ['salesperson', () => sales],
    ['warehouse', () => warehouse],
    ['driver', () => driver],
  ])('a %s is refused with 403 on every company call, and nothing changes', async (_role, who) => {
    const before = await tenantRow();
    expect((await getCompany(who())).status).toBe(403);
    const r = await put(
      { ...VALID, name: 'Ele Geçirilmiş', expected_version: before.company_version },
      who(),
    );
    expect(r.status).toBe(403);
    expect((await api.call('DELETE', '/admin/company/logo', { token: who().token })).status).toBe(403);
    const after = await tenantRow();
    expect(after.company_name).toBe(before.company_name);
    expect(after.company_version).toBe(before.company_version);
  });

  it("another tenant's admin token is refused for this tenant (403), and nothing changes", async () => {
    const before = await tenantRow();
    expect((await getCompany(otherAdmin, TENANT)).status).toBe(403);
    const r = await put(
      { ...VALID, name: 'Başka Şirket', expected_version: before.company_version },
      otherAdmin,
      TENANT,
    );
    expect(r.status).toBe(403);
    expect((await tenantRow()).company_name).toBe(before.company_name);
  });

  it('without a token: 401', async () => {
    expect((await api.call('GET', '/admin/company', { token: null })).status).toBe(401);
  });
});

describe('the demo data', () => {
  it('every seeded tenant has a tax number with valid check digits', async () => {
    for (const t of SEED_TENANTS) expect(isValidVkn(t.tax_number), `${t.id} ${t.tax_number}`).toBe(true);
    const rows = await api.db.selectFrom('tenants').select(['id', 'tax_number']).execute();
    for (const row of rows) expect(isValidVkn(row.tax_number ?? ''), row.id).toBe(true);
  });
});

describe('validation: each error names the field, answers 400 and writes nothing', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a missing name', { name: undefined }, 'name', 'Şirket adı gereklidir'],
    ['a blank name', { name: '   ' }, 'name', 'Şirket adı gereklidir'],
    ['a one-letter name', { name: 'A' }, 'name', 'Şirket adı en az 2 karakter olmalıdır'],
    ['a name over 100', { name: 'x'.repeat(101) }, 'name', 'Şirket adı en fazla 100 karakter olabilir'],
    [
      'a legal name over 200',
      { legal_name: 'x'.repeat(201) },
      'legal_name',
      'Ticari unvan en fazla 200 karakter olabilir',
    ],
    ['no legal name', { legal_name: '' }, 'legal_name', 'Ticari unvan gereklidir'],
    [
      'a 9-digit tax number',
      { tax_number: '123456789' },
      'tax_number',
      'Vergi numarası en az 10 karakter olmalıdır',
    ],
    [
      'a 12-digit tax number',
      { tax_number: '123456789012' },
      'tax_number',
      'Vergi numarası en fazla 11 karakter olabilir',
    ],
    [
      'letters in the tax number',
      { tax_number: '12345ABCDE' },
      'tax_number',
      'Vergi numarası: Geçersiz format',
    ],
    [
      'a VKN with a wrong check digit',
      { tax_number: '9876543210' },
      'tax_number',
      'Vergi numarası: 10 haneli geçerli bir VKN veya 11 haneli geçerli bir TCKN giriniz',
    ],
    [
      'a TCKN with a wrong check digit',
      { tax_number: '10000000145' },
      'tax_number',
      'Vergi numarası: 10 haneli geçerli bir VKN veya 11 haneli geçerli bir TCKN giriniz',
    ],
    ['no tax office', { tax_office: '' }, 'tax_office', 'Vergi dairesi gereklidir'],
    ['no address', { address: undefined }, 'address', 'Adres gereklidir'],
    ['no phone', { phone: ' ' }, 'phone', 'Telefon gereklidir'],
    ['a phone of letters', { phone: 'telefon yok' }, 'phone', 'Telefon: Geçersiz format'],
    ['no email', { email: '' }, 'email', 'E-posta gereklidir'],
    ['a bad email', { email: 'info@' }, 'email', 'E-posta: Geçerli bir email adresi giriniz'],
    [
      'an email local part over 64',
      { email: `${'a'.repeat(65)}@demo.com.tr` },
      'email',
      'E-posta: @ işaretinden önceki kısım en fazla 64 karakter olabilir',
    ],
    [
      'an email over 254',
      { email: `a@${'b'.repeat(250)}.tr` },
      'email',
      'E-posta en fazla 254 karakter olabilir',
    ],
    [
      'a website without http',
      { website: 'demo.com.tr' },
      'website',
      'Web sitesi: http:// veya https:// ile başlayan geçerli bir adres giriniz',
    ],
    [
      'a javascript: website',
      { website: 'javascript:alert(1)' },
      'website',
      'Web sitesi: http:// veya https:// ile başlayan geçerli bir adres giriniz',
    ],
    [
      'a website over 200',
      { website: `https://a.tr/${'x'.repeat(200)}` },
      'website',
      'Web sitesi en fazla 200 karakter olabilir',
    ],
    ['an unknown currency', { currency: 'JPY' }, 'currency', 'Para birimi şunlardan biri olmalıdır: TRY'],
    [
      // Money is kuruş of lira everywhere: a currency setting that changed nothing is not offered.
      'a currency other than TRY',
      { currency: 'EUR' },
      'currency',
      'Para birimi şunlardan biri olmalıdır: TRY',
    ],
    [
      'an unknown timezone',
      { timezone: 'Europe/Paris' },
      'timezone',
      'Saat dilimi şunlardan biri olmalıdır: Europe/Istanbul, UTC, Europe/London, America/New_York, Asia/Tokyo',
    ],
    ['an unknown language', { language: 'es' }, 'language', 'Dil şunlardan biri olmalıdır: tr, en'],
    [
      // The app has screens in Turkish and English only: a language it cannot show is not offered.
      'a language the app has no screens in',
      { language: 'de' },
      'language',
      'Dil şunlardan biri olmalıdır: tr, en',
    ],
    ['a NUL in the name', { name: 'Demo\u0000' }, 'name', 'Şirket adı geçersiz karakter içeriyor'],
    ['no expected_version', { expected_version: undefined }, 'expected_version', 'Beklenen sürüm gereklidir'],
    [
      'a field that is not editable',
      { logo_url: 'https://x.tr/a.png' },
      'logo_url',
      'Bu alan düzenlenemez: Logo adresi',
    ],
  ];

  it.each(cases)('%s', async (_what, change, field, message) => {
    const before = await tenantRow();
    const audits = await auditCount();
    const body: Record<string, unknown> = { ...VALID, expected_version: before.company_version, ...change };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const r = await put(body);
    expect(r.status, r.raw).toBe(400);
    expect(r.body.error).toBe(message);
    if (field) expect(r.body.field).toBe(field);
    const after = await tenantRow();
    expect(after).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('a valid TCKN (11 digits) and a spaced VKN are accepted; the digits are stored', async () => {
    const c = await current();
    const r = await put({ ...VALID, tax_number: '10000000146', expected_version: c.version });
    expect(r.status, r.raw).toBe(200);
    expect(companySchema.parse(r.body.data).tax_number).toBe('10000000146');
    const r2 = await put({ ...VALID, tax_number: '987 654 32 17', expected_version: c.version + 1 });
    expect(r2.status, r2.raw).toBe(200);
    expect((await tenantRow()).tax_number).toBe('9876543217');
  });
});

describe('editing: versioned, audited, seen by the next request', () => {
  it('an edit bumps the version, writes one audit row, and the public tenant info shows the new name at once', async () => {
    const c = await current();
    // warm the read cache with the old name
    const info0 = await api.call<{ data: { company_name: string } }>('GET', '/tenants/info');
    expect(info0.body.data.company_name).toBe(c.name);
    const audits = await auditCount();
    const r = await put({
      ...VALID,
      name: 'Demo Ticaret Yeni',
      timezone: 'America/New_York',
      language: 'en',
      expected_version: c.version,
    });
    expect(r.status, r.raw).toBe(200);
    const after = companySchema.parse(r.body.data);
    expect(after).toMatchObject({
      name: 'Demo Ticaret Yeni',
      timezone: 'America/New_York',
      language: 'en',
      version: c.version + 1,
    });
    expect(await auditCount()).toBe(audits + 1);
    const info = await api.call<{ data: { company_name: string; settings: { timezone: string } } }>(
      'GET',
      '/tenants/info',
    );
    expect(info.body.data.company_name).toBe('Demo Ticaret Yeni');
    expect(info.body.data.settings.timezone).toBe('America/New_York');
    expect((await current()).name).toBe('Demo Ticaret Yeni');
  });

  it('a stale expected_version is 409 CONFLICT carrying the company now, and nothing is written', async () => {
    const c = await current();
    const before = await tenantRow();
    const r = await put({ ...VALID, name: 'Eski Sürümden', expected_version: c.version - 1 });
    expect(r.status, r.raw).toBe(409);
    expect(r.body).toMatchObject({ code: 'CONFLICT', error: COMPANY_MESSAGES.versionConflict });
    const now = companySchema.parse(r.body.current);
    expect(now).toMatchObject({ name: c.name, version: c.version });
    expect(await tenantRow()).toEqual(before);
  });

  it('a stale version asking for what is already in place is success with nothing written (a replay)', async () => {
    const c = await current();
    const body = {
      ...VALID,
      name: c.name,
      currency: c.currency,
      timezone: c.timezone,
      language: c.language,
      tax_number: c.tax_number,
      expected_version: c.version - 1,
    };
    const audits = await auditCount();
    const r = await put(body);
    expect(r.status, r.raw).toBe(200);
    expect(companySchema.parse(r.body.data).version).toBe(c.version);
    // the audit notes the request (unchanged) but the row is not touched
    expect(await auditCount()).toBeGreaterThanOrEqual(audits);
  });

  it('the same Idempotency-Key replays the first answer and applies once', async () => {
    const c = await current();
    const key = randomUUID();
    const body = { ...VALID, name: 'Tek Sefer A.Ş.', expected_version: c.version };
    const first = await api.call<Body>('PUT', '/admin/company', {
      token: admin.token,
      body,
      idempotencyKey: key,
    });
    const again = await api.call<Body>('PUT', '/admin/company', {
      token: admin.token,
      body,
      idempotencyKey: key,
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect((await current()).version).toBe(c.version + 1);
  });
});

describe('statistics', () => {
  it('are the real counts: active users; orders, products and customers not deleted', async () => {
    const count = async (table: 'users' | 'orders' | 'products' | 'customers') => {
      let q = api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', TENANT);
      q = table === 'users' ? q.where('is_active', '=', true) : q.where('deleted_at', 'is', null);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const stats = (await current()).statistics;
    expect(stats).toEqual({
      users: await count('users'),
      orders: await count('orders'),
      products: await count('products'),
      customers: await count('customers'),
    });
    expect(stats.products).toBeGreaterThan(0);
    expect(stats).not.toEqual({ users: 150, orders: 25, products: 12, customers: 8 });
    // a deleted customer leaves the count
    const customer = await api.db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('customers')
      .set({ deleted_at: new Date() })
      .where('tenant_id', '=', TENANT)
      .where('id', '=', customer.id)
      .execute();
    expect((await current()).statistics.customers).toBe(stats.customers - 1);
    await api.db
      .updateTable('customers')
      .set({ deleted_at: null })
      .where('tenant_id', '=', TENANT)
      .where('id', '=', customer.id)
      .execute();
  });
});

// ------------------------------------------------------------------------------ logo ---

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadLogo(filename: string, data: Buffer | string, type?: string, session: Session = admin) {
  const { payload, contentType } = multipart([{ name: 'file', filename, data, ...(type ? { type } : {}) }]);
  const r = await api.app.inject({
    method: 'POST',
    url: `/api/admin/company/logo?tenant=${TENANT}`,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': contentType },
    payload,
  });
  return { status: r.statusCode, body: JSON.parse(r.body) as Body };
}

const logoRows = async () =>
  (await api.db.selectFrom('tenant_logos').select('hash').where('tenant_id', '=', TENANT).execute()).length;

describe('the logo', () => {
  it('a PNG named .jpg (declared image/jpeg) is stored as PNG, served publicly with immutable caching', async () => {
    const r = await uploadLogo('logo.jpg', PNG, 'image/jpeg');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const company = companySchema.parse(r.body.data);
    expect(company.logo_url).toMatch(/^\/api\/tenants\/logo\/[0-9a-f]{64}\?tenant=demo$/);
    expect((await tenantRow()).logo_url).toBe(company.logo_url);
    const served = await api.app.inject({ method: 'GET', url: company.logo_url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(served.rawPayload).equals(PNG)).toBe(true);
    // the public tenant info (top bar, login screen) names it at once
    const info = await api.call<{ data: { branding: { logo_url: string } } }>('GET', '/tenants/info');
    expect(info.body.data.branding.logo_url).toBe(company.logo_url);
    // the delivery note's PDF carries it
    const order = await api.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const pdf = await api.app.inject({
      method: 'GET',
      url: `/api/delivery-notes/generate/${order.id}?tenant=${TENANT}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // another tenant does not serve it
    const other = await api.app.inject({
      method: 'GET',
      url: (company.logo_url as string).replace('tenant=demo', 'tenant=client1'),
    });
    expect(other.statusCode).toBe(404);
  });

  it('a text file named .png is refused (415) and nothing changes', async () => {
    const before = await tenantRow();
    const rows = await logoRows();
    const r = await uploadLogo('logo.png', 'bu bir resim değil', 'image/png');
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ error: COMPANY_MESSAGES.logoType, field: 'file' });
    expect(await tenantRow()).toEqual(before);
    expect(await logoRows()).toBe(rows);
  });

  it('an SVG is refused (it can carry script)', async () => {
    const r = await uploadLogo(
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    );
    expect(r.status).toBe(415);
  });

  it('a file over 1 MB is refused (413) and nothing changes', async () => {
    const before = await tenantRow();
    const big = Buffer.concat([PNG, Buffer.alloc(COMPANY_LIMITS.logoBytesMax + 10)]);
    const r = await uploadLogo('big.png', big, 'image/png');
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ error: COMPANY_MESSAGES.logoTooLarge, field: 'file' });
    expect(await tenantRow()).toEqual(before);
  });

  it('the header is read on the server: a logo cut short, an 8-byte PNG or a side over 8000 px is 400 naming file', async () => {
    const before = await tenantRow();
    const rows = await logoRows();
    const cases: Array<[Buffer, string]> = [
      [PNG.subarray(0, 8), COMPANY_MESSAGES.logoCorrupt],
      [PNG.subarray(0, PNG.length - 6), COMPANY_MESSAGES.logoCorrupt],
      [jpeg(200, 80).subarray(0, 60), COMPANY_MESSAGES.logoCorrupt],
      [webpLossy(200, 80).subarray(0, 30), COMPANY_MESSAGES.logoCorrupt],
      [pngClaiming(9000, 100), COMPANY_MESSAGES.logoDimensions],
    ];
    for (const [data, error] of cases) {
      const r = await uploadLogo('logo.png', data, 'image/png');
      expect({ bytes: data.length, status: r.status }).toEqual({ bytes: data.length, status: 400 });
      expect(r.body).toMatchObject({ code: 'VALIDATION_ERROR', error, field: 'file' });
    }
    expect(await tenantRow()).toEqual(before);
    expect(await logoRows()).toBe(rows);
  });

  it('the file must come in the documented field `file`: another name is 400 naming file', async () => {
    const before = await tenantRow();
    const { payload, contentType } = multipart([
      { name: 'logo', filename: 'a.png', type: 'image/png', data: PNG },
    ]);
    const r = await api.app.inject({
      method: 'POST',
      url: `/api/admin/company/logo?tenant=${TENANT}`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType },
      payload,
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ error: COMPANY_MESSAGES.logoField, field: 'file' });
    expect(await tenantRow()).toEqual(before);
  });

  it('an upload without a file is 400 naming the file', async () => {
    const { payload, contentType } = multipart([{ name: 'note', data: 'dosya yok' }]);
    const r = await api.app.inject({
      method: 'POST',
      url: `/api/admin/company/logo?tenant=${TENANT}`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType },
      payload,
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ error: COMPANY_MESSAGES.logoRequired, field: 'file' });
  });

  it('only the admin uploads', async () => {
    expect((await uploadLogo('a.png', PNG, 'image/png', manager)).status).toBe(403);
    expect((await uploadLogo('a.png', PNG, 'image/png', otherAdmin)).status).toBe(403);
  });

  it('a new logo replaces the old one (one stored), and DELETE removes it (twice is fine)', async () => {
    const r = await uploadLogo('photo.jpeg', jpeg(300, 100));
    expect(r.status).toBe(200);
    expect(await logoRows()).toBe(1);
    const del = await api.call<Body>('DELETE', '/admin/company/logo', { token: admin.token });
    expect(del.status, del.raw).toBe(200);
    expect(companySchema.parse(del.body.data).logo_url).toBeNull();
    expect((await tenantRow()).logo_url).toBeNull();
    expect(await logoRows()).toBe(0);
    const again = await api.call<Body>('DELETE', '/admin/company/logo', { token: admin.token });
    expect(again.status).toBe(200);
  });
});

describe('migration 0017 on a database seeded before it', () => {
  it("replaces only the demo seed's known invalid tax numbers, on demo tenants", async () => {
    const { down0017, up0017 } = await import('../../src/server/db/migrations/0017-company-profile');
    await api.db.updateTable('tenants').set({ tax_number: '9876543210' }).where('id', '=', 'demo').execute();
    await api.db
      .updateTable('tenants')
      .set({ tax_number: '5554443332' })
      .where('id', '=', 'client1')
      .execute();
    // a tenant that is not the demo seed's keeps what it has
    await api.db
      .updateTable('tenants')
      .set({ tax_number: '9876543210', demo_data: false })
      .where('id', '=', 'default')
      .execute();
    await down0017(api.db as unknown as Kysely<unknown>);
    await up0017(api.db as unknown as Kysely<unknown>);
    const rows = await api.db.selectFrom('tenants').select(['id', 'tax_number']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.tax_number]))).toEqual({
      client1: '5554443334',
      default: '9876543210',
      demo: '9876543217',
    });
  });
});
