import { parse as parseCsv } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { readSheet } from 'read-excel-file/node';
import { IMPORT_LIMITS } from '../../../shared/domain/product-import';
import { ImportFileError } from './import-errors';
import { checkXlsxZip } from './zip-guard';

/**
 * A cell as read from the file: text, or a NUMBER cell of an .xlsx as the exact text the file
 * stores it with ('1250.75', '1.5E-2') — never a float, so a price is converted to kuruş once,
 * from its decimal text (reading 1250.75 as a float and ×100 gives 125074.99999…). Empty: null.
 */
export type Cell = string | { n: string } | null;

export interface Table {
  kind: 'xlsx' | 'csv';
  /** CSV only: the encoding and separator detected. */
  encoding?: CsvEncoding;
  separator?: ';' | ',' | '\t';
  header: string[];
  /** Data rows with their row number in the file (the header is row 1 when it is the first line). */
  rows: { row: number; cells: Cell[] }[];
}

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'windows-1254';

/** The file's type by its CONTENT, whatever its name says. */
export function sniffKind(buffer: Buffer): 'zip' | 'text' | null {
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return 'zip';
  // Other binary formats a user may pick by mistake (old .xls, PDF, images) are not text: a text
  // file has no NUL byte outside UTF-16 and (decoded) no control characters but tab and newlines.
  return looksLikeText(buffer) ? 'text' : null;
}

function looksLikeText(buffer: Buffer): boolean {
  if (buffer.length === 0) return false;
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return true;
  const sample = buffer.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  }
  return true;
}

/**
 * The encoding of a CSV: a BOM says it (UTF-8, UTF-16LE); otherwise bytes that are valid UTF-8
 * are UTF-8 (Turkish letters in Windows-1254 are single bytes ≥ 0x80 that are never valid UTF-8
 * sequences in real text); otherwise the legacy Turkish code page Windows-1254 (what Excel in
 * Turkish saves as "CSV"). The UTF-8 check is exact, where a statistical detector (chardet)
 * guesses — and on short Turkish files guesses ISO-8859-1/-2, which would turn 'ş' into 'º'. A file
 * of another code page is read as Windows-1254; its letters then show in the preview.
 */
export function detectEncoding(buffer: Buffer): CsvEncoding {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return 'utf-8-bom';
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return 'utf-16le';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return 'utf-8';
  } catch {
    // not UTF-8
  }
  return 'windows-1254';
}

export function decodeText(buffer: Buffer, encoding: CsvEncoding): string {
  switch (encoding) {
    case 'utf-8-bom':
      return buffer.subarray(3).toString('utf8');
    case 'utf-8':
      return buffer.toString('utf8');
    case 'utf-16le':
      return buffer.subarray(2).toString('utf16le');
    default:
      return iconv.decode(buffer, 'win1254');
  }
}

/**
 * The separator: on the first non-empty line, outside double quotes, the most frequent of `;`,
 * `,` and tab (Turkish Excel writes `;` because `,` is its decimal mark; `1.250,75` in a
 * `;` file then stays one cell). A tie or none → `;` when present, else `,`.
 */
export function detectSeparator(text: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  let seen = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (seen) break;
    } else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) {
      counts[ch]++;
      seen = true;
    } else if (ch.trim() !== '') seen = true;
  }
  const best = (Object.entries(counts) as [';' | ',' | '\t', number][]).sort((a, b) => b[1] - a[1])[0];
  if (!best || best[1] === 0) return ';';
  if (counts[';'] === best[1]) return ';';
  return best[0];
}

const isEmptyRow = (cells: readonly Cell[]) =>
  cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/**
 * Header, then data rows, bounded: rows and columns over the limits refuse the file. A cell holding
 * a NUL character refuses the file too: no text column can store one (PostgreSQL refuses it), a
 * spreadsheet never means one, and a CSV with a NUL byte is not taken as text either.
 */
function toTable(kind: Table['kind'], raw: Cell[][], extra: Partial<Table> = {}): Table {
  for (const cells of raw)
    for (const cell of cells)
      if (typeof cell === 'string' ? cell.includes('\u0000') : cell?.n.includes('\u0000'))
        throw new ImportFileError('NUL_CHARACTER');
  const headerIndex = raw.findIndex((r) => !isEmptyRow(r));
  if (headerIndex < 0) throw new ImportFileError('EMPTY');
  const trimRight = (cells: Cell[]) => {
    let end = cells.length;
    while (end > 0 && isEmptyRow([cells[end - 1] ?? null])) end--;
    return cells.slice(0, end);
  };
  const header = trimRight(raw[headerIndex] ?? []).map((c) =>
    c === null ? '' : typeof c === 'string' ? c.slice(0, 200) : c.n,
  );
  const rows: Table['rows'] = [];
  for (let i = headerIndex + 1; i < raw.length; i++) {
    const cells = trimRight(raw[i] ?? []);
    if (isEmptyRow(cells)) continue;
    if (cells.length > IMPORT_LIMITS.maxColumns) throw new ImportFileError('TOO_MANY_COLUMNS');
    rows.push({ row: i + 1, cells });
    if (rows.length > IMPORT_LIMITS.maxRows) throw new ImportFileError('TOO_MANY_ROWS');
  }
  if (header.length > IMPORT_LIMITS.maxColumns) throw new ImportFileError('TOO_MANY_COLUMNS');
  if (rows.length === 0) throw new ImportFileError('EMPTY');
  return { kind, header, rows, ...extra };
}

export function readCsv(buffer: Buffer): Table {
  const encoding = detectEncoding(buffer);
  const text = decodeText(buffer, encoding);
  const separator = detectSeparator(text);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // Bounds: a record may not exceed every cell at its limit; past the row limit reading stops.
      max_record_size: IMPORT_LIMITS.maxColumns * (IMPORT_LIMITS.maxCellChars + 3) + 1024,
      to: IMPORT_LIMITS.maxRows + 50,
    }) as string[][];
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') throw new ImportFileError('TOO_MANY_COLUMNS');
    throw new ImportFileError('UNREADABLE');
  }
  const table = toTable(
    'csv',
    records.map((r) => r.map((c) => (c === '' ? null : c))),
    { encoding, separator },
  );
  // `to` stopped early: more records than read means more rows than allowed.
  if (records.length >= IMPORT_LIMITS.maxRows + 50) throw new ImportFileError('TOO_MANY_ROWS');
  return table;
}

export async function readXlsx(buffer: Buffer): Promise<Table> {
  await checkXlsxZip(buffer);
  let data: unknown[][];
  try {
    data = (await readSheet(buffer, {
      trim: false,
      parseNumber: (text: string) => ({ n: text }),
    } as never)) as unknown[][];
  } catch {
    throw new ImportFileError('UNREADABLE');
  }
  const raw: Cell[][] = data.map((row) =>
    row.map((value): Cell => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'string') return value;
      if (value instanceof Date) return value.toISOString().slice(0, 10);
      if (typeof value === 'object' && 'n' in (value as object)) return value as { n: string };
      return String(value);
    }),
  );
  return toTable('xlsx', raw);
}

/** Reads an uploaded file into a table, deciding its type by content; refuses anything else. */
export async function readTable(buffer: Buffer): Promise<Table> {
  const kind = sniffKind(buffer);
  if (kind === 'zip') return readXlsx(buffer);
  if (kind === 'text') return readCsv(buffer);
  throw new ImportFileError('NOT_SPREADSHEET');
}
