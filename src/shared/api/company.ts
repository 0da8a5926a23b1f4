import { z } from 'zod';
import { isValidTaxNumber } from '../domain/tax-id';
import {
  EMAIL_INVALID_MESSAGE,
  emailLocalPartFits,
  MAX_EMAIL_LENGTH,
  MAX_EMAIL_LOCAL_LENGTH,
  text,
} from './common';
import { required } from './errors';
import { notEditableText } from './field-labels';

/**
 * Contracts of the admin panel's company profile ('Şirket Bilgileri'): read, versioned edit, and
 * the company logo. One zod schema per operation, used by the tab's form (its rules) and by the
 * server (the request's validation), so both give the same Turkish text for the same input.
 *
 * Messages follow the generic form rules: "{label} gereklidir", "Geçerli bir email adresi
 * giriniz", "Geçersiz format" and the length bounds — each naming its field by its label (the
 * server's 400 carries the same text, and the wire name in `field`).
 */

// ---------------------------------------------------------------------------- data ---

/**
 * Money is kuruş of Turkish lira everywhere (prices, invoices, exports): TRY is the only currency a
 * company can have, so no screen offers a setting that would change nothing.
 */
export const COMPANY_CURRENCIES = ['TRY'] as const;
export const COMPANY_TIMEZONES = [
  'Europe/Istanbul',
  'UTC',
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
] as const;
/** The languages the app has screens in: the company's language is what a fresh device starts in. */
export const COMPANY_LANGUAGES = ['tr', 'en'] as const;

/** Bounds of the company form (every text a client sends has one). */
export const COMPANY_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  legalNameMin: 2,
  legalNameMax: 200,
  taxNumberMin: 10,
  taxNumberMax: 11,
  taxOfficeMax: 100,
  addressMax: 500,
  phoneMax: 30,
  websiteMax: 200,
  /** One uploaded logo, bytes (the device shrinks larger pictures before sending). */
  logoBytesMax: 1024 * 1024,
  /** The longest side the device shrinks a logo to before upload, pixels. */
  logoSideMax: 512,
  /** The longest side the server takes, pixels (read from the image's header). */
  logoUploadSideMax: 8000,
} as const;

/** Logo types accepted, decided by the file's own structure (never by its name; never SVG: it can run script). */
export const COMPANY_LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type CompanyLogoType = (typeof COMPANY_LOGO_TYPES)[number];

/** The Turkish labels of the company fields, as the tab shows them (every message names a field by it). */
export const COMPANY_FIELD_LABELS = {
  name: 'Şirket adı',
  legal_name: 'Ticari unvan',
  tax_number: 'Vergi numarası',
  tax_office: 'Vergi dairesi',
  address: 'Adres',
  phone: 'Telefon',
  email: 'E-posta',
  website: 'Web sitesi',
  currency: 'Para birimi',
  timezone: 'Saat dilimi',
  language: 'Dil',
} as const;
export type CompanyField = keyof typeof COMPANY_FIELD_LABELS;

/** `Şirket adı`: how a message names a field. */
export const companyFieldLabel = (field: CompanyField) => COMPANY_FIELD_LABELS[field];

/** The generic form rules' texts, naming the field. */
export const COMPANY_RULE_TEXTS = {
  required: (field: CompanyField) => required(companyFieldLabel(field)),
  minLength: (field: CompanyField, n: number) => `${companyFieldLabel(field)} en az ${n} karakter olmalıdır`,
  maxLength: (field: CompanyField, n: number) =>
    `${companyFieldLabel(field)} en fazla ${n} karakter olabilir`,
  format: (field: CompanyField) => `${companyFieldLabel(field)}: Geçersiz format`,
  email: `${companyFieldLabel('email')}: ${EMAIL_INVALID_MESSAGE}`,
  emailLocal: `${companyFieldLabel('email')}: @ işaretinden önceki kısım en fazla ${MAX_EMAIL_LOCAL_LENGTH} karakter olabilir`,
  taxNumber: `${companyFieldLabel('tax_number')}: 10 haneli geçerli bir VKN veya 11 haneli geçerli bir TCKN giriniz`,
  website: `${companyFieldLabel('website')}: http:// veya https:// ile başlayan geçerli bir adres giriniz`,
  oneOf: (field: CompanyField, values: readonly string[]) =>
    `${companyFieldLabel(field)} şunlardan biri olmalıdır: ${values.join(', ')}`,
} as const;

/** Refusals and outcomes of the company API. */
export const COMPANY_MESSAGES = {
  updated: 'Şirket bilgileri güncellendi',
  versionConflict:
    'Şirket bilgileri siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi tekrar yapın.',
  logoRequired: 'Logo dosyası gereklidir',
  logoTooLarge: `Logo en fazla ${COMPANY_LIMITS.logoBytesMax / 1024 / 1024} MB olabilir`,
  logoType: 'Logo PNG, JPEG veya WebP olmalıdır',
  logoOneFile: 'Tek seferde bir logo yüklenebilir',
  logoCorrupt: 'Logo dosyası bozuk ya da eksik; resmi yeniden kaydedip yükleyin',
  logoDimensions: `Logo en fazla ${COMPANY_LIMITS.logoUploadSideMax} × ${COMPANY_LIMITS.logoUploadSideMax} piksel olabilir`,
  logoField: 'Logo dosyası "file" alanında gönderilmelidir',
  logoNotFound: 'Logo bulunamadı.',
} as const;

// ------------------------------------------------------------------------ field rules ---

const R = COMPANY_RULE_TEXTS;

/** A required text: missing or blank → "{label} gereklidir"; then its length bounds. */
function requiredText(field: CompanyField, min: number, max: number, multiline = false) {
  return text(companyFieldLabel(field), max, {
    typeMessage: R.required(field),
    maxMessage: R.maxLength(field, max),
    multiline,
  })
    .refine((v) => v.length > 0, { message: R.required(field), abort: true })
    .refine((v) => v.length >= min, R.minLength(field, min));
}

/** Digits of a tax number as typed: spaces are tolerated ('123 456 78 90'), the digits are stored. */
const taxNumber = z
  .string({ error: R.required('tax_number') })
  .max(40, R.maxLength('tax_number', COMPANY_LIMITS.taxNumberMax))
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => v.length > 0, { message: R.required('tax_number'), abort: true })
  .refine((v) => /^\d+$/.test(v), { message: R.format('tax_number'), abort: true })
  .refine((v) => v.length >= COMPANY_LIMITS.taxNumberMin, {
    message: R.minLength('tax_number', COMPANY_LIMITS.taxNumberMin),
    abort: true,
  })
  .refine((v) => v.length <= COMPANY_LIMITS.taxNumberMax, {
    message: R.maxLength('tax_number', COMPANY_LIMITS.taxNumberMax),
    abort: true,
  })
  .refine((v) => isValidTaxNumber(v), R.taxNumber);

/** A phone number as people write it: digits with +, spaces, dashes, dots and parentheses; 7–15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[0-9 ()./-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

const phone = requiredText('phone', 1, COMPANY_LIMITS.phoneMax).refine(isPlausiblePhone, R.format('phone'));

const email = text(companyFieldLabel('email'), MAX_EMAIL_LENGTH, {
  typeMessage: R.required('email'),
  maxMessage: R.maxLength('email', MAX_EMAIL_LENGTH),
})
  .refine((v) => v.length > 0, { message: R.required('email'), abort: true })
  .refine(emailLocalPartFits, { message: R.emailLocal, abort: true })
  .refine((v) => z.email().safeParse(v).success, R.email);

/** An http(s) address with a host; absent, null or blank → null. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const website = text(companyFieldLabel('website'), COMPANY_LIMITS.websiteMax, {
  maxMessage: R.maxLength('website', COMPANY_LIMITS.websiteMax),
})
  .refine((v) => v === '' || isWebAddress(v), R.website)
  .nullish()
  .transform((v) => (v ? v : null));

const oneOf = <const T extends readonly [string, ...string[]]>(field: CompanyField, values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? R.required(field) : R.oneOf(field, values)),
  });

/** The version the user saw (required: an edit that names none cannot be checked). */
const expectedVersion = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Beklenen sürüm gereklidir' : 'Beklenen sürüm bir sayı olmalıdır',
  })
  .int({ error: 'Beklenen sürüm tam sayı olmalıdır' })
  .min(0, 'Beklenen sürüm negatif olamaz')
  .max(Number.MAX_SAFE_INTEGER, 'Beklenen sürüm çok büyük');

// ------------------------------------------------------------------ PUT /admin/company ---

/**
 * PUT /admin/company (admin): every company field (website may be null or blank → none) and
 * `expected_version`, the company version the user saw — stale → 409 CONFLICT with `current`
 * (the company now), unless the same values are already in place (then success, nothing written).
 * The logo is not part of it: it has its own upload and removal.
 */
export const updateCompanyBody = z.strictObject(
  {
    name: requiredText('name', COMPANY_LIMITS.nameMin, COMPANY_LIMITS.nameMax),
    legal_name: requiredText('legal_name', COMPANY_LIMITS.legalNameMin, COMPANY_LIMITS.legalNameMax),
    tax_number: taxNumber,
    tax_office: requiredText('tax_office', 1, COMPANY_LIMITS.taxOfficeMax),
    address: requiredText('address', 1, COMPANY_LIMITS.addressMax, true),
    phone,
    email,
    website,
    currency: oneOf('currency', COMPANY_CURRENCIES),
    timezone: oneOf('timezone', COMPANY_TIMEZONES),
    language: oneOf('language', COMPANY_LANGUAGES),
    expected_version: expectedVersion,
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? notEditableText(issue.keys) : undefined),
  },
);
export type UpdateCompanyBody = z.input<typeof updateCompanyBody>;
export type UpdateCompanyInput = z.output<typeof updateCompanyBody>;

// ------------------------------------------------------------------ GET /admin/company ---

/** Live records of the tenant: active users, orders, products and customers not deleted. */
export const companyStatisticsSchema = z.object({
  users: z.number().int(),
  orders: z.number().int(),
  products: z.number().int(),
  customers: z.number().int(),
});
export type CompanyStatistics = z.infer<typeof companyStatisticsSchema>;

/**
 * The company as the tab shows it. Fields a tenant created before the profile existed may be
 * null (the form asks for them on the first save). `subdomain` + `base_domain` make the address
 * shown (`client1.<base domain>`); `version` is what an edit names as `expected_version`.
 */
export const companySchema = z.object({
  tenant_id: z.string(),
  name: z.string(),
  legal_name: z.string().nullable(),
  tax_number: z.string().nullable(),
  tax_office: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  language: z.string(),
  logo_url: z.string().nullable(),
  subdomain: z.string(),
  base_domain: z.string(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
  statistics: companyStatisticsSchema,
});
export type Company = z.infer<typeof companySchema>;

// ------------------------------------------------------------- logo upload and removal ---

/** POST /admin/company/logo → the company with its new `logo_url`. */
export const logoHashParam = z.object({
  hash: z.string({ error: 'Logo geçersiz' }).regex(/^[0-9a-f]{64}$/, 'Logo geçersiz'),
});
