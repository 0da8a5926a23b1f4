import { z } from 'zod';
import { isValidTaxNumber } from '../domain/tax-id';
import { emailText, limitQuery, pageQuery, text } from './common';
import { customerSchema } from './entities';
import { notEditableText } from './field-labels';
import { expectedVersion } from './orders';

/**
 * Customers (second document §7: `GET /customers` → `customers`; create, edit and delete are ours).
 * One zod schema per operation; the customer form validates with the same schemas, so the form
 * and the server can never disagree on what is valid.
 *
 * Fields: the specification's (full_name, company_name, phone, address, email) plus city, tax
 * office and tax number (invoices need them). Optional texts: absent, null or blank → null.
 */

export const CUSTOMER_LIMITS = {
  full_name: { min: 2, max: 100 },
  company_name: 200,
  phone: 30,
  address: 500,
  city: 60,
  tax_office: 100,
} as const;

export const CUSTOMER_MESSAGES = {
  fullNameRequired: 'Ad Soyad gereklidir',
  phoneInvalid: 'Telefon: geçerli bir telefon numarası giriniz',
  taxNumberInvalid: 'Vergi/T.C. kimlik no: 10 haneli geçerli bir VKN veya 11 haneli geçerli bir TCKN giriniz',
  notFound: 'Müşteri bulunamadı',
  idTaken: 'Bu müşteri kimliği başka bir kayıtta kullanılıyor',
  versionConflict: 'Müşteri siz görüntüledikten sonra değiştirildi; güncel hali gösteriliyor',
  cannotDelete: 'Müşteri silme yetkiniz yok',
  cannotWrite: 'Müşteri ekleme ve düzenleme yetkiniz yok',
} as const;

/** The digits of a phone number as typed ('+90 (532) 123-45 67' → '905321234567'). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A Turkish phone number: 10 digits starting with 2–5 or 8 (area or mobile code, then the
 * number), optionally after a trunk 0 or the country code 90 / +90 / 0090; spaces, dots, dashes
 * and parentheses allowed between digits.
 */
export function isTurkishPhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = phoneDigits(value);
  const national = digits.replace(/^(0090|90|0)(?=\d{10}$)/, '');
  return /^[2-58]\d{9}$/.test(national);
}

/** The national form used to compare phones (duplicate check): the last 10 digits. */
export function phoneKey(value: string): string {
  return phoneDigits(value).slice(-10);
}

const optional = <T extends z.ZodType<string>>(schema: T) =>
  schema.nullish().transform((v) => (v ? v : null));

/** An optional text of an EDIT: absent stays absent, null or blank clears it. */
const patch = <T extends z.ZodType<string>>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const fullName = text('Ad Soyad', CUSTOMER_LIMITS.full_name.max, {
  min: 1,
  typeMessage: CUSTOMER_MESSAGES.fullNameRequired,
  minMessage: CUSTOMER_MESSAGES.fullNameRequired,
}).refine(
  (v) => v.length >= CUSTOMER_LIMITS.full_name.min,
  `Ad Soyad en az ${CUSTOMER_LIMITS.full_name.min} karakter olmalıdır`,
);
const companyName = text('Firma adı', CUSTOMER_LIMITS.company_name);
const phone = text('Telefon', CUSTOMER_LIMITS.phone).refine(
  (v) => v === '' || isTurkishPhone(v),
  CUSTOMER_MESSAGES.phoneInvalid,
);
const address = text('Adres', CUSTOMER_LIMITS.address, { multiline: true });
const email = emailText('E-posta', { allowEmpty: true });
const city = text('Şehir', CUSTOMER_LIMITS.city);
const taxOffice = text('Vergi dairesi', CUSTOMER_LIMITS.tax_office);
// Spaces are tolerated as typed ('123 456 78 90'); the digits are what is stored.
const taxNumber = text('Vergi/T.C. kimlik no', 20)
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => v === '' || isValidTaxNumber(v), CUSTOMER_MESSAGES.taxNumberInvalid);

// --------------------------------------------------------------------------- POST /customers ---

/**
 * POST /customers. `id` is optional: a device creating the customer offline makes the UUID
 * itself, so a replay creates it once (the same user sending an existing id gets the stored
 * customer; another user's id is 409). The server assigns `customer_number` (the tenant's
 * `customer_number_prefix` and its own sequence).
 */
export const createCustomerBody = z.object({
  id: z.uuid({ error: 'Müşteri kimliği geçersiz' }).optional(),
  full_name: fullName,
  company_name: optional(companyName),
  phone: optional(phone),
  email: optional(email),
  address: optional(address),
  city: optional(city),
  tax_office: optional(taxOffice),
  tax_number: optional(taxNumber),
});
export type CreateCustomerBody = z.input<typeof createCustomerBody>;
export type CreateCustomerInput = z.output<typeof createCustomerBody>;

// ---------------------------------------------------------------------- PUT /customers/{id} ---

/**
 * PUT /customers/{id}: any subset of the fields (absent = unchanged, null or blank = cleared)
 * and `expected_version`, the version the user saw: a stale one is 409 with `current`, unless
 * every sent field already has its value (then 200, nothing written).
 */
export const updateCustomerBody = z.strictObject(
  {
    full_name: fullName.optional(),
    company_name: patch(companyName),
    phone: patch(phone),
    email: patch(email),
    address: patch(address),
    city: patch(city),
    tax_office: patch(taxOffice),
    tax_number: patch(taxNumber),
    expected_version: expectedVersion,
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? notEditableText(issue.keys) : undefined),
  },
);
export type UpdateCustomerBody = z.input<typeof updateCustomerBody>;
export type UpdateCustomerInput = z.output<typeof updateCustomerBody>;

/** The fields an edit may change (for the "already satisfied" check and the local effect). */
export const CUSTOMER_EDIT_FIELDS = [
  'full_name',
  'company_name',
  'phone',
  'email',
  'address',
  'city',
  'tax_office',
  'tax_number',
] as const;
export type CustomerEditField = (typeof CUSTOMER_EDIT_FIELDS)[number];

/** The fields of `edit` whose value differs from `current` (absent fields are ignored). */
export function changedCustomerFields(
  edit: Partial<Record<CustomerEditField, string | null | undefined>>,
  current: Partial<Record<CustomerEditField, unknown>>,
): CustomerEditField[] {
  return CUSTOMER_EDIT_FIELDS.filter(
    (f) => edit[f] !== undefined && (edit[f] || null) !== (current[f] ?? null),
  );
}

// ---------------------------------------------------------------------------- GET /customers ---

/**
 * GET /customers?search&page&limit → `{ customers }` (the specification's answer) plus
 * `pagination` when `page` or `limit` is sent. Search: name, company, number, phone, city, tax
 * number, e-mail, with Turkish case folding ('istanbul' finds 'İstanbul').
 */
export const customerListQuery = z.object({
  search: text('Arama', 100).optional(),
  page: pageQuery.optional(),
  limit: limitQuery(50, 500).optional(),
});
export const customerPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export const customerListResponse = z.object({
  customers: z.array(customerSchema),
  pagination: customerPagination.optional(),
});
export type CustomerListResponse = z.infer<typeof customerListResponse>;

// ---------------------------------------------------------------- GET /customers/duplicates ---

/**
 * GET /customers/duplicates?tax_number&phone&exclude_id → the live customers with the same tax
 * number or the same phone (compared by its last 10 digits). A warning shown before saving,
 * never a refusal: two branches of one company may share a number.
 */
export const customerDuplicatesQuery = z.object({
  tax_number: text('Vergi/T.C. kimlik no', 20).optional(),
  phone: text('Telefon', CUSTOMER_LIMITS.phone).optional(),
  exclude_id: z.uuid({ error: 'Hariç tutulan kimlik geçersiz' }).optional(),
});
export const customerDuplicatesResponse = z.object({
  duplicates: z.array(
    z.object({
      customer: customerSchema,
      /** Which fields are the same. */
      matches: z.array(z.enum(['tax_number', 'phone'])),
    }),
  ),
});
export type CustomerDuplicatesResponse = z.infer<typeof customerDuplicatesResponse>;

/** DELETE /customers/{id} → the deleted id (soft delete: old orders keep their customer). */
export const deleteCustomerResponse = z.object({ id: z.string(), deleted: z.literal(true) });
