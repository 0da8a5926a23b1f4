/**
 * A company's sign-up asks for what its invoices print — legal name, VKN (or a sole proprietor's
 * TCKN) and tax office — and approval writes them, with the address, into the new company's
 * profile: its admin finds the profile filled in and its first invoice is not refused for it.
 * Bad or missing tax details are 400 naming the field, with nothing stored.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/server/registrations/form-token';
import { REG_RULE_TEXTS } from '../../src/shared/api/registrations';
import { type Api, type Session, startApi } from './support/harness';
import { signInAndSetOwnPassword } from './support/one-time-password';

let api: Api;
let platform: Session;
let addressCounter = 0;

beforeAll(async () => {
  api = await startApi();
  platform = await api.login('default', 'admin');
});
afterAll(async () => api?.close());

function form(overrides: Record<string, unknown> = {}) {
  const sub = `fatura-${randomUUID().slice(0, 8)}`;
  return {
    id: randomUUID(),
    company_name: 'Ege Zeytin',
    industry: 'Gıda',
    legal_name: 'Ege Zeytin Gıda Sanayi ve Ticaret Limited Şirketi',
    tax_number: '987 654 32 17',
    tax_office: 'Konak',
    contact_person_name: 'Elif Aydın',
    contact_person_email: `elif.${sub}@example.com.tr`,
    contact_person_phone: '0532 123 45 67',
    subdomain: sub,
    subscription_plan: 'basic',
    address_street: 'Kıbrıs Şehitleri Cad. No: 12',
    address_city: 'İzmir',
    address_state: 'Konak',
    address_country: 'Türkiye',
    form_token: issueFormToken(api.config.jwtSecret, new Date(Date.now() - 5_000)),
    website: '',
    ...overrides,
  };
}

const signUp = (body: unknown) =>
  api.call<{ error: string; field?: string; code: string; data: { id: string } }>(
    'POST',
    '/company-registrations',
    { tenant: null, body, remoteAddress: `10.77.0.${++addressCounter}` },
  );

const countRegs = async () =>
  (await api.db.selectFrom('company_registrations').select('id').execute()).length;

describe('the sign-up carries the invoicing fields into the company profile', () => {
  it('stored with the registration, shown to the platform admin, written into the new tenant on approval', async () => {
    const body = form();
    const created = await signUp(body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const list = await api.call<{ data: Array<Record<string, unknown>> }>(
      'GET',
      '/admin/company-registrations',
      { tenant: 'default', token: platform.token, query: { search: body.subdomain } },
    );
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: body.id,
        legal_name: body.legal_name,
        tax_number: '9876543217',
        tax_office: 'Konak',
      }),
    ]);

    const approved = await api.call<{
      data: { tenant: { admin_username: string; one_time_password: string } };
    }>('POST', `/admin/company-registrations/${body.id}/approve`, {
      tenant: 'default',
      token: platform.token,
      body: { reason: 'Belgeler tamam' },
    });
    expect(approved.status).toBe(200);
    const { admin_username, one_time_password } = approved.body.data.tenant;
    const tenant = await api.db
      .selectFrom('tenants')
      .select(['legal_name', 'tax_number', 'tax_office', 'address', 'email', 'phone'])
      .where('id', '=', body.subdomain)
      .executeTakeFirstOrThrow();
    expect(tenant).toEqual({
      legal_name: body.legal_name,
      tax_number: '9876543217',
      tax_office: 'Konak',
      address: 'Kıbrıs Şehitleri Cad. No: 12, Konak, İzmir, Türkiye',
      email: body.contact_person_email,
      phone: body.contact_person_phone,
    });

    // The new company's admin: the profile is filled in and invoicing is ready.
    const admin = await signInAndSetOwnPassword(
      api,
      body.subdomain,
      admin_username,
      one_time_password,
      'Ege-zeytin-2026',
    );
    const company = await api.call<{ data: Record<string, unknown> }>('GET', '/admin/company', {
      tenant: body.subdomain,
      token: admin.token,
    });
    expect(company.body.data).toMatchObject({
      legal_name: body.legal_name,
      tax_number: '9876543217',
      tax_office: 'Konak',
    });
    const ready = await api.call<{ data: unknown }>('GET', '/invoices/readiness', {
      tenant: body.subdomain,
      token: admin.token,
    });
    expect(ready.body.data).toEqual({ ready: true, missing: [] });
  });

  it("a sole proprietor's TCKN is accepted; an address left out stays empty", async () => {
    const body = form({
      tax_number: '10000000146',
      address_street: null,
      address_city: null,
      address_state: null,
      address_country: null,
    });
    expect((await signUp(body)).status).toBe(201);
    const approved = await api.call('POST', `/admin/company-registrations/${body.id}/approve`, {
      tenant: 'default',
      token: platform.token,
      body: { reason: null },
    });
    expect(approved.status).toBe(200);
    const tenant = await api.db
      .selectFrom('tenants')
      .select(['tax_number', 'address'])
      .where('id', '=', body.subdomain)
      .executeTakeFirstOrThrow();
    expect(tenant).toEqual({ tax_number: '10000000146', address: null });
  });

  it('missing or invalid legal name, tax number or tax office: 400 naming the field, nothing stored', async () => {
    const before = await countRegs();
    const cases: Array<[Record<string, unknown>, string, string | RegExp]> = [
      [{ legal_name: undefined }, 'legal_name', 'Ticari Ünvan gereklidir'],
      [{ legal_name: ' ' }, 'legal_name', 'Ticari Ünvan gereklidir'],
      [{ tax_number: undefined }, 'tax_number', 'Vergi Numarası gereklidir'],
      [{ tax_number: '9876543210' }, 'tax_number', REG_RULE_TEXTS.taxNumber],
      [{ tax_number: '12345' }, 'tax_number', REG_RULE_TEXTS.taxNumber],
      [{ tax_number: '98765432AB' }, 'tax_number', REG_RULE_TEXTS.taxNumber],
      [{ tax_number: 9876543217 }, 'tax_number', 'Vergi Numarası gereklidir'],
      [{ tax_office: '' }, 'tax_office', 'Vergi Dairesi gereklidir'],
      [{ tax_office: 'x'.repeat(101) }, 'tax_office', /en fazla 100 karakter/],
    ];
    for (const [patch, field, message] of cases) {
      const r = await signUp(form(patch));
      expect({ field, status: r.status }).toEqual({ field, status: 400 });
      expect(r.body.code).toBe('VALIDATION_ERROR');
      if (typeof message === 'string') expect(r.body.error).toContain(message);
      else expect(r.body.error).toMatch(message);
      expect(r.body.field).toBe(field);
    }
    expect(await countRegs()).toBe(before);
  });
});
