import { lazy } from './lazy';

/**
 * Money. All arithmetic is done in integer kuruş (1 TL = 100 kuruş); the database stores
 * numeric(12,2) and the wire carries both the spec's TL field (e.g. `total_amount`, a number with
 * at most two decimals) and an exact `*_kurus` integer companion.
 *
 * Bounds (every number a client sends has one, so none reaches the database as an overflow):
 * numeric(12,2) holds at most 9.999.999.999,99 TL.
 * The API accepts a unit price of at most 10.000.000 TL and an order line (quantity × unit price)
 * or an order total of at most 1.000.000.000 TL — a round limit well inside the column, so no
 * accepted amount can overflow it (the database would answer a 500).
 */
export type Kurus = number;

/** Largest unit price (TL) a line may carry. */
export const MAX_UNIT_PRICE_TL = 10_000_000;
/** Largest line total and order total (TL): 1.000.000.000 TL, inside numeric(12,2). */
export const MAX_ORDER_TOTAL_TL = 1_000_000_000;
export const MAX_ORDER_TOTAL_KURUS: Kurus = MAX_ORDER_TOTAL_TL * 100;

/**
 * A finite number as an exact decimal: `digits` (no sign, no leading zeros except "0") scaled by
 * 10^-scale. Built from the number's shortest round-trip text (`String(n)`, which is what a client
 * that typed "134217728.48" sent), never from float arithmetic — `n * 100` drifts
 * (134217728.48 * 100 = 13421772848.000002) and `toFixed` rounds 1.005 down and 1e-9 to zero.
 */
function decimalOf(value: number): { negative: boolean; digits: string; scale: number } {
  const match = /^(-)?(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Geçersiz tutar: ${value}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let digits = whole + fraction;
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  // Normalise: no trailing fractional zeros, no leading zeros.
  while (scale > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale--;
  }
  digits = digits.replace(/^0+(?=\d)/, '');
  return { negative: sign === '-', digits, scale };
}

/**
 * True when a number has at most two decimals (what a TL amount on the wire may carry). Exact:
 * 134217728.48 and 9999999999.99 pass, 1e-9, 0.001 and 1.005 do not.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && decimalOf(value).scale <= 2;
}

/**
 * TL amount → integer kuruş. A string (numeric column, user input) must be a plain decimal with at
 * most two decimals ("12.5", "12,05") or it throws. A number is taken at its decimal value and
 * rounded half away from zero to the kuruş (0.1 + 0.2 → 30, 1.005 → 101) — the API's schemas
 * accept only numbers with at most two decimals, so on the server no rounding ever happens.
 * Throws when the result is not a safe integer.
 */
export function toKurus(tl: number | string): Kurus {
  if (typeof tl === 'number') {
    if (!Number.isFinite(tl)) throw new RangeError(`Geçersiz tutar: ${tl}`);
    const { negative, digits, scale } = decimalOf(tl);
    let kurus: number;
    if (scale <= 2) {
      kurus = Number(digits + '0'.repeat(2 - scale));
    } else {
      const keep = digits.length - (scale - 2);
      const head = keep > 0 ? digits.slice(0, keep) : '0';
      const next = keep >= 0 ? (digits[keep] ?? '0') : '0';
      kurus = Number(head) + (next >= '5' ? 1 : 0);
    }
    if (!Number.isSafeInteger(kurus)) throw new RangeError(`Geçersiz tutar: ${tl}`);
    return negative && kurus !== 0 ? -kurus : kurus;
  }
  const match = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/.exec(tl.trim());
  if (!match) throw new RangeError(`Geçersiz tutar: ${tl}`);
  const [, sign, whole = '', frac = ''] = match;
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(value)) throw new RangeError(`Geçersiz tutar: ${tl}`);
  return sign ? -value : value;
}

/**
 * Integer kuruş → TL number for the wire: the double nearest to the exact decimal, so it prints
 * (and a client re-reads it) as exactly that decimal.
 */
export function kurusToTl(kurus: Kurus): number {
  return Number(kurusToDecimal(kurus));
}

/** Integer kuruş → decimal string for numeric(12,2) columns. */
export function kurusToDecimal(kurus: Kurus): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(kurus);
  const cents = abs % 100;
  // (abs - cents) / 100 is exact for any safe integer; Math.trunc(abs / 100) may round up near 2^53.
  return `${sign}${(abs - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

const plainFormat = lazy(
  () => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/**
 * The one way money is shown, on every screen and document and in either language: the amount the
 * Turkish way with two decimals, then 'TL' — '1.234,50 TL', '-12,00 TL'. Dashboards, lists, forms
 * and invoices all read alike, so a figure on a card can be compared with the same figure in a
 * table; no screen formats money another way (no lira sign, no currency style of Intl).
 */
export function formatTL(kurus: Kurus): string {
  return `${plainFormat().format(kurus / 100)} TL`;
}

/** quantity × unit price, in kuruş. */
export function lineTotal(quantity: number, unitPriceKurus: Kurus): Kurus {
  return quantity * unitPriceKurus;
}
