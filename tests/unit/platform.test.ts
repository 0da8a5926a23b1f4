import { describe, expect, it } from 'vitest';
import { menuFor } from '../../src/client/shared-ui/screens';
import { createTenantBody } from '../../src/shared/api/tenant-admin';
import { isPlatformAdmin, SUBDOMAIN_MESSAGES, subdomainProblem } from '../../src/shared/domain/platform';

/**
 * The platform rules: only an admin of the platform tenant is a platform admin (menu entry and
 * screen), and a company's subdomain is one DNS label that is not reserved.
 */
describe('platform admins', () => {
  it('is an admin of tenant default only', () => {
    expect(isPlatformAdmin('admin', 'default')).toBe(true);
    expect(isPlatformAdmin('admin', 'DEFAULT')).toBe(true);
    expect(isPlatformAdmin('admin', 'demo')).toBe(false);
    expect(isPlatformAdmin('manager', 'default')).toBe(false);
    expect(isPlatformAdmin(undefined, 'default')).toBe(false);
    expect(isPlatformAdmin('admin', null)).toBe(false);
  });

  it("the menu shows tenant management to platform admins only; a company's admin keeps the rest", () => {
    const paths = (role: string, tenant: string) => menuFor(role, tenant).map((i) => i.path);
    expect(paths('admin', 'default')).toContain('/tenant-management');
    expect(paths('admin', 'demo')).not.toContain('/tenant-management');
    expect(paths('admin', 'demo')).toContain('/admin');
    expect(paths('manager', 'default')).not.toContain('/tenant-management');
  });
});

describe('subdomains', () => {
  it('takes a-z, 0-9 and inner hyphens, 3 to 63 characters, nothing reserved', () => {
    for (const ok of ['demo', 'client1', 'a-b', 'x'.repeat(63), '123'])
      expect(subdomainProblem(ok)).toBeNull();
    expect(subdomainProblem('ab')).toBe(SUBDOMAIN_MESSAGES.tooShort);
    expect(subdomainProblem('x'.repeat(64))).toBe(SUBDOMAIN_MESSAGES.tooLong);
    for (const bad of ['-abc', 'abc-']) expect(subdomainProblem(bad)).toBe(SUBDOMAIN_MESSAGES.hyphenEdge);
    for (const bad of ['a_b', 'şirket', 'a.b', 'a b', 'ABC'])
      expect(subdomainProblem(bad)).toBe(SUBDOMAIN_MESSAGES.characters);
    for (const reserved of ['www', 'api', 'admin', 'mail', 'default'])
      expect(subdomainProblem(reserved)).toBe(SUBDOMAIN_MESSAGES.reserved);
  });

  it("refuses an IDN A-label (xn--dmo-rdd shows as 'dеmo', a look-alike of demo) and any '--' in places 3-4", () => {
    for (const bad of ['xn--dmo-rdd', 'xn--demo', 'ab--cd', 'zz--1'])
      expect({ bad, problem: subdomainProblem(bad) }).toEqual({
        bad,
        problem: SUBDOMAIN_MESSAGES.hyphenPair,
      });
    // a double hyphen elsewhere is an ordinary label
    for (const ok of ['a--bc', 'abc--d', 'demo--shop']) expect(subdomainProblem(ok)).toBeNull();
    expect(
      createTenantBody.safeParse({ company_name: 'Acme', subdomain: 'XN--DMO-RDD' }).error?.issues[0],
    ).toMatchObject({ path: ['subdomain'], message: SUBDOMAIN_MESSAGES.hyphenPair });
  });

  it('the create schema lower-cases it and fills the spec defaults', () => {
    const parsed = createTenantBody.parse({ company_name: 'Acme', subdomain: ' Acme-1 ' });
    expect(parsed.subdomain).toBe('acme-1');
    expect(parsed.subscription_plan).toBe('basic');
    expect(parsed.is_active).toBe(true);
    expect(parsed.branding).toMatchObject({ primary_color: '#1976d2', secondary_color: '#dc004e' });
    expect(parsed.settings).toEqual({
      timezone: 'Europe/Istanbul',
      currency: 'TRY',
      language: 'tr',
      order_number_prefix: 'ORD',
      customer_number_prefix: 'CUST',
    });
  });
});
