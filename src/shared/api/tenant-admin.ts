import { z } from 'zod';
import { BRAND_COLOUR_PATTERN, brandColourMessage } from '../domain/brand-colour';
import { PASSWORD_MAX_LENGTH } from '../domain/password-rules';
import { SUBDOMAIN_MAX } from '../domain/platform';
import { searchFold } from '../domain/turkish-text';
import { USERNAME_PATTERN } from './admin-users';
import { emailText, limitQuery, pageQuery, text, typeError } from './common';
import { COMPANY_CURRENCIES, COMPANY_LANGUAGES, COMPANY_TIMEZONES } from './company';
import { required } from './errors';
import { notEditableText } from './field-labels';
// The one subdomain rule (a DNS label, not reserved), shared with the public sign-up.
import { subdomainField } from './registrations';
import { subscriptionPlanSchema } from './tenants';

/**
 * Contracts of tenant management (platform admins only): list, read, create, edit, settings,
 * usage and delete of companies. One schema per operation, used by the server (validation) and by
 * the screen (its defaults and options), so both speak of a field by the same Turkish label.
 * Messages name a field by its label; the wire name is only a refusal's `field`.
 */

// ------------------------------------------------------------------------ options ---

export const TENANT_PLANS = subscriptionPlanSchema.options;
/** The form's options (the spec's). */
export const TENANT_TIMEZONES = ['Europe/Istanbul', 'Europe/London', 'America/New_York'] as const;
/** TRY only: every amount is kuruş of lira (shared/api/company.ts COMPANY_CURRENCIES). */
export const TENANT_CURRENCIES = COMPANY_CURRENCIES;
export const TENANT_LANGUAGES = ['tr', 'en'] as const;
export const TENANT_PAGE_SIZE = 10;

/** What a new tenant gets when the form leaves a field as it came. */
export const TENANT_DEFAULTS = {
  subscription_plan: 'basic',
  is_active: true,
  branding: { logo_url: null, primary_color: '#1976d2', secondary_color: '#dc004e', company_description: '' },
  settings: {
    timezone: 'Europe/Istanbul',
    currency: 'TRY',
    language: 'tr',
    order_number_prefix: 'ORD',
    customer_number_prefix: 'CUST',
  },
} as const;

export const TENANT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  descriptionMax: 500,
  logoUrlMax: 500,
  prefixMax: 10,
  searchMax: 100,
  adminNameMax: 100,
  usernameMin: 3,
  usernameMax: 50,
  /** The first admin's one-time password (made by the screen, shown once). */
  passwordMin: 12,
  passwordMax: PASSWORD_MAX_LENGTH,
} as const;

/** The outcomes and refusals (the screen's texts are the spec's; these are the server's). */
export const TENANT_MESSAGES = {
  created: 'Tenant başarıyla oluşturuldu!',
  updated: 'Tenant başarıyla güncellendi!',
  deleted: 'Tenant başarıyla silindi!',
  notPlatformAdmin: 'Tenant yönetimi yalnızca platform yöneticileri içindir.',
  notFound: 'Tenant bulunamadı.',
  platformUndeletable: 'Platform tenantı (default) silinemez.',
  subdomainTaken: 'Bu alt alan adı zaten kullanılıyor.',
  subdomainFixed: 'Alt alan adı değiştirilemez.',
  versionConflict: 'Tenant siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi tekrar yapın.',
  backupFailed: 'Silmeden önceki son yedek alınamadı; tenant silinmedi.',
} as const;

/**
 * Two companies' names are the same name when they fold alike (the one search fold: case and
 * Turkish letters, 'IŞIK Ltd' = 'ışık ltd') with blanks collapsed. The platform admin is warned
 * when a new company or a sign-up takes a name another company has (a warning, not a refusal:
 * names are not unique, subdomains are).
 */
export function companyNameKey(name: string): string {
  return searchFold(name.trim().replace(/\s+/g, ' '));
}

/** The company description written when the form leaves it empty. */
export const describeCompany = (companyName: string) => `${companyName} sipariş yönetim sistemi`;

/**
 * The description after the company name changed from `before` to `after`: the one written from
 * the old name follows the new name; a description the user wrote (or none) stays as it is.
 */
export function descriptionAfterRename(before: string, after: string, description: string): string {
  return description.trim() === describeCompany(before.trim()) ? describeCompany(after.trim()) : description;
}

// ------------------------------------------------------------------- field rules ---

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? required(label) : `${label} şunlardan biri olmalıdır: ${values.join(', ')}`,
  });

const companyName = text('Şirket adı', TENANT_LIMITS.nameMax, {
  typeMessage: 'Şirket adı gereklidir',
})
  .refine((v) => v.length > 0, { message: 'Şirket adı gereklidir', abort: true })
  .refine(
    (v) => v.length >= TENANT_LIMITS.nameMin,
    `Şirket adı en az ${TENANT_LIMITS.nameMin} karakter olmalıdır`,
  );

const color = (label: string, fallback: string) =>
  z
    .string({ error: brandColourMessage(label) })
    .trim()
    .max(7, brandColourMessage(label))
    .regex(BRAND_COLOUR_PATTERN, brandColourMessage(label))
    .transform((v) => v.toLowerCase())
    .default(fallback);

/** A logo address: an http(s) URL or one of this server's paths; blank → none. */
const logoUrl = text('Logo adresi', TENANT_LIMITS.logoUrlMax)
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s]*$/.test(v),
    'Logo adresi http(s):// veya / ile başlamalıdır',
  )
  .nullish()
  .transform((v) => (v ? v : null));

const description = text('Şirket açıklaması', TENANT_LIMITS.descriptionMax, {
  multiline: true,
})
  .nullish()
  .transform((v) => v ?? '');

export const brandingBody = z
  .object(
    {
      logo_url: logoUrl,
      primary_color: color('Ana renk', TENANT_DEFAULTS.branding.primary_color),
      secondary_color: color('İkincil renk', TENANT_DEFAULTS.branding.secondary_color),
      company_description: description,
    },
    { error: 'Marka bilgileri bir nesne olmalıdır' },
  )
  .prefault({});

const prefix = (label: string, fallback: string) =>
  z
    .string({ error: `${label} metin olmalıdır` })
    .trim()
    .max(TENANT_LIMITS.prefixMax, `${label} en fazla ${TENANT_LIMITS.prefixMax} karakter olabilir`)
    .refine((v) => /^[A-Za-z0-9-]+$/.test(v), `${label} yalnızca harf, rakam ve '-' içerebilir`)
    .default(fallback);

/**
 * The settings a platform admin sets. The server also accepts the company profile's wider sets
 * (a tenant admin may have chosen GBP or UTC there): an edit never has to undo that choice.
 */
const settingsFields = {
  timezone: oneOf('Saat dilimi', COMPANY_TIMEZONES).default(TENANT_DEFAULTS.settings.timezone),
  currency: oneOf('Para birimi', COMPANY_CURRENCIES).default(TENANT_DEFAULTS.settings.currency),
  language: oneOf('Dil', COMPANY_LANGUAGES).default(TENANT_DEFAULTS.settings.language),
  order_number_prefix: prefix('Sipariş numarası öneki', 'ORD'),
  customer_number_prefix: prefix('Müşteri numarası öneki', 'CUST'),
};

export const settingsBody = z.object(settingsFields, { error: 'Ayarlar bir nesne olmalıdır' }).prefault({});

const plan = z
  .enum(TENANT_PLANS, {
    error: () => `Abonelik planı şunlardan biri olmalıdır: ${TENANT_PLANS.join(', ')}`,
  })
  .default(TENANT_DEFAULTS.subscription_plan);

const isActive = z.boolean({ error: typeError('Durum gereklidir', 'Durum true veya false olmalıdır') });

/** The version the platform admin saw (the tenant's company version). */
const expectedVersion = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Beklenen sürüm gereklidir' : 'Beklenen sürüm bir sayı olmalıdır',
  })
  .int({ error: 'Beklenen sürüm tam sayı olmalıdır' })
  .min(0, 'Beklenen sürüm negatif olamaz')
  .max(Number.MAX_SAFE_INTEGER, 'Beklenen sürüm çok büyük');

const unknownKeys = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? notEditableText(issue.keys ?? []) : undefined,
};

// ------------------------------------------------------------------------ reads ---

export const tenantIdParam = z.object({
  id: z
    .string({ error: 'Tenant kimliği geçersiz' })
    .max(SUBDOMAIN_MAX, 'Tenant kimliği geçersiz')
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Tenant kimliği geçersiz'),
});

/** GET /admin/tenants?page&limit&search: companies by creation, newest first; search in name and subdomain. */
export const adminTenantsQuery = z.object({
  page: pageQuery,
  limit: limitQuery(TENANT_PAGE_SIZE, 100),
  search: text('Arama', TENANT_LIMITS.searchMax).optional(),
});

export const adminTenantSchema = z.object({
  tenant_id: z.string(),
  company_name: z.string(),
  subdomain: z.string(),
  full_domain: z.string().nullable(),
  subscription_plan: subscriptionPlanSchema,
  is_active: z.boolean(),
  dns_status: z.string(),
  /** When the resolver was last asked for the tenant's host (null: not since it was recorded). */
  dns_checked_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The company version an edit names as `expected_version`. */
  version: z.number().int(),
  /** The username of the first admin made with the tenant (only in the answer of that create). */
  first_admin_username: z.string().optional(),
  /** Its password is one-time: it no longer signs in after this time unless used (that answer only). */
  first_admin_password_expires_at: z.string().optional(),
  branding: z.object({
    logo_url: z.string().nullable(),
    primary_color: z.string(),
    secondary_color: z.string(),
    company_description: z.string().nullable(),
  }),
  settings: z.object({
    timezone: z.string(),
    currency: z.string(),
    language: z.string(),
    order_number_prefix: z.string(),
    customer_number_prefix: z.string(),
  }),
});
export type AdminTenant = z.infer<typeof adminTenantSchema>;

/** The list's whole body: `data` is the array (the spec reads it there), with the pagination beside it. */
export const adminTenantsBody = z.object({
  success: z.literal(true),
  data: z.array(adminTenantSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
export type AdminTenantsBody = z.infer<typeof adminTenantsBody>;

/** GET /admin/tenants/{id}/usage: what the company holds now. */
export const tenantUsageSchema = z.object({
  tenant_id: z.string(),
  /** Active, not deleted. */
  users: z.number().int(),
  /** Not deleted. */
  orders: z.number().int(),
  products: z.number().int(),
  customers: z.number().int(),
  /** Bytes of every row of the tenant (all its tables, pg_column_size). */
  storage_bytes: z.number().int(),
  /** Rows per table (every table with a tenant_id), deleted rows included. */
  rows: z.record(z.string(), z.number().int()),
  measured_at: z.string(),
});
export type TenantUsage = z.infer<typeof tenantUsageSchema>;

// ------------------------------------------------------------------------ writes ---

/**
 * The company's first admin, made with it (optional): name, username, e-mail and a one-time
 * password the screen makes and shows once. The server keeps only its hash and never answers it.
 */
export const firstAdminBody = z.strictObject(
  {
    full_name: text('Yönetici adı', TENANT_LIMITS.adminNameMax, {
      typeMessage: 'Yönetici adı gereklidir',
      min: 2,
      minMessage: 'Yönetici adı en az 2 karakter olmalıdır',
    }),
    username: text('Yönetici kullanıcı adı', TENANT_LIMITS.usernameMax, {
      typeMessage: 'Yönetici kullanıcı adı gereklidir',
      min: TENANT_LIMITS.usernameMin,
      minMessage: `Yönetici kullanıcı adı en az ${TENANT_LIMITS.usernameMin} karakter olmalıdır`,
    }).refine(
      (v) => USERNAME_PATTERN.test(v),
      "Yönetici kullanıcı adı yalnızca harf, rakam, '.', '_' ve '-' içerebilir",
    ),
    email: emailText('Yönetici e-postası', { allowEmpty: true })
      .nullish()
      .transform((v) => (v ? v : null)),
    password: z
      .string({ error: 'Geçici şifre gereklidir' })
      .min(TENANT_LIMITS.passwordMin, `Geçici şifre en az ${TENANT_LIMITS.passwordMin} karakter olmalıdır`)
      .max(TENANT_LIMITS.passwordMax, `Geçici şifre en fazla ${TENANT_LIMITS.passwordMax} karakter olabilir`),
  },
  unknownKeys,
);

/** POST /admin/tenants. Absent parts take TENANT_DEFAULTS; an empty description is written from the name. */
export const createTenantBody = z.strictObject(
  {
    company_name: companyName,
    subdomain: subdomainField,
    subscription_plan: plan,
    is_active: isActive.default(true),
    branding: brandingBody,
    settings: settingsBody,
    first_admin: firstAdminBody.optional(),
  },
  unknownKeys,
);
export type CreateTenantInput = z.output<typeof createTenantBody>;

/** PUT /admin/tenants/{id}: the same fields (the subdomain cannot change) plus is_active and expected_version. */
export const updateTenantBody = z.strictObject(
  {
    company_name: companyName,
    subdomain: subdomainField.optional(),
    subscription_plan: plan,
    is_active: isActive,
    branding: brandingBody,
    settings: settingsBody,
    expected_version: expectedVersion,
  },
  unknownKeys,
);
export type UpdateTenantBody = z.input<typeof updateTenantBody>;
export type UpdateTenantInput = z.output<typeof updateTenantBody>;

/** PUT /admin/tenants/{id}/settings. */
export const updateTenantSettingsBody = z.strictObject(
  { ...settingsFields, expected_version: expectedVersion },
  unknownKeys,
);

/** DELETE /admin/tenants/{id} → what was removed, and the final backup written before. */
export const deleteTenantResponse = z.object({
  tenant_id: z.string(),
  deleted: z.literal(true),
  /** The archive written just before (BACKUP_DIR/<tenant>/…), kept after the tenant is gone. */
  backup_file: z.string(),
  /** Rows removed per table. */
  rows: z.record(z.string(), z.number().int()),
});
export type DeleteTenantResult = z.infer<typeof deleteTenantResponse>;
