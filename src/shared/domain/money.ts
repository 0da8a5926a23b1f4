/**
 * Money. All arithmetic is done in integer kuruş (1 TL = 100 kuruş); the database stores
 * numeric(12,2) and the wire carries both the spec's TL field (e.g. `total_amount`, a number with
 * at most two decimals) and an exact `*_kurus` integer companion.
 */
export type Kurus = number;

/** TL amount (number or decimal string, at most two decimals) → integer kuruş. Throws on junk. */
export function toKurus(tl: number | string): Kurus {
  const text = typeof tl === 'number' ? tl.toFixed(2) : tl.trim();
  const match = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Geçersiz tutar: ${tl}`);
  const [, sign, whole, frac = ''] = match;
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(value)) throw new RangeError(`Geçersiz tutar: ${tl}`);
  return sign ? -value : value;
}

/** True when a number has at most two decimals (what a TL amount on the wire may carry). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** Integer kuruş → TL number for the wire (exact to two decimals). */
export function kurusToTl(kurus: Kurus): number {
  return Number((kurus / 100).toFixed(2));
}

/** Integer kuruş → decimal string for numeric(12,2) columns. */
export function kurusToDecimal(kurus: Kurus): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(kurus);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const tryFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plainFormat = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₺1.234,50 */
export function formatTRY(kurus: Kurus): string {
  return tryFormat.format(kurus / 100);
}

/** 1.234,50 TL (tables that append TL). */
export function formatTL(kurus: Kurus): string {
  return `${plainFormat.format(kurus / 100)} TL`;
}

/** quantity × unit price, in kuruş. */
export function lineTotal(quantity: number, unitPriceKurus: Kurus): Kurus {
  return quantity * unitPriceKurus;
}
