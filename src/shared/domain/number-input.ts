import { lazy } from './lazy';

/**
 * Numbers a person types into a form — prices and quantities — read the Turkish way.
 *
 * Why a rule of our own: an `<input type="number">` follows the browser's locale, not the user's
 * habit, so '150,5' typed in a Turkish form came out as 1505 and '1.250,75' as 1,25. Every form
 * that takes a number uses this one reading (through src/client/shared-ui/number-field.tsx), and
 * it never guesses: what is not clearly one number is an error shown under the field, never a
 * value scaled by 10 or 1000.
 *
 * THE RULE (also in docs/features.md, "Money and numbers")
 *  1. Surrounding spaces are ignored. Nothing else is: no sign, no currency symbol, no inner space.
 *  2. A comma is always the decimal separator, and there is at most one:
 *     '150,5' = 150,50 · '1250,75' = 1.250,75.
 *  3. With a comma present, every dot before it is a thousands separator and must sit between
 *     groups of exactly three digits: '1.250,75' = 1.250,75 · '12.50,3' is an error.
 *  4. Without a comma:
 *     - digits only are a whole number: '1250' = 1.250;
 *     - ONE dot followed by exactly 1 or 2 digits is a decimal point (a phone's number pad or an
 *       English keyboard types it so): '1250.75' = 1.250,75 · '150.5' = 150,50;
 *     - dots followed by groups of exactly 3 digits are thousands separators (the first group has
 *       1–3 digits and does not start with 0): '1.250' = 1.250 · '1.250.000' = 1.250.000;
 *     - anything else is an error: '1.2345', '1.25.0', '0.500', '1234.567'.
 *  5. Money has at most two decimals and is returned in integer kuruş; a quantity has none and
 *     is returned as an integer ('2,5' or '2.5' as a quantity is an error, never 2).
 *  6. Negative numbers are errors; zero is returned as 0 (the form decides whether it needs > 0).
 */

export type NumberInputResult =
  | { ok: true; value: number }
  | {
      ok: false;
      /** Nothing was typed (the form decides whether that is allowed). */
      empty: boolean;
      /** Turkish text for under the field. */
      error: string;
    };

export const NUMBER_INPUT_MESSAGES = {
  empty: 'Bir değer girin',
  invalidMoney: 'Geçersiz tutar. Örnek: 1.250,75',
  invalidQuantity: 'Geçersiz miktar. Örnek: 1.250',
  tooManyDecimals: 'En fazla iki ondalık basamak girilebilir',
  notInteger: 'Miktar tam sayı olmalıdır',
  negative: 'Negatif değer girilemez',
  tooLarge: 'Sayı çok büyük',
} as const;

/** Longest text read at all (a bound on the input; '10.000.000,00' is 13 characters). */
const MAX_INPUT_LENGTH = 24;

const DIGITS = /^\d+$/;
/** Digits grouped by three with dots, e.g. '1.250' or '12.345.678' (not '0.500'). */
const GROUPED = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
/** One dot then exactly 1–2 digits: a decimal point ('1250.75', '0.5'). */
const DOT_DECIMAL = /^(\d+)\.(\d{1,2})$/;

type Split = { whole: string; fraction: string } | null;

/** The typed text as whole digits and fraction digits under THE RULE, or null when it is not a number. */
function split(text: string): Split {
  const commas = text.split(',');
  if (commas.length > 2) return null;
  if (commas.length === 2) {
    const [before = '', after = ''] = commas;
    if (!DIGITS.test(after)) return null;
    if (DIGITS.test(before)) return { whole: before, fraction: after };
    if (GROUPED.test(before)) return { whole: before.replaceAll('.', ''), fraction: after };
    return null;
  }
  if (DIGITS.test(text)) return { whole: text, fraction: '' };
  if (GROUPED.test(text)) return { whole: text.replaceAll('.', ''), fraction: '' };
  const decimal = DOT_DECIMAL.exec(text);
  if (decimal) return { whole: decimal[1] ?? '', fraction: decimal[2] ?? '' };
  return null;
}

function fail(error: string, empty = false): NumberInputResult {
  return { ok: false, empty, error };
}

function read(text: string, decimals: 0 | 2, max: number | undefined): NumberInputResult {
  const invalid = decimals === 2 ? NUMBER_INPUT_MESSAGES.invalidMoney : NUMBER_INPUT_MESSAGES.invalidQuantity;
  const trimmed = text.trim();
  if (trimmed === '') return fail(NUMBER_INPUT_MESSAGES.empty, true);
  if (trimmed.length > MAX_INPUT_LENGTH) return fail(NUMBER_INPUT_MESSAGES.tooLarge);
  if (trimmed.startsWith('-') && split(trimmed.slice(1))) return fail(NUMBER_INPUT_MESSAGES.negative);
  const parts = split(trimmed);
  if (!parts) return fail(invalid);
  if (parts.fraction.length > decimals)
    return fail(decimals === 0 ? NUMBER_INPUT_MESSAGES.notInteger : NUMBER_INPUT_MESSAGES.tooManyDecimals);
  const value = Number(parts.whole) * 10 ** decimals + Number(parts.fraction.padEnd(decimals, '0') || '0');
  if (!Number.isSafeInteger(value)) return fail(NUMBER_INPUT_MESSAGES.tooLarge);
  if (max !== undefined && value > max)
    return fail(`En fazla ${decimals === 2 ? formatMoneyInput(max) : formatQuantityInput(max)} girilebilir`);
  return { ok: true, value };
}

/** A typed TL amount → integer kuruş ('1.250,75' → 125075). `max` in kuruş. */
export function parseMoneyInput(text: string, options: { max?: number } = {}): NumberInputResult {
  return read(text, 2, options.max);
}

/** A typed quantity → integer ('1.250' → 1250; '2,5' is an error). */
export function parseQuantityInput(text: string, options: { max?: number } = {}): NumberInputResult {
  return read(text, 0, options.max);
}

const moneyFormat = lazy(
  () =>
    new Intl.NumberFormat('tr-TR', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: true,
    }),
);
const quantityFormat = lazy(
  () => new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0, useGrouping: true }),
);

/** Integer kuruş → what a money field shows when not focused: '1.250,75' (reads back the same). */
export function formatMoneyInput(kurus: number): string {
  return moneyFormat().format(kurus / 100);
}

/** Integer → what a quantity field shows when not focused: '1.250' (reads back the same). */
export function formatQuantityInput(quantity: number): string {
  return quantityFormat().format(quantity);
}
