import { isValidTaxNumber } from './tax-id';

/**
 * What a company must have in its profile before it may issue an invoice — the ONE rule the
 * server refuses an issue by (POST /invoices → 409 naming the fields; the automatic invoice of a
 * delivery is skipped) and the device greys out 'Fatura Kes' by (with the same fields named).
 *
 * An invoice prints its seller: the legal name (ticari unvan), the VKN — or the TCKN of a sole
 * proprietor — and the tax office. A tax number whose check digits are wrong counts as missing: an
 * invoice carrying it would be refused by the tax administration, so it is asked for again.
 * The address, phone and the rest are printed when present but never block an invoice.
 */
export const INVOICE_SELLER_FIELDS = ['legal_name', 'tax_number', 'tax_office'] as const;
export type InvoiceSellerField = (typeof INVOICE_SELLER_FIELDS)[number];

/** The Turkish names of the fields, as the company form labels them (the server's messages use these). */
export const INVOICE_SELLER_FIELD_LABELS: Record<InvoiceSellerField, string> = {
  legal_name: 'Ticari unvan',
  tax_number: 'Vergi numarası',
  tax_office: 'Vergi dairesi',
};

/** The company profile as far as the rule reads it (null or absent: never filled in). */
export type InvoiceSellerProfile = Partial<Record<InvoiceSellerField, string | null>>;

/** The fields the profile still needs before an invoice can be issued, in form order; [] = ready. */
export function missingSellerFields(profile: InvoiceSellerProfile): InvoiceSellerField[] {
  return INVOICE_SELLER_FIELDS.filter((field) => {
    const value = profile[field]?.trim() ?? '';
    if (value === '') return true;
    return field === 'tax_number' && !isValidTaxNumber(value.replace(/\s/g, ''));
  });
}

/** The start of the refusal; the server's message goes on with the fields it names. */
export const SELLER_INCOMPLETE_PREFIX = 'Fatura kesmek için şirket bilgileri eksik';

/**
 * 'Fatura kesmek için şirket bilgileri eksik: Vergi numarası, Vergi dairesi' — the fields by their
 * labels (the answer's `missing` lists their wire names).
 */
export function sellerIncompleteMessage(missing: readonly InvoiceSellerField[]): string {
  const named = missing.map((field) => INVOICE_SELLER_FIELD_LABELS[field]);
  return `${SELLER_INCOMPLETE_PREFIX}: ${named.join(', ')}`;
}

/** Whether a list read from elsewhere (an answer, the device's cache) names only seller fields. */
export function isSellerFieldList(value: unknown): value is InvoiceSellerField[] {
  return (
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string' && (INVOICE_SELLER_FIELDS as readonly string[]).includes(v))
  );
}
