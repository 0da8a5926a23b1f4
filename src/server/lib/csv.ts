/**
 * The one CSV writer of every file the product hands out (the system log export, the invoice
 * period's `ozet.csv`, the product import template): what Excel with Turkish regional settings
 * opens as it is, without an import wizard.
 * - UTF-8 with a byte-order mark (without it Excel reads UTF-8 as Windows-1254: 'Ã¼' for 'ü');
 * - `;` between cells (`,` is the Turkish decimal mark, Excel splits Turkish CSV on `;`);
 * - lines end with CRLF; a cell holding `;`, `"` or a line break is quoted, quotes doubled;
 * - money with a decimal comma and no thousands mark ('900,99', '-5,00'): '900.99' would be read
 *   as a date or as 90099; numbers likewise ('0,5');
 * - dates as dd.MM.yyyy, date-times as dd.MM.yyyy HH:mm:ss, in the company's time zone (the
 *   tenant's setting — what its people call "that day");
 * - a text cell that a spreadsheet would read as a formula (it begins with =, +, -, @, or a tab
 *   or carriage return that hides one) gets a leading apostrophe, so a logged or imported text
 *   such as '=HYPERLINK(…)' stays text. Numbers, money and dates are typed cells and never
 *   prefixed: a negative amount stays a number.
 *
 * Rows are typed (`SheetCell`), so the same rows can be written as .xlsx too (xlsx.ts).
 */

export type SheetCell =
  | string
  | null
  | undefined
  /** A plain number (a count, a rate). */
  | { number: number }
  /** An amount in kuruş, shown in lira with two decimals. */
  | { money: number }
  /** A day, in the company's time zone. */
  | { date: Date }
  /** An instant, as the company's wall clock shows it. */
  | { dateTime: Date };

export interface SheetOptions {
  /** The company's time zone (IANA, e.g. 'Europe/Istanbul'). */
  timeZone: string;
}

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** A text cell: formula-safe, quoted when it must be. */
export function csvText(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Kuruş as lira with a decimal comma: 90099 → '900,99', -500 → '-5,00'. */
export function csvMoney(kurus: number): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kurus));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A number with a decimal comma ('0,5'), without a thousands mark. */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `at` in `timeZone`: year, month, day, hour, minute, second (zero-padded texts). */
export function wallClockParts(
  at: Date,
  timeZone: string,
): Record<'y' | 'M' | 'd' | 'h' | 'm' | 's', string> {
  const parts: Record<string, string> = {};
  for (const part of wallClock(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return {
    y: parts.year ?? '',
    M: parts.month ?? '',
    d: parts.day ?? '',
    h: parts.hour ?? '',
    m: parts.minute ?? '',
    s: parts.second ?? '',
  };
}

/** dd.MM.yyyy of `at` in `timeZone`. */
export function csvDate(at: Date, timeZone: string): string {
  const p = wallClockParts(at, timeZone);
  return `${p.d}.${p.M}.${p.y}`;
}

/** dd.MM.yyyy HH:mm:ss of `at` in `timeZone`. */
export function csvDateTime(at: Date, timeZone: string): string {
  const p = wallClockParts(at, timeZone);
  return `${p.d}.${p.M}.${p.y} ${p.h}:${p.m}:${p.s}`;
}

export function csvCell(cell: SheetCell, options: SheetOptions): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return csvText(cell);
  if ('money' in cell) return csvMoney(cell.money);
  if ('number' in cell) return csvNumber(cell.number);
  if ('date' in cell) return csvDate(cell.date, options.timeZone);
  return csvDateTime(cell.dateTime, options.timeZone);
}

/** One CSV line (CRLF-terminated). */
export function csvLine(cells: readonly SheetCell[], options: SheetOptions): string {
  return `${cells.map((cell) => csvCell(cell, options)).join(CSV_SEPARATOR)}\r\n`;
}

/** A whole CSV file: the byte-order mark, the header, the rows. */
export function csvFile(
  header: readonly string[],
  rows: Iterable<readonly SheetCell[]>,
  options: SheetOptions,
): Buffer {
  let text = CSV_BOM + csvLine(header, options);
  for (const row of rows) text += csvLine(row, options);
  return Buffer.from(text, 'utf8');
}
