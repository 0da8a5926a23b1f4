import { z } from 'zod';
import { INVOICE_SELLER_FIELDS } from '../domain/invoice-seller';
import { limitQuery, pageQuery, text, typeError } from './common';
import { notEditableText } from './field-labels';

/**
 * Invoices (e-Arşiv-style sales invoices issued from delivered orders, and return invoices).
 * One zod schema per operation; the screens validate with the same schemas as the server.
 *
 * Money: integer kuruş everywhere (`*_kurus`). Order prices are KDV-inclusive, so each line's
 * gross is the order line's total and its net and KDV are derived from it (domain/invoice.ts
 * `splitGross`); totals per rate, grand total = the order's total. Timestamps ISO-8601 UTC.
 * An issued invoice's content never changes: only its status (issued → cancelled) does.
 */

export const INVOICE_TYPES = ['SATIS', 'IADE'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const INVOICE_STATUSES = ['issued', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** UBL-TR ProfileID: EARSIVFATURA for a buyer without a VKN, else the company's setting. */
export const INVOICE_PROFILES = ['EARSIVFATURA', 'TICARIFATURA', 'TEMELFATURA'] as const;
export type InvoiceProfile = (typeof INVOICE_PROFILES)[number];

export const INVOICE_LIMITS = {
  cancelReason: { min: 3, max: 500 },
  search: 100,
  /** The accountant's export covers at most this many days. */
  exportDays: 366,
} as const;

export const INVOICE_MESSAGES = {
  notFound: 'Fatura bulunamadı',
  orderNotFound: 'Sipariş bulunamadı',
  orderNotDelivered: 'Fatura yalnızca teslim edilmiş siparişten kesilebilir',
  cannotIssue: 'Fatura kesme yetkiniz yok',
  cannotCancel: 'Fatura iptal yetkiniz yok',
  cannotView: 'Faturaları görüntüleme yetkiniz yok',
  alreadyCancelled: 'Fatura zaten iptal edilmiş',
  /** 409 RETURN_INVOICE_EXISTS: the sale's return invoice still refers to it. */
  hasReturnInvoice: (returnNumber: string) =>
    `Bu faturanın iade faturası (${returnNumber}) var; satış faturası iptal edilemez. Önce iade faturasını iptal ediniz.`,
  idTaken: 'Bu fatura kimliği başka bir kayıtta kullanılıyor',
  cancelReasonRequired: 'İptal nedeni en az 3 karakter olmalıdır',
  numberPending: 'Numara bekleniyor',
  versionConflict: 'Bu fatura siz görüntüledikten sonra başka bir kullanıcı tarafından değiştirildi',
  exportTooLong: 'Dışa aktarma en fazla 366 günü kapsayabilir',
  exportRange: 'Bitiş başlangıçtan önce olamaz',
  settingsConflict: 'Ayarlar siz görüntüledikten sonra başka bir kullanıcı tarafından değiştirildi',
  exportTooMany:
    'Bu dönemde dışa aktarılamayacak kadar çok fatura var (en fazla 50.000); daha kısa bir dönem seçiniz',
} as const;

/**
 * GET /invoices/readiness (admin, manager): whether the company profile has what an invoice
 * prints — the rule POST /invoices refuses by (shared/domain/invoice-seller.ts). `missing` names
 * the fields still needed, in form order.
 */
export const invoiceReadinessSchema = z.object({
  ready: z.boolean(),
  missing: z.array(z.enum(INVOICE_SELLER_FIELDS)),
});
export type InvoiceReadiness = z.infer<typeof invoiceReadinessSchema>;

/** The seller as it was when the invoice was issued (a later company edit does not change it). */
export const invoiceSellerSchema = z.object({
  legal_name: z.string(),
  tax_number: z.string(),
  tax_office: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** The logo's content hash when the invoice was issued (served by the company logo route). */
  logo_hash: z.string().nullable(),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

/** The buyer as it was when the invoice was issued (the order's customer). */
export const invoiceBuyerSchema = z.object({
  customer_id: z.string().nullable(),
  name: z.string(),
  company_name: z.string().nullable(),
  /** VKN (10 digits) or TCKN (11 digits); null for a consumer without one (e-Arşiv uses 11111111111). */
  tax_number: z.string().nullable(),
  tax_office: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;

export const invoiceLineSchema = z.object({
  line_no: z.number().int(),
  product_id: z.string().nullable(),
  product_name: z.string(),
  product_code: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit code as printed ('Adet'); UBL unitCode C62 for pieces. */
  unit: z.string(),
  /** KDV-inclusive unit price as on the order. */
  unit_price_kurus: z.number().int(),
  /** KDV percent: one of KDV_RATES (domain/invoice.ts). */
  vat_rate: z.number().int(),
  net_kurus: z.number().int(),
  vat_kurus: z.number().int(),
  gross_kurus: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceRateTotalSchema = z.object({
  rate: z.number().int(),
  net_kurus: z.number().int(),
  vat_kurus: z.number().int(),
  gross_kurus: z.number().int(),
});
export type InvoiceRateTotal = z.infer<typeof invoiceRateTotalSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** 16 characters (prefix + year + 9-digit sequence); null only on a device before the server numbered it. */
  invoice_number: z.string().nullable(),
  /** ETTN: the invoice's UUID (UBL `UUID`). */
  ettn: z.string(),
  type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  profile: z.enum(INVOICE_PROFILES),
  order_id: z.string(),
  order_number: z.string(),
  /** The salesperson of the order (a salesperson sees the invoices of their own orders). */
  salesperson_id: z.string().nullable(),
  /** For a return invoice (IADE): the sales invoice it refers to. */
  original_invoice_id: z.string().nullable(),
  original_invoice_number: z.string().nullable(),
  /** Issue date and time (UTC on the wire; printed in the tenant's time zone). */
  issued_at: z.string(),
  currency: z.literal('TRY'),
  seller: invoiceSellerSchema,
  buyer: invoiceBuyerSchema,
  lines: z.array(invoiceLineSchema),
  rate_totals: z.array(invoiceRateTotalSchema),
  net_total_kurus: z.number().int(),
  vat_total_kurus: z.number().int(),
  gross_total_kurus: z.number().int(),
  /** 'Yalnız: … Türk Lirası … Kuruş' (domain/invoice.ts amountInWords). */
  amount_in_words: z.string(),
  cancel_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancelled_by_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  /** Device only: 1 while an invoice issued offline waits for its number. */
  pending_sync: z.number().int().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// ----------------------------------------------------------------------------- POST /invoices ---

/**
 * POST /invoices: issue the sales invoice of a delivered order. `id` and `ettn` are made by the
 * device (so a replay, or a second device issuing the same order, gives the same invoice: one
 * sales invoice per order, the second request answers with the existing one). The server assigns
 * the number in the same transaction.
 */
export const issueInvoiceBody = z.object({
  id: z.uuid({ error: typeError('Fatura kimliği gereklidir', 'Fatura kimliği geçersiz') }),
  order_id: z.uuid({ error: typeError('Sipariş gereklidir', 'Sipariş kimliği geçersiz') }),
  /** The order version the user saw (optional; when sent and stale → 409 with the current order). */
  expected_version: z.number().int().min(0).optional(),
});
export type IssueInvoiceBody = z.input<typeof issueInvoiceBody>;

// ----------------------------------------------------------------- POST /invoices/{id}/cancel ---

export const cancelInvoiceBody = z.object({
  reason: text('İptal nedeni', INVOICE_LIMITS.cancelReason.max, { multiline: true }).refine(
    (v) => v.trim().length >= INVOICE_LIMITS.cancelReason.min,
    INVOICE_MESSAGES.cancelReasonRequired,
  ),
  /** The invoice version the user saw. */
  expected_version: z.number().int().min(0),
});
export type CancelInvoiceBody = z.input<typeof cancelInvoiceBody>;

// ------------------------------------------------------------------------------ GET /invoices ---

const isoDay = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: YYYY-AA-GG biçiminde bir tarih giriniz`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label}: geçerli bir tarih giriniz`);

/** GET /invoices?search&status&type&from&to&page&limit (from/to: days in the tenant's time zone, inclusive). */
export const invoiceListQuery = z.object({
  search: text('Arama', INVOICE_LIMITS.search).optional(),
  status: z.enum(INVOICE_STATUSES, { error: 'Durum geçersiz' }).optional(),
  type: z.enum(INVOICE_TYPES, { error: 'Tür geçersiz' }).optional(),
  from: isoDay('Başlangıç').optional(),
  to: isoDay('Bitiş').optional(),
  page: pageQuery.optional(),
  limit: limitQuery(10, 100).optional(),
});
export const invoiceListResponse = z.object({
  data: z.array(invoiceSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    totalDocs: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponse>;

/** GET /invoices/export?from&to → a ZIP of the period's XML files and a CSV summary. */
export const invoiceExportQuery = z.object({
  from: isoDay('Başlangıç'),
  to: isoDay('Bitiş'),
});

// ---------------------------------------------------------------- GET/PUT /invoices/settings ---

/** The profiles a company may choose for buyers with a VKN (a buyer without one: EARSIVFATURA). */
export const INVOICE_VKN_PROFILES = ['TEMELFATURA', 'TICARIFATURA'] as const;

/**
 * The company's invoice settings (admin): the number prefix (3 characters A–Z 0–9; changing it
 * keeps the year's sequence, so numbers stay unique), the profile for buyers with a VKN, and
 * whether a delivery issues its sales invoice by itself. `version` is the tenant's settings
 * version (shared with the system settings: an edit of either moves it on).
 */
export const invoiceSettingsSchema = z.object({
  invoice_number_prefix: z.string(),
  invoice_profile: z.enum(INVOICE_VKN_PROFILES),
  auto_invoice_on_delivery: z.boolean(),
  version: z.number().int(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

export const updateInvoiceSettingsBody = z.strictObject(
  {
    invoice_number_prefix: z
      .string({ error: 'Fatura ön eki metin olmalıdır' })
      .regex(/^[A-Z0-9]{3}$/, 'Fatura ön eki 3 büyük harf (A–Z) veya rakam olmalıdır')
      .optional(),
    invoice_profile: z
      .enum(INVOICE_VKN_PROFILES, {
        error: 'Fatura senaryosu TEMELFATURA veya TICARIFATURA olmalıdır',
      })
      .optional(),
    auto_invoice_on_delivery: z
      .boolean({ error: 'Teslimatta otomatik fatura true veya false olmalıdır' })
      .optional(),
    expected_version: z
      .number({ error: typeError('Beklenen sürüm gereklidir', 'Beklenen sürüm bir sayı olmalıdır') })
      .int({ error: 'Beklenen sürüm tam sayı olmalıdır' })
      .min(0, 'Beklenen sürüm negatif olamaz'),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? notEditableText(issue.keys) : undefined),
  },
);
export type UpdateInvoiceSettingsBody = z.input<typeof updateInvoiceSettingsBody>;
