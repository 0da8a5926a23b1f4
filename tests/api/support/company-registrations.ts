import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { issueFormToken } from '../../../src/server/registrations/form-token';
import { type Api, type Session, startApi } from './harness';

/**
 * Shared setup of the company-registration API tests (company-registrations-*.test.ts): the
 * platform's and the demo tenant's signed-in users, a valid sign-up form served a given time ago, the
 * sign-up and review calls, and a fresh client address per test (the sign-up is rate-limited per
 * address). `setUpRegistrationsApi()` starts a freshly seeded server for the calling test file.
 */
export let api: Api;
export let platform: Session;
export let tenantAdmin: Session;
export let platformManager: Session;
export let demoSales: Session;
let ipCounter = 0;
/** The client address of the current test's sign-ups: a fresh one per test, as sign-ups are rate-limited per address. */
export let ip = '';

/** Moves the current test to a fresh client address under `prefix`. */
export function newAddress(prefix: string): void {
  ip = `${prefix}.${++ipCounter}`;
}

/** A freshly seeded server for the calling test file and its users signed in (closed after the file); each test a fresh address. */
export function setUpRegistrationsApi(): void {
  beforeAll(async () => {
    api = await startApi();
    platform = await api.login('default', 'admin');
    tenantAdmin = await api.login('demo', 'admin');
    platformManager = await api.login('default', 'manager');
    demoSales = await api.login('demo', 'sales');
  });
  afterAll(async () => api?.close());
  beforeEach(() => newAddress('10.1.0'));
}

/** A form served `ageMs` ago (the server's own signing: what GET /company-registrations/form gives). */
export const tokenAged = (a: Api, ageMs = 5_000) =>
  issueFormToken(a.config.jwtSecret, new Date(Date.now() - ageMs));

export function form(a: Api, overrides: Record<string, unknown> = {}) {
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

export const signUp = (a: Api, body: unknown, from = ip) =>
  a.call<{
    success: boolean;
    data: { id: string; subdomain: string };
    error: string;
    field?: string;
    code: string;
  }>('POST', '/company-registrations', { tenant: null, body, remoteAddress: from });

export const countRegs = async (a: Api) =>
  Number(
    (
      await a.db
        .selectFrom('company_registrations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const act = (a: Api, s: Session, id: string, action: string, reason: string | null = 'test') =>
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
