import {
  NUMBER_INPUT_MESSAGES,
  parseMoneyInput,
  parseQuantityInput,
} from '../../../shared/domain/number-input';
import type { Cell } from './read-table';

/**
 * Reading one cell of an import file as the value a product field takes.
 *
 * Numbers come in two shapes and each is read ONCE, never scaled twice:
 * - a NUMBER cell of an .xlsx carries the decimal text the file stores ('1250.75', '1.5E-2'):
 *   it is a number in TL (or a quantity), converted to kuruş from that text. Spreadsheet
 *   arithmetic leaves float noise ('1250.7500000000002'): a value within a millionth of a kuruş
 *   is that kuruş; anything with a real third decimal is an error, never rounded away;
 * - TEXT (every CSV cell, and .xlsx cells stored as text) is read the Turkish way by the shared
 *   number-input rule: '1.250,75' = 1.250,75 TL, '1250,75', '1250.75' (one dot and two digits is
 *   a decimal point), '1.250' = 1.250 — and what is not clearly one number is an error, never a
 *   guess. A currency mark around a price ('₺1.250,75', '1.250,75 TL') is dropped first.
 */
export type CellResult<T> = { ok: true; value: T } | { ok: false; empty: boolean; error: string };

const EMPTY = { ok: false as const, empty: true, error: NUMBER_INPUT_MESSAGES.empty };

export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'string' ? cell : cell.n;
}

/** A number cell's exact decimal value ×10^scale, when it has no more than `scale` decimals (noise tolerated). */
function scaledNumber(text: string, scale: 0 | 2): CellResult<number> {
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, empty: false, error: 'Geçerli bir sayı giriniz' };
  if (value < 0) return { ok: false, empty: false, error: NUMBER_INPUT_MESSAGES.negative };
  // Exact when the text is plain decimal: digits.digits (what Excel writes for ordinary values).
  const plain = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (plain) {
    const whole = plain[1] ?? '0';
    let fraction = plain[2] ?? '';
    // Float noise such as '1250.7500000000002' or '19.989999999999998': round only past 6 extra digits.
    if (fraction.length > scale) {
      const rounded = Math.round(value * 10 ** scale);
      if (Math.abs(value * 10 ** scale - rounded) > 1e-6)
        return {
          ok: false,
          empty: false,
          error: scale === 2 ? NUMBER_INPUT_MESSAGES.tooManyDecimals : NUMBER_INPUT_MESSAGES.notInteger,
        };
      return Number.isSafeInteger(rounded)
        ? { ok: true, value: rounded }
        : { ok: false, empty: false, error: NUMBER_INPUT_MESSAGES.tooLarge };
    }
    fraction = fraction.padEnd(scale, '0');
    const scaled = Number(whole + fraction);
    return Number.isSafeInteger(scaled)
      ? { ok: true, value: scaled }
      : { ok: false, empty: false, error: NUMBER_INPUT_MESSAGES.tooLarge };
  }
  // Exponent form ('1.5E-2', '1E+21'): through the float, with the same noise bound.
  const scaled = value * 10 ** scale;
  const rounded = Math.round(scaled);
  if (Math.abs(scaled - rounded) > 1e-6)
    return {
      ok: false,
      empty: false,
      error: scale === 2 ? NUMBER_INPUT_MESSAGES.tooManyDecimals : NUMBER_INPUT_MESSAGES.notInteger,
    };
  return Number.isSafeInteger(rounded)
    ? { ok: true, value: rounded }
    : { ok: false, empty: false, error: NUMBER_INPUT_MESSAGES.tooLarge };
}

const CURRENCY = /^(?:₺\s*)?(.*?)(?:\s*(?:TL|TRY|₺))?$/i;

/** A price cell → integer kuruş. */
export function readMoneyCell(cell: Cell | undefined): CellResult<number> {
  if (cell === null || cell === undefined) return EMPTY;
  if (typeof cell !== 'string') return scaledNumber(cell.n, 2);
  const text = (CURRENCY.exec(cell.trim())?.[1] ?? cell).trim();
  if (text === '') return EMPTY;
  return parseMoneyInput(text);
}

/** A quantity cell (stock, min stock) → whole number ≥ 0. */
export function readQuantityCell(cell: Cell | undefined): CellResult<number> {
  if (cell === null || cell === undefined) return EMPTY;
  if (typeof cell !== 'string') return scaledNumber(cell.n, 0);
  if (cell.trim() === '') return EMPTY;
  return parseQuantityInput(cell);
}

/**
 * A VAT rate cell → percent. '20', '%20', '20%', '20,0'; an .xlsx cell formatted as a percentage
 * stores 0.2 for 20 %: the rates are 0, 1, 10 and 20, so a number cell of 0.01, 0.1 or 0.2 can
 * only be such a percentage and reads as 1, 10 or 20.
 */
export function readVatCell(cell: Cell | undefined): CellResult<number> {
  if (cell === null || cell === undefined) return EMPTY;
  if (typeof cell !== 'string') {
    const value = Number(cell.n);
    const percent = [0.01, 0.1, 0.2].find((p) => Math.abs(value - p) < 1e-9);
    if (percent !== undefined) return { ok: true, value: Math.round(percent * 100) };
    return scaledNumber(cell.n, 0);
  }
  const text = cell
    .trim()
    .replace(/^%\s*/, '')
    .replace(/\s*%$/, '')
    .replace(/[.,]0+$/, '');
  if (text === '') return EMPTY;
  return parseQuantityInput(text);
}

/** A text cell: trimmed; a number cell as its text (a product code typed as 1001 stays '1001'). */
export function readTextCell(cell: Cell | undefined): string {
  if (cell !== null && cell !== undefined && typeof cell !== 'string') {
    // A long number Excel stores in exponent form ('8.690000000001E+12', a barcode) as its digits.
    const value = Number(cell.n);
    if (/e/i.test(cell.n) && Number.isSafeInteger(value)) return String(value);
  }
  return cellText(cell).trim();
}
