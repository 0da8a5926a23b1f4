/**
 * The platform: the tenant whose admins run every company (tenant management, DNS, company
 * registrations). Zod-free so the menu of the first download can ask it too.
 */
export const PLATFORM_TENANT_ID = 'default';

/** A platform admin: role admin in the platform tenant. An admin of any other tenant is not one. */
export function isPlatformAdmin(
  role: string | null | undefined,
  tenantId: string | null | undefined,
): boolean {
  return role === 'admin' && typeof tenantId === 'string' && tenantId.toLowerCase() === PLATFORM_TENANT_ID;
}

/**
 * Host labels no company may take: they name the platform's own services (or would be mistaken
 * for them in a link or an e-mail), and `default` is the platform tenant itself.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'www',
  'api',
  'admin',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'default',
  'app',
  'static',
  'assets',
  'cdn',
  'ns1',
  'ns2',
  'dns',
  'support',
  'help',
  'status',
  'blog',
  'login',
  'register',
  'platform',
  'localhost',
];

/** Subdomain bounds: one DNS label. */
export const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 63;

/**
 * The rule for a company's subdomain (one DNS label): lower-case a–z, 0–9 and '-', 3–63
 * characters, no '-' at either end, not reserved. Returns what is wrong, or null.
 */
export function subdomainProblem(value: string): 'length' | 'format' | 'reserved' | null {
  if (value.length < SUBDOMAIN_MIN || value.length > SUBDOMAIN_MAX) return 'length';
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(value)) return 'format';
  if (RESERVED_SUBDOMAINS.includes(value)) return 'reserved';
  return null;
}
