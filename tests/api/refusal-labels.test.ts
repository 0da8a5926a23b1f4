import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/shared/api/endpoint';
import { API } from '../../src/shared/api/endpoints';
import { labelOf } from '../../src/shared/api/field-labels';
import type { Role } from '../../src/shared/domain/roles';
import { wireOrZodText } from '../helpers/refusal-text';
import { type Api, type CallResult, type Session, startApi } from './support/harness';
import { bodyShape } from './support/schemas';

/**
 * Bad input to any write of the API is a 400 whose `error` a person can read: it names the field
 * by its label ('Satış Fiyatı: Minimum değer 0 olmalıdır', 'Beklenen sürüm gereklidir'), never by
 * its wire name ('(selling_price_kurus)') and never in zod's words ('Geçersiz değer: beklenen
 * number, alınan undefined'); the wire name is in `field`, `code` is VALIDATION_ERROR. Every write
 * endpoint of the endpoint table gets, through HTTP, an empty body, each field of the wrong type,
 * each text field far too long, and a path parameter that names nothing.
 */
let api: Api;
const sessions: Partial<Record<Role, Session>> = {};
let platform: Session;

beforeAll(async () => {
  api = await startApi();
  const users: [Role, string][] = [
    ['admin', 'admin'],
    ['manager', 'manager'],
    ['salesperson', 'sales'],
    ['warehouse', 'warehouse'],
    ['driver', 'driver'],
  ];
  for (const [role, username] of users) sessions[role] = await api.login('demo', username);
  platform = await api.login('default', 'admin');
});
afterAll(async () => api?.close());

const UUID = '00000000-0000-4000-8000-000000000000';
const PARAM_VALUES: Record<string, string> = {
  role: 'manager',
  action: 'approve',
  hash: 'a'.repeat(64),
  tenant: 'demo',
};
/** Each path parameter as 'x' (no id, hash, role or action is spelled so). */
const badParams = (entry: Endpoint) =>
  Object.fromEntries([...entry.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => [m[1], 'x']));
const pathOf = (entry: Endpoint, bad = false) =>
  entry.path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => (bad ? 'x' : (PARAM_VALUES[name] ?? UUID)));

/** The platform admins' calls: their sessions belong to the platform tenant. */
const PLATFORM_PATHS = /^\/(admin\/tenants|tenants\/admin|admin\/company-registrations)\b/;

function sessionFor(entry: Endpoint): Session | null {
  if (entry.access === 'public') return null;
  if (PLATFORM_PATHS.test(entry.path)) return platform;
  if (entry.access === 'user') return sessions.admin ?? null;
  const role = entry.access.includes('admin') ? 'admin' : entry.access[0];
  return (role && sessions[role]) || null;
}

type Schema = { safeParse(v: unknown): { success: boolean } };

/** A value the field's own rule refuses, of another type than it takes. */
function wrongTypeFor(schema: Schema): unknown {
  for (const value of [{ nested: true }, 12345, 'abc', true, [1]])
    if (!schema.safeParse(value).success) return value;
  return undefined;
}

/** The malformed bodies of one write: [what, body]. */
function malformed(entry: Endpoint): [string, unknown][] {
  const out: [string, unknown][] = [];
  const body = entry.body as Schema | undefined;
  if (!body) return out;
  if (!body.safeParse({}).success) out.push(['{}', {}]);
  for (const [name, field] of Object.entries(bodyShape(entry.body) as Record<string, Schema>)) {
    const wrong = wrongTypeFor(field);
    if (wrong !== undefined) out.push([`${name} = ${JSON.stringify(wrong)}`, { [name]: wrong }]);
    const long = 'ş'.repeat(20_000);
    if (field.safeParse('abc').success && !field.safeParse(long).success)
      out.push([`${name} = 'ş' × 20000`, { [name]: long }]);
  }
  return out;
}

/** What is sent to one write: [what, body, whether its path parameters are malformed]. */
function casesOf(entry: Endpoint): [string, unknown, boolean][] {
  return [
    ...(entry.consumes === undefined
      ? malformed(entry).map(([w, b]): [string, unknown, boolean] => [w, b, false])
      : []),
    ...(entry.params && !(entry.params as Schema).safeParse(badParams(entry)).success
      ? [['a path parameter that names nothing', {}, true] as [string, unknown, boolean]]
      : []),
  ];
}

const writes = (Object.entries(API) as [string, Endpoint][]).filter(
  ([, e]) => e.method !== 'GET' && !e.path.startsWith('/debug/') && casesOf(e).length > 0,
);

let address = 0;
async function send(entry: Endpoint, body: unknown, badPath = false): Promise<CallResult> {
  const session = sessionFor(entry);
  address += 1;
  return api.call(entry.method, pathOf(entry, badPath), {
    tenant: session?.tenant ?? 'demo',
    token: session?.token ?? null,
    body,
    // public writes are rate limited per address: each request comes from its own
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });
}

describe('a refusal names the field by its label (every write endpoint, through HTTP)', () => {
  it('covers the writes of the endpoint table', () => {
    expect(writes.length).toBeGreaterThan(45);
  });

  it.each(writes)('%s: 400 naming `field`, the text in a person’s words', async (name, entry) => {
    const cases = casesOf(entry);
    for (const [what, body, badPath] of cases) {
      const r = await send(entry, body, badPath);
      const seen = { name, what, status: r.status, code: r.body.code };
      expect(seen, r.raw).toEqual({ name, what, status: 400, code: 'VALIDATION_ERROR' });
      const field = r.body.field;
      const error = String(r.body.error);
      expect(typeof field === 'string' && field.length > 0, `${name} ${what}: field in ${r.raw}`).toBe(true);
      expect({ name, what, error, wire: wireOrZodText(error, field as string) }, `${name} ${what}`).toEqual({
        name,
        what,
        error,
        wire: null,
      });
    }
  });

  it('examples: a price below zero, a missing version, a field that is not editable', async () => {
    const admin = sessions.admin as Session;
    const product = await api.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const put = (body: unknown) =>
      api.call('PUT', `/products/${product.id}`, { tenant: 'demo', token: admin.token, body });
    expect((await put({ selling_price_kurus: -1, expected_version: 1 })).body).toMatchObject({
      error: 'Satış Fiyatı: Minimum değer 0 olmalıdır',
      code: 'VALIDATION_ERROR',
      field: 'selling_price_kurus',
    });
    expect((await put({ current_stock: 4 })).body).toMatchObject({
      error: 'Bu alan düzenlenemez: Mevcut Stok',
      field: 'current_stock',
    });
    const company = await api.call('PUT', '/admin/company', {
      tenant: 'demo',
      token: admin.token,
      body: { name: 'Demo' },
    });
    expect(company.status).toBe(400);
    expect(company.body.error).not.toMatch(/legal_name|expected_version|beklenen [a-z]+, alınan/);
    expect(labelOf(String(company.body.field))).not.toBeNull();
    const count = await api.call('POST', '/inventory/counts', {
      tenant: 'demo',
      token: admin.token,
      body: { count_id: UUID, lines: [{ product_id: product.id, counted: -1, seen_stock_seq: 0 }] },
    });
    expect(count.body).toMatchObject({
      error: '1. satır: Sayılan miktar negatif olamaz',
      field: 'lines[0].counted',
    });
  });
});
