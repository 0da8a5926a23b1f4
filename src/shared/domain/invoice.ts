import type { Kurus } from './money';

/**
 * Invoice arithmetic and identifiers, one definition for the server (which issues invoices) and
 * the device (which shows and prints them offline).
 *
 * KDV. Order prices are KDV-inclusive (the order's total is what the customer pays). A line's
 * gross (quantity × unit price, in kuruş) is split into its net (matrah) and its KDV by the
 * line's rate:
 *   net = gross × 100 / (100 + rate), rounded half up to a whole kuruş;
 *   KDV = gross − net.
 * So net + KDV = gross exactly on every line, and the invoice's grand total is the order's total
 * to the kuruş. The per-rate totals (matrah and hesaplanan KDV of each rate) are the sums of the
 * lines of that rate — the same figures the printed invoice and the UBL-TR XML show.
 */

/** The KDV rates a product may carry (percent): Turkey's rates. */
export const KDV_RATES = [0, 1, 10, 20] as const;
export type KdvRate = (typeof KDV_RATES)[number];
/**
 * The general rate: a product's rate when none is given, and an order line's when the line was
 * made before lines carried one.
 */
export const DEFAULT_KDV_RATE: KdvRate = 20;

export interface GrossSplit {
  net: Kurus;
  kdv: Kurus;
}

/** Splits a KDV-inclusive amount (kuruş) into its net and KDV at `ratePercent` (rule above). */
export function splitGross(gross: Kurus, ratePercent: number): GrossSplit {
  if (!Number.isSafeInteger(gross)) throw new RangeError(`Geçersiz tutar (kuruş): ${gross}`);
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100)
    throw new RangeError(`Geçersiz KDV oranı: ${ratePercent}`);
  const sign = gross < 0 ? -1 : 1;
  const magnitude = Math.abs(gross);
  const divisor = 100 + ratePercent;
  // Half up in integers: floor((2·g·100 + divisor) / (2·divisor)). Exact for every amount an
  // order can hold (≤ 1.000.000.000 TL = 10^11 kuruş; 2·10^13 is far inside 2^53).
  const net = Math.floor((2 * magnitude * 100 + divisor) / (2 * divisor));
  // `|| 0` keeps a zero amount +0 (never −0, which would print as "-0,00").
  return { net: sign * net || 0, kdv: sign * (magnitude - net) || 0 };
}

export interface InvoiceLineAmounts {
  gross: Kurus;
  kdvRate: number;
}

export interface RateTotal extends GrossSplit {
  rate: number;
  gross: Kurus;
}

export interface InvoiceTotals {
  /** One entry per KDV rate present, by rate ascending. */
  byRate: RateTotal[];
  net: Kurus;
  kdv: Kurus;
  gross: Kurus;
}

/** The invoice's totals: each line split by its own rate, summed per rate and overall. */
export function invoiceTotals(lines: readonly InvoiceLineAmounts[]): InvoiceTotals {
  const byRate = new Map<number, RateTotal>();
  for (const line of lines) {
    const split = splitGross(line.gross, line.kdvRate);
    const total = byRate.get(line.kdvRate) ?? { rate: line.kdvRate, net: 0, kdv: 0, gross: 0 };
    total.net += split.net;
    total.kdv += split.kdv;
    total.gross += line.gross;
    byRate.set(line.kdvRate, total);
  }
  const rates = [...byRate.values()].sort((a, b) => a.rate - b.rate);
  return {
    byRate: rates,
    net: rates.reduce((sum, r) => sum + r.net, 0),
    kdv: rates.reduce((sum, r) => sum + r.kdv, 0),
    gross: rates.reduce((sum, r) => sum + r.gross, 0),
  };
}

// ------------------------------------------------------------------------ total in words ---

const ONES = ['', 'Bir', 'İki', 'Üç', 'Dört', 'Beş', 'Altı', 'Yedi', 'Sekiz', 'Dokuz'];
const TENS = ['', 'On', 'Yirmi', 'Otuz', 'Kırk', 'Elli', 'Altmış', 'Yetmiş', 'Seksen', 'Doksan'];
const SCALES = ['', 'Bin', 'Milyon', 'Milyar', 'Trilyon'];

/** 1–999 in words ('Yüz', not 'Bir Yüz'). */
function hundredsInWords(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  if (hundreds > 0) {
    if (hundreds > 1) words.push(ONES[hundreds] as string);
    words.push('Yüz');
  }
  const tens = Math.floor((n % 100) / 10);
  if (tens > 0) words.push(TENS[tens] as string);
  const ones = n % 10;
  if (ones > 0) words.push(ONES[ones] as string);
  return words;
}

/** A whole number (0 ≤ n < 10^15) in Turkish words: 1000 is 'Bin', 1.000.000 'Bir Milyon'. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15) throw new RangeError(`Yazıya çevrilemez: ${n}`);
  if (n === 0) return 'Sıfır';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i] as number;
    if (group === 0) continue;
    // "Bin", never "Bir Bin"; but "Bir Milyon", "Bir Milyar".
    if (!(i === 1 && group === 1)) words.push(...hundredsInWords(group));
    if (i > 0) words.push(SCALES[i] as string);
  }
  return words.join(' ');
}

/**
 * An amount in words as a Turkish invoice writes it after 'Yalnız:':
 * 125075 kuruş → 'Bin İki Yüz Elli Türk Lirası Yetmiş Beş Kuruş'; whole liras omit the kuruş part,
 * an amount under a lira omits the lira part ('Elli Kuruş'), zero is 'Sıfır Türk Lirası'.
 */
export function amountInWords(kurus: Kurus): string {
  if (!Number.isSafeInteger(kurus)) throw new RangeError(`Geçersiz tutar (kuruş): ${kurus}`);
  const negative = kurus < 0;
  const magnitude = Math.abs(kurus);
  const lira = Math.floor(magnitude / 100);
  const cents = magnitude % 100;
  const parts: string[] = [];
  if (lira > 0 || cents === 0) parts.push(`${numberInWords(lira)} Türk Lirası`);
  if (cents > 0) parts.push(`${numberInWords(cents)} Kuruş`);
  return `${negative ? 'Eksi ' : ''}${parts.join(' ')}`;
}

// ------------------------------------------------------------------------- invoice number ---

/**
 * A Turkish e-invoice number: 16 characters — a 3-character prefix (A–Z, 0–9), the 4-digit year,
 * and a 9-digit sequence that runs without gaps within the year (e.g. `ABC2026000000001`).
 */
export const INVOICE_NUMBER_PATTERN = /^[A-Z0-9]{3}\d{4}\d{9}$/;
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{3}$/;
export const INVOICE_SEQUENCE_MAX = 999_999_999;

export function formatInvoiceNumber(prefix: string, year: number, sequence: number): string {
  if (!INVOICE_PREFIX_PATTERN.test(prefix)) throw new RangeError(`Geçersiz fatura ön eki: ${prefix}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Geçersiz yıl: ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > INVOICE_SEQUENCE_MAX)
    throw new RangeError(`Geçersiz fatura sıra numarası: ${sequence}`);
  return `${prefix}${year}${String(sequence).padStart(9, '0')}`;
}

/** The parts of a well-formed invoice number, or null. */
export function parseInvoiceNumber(
  number: string,
): { prefix: string; year: number; sequence: number } | null {
  if (!INVOICE_NUMBER_PATTERN.test(number)) return null;
  const sequence = Number(number.slice(7));
  if (sequence < 1) return null;
  return { prefix: number.slice(0, 3), year: Number(number.slice(3, 7)), sequence };
}

const ASCII_OF: Record<string, string> = { Ç: 'C', Ğ: 'G', İ: 'I', I: 'I', Ö: 'O', Ş: 'S', Ü: 'U' };

/**
 * The default prefix for a company: the first three letters or digits of its name, Turkish
 * letters written in ASCII ('Çağ Gıda' → 'CAG'), padded with 'X' when the name has fewer.
 */
export function defaultInvoicePrefix(companyName: string): string {
  const letters = companyName
    .toLocaleUpperCase('tr-TR')
    .split('')
    .map((c) => ASCII_OF[c] ?? c)
    .filter((c) => /[A-Z0-9]/.test(c))
    .join('');
  return letters.slice(0, 3).padEnd(3, 'X');
}
