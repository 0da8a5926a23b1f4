import type {
  InvoiceBuyer,
  InvoiceLine,
  InvoiceProfile,
  InvoiceRateTotal,
  InvoiceSeller,
} from '../../shared/api/invoices';
import { amountInWords, invoiceTotals, splitGross } from '../../shared/domain/invoice';
import { toKurus } from '../../shared/domain/money';
import type { InvoiceOrder, InvoiceOrderItem, InvoiceSettingsRow } from './invoices.repository';

/**
 * What an invoice says, made from its order, customer and company (pure: no database, no clock).
 * Order prices are KDV-inclusive: a line's gross is the order line's total, split into net and
 * KDV by the line's own rate (shared/domain/invoice.ts), so the grand total is the order's.
 */

/** The unit printed on every line: orders are counted in pieces (UBL unitCode C62). */
export const PIECE_UNIT = 'Adet';
/** The KDV rate of an order line made before lines carried one. */
const DEFAULT_VAT_RATE = 20;

/** The seller fields an invoice cannot be issued without, by name. */
export function missingSellerFields(settings: InvoiceSettingsRow): string[] {
  const missing: string[] = [];
  if (!settings.legal_name?.trim()) missing.push('legal_name');
  if (!settings.tax_number?.trim()) missing.push('tax_number');
  if (!settings.tax_office?.trim()) missing.push('tax_office');
  return missing;
}

export function sellerSnapshot(settings: InvoiceSettingsRow): InvoiceSeller {
  const hash = settings.logo_url ? /\/tenants\/logo\/([0-9a-f]{64})/.exec(settings.logo_url)?.[1] : undefined;
  return {
    legal_name: (settings.legal_name ?? '').trim(),
    tax_number: (settings.tax_number ?? '').trim(),
    tax_office: (settings.tax_office ?? '').trim(),
    address: settings.address,
    city: null,
    phone: settings.phone,
    email: settings.email,
    website: settings.website,
    logo_hash: hash ?? null,
  };
}

export interface InvoiceCustomer {
  id: string;
  full_name: string;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  tax_office: string | null;
  tax_number: string | null;
}

/** The buyer: the order's customer record, else what the order itself says of its customer. */
export function buyerSnapshot(order: InvoiceOrder, customer: InvoiceCustomer | undefined): InvoiceBuyer {
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

/** EARSIVFATURA for a buyer without a VKN (10 digits), else the company's setting. */
export function profileFor(buyer: InvoiceBuyer, setting: string): InvoiceProfile {
  if (!buyer.tax_number || !/^\d{10}$/.test(buyer.tax_number)) return 'EARSIVFATURA';
  return setting === 'TICARIFATURA' ? 'TICARIFATURA' : 'TEMELFATURA';
}

export function invoiceLines(items: readonly InvoiceOrderItem[]): InvoiceLine[] {
  return items.map((item, index) => {
    const gross = toKurus(item.total_price);
    const rate = item.vat_rate ?? DEFAULT_VAT_RATE;
    const split = splitGross(gross, rate);
    return {
      line_no: index + 1,
      product_id: item.product_id,
      product_name: item.product_name,
      product_code: item.product_code,
      quantity: item.quantity,
      unit: PIECE_UNIT,
      unit_price_kurus: toKurus(item.unit_price),
      vat_rate: rate,
      net_kurus: split.net,
      vat_kurus: split.kdv,
      gross_kurus: gross,
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

/**
 * 'YYYY-MM-DD HH:MM:SS' of an instant in a time zone. The formatter is made once per zone: making
 * one costs far more than using it (an export formats 10,000 dates).
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The calendar year of an instant in a time zone (an invoice's number carries its issue year). */
export function yearIn(at: Date, timeZone: string): number {
  return Number(wallClock(timeZone).format(at).slice(0, 4));
}

/** The UTC instant a local calendar day starts in a time zone ('2026-01-01' in Istanbul → 21:00Z). */
export function dayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // The zone's offset at that moment, from the local wall clock it shows.
  const [date, time] = wallClock(timeZone).format(new Date(guess)).split(' ') as [string, string];
  const shown = Date.parse(`${date}T${time}Z`);
  return new Date(guess - (shown - guess));
}

/** The day after a 'YYYY-MM-DD' day. */
export function nextDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** Date and time of an instant in a time zone: ['2026-11-26', '14:05:09']. */
export function localDateTime(at: Date, timeZone: string): [string, string] {
  const [date, time] = wallClock(timeZone).format(at).split(' ') as [string, string];
  return [date, time];
}
