/**
 * The platform: tenant `default` is the operator's own company. Its admins are the platform admins
 * (tenant management, DNS, company registrations and the platform's figures); an admin of any other
 * tenant runs only that company. Zod-free so the menu of the first download can ask it too.
 */
export const PLATFORM_TENANT_ID = 'default';

/** A platform admin: role admin in the platform tenant. An admin of any other tenant is not one. */
export function isPlatformAdmin(
  role: string | null | undefined,
  tenantId: string | null | undefined,
): boolean {
  return role === 'admin' && typeof tenantId === 'string' && tenantId.toLowerCase() === PLATFORM_TENANT_ID;
}

// ---------------------------------------------------------------------------- subdomains ---

export const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 63;

/**
 * Host labels a company may not take: the platform's own hosts and the names of services that
 * usually live beside it (mail, name servers, file transfer), and names that would mislead.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'mail',
  'default',
  'app',
  'static',
  'assets',
  'ns1',
  'ns2',
  'ns3',
  'ns4',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'ftp',
  'sftp',
  'cdn',
  'dns',
  'mx',
  'webmail',
  'status',
  'support',
  'help',
  'docs',
  'blog',
  'dev',
  'test',
  'staging',
  'localhost',
  'root',
  'platform',
  'login',
  'auth',
  'register',
  'billing',
  'dashboard',
  'panel',
  'cpanel',
  'vpn',
  'git',
  'autodiscover',
  'autoconfig',
]);

export const SUBDOMAIN_MESSAGES = {
  required: 'Alt alan adı gereklidir',
  tooShort: `Alt alan adı en az ${SUBDOMAIN_MIN} karakter olmalıdır`,
  tooLong: `Alt alan adı en fazla ${SUBDOMAIN_MAX} karakter olabilir`,
  characters: 'Alt alan adı yalnızca küçük harf (a-z), rakam (0-9) ve tire (-) içerebilir',
  hyphenEdge: 'Alt alan adı tire (-) ile başlayamaz veya bitemez',
  hyphenPair:
    'Alt alan adı 3. ve 4. karakterde iki tire (--) içeremez; bu biçim uluslararası alan adlarına (xn--) ayrılmıştır',
  reserved: 'Bu alt alan adı sistem tarafından ayrılmıştır; başka bir ad seçiniz',
  taken: 'Bu alt alan adı başka bir şirket tarafından kullanılıyor',
  pending: 'Bu alt alan adı için bekleyen bir kayıt başvurusu var',
  available: 'Bu alt alan adı kullanılabilir',
} as const;

/**
 * Why `value` cannot be a host label (the DNS rules: a–z, 0–9 and '-', 3–63 characters, no '-' at
 * either end) or is reserved — a Turkish reason naming the field — or null when it may be asked
 * for. Whether it is taken is the server's to say. Expects the value trimmed and lower-cased.
 *
 * A label with '--' in its 3rd and 4th characters is refused too: IDNA reserves that form
 * (`xn--…` is an internationalised name in ASCII), and a browser shows such a label in its Unicode
 * letters — `xn--dmo-rdd` appears as 'dеmo' with a Cyrillic 'е', a look-alike of `demo` that
 * could pass for another company's address.
 */
export function subdomainProblem(value: string): string | null {
  if (value === '') return SUBDOMAIN_MESSAGES.required;
  if (!/^[a-z0-9-]*$/.test(value)) return SUBDOMAIN_MESSAGES.characters;
  if (value.length < SUBDOMAIN_MIN) return SUBDOMAIN_MESSAGES.tooShort;
  if (value.length > SUBDOMAIN_MAX) return SUBDOMAIN_MESSAGES.tooLong;
  if (value.startsWith('-') || value.endsWith('-')) return SUBDOMAIN_MESSAGES.hyphenEdge;
  if (value.slice(2, 4) === '--') return SUBDOMAIN_MESSAGES.hyphenPair;
  if (RESERVED_SUBDOMAINS.has(value)) return SUBDOMAIN_MESSAGES.reserved;
  return null;
}
