/**
 * Company registrations: a company signs up on the public page, a platform admin reviews it.
 *
 * The platform: tenant `default` is the operator's own company. Its admins are the platform admins
 * (they review registrations, see the platform's figures); an admin of any other tenant runs only
 * that company. Registrations are stored under the platform tenant.
 */
export const PLATFORM_TENANT_ID = 'default';

/** Is this (tenant, role) a platform admin — role admin of the platform tenant? */
export function isPlatformAdmin(
  tenantId: string | null | undefined,
  role: string | null | undefined,
): boolean {
  return tenantId === PLATFORM_TENANT_ID && role === 'admin';
}

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const REGISTRATION_ACTIONS = ['approve', 'reject', 'suspend'] as const;
export type RegistrationAction = (typeof REGISTRATION_ACTIONS)[number];

/**
 * The state machine, as data: each action, the status it leads to and the statuses it may start
 * from. pending → approved | rejected; approved → suspended. Nothing else moves: a rejected or
 * suspended registration is final (a company signs up again for a new review).
 */
export const REGISTRATION_TRANSITIONS: Record<
  RegistrationAction,
  { to: RegistrationStatus; from: readonly RegistrationStatus[] }
> = {
  approve: { to: 'approved', from: ['pending'] },
  reject: { to: 'rejected', from: ['pending'] },
  suspend: { to: 'suspended', from: ['approved'] },
};

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending: 'Beklemede',
  approved: 'Onaylandı',
  rejected: 'Reddedildi',
  suspended: 'Askıya alındı',
};

/**
 * What an action does from a status: 'apply' (a legal move), 'already' (the registration is
 * already where the action leads: repeating it changes nothing), or 'refuse' (an illegal move).
 */
export function registrationMove(
  from: RegistrationStatus,
  action: RegistrationAction,
): 'apply' | 'already' | 'refuse' {
  const rule = REGISTRATION_TRANSITIONS[action];
  if (from === rule.to) return 'already';
  return rule.from.includes(from) ? 'apply' : 'refuse';
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
  required: 'Alt alan adı (subdomain) gereklidir',
  tooShort: `Alt alan adı (subdomain) en az ${SUBDOMAIN_MIN} karakter olmalıdır`,
  tooLong: `Alt alan adı (subdomain) en fazla ${SUBDOMAIN_MAX} karakter olabilir`,
  characters: 'Alt alan adı (subdomain) yalnızca küçük harf (a-z), rakam (0-9) ve tire (-) içerebilir',
  hyphenEdge: 'Alt alan adı (subdomain) tire (-) ile başlayamaz veya bitemez',
  reserved: 'Bu alt alan adı (subdomain) sistem tarafından ayrılmıştır; başka bir ad seçiniz',
  taken: 'Bu alt alan adı (subdomain) başka bir şirket tarafından kullanılıyor',
  pending: 'Bu alt alan adı (subdomain) için bekleyen bir kayıt başvurusu var',
  available: 'Bu alt alan adı kullanılabilir',
} as const;

/**
 * Why `value` cannot be a host label (the DNS rules: a–z, 0–9 and '-', 3–63 characters, no '-' at
 * either end) or is reserved — a Turkish reason naming the field — or null when it may be asked
 * for. Whether it is taken is the server's to say. Expects the value trimmed and lower-cased.
 */
export function subdomainProblem(value: string): string | null {
  if (value === '') return SUBDOMAIN_MESSAGES.required;
  if (!/^[a-z0-9-]*$/.test(value)) return SUBDOMAIN_MESSAGES.characters;
  if (value.length < SUBDOMAIN_MIN) return SUBDOMAIN_MESSAGES.tooShort;
  if (value.length > SUBDOMAIN_MAX) return SUBDOMAIN_MESSAGES.tooLong;
  if (value.startsWith('-') || value.endsWith('-')) return SUBDOMAIN_MESSAGES.hyphenEdge;
  if (RESERVED_SUBDOMAINS.has(value)) return SUBDOMAIN_MESSAGES.reserved;
  return null;
}
