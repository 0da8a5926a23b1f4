import { type SheetCell, type SheetOptions, wallClockParts } from './csv';
import { importPackage } from './import-package';

/**
 * The same typed rows as csv.ts, as an .xlsx sheet — for the person who wants a spreadsheet
 * rather than a text file: numbers and money are number cells (money in lira, two decimals),
 * dates are date cells (dd.mm.yyyy, date-times with the time) showing the company's wall clock,
 * and texts are text cells — a text is never evaluated as a formula, and a tax number keeps its
 * leading zero.
 */

/**
 * An instant as the date an .xlsx holds: a spreadsheet date has no zone, it is the wall clock's
 * reading — so the Date whose UTC fields are the company's wall clock at that instant.
 */
function wallClockDate(at: Date, timeZone: string): Date {
  const p = wallClockParts(at, timeZone);
  return new Date(Date.UTC(Number(p.y), Number(p.M) - 1, Number(p.d), Number(p.h), Number(p.m), Number(p.s)));
}

function xlsxCell(cell: SheetCell, options: SheetOptions): Record<string, unknown> | null {
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'string') return { value: cell, type: String };
  if ('money' in cell) return { value: cell.money / 100, type: Number, format: '#,##0.00' };
  if ('number' in cell) return { value: cell.number, type: Number };
  if ('date' in cell) {
    const day = wallClockDate(cell.date, options.timeZone);
    day.setUTCHours(0, 0, 0, 0);
    return { value: day, type: Date, format: 'dd.mm.yyyy' };
  }
  return { value: wallClockDate(cell.dateTime, options.timeZone), type: Date, format: 'dd.mm.yyyy hh:mm:ss' };
}

export async function xlsxFile(
  header: readonly string[],
  rows: Iterable<readonly SheetCell[]>,
  options: SheetOptions & {
    sheet: string;
    widths?: readonly number[];
    /** Rows above the header (a document's title and facts: the customer statement's company and period). */
    preamble?: Iterable<readonly SheetCell[]>;
  },
): Promise<Buffer> {
  const data: unknown[][] = [];
  for (const row of options.preamble ?? []) data.push(row.map((cell) => xlsxCell(cell, options)));
  data.push(header.map((value) => ({ value, type: String, fontWeight: 'bold' })));
  for (const row of rows) data.push(row.map((cell) => xlsxCell(cell, options)));
  // Loaded on the first export, not at start-up (only exports need it).
  const { default: writeExcelFile } =
    await importPackage<typeof import('write-excel-file/node')>('write-excel-file/node');
  return writeExcelFile(
    data as never,
    {
      sheet: options.sheet,
      ...(options.widths ? { columns: options.widths.map((width) => ({ width })) } : {}),
    } as never,
  ).toBuffer();
}
