import { z } from 'zod';
import { REGISTRATION_ACTIONS, REGISTRATION_STATUSES } from '../domain/company-registration';
import { SUBDOMAIN_MAX, SUBDOMAIN_MESSAGES, subdomainProblem } from '../domain/platform';
import { isValidTaxNumber } from '../domain/tax-id';
import { emailText, text, typeError } from './common';
import { isTurkishPhone } from './customers';
import { required } from './errors';
import { subscriptionPlanSchema } from './tenants';

/**
 * Company registrations: the public sign-up (POST /company-registrations, its subdomain check and
 * its form token, the e-mail verification) and the platform admins' review (list, figures,
 * approve / reject / suspend). ONE schema per request: the sign-up form validates with the same
 * `createRegistrationBody` the server does, so the two never disagree on what is valid.
 */

export const SUBSCRIPTION_PLANS = subscriptionPlanSchema.options;
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export const PLAN_LABELS: Record<SubscriptionPlan, string> = {
  free: 'Ücretsiz',
  basic: 'Temel',
  pro: 'Pro',
  enterprise: 'Kurumsal',
};

export const REGISTRATION_LIMITS = {
  company_name: { min: 2, max: 200 },
  legal_name: { min: 2, max: 200 },
  tax_office: 100,
  industry: 100,
  contact_person_name: { min: 2, max: 100 },
  contact_person_phone: 30,
  address_street: 300,
  address_city: 60,
  address_state: 60,
  address_country: 60,
  reason: 500,
  search: 100,
} as const;

/** The fields of the sign-up form, with the Turkish label each message names (the form's own). */
export const REGISTRATION_FIELD_LABELS = {
  company_name: 'Şirket Adı',
  legal_name: 'Ticari Ünvan',
  tax_number: 'Vergi Numarası',
  tax_office: 'Vergi Dairesi',
  industry: 'Sektör',
  contact_person_name: 'Yetkili Adı Soyadı',
  contact_person_email: 'Yetkili E-posta',
  contact_person_phone: 'Yetkili Telefon',
  subdomain: 'Alt Alan Adı',
  subscription_plan: 'Abonelik Planı',
  address_street: 'Adres',
  address_city: 'Şehir',
  address_state: 'İlçe / Bölge',
  address_country: 'Ülke',
} as const;
export type RegistrationField = keyof typeof REGISTRATION_FIELD_LABELS;
const L = REGISTRATION_FIELD_LABELS;

export const REG_RULE_TEXTS = {
  required: (field: RegistrationField) => required(L[field]),
  minLength: (field: RegistrationField, n: number) => `${L[field]} en az ${n} karakter olmalıdır`,
  phoneInvalid: `${L.contact_person_phone}: geçerli bir telefon numarası giriniz`,
  /** What the common text rule says of a control character (common.ts `text`). */
  invalidChars: (field: RegistrationField) => `${L[field]} geçersiz karakter içeriyor`,
  planInvalid: `${L.subscription_plan}: Ücretsiz, Temel, Pro veya Kurumsal seçiniz`,
  taxNumber: `${L.tax_number}: 10 haneli geçerli bir VKN veya 11 haneli geçerli bir TCKN giriniz`,
} as const;

export const REGISTRATION_MESSAGES = {
  loadFailed: 'Kayıtlar yüklenirken hata oluştu',
  actionFailed: 'İşlem sırasında hata oluştu',
  submitted: 'Kayıt başvurunuz alındı. İncelendikten sonra size bilgi verilecektir.',
  tooFast: 'Form çok hızlı gönderildi. Lütfen formu kontrol edip birkaç saniye sonra tekrar gönderin.',
  formExpired: 'Formun süresi doldu. Lütfen sayfayı yenileyip tekrar deneyin.',
  formTokenInvalid: 'Form doğrulanamadı. Lütfen sayfayı yenileyip tekrar deneyin.',
  botSuspected: 'Başvuru otomatik gönderim olarak değerlendirildi ve kabul edilmedi.',
  idTaken: 'Bu kayıt kimliği başka bir başvuruda kullanılıyor',
  notFound: 'Kayıt başvurusu bulunamadı',
  platformOnly: 'Bu işlem yalnızca platform yöneticilerine açıktır.',
  verifyInvalid: 'Doğrulama bağlantısı geçersiz veya süresi dolmuş.',
  verified: 'E-posta adresiniz doğrulandı.',
  alreadyApproved: 'Bu kayıt zaten onaylanmış; yeni bir şirket veya kullanıcı oluşturulmadı.',
  alreadyRejected: 'Bu kayıt zaten reddedilmiş.',
  alreadySuspended: 'Bu kayıt zaten askıya alınmış.',
  approved: 'Kayıt onaylandı: şirket ve yönetici kullanıcısı oluşturuldu.',
  rejected: 'Kayıt reddedildi.',
  suspended: 'Kayıt askıya alındı: şirketin hesabı devre dışı bırakıldı.',
  illegalMove: (from: string, action: string) =>
    `Bu işlem (${action}) "${from}" durumundaki bir kayda uygulanamaz`,
  reasonRequired: 'Gerekçe gereklidir: bu karar geri alınamaz',
  tenantExists: 'Bu alt alan adıyla bir şirket zaten var; kayıt onaylanamadı',
  dnsInactive: 'DNS sağlayıcısı yapılandırılmadığı için DNS kaydı oluşturulmadı (dns_status: inactive).',
  dnsError: (reason: string) => `DNS kaydı oluşturulamadı (dns_status: error): ${reason}`,
  dnsActive: 'DNS kaydı oluşturuldu; adres çözümleniyor (dns_status: active).',
  dnsPending: 'DNS kaydı oluşturuldu; çözümleyici henüz yanıtlamıyor (dns_status: pending).',
} as const;

const optional = <T extends z.ZodType<string>>(schema: T) =>
  schema.nullish().transform((v) => (v ? v : null));

function requiredText(field: RegistrationField, min: number, max: number) {
  return text(L[field], max, { typeMessage: REG_RULE_TEXTS.required(field) })
    .refine((v) => v.length > 0, { message: REG_RULE_TEXTS.required(field), abort: true })
    .refine((v) => v.length >= min, REG_RULE_TEXTS.minLength(field, min));
}

/** A subdomain as typed: trimmed and lower-cased, then held to the DNS label rules and the reserved list. */
export const subdomainField = z
  .string({ error: SUBDOMAIN_MESSAGES.required })
  .trim()
  .max(SUBDOMAIN_MAX + 200, SUBDOMAIN_MESSAGES.tooLong)
  .transform((v) => v.toLowerCase())
  .superRefine((v, ctx) => {
    const problem = subdomainProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The VKN, or a sole proprietor's TCKN, as typed: spaces are tolerated ('123 456 78 90'), the
 * digits are stored; the check digits must be right (shared/domain/tax-id.ts), so a typo is caught
 * on the form rather than on the company's first invoice.
 */
const taxNumberField = text(L.tax_number, 40, { typeMessage: REG_RULE_TEXTS.required('tax_number') })
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => v.length > 0, { message: REG_RULE_TEXTS.required('tax_number'), abort: true })
  .refine((v) => isValidTaxNumber(v), REG_RULE_TEXTS.taxNumber);

// ------------------------------------------------------------------ POST /company-registrations ---

/**
 * The sign-up. `id`: made by the page, so a retried send creates one registration. `form_token`:
 * what GET /company-registrations/form gave when the form was shown (the time trap: a form sent
 * sooner than a person could fill it is refused). `website`: a field people never see (hidden
 * from view and from assistive technology); a bot filling every field fills it, and is refused.
 * `legal_name`, `tax_number` and `tax_office` are what the company's invoices print (required:
 * shared/domain/invoice-seller.ts); approval writes them, with the address, into its profile.
 */
export const createRegistrationBody = z.object({
  id: z.uuid({ error: typeError('Kayıt kimliği gereklidir', 'Kayıt kimliği geçersiz') }),
  company_name: requiredText(
    'company_name',
    REGISTRATION_LIMITS.company_name.min,
    REGISTRATION_LIMITS.company_name.max,
  ),
  industry: optional(text(L.industry, REGISTRATION_LIMITS.industry)),
  legal_name: requiredText(
    'legal_name',
    REGISTRATION_LIMITS.legal_name.min,
    REGISTRATION_LIMITS.legal_name.max,
  ),
  tax_number: taxNumberField,
  tax_office: requiredText('tax_office', 1, REGISTRATION_LIMITS.tax_office),
  contact_person_name: requiredText(
    'contact_person_name',
    REGISTRATION_LIMITS.contact_person_name.min,
    REGISTRATION_LIMITS.contact_person_name.max,
  ),
  contact_person_email: text(L.contact_person_email, 254, {
    typeMessage: REG_RULE_TEXTS.required('contact_person_email'),
  })
    .refine((v) => v.length > 0, { message: REG_RULE_TEXTS.required('contact_person_email'), abort: true })
    .pipe(emailText(L.contact_person_email)),
  contact_person_phone: optional(
    text(L.contact_person_phone, REGISTRATION_LIMITS.contact_person_phone).refine(
      (v) => v === '' || isTurkishPhone(v),
      REG_RULE_TEXTS.phoneInvalid,
    ),
  ),
  subdomain: subdomainField,
  subscription_plan: z.enum(SUBSCRIPTION_PLANS, { error: REG_RULE_TEXTS.planInvalid }),
  address_street: optional(text(L.address_street, REGISTRATION_LIMITS.address_street, { multiline: true })),
  address_city: optional(text(L.address_city, REGISTRATION_LIMITS.address_city)),
  address_state: optional(text(L.address_state, REGISTRATION_LIMITS.address_state)),
  address_country: optional(text(L.address_country, REGISTRATION_LIMITS.address_country)),
  form_token: z.string({ error: REGISTRATION_MESSAGES.formTokenInvalid }).max(200),
  website: z.string().max(200).optional(),
});
export type CreateRegistrationBody = z.input<typeof createRegistrationBody>;
export type CreateRegistrationInput = z.output<typeof createRegistrationBody>;

export const createRegistrationResponse = z.object({
  id: z.string(),
  subdomain: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  message: z.string(),
  /** A verification link was e-mailed (SMTP configured); false: nothing was sent. */
  verification_sent: z.boolean(),
});

/** GET /company-registrations/form → the form token (signed time of serving). */
export const registrationFormResponse = z.object({
  form_token: z.string(),
  /** The shortest time, in seconds, between serving the form and accepting it. */
  min_seconds: z.number().int(),
});

/** GET /company-registrations/subdomain-check?subdomain= */
export const subdomainCheckQuery = z.object({
  subdomain: z.string({ error: SUBDOMAIN_MESSAGES.required }).max(300, SUBDOMAIN_MESSAGES.tooLong),
});
export const subdomainCheckResponse = z.object({
  subdomain: z.string(),
  available: z.boolean(),
  /** Why not (Turkish), or the "available" text. */
  message: z.string(),
  reason: z.enum(['ok', 'invalid', 'reserved', 'taken', 'pending']),
});

/** POST /company-registrations/verify-email (the e-mailed link's page sends its token). */
export const verifyEmailBody = z.object({
  token: z
    .string({ error: REGISTRATION_MESSAGES.verifyInvalid })
    .trim()
    .min(1, REGISTRATION_MESSAGES.verifyInvalid)
    .max(200, REGISTRATION_MESSAGES.verifyInvalid),
});
export const verifyEmailResponse = z.object({ message: z.string(), company_name: z.string() });

// ------------------------------------------------------------------------- admin (platform) ---

export const registrationSchema = z.object({
  id: z.string(),
  company_name: z.string(),
  industry: z.string().nullable(),
  /** Null on registrations made before the form asked for them. */
  legal_name: z.string().nullable(),
  tax_number: z.string().nullable(),
  tax_office: z.string().nullable(),
  contact_person_name: z.string(),
  contact_person_email: z.string(),
  contact_person_phone: z.string().nullable(),
  subdomain: z.string(),
  subscription_plan: subscriptionPlanSchema,
  status: z.enum(REGISTRATION_STATUSES),
  email_verified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  address_street: z.string().nullable(),
  address_city: z.string().nullable(),
  address_state: z.string().nullable(),
  address_country: z.string().nullable(),
  /** The reason given with the last decision. */
  reason: z.string().nullable(),
});
export type CompanyRegistration = z.infer<typeof registrationSchema>;

export const REGISTRATION_LIST_MAX = 500;

export const registrationListQuery = z.object({
  search: text('Arama', REGISTRATION_LIMITS.search).optional(),
  status: z
    .enum(REGISTRATION_STATUSES, {
      error: 'Durum: pending, approved, rejected veya suspended olmalıdır',
    })
    .optional(),
});
/** The newest REGISTRATION_LIST_MAX matching registrations, newest first. */
export const registrationListResponse = z.array(registrationSchema);

export const platformStatsSchema = z.object({
  registrations: z.object({ total: z.number().int(), pending: z.number().int(), approved: z.number().int() }),
  tenants: z.object({ total_active_tenants: z.number().int() }),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

export const registrationActionParams = z.object({
  id: z.uuid({ error: 'Kayıt kimliği geçersiz' }),
  action: z.enum(REGISTRATION_ACTIONS, { error: 'İşlem: onay, ret veya askıya alma olmalıdır' }),
});
export const registrationActionBody = z.object({
  reason: optional(text('Gerekçe', REGISTRATION_LIMITS.reason, { multiline: true })),
});

export const registrationActionResponse = z.object({
  registration: registrationSchema,
  /** false: it was already in the status the action leads to (nothing was done again). */
  changed: z.boolean(),
  message: z.string(),
  /** Approval: the new tenant and its first admin. */
  tenant: z
    .object({
      tenant_id: z.string(),
      dns_status: z.string(),
      dns_message: z.string(),
      admin_username: z.string(),
      /** The admin's first password, shown ONCE (null when it was e-mailed instead, or on a repeat). */
      one_time_password: z.string().nullable(),
      password_emailed: z.boolean(),
      /**
       * The first password is one-time: the admin signs in with it only to set their own, and it
       * no longer signs in after this time (the new company's `temp_password_days`).
       */
      password_expires_at: z.string(),
    })
    .optional(),
});
export type RegistrationActionResult = z.infer<typeof registrationActionResponse>;
