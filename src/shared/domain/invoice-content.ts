import type { InvoiceBuyer, InvoiceLine, InvoiceProfile, InvoiceRateTotal } from '../api/invoices';
import { amountInWords, DEFAULT_KDV_RATE, invoiceTotals, splitGross } from './invoice';

/**
 * What an invoice says, from its order and customer — the one rule the server (which numbers and
 * stores the invoice) and the device (which shows an invoice issued offline at once) both use, so
 * the optimistic invoice has exactly the lines and figures the server will print. Pure.
 *
 * Order prices are KDV-inclusive: a line's gross is the order line's total, split into net and KDV
 * by the line's own rate (splitGross: net + KDV = gross to the kuruş), and the per-rate totals and
 * the grand total are sums of the lines, so the grand total is the order's total.
 */

/** The unit printed on every line: orders are counted in pieces (UBL unitCode C62). */
export const PIECE_UNIT = 'Adet';

/** An order line as an invoice needs it (money in kuruş). */
export interface InvoiceLineSource {
  product_id: string | null;
  product_name: string;
  product_code: string | null;
  quantity: number;
  unit_price_kurus: number;
  /** The line's KDV-inclusive total. */
  gross_kurus: number;
  /** The rate recorded on the order line; absent on lines older than that. */
  vat_rate?: number | null;
}

export function invoiceLines(sources: readonly InvoiceLineSource[]): InvoiceLine[] {
  return sources.map((source, index) => {
    const rate = source.vat_rate ?? DEFAULT_KDV_RATE;
    const split = splitGross(source.gross_kurus, rate);
    return {
      line_no: index + 1,
      product_id: source.product_id,
      product_name: source.product_name,
      product_code: source.product_code,
      quantity: source.quantity,
      unit: PIECE_UNIT,
      unit_price_kurus: source.unit_price_kurus,
      vat_rate: rate,
      net_kurus: split.net,
      vat_kurus: split.kdv,
      gross_kurus: source.gross_kurus,
    };
  });
}

export interface InvoiceAmounts {
  rate_totals: InvoiceRateTotal[];
  net_total_kurus: number;
  vat_total_kurus: number;
  gross_total_kurus: number;
  amount_in_words: string;
}

/** The per-rate totals (matrah and KDV per rate), the grand totals and the total in words. */
export function invoiceAmounts(lines: readonly InvoiceLine[]): InvoiceAmounts {
  const totals = invoiceTotals(lines.map((l) => ({ gross: l.gross_kurus, kdvRate: l.vat_rate })));
  return {
    rate_totals: totals.byRate.map((r) => ({
      rate: r.rate,
      net_kurus: r.net,
      vat_kurus: r.kdv,
      gross_kurus: r.gross,
    })),
    net_total_kurus: totals.net,
    vat_total_kurus: totals.kdv,
    gross_total_kurus: totals.gross,
    amount_in_words: `Yalnız: ${amountInWords(totals.gross)}`,
  };
}

/** What an order says of its customer. */
export interface InvoiceOrderParty {
  customer_id: string | null;
  customer_name: string;
  customer_address: string | null;
  customer_phone: string | null;
  customer_email: string | null;
}

/** The customer record of the order, as far as the invoice needs it. */
export interface InvoiceCustomerParty {
  id: string;
  full_name: string;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  city?: string | null;
  tax_office?: string | null;
  tax_number?: string | null;
}

/** The buyer: the order's customer record, else what the order itself says of its customer. */
export function buyerSnapshot(
  order: InvoiceOrderParty,
  customer: InvoiceCustomerParty | null | undefined,
): InvoiceBuyer {
  const taxNumber = customer?.tax_number?.replace(/\s/g, '') || null;
  return {
    customer_id: customer?.id ?? order.customer_id,
    name: customer?.full_name ?? order.customer_name,
    company_name: customer?.company_name ?? null,
    tax_number: taxNumber,
    tax_office: customer?.tax_office ?? null,
    address: customer?.address ?? order.customer_address,
    city: customer?.city ?? null,
    phone: customer?.phone ?? order.customer_phone,
    email: customer?.email ?? order.customer_email,
  };
}

/**
 * The UBL-TR profile: EARSIVFATURA for a buyer without a VKN (10 digits: a consumer, or a person's
 * TCKN), else the company's setting for buyers with one.
 */
export function profileFor(buyer: Pick<InvoiceBuyer, 'tax_number'>, setting: string): InvoiceProfile {
  if (!buyer.tax_number || !/^\d{10}$/.test(buyer.tax_number)) return 'EARSIVFATURA';
  return setting === 'TICARIFATURA' ? 'TICARIFATURA' : 'TEMELFATURA';
}
