import { IMPORT_FIELDS, IMPORT_HEADERS_TR } from '../../../shared/domain/product-import';
import { csvFile } from '../../lib/csv';
import { importPackage } from '../../lib/import-package';
import type { StoredRow } from './import.service';

/**
 * Files the import hands out: the template (.xlsx and .csv) and the refused rows (.xlsx).
 *
 * The template has the spec's columns (product name, product code, description, selling price,
 * category, brand) plus barcode, VAT rate, min stock and stock, Turkish headers, and one sample
 * row. The CSV is what Excel in Turkish opens as columns: UTF-8 WITH a BOM (without it Excel
 * reads UTF-8 as Windows-1254 and shows 'Ã¼' for 'ü') and `;` between cells (`,` is the Turkish
 * decimal mark, so the price '1.250,75' stays one cell).
 *
 * Every text cell is written with the String type, so a cell that begins with `=`, `+`, `-` or
 * `@` stays text and is never evaluated as a formula when the file is opened (CSV/formula
 * injection: a refused row may carry whatever the uploaded file had).
 */

const SAMPLE: Record<(typeof IMPORT_FIELDS)[number], string> = {
  name: 'Örnek Ürün Çay Bardağı',
  product_code: 'URN-0001',
  description: 'İnce belli cam çay bardağı, 6 adet',
  selling_price: '1.250,75',
  category: 'Ev & Yaşam',
  brand: 'Paşabahçe',
  barcode: '8690000000012',
  vat_rate: '20',
  min_stock: '5',
  stock: '100',
};

const text = (value: string) => ({ value, type: String });

export async function templateXlsx(): Promise<Buffer> {
  const header = IMPORT_FIELDS.map((f) => ({ ...text(IMPORT_HEADERS_TR[f]), fontWeight: 'bold' as const }));
  const sample = IMPORT_FIELDS.map((f) =>
    f === 'selling_price'
      ? { value: 1250.75, type: Number, format: '#,##0.00' }
      : f === 'vat_rate' || f === 'min_stock' || f === 'stock'
        ? { value: Number(SAMPLE[f]), type: Number }
        : text(SAMPLE[f]),
  );
  const { default: writeExcelFile } =
    await importPackage<typeof import('write-excel-file/node')>('write-excel-file/node');
  return writeExcelFile(
    [header, sample] as never,
    {
      sheet: 'Ürünler',
      columns: IMPORT_FIELDS.map((f) => ({ width: f === 'description' ? 40 : f === 'name' ? 30 : 16 })),
    } as never,
  ).toBuffer();
}

/** The template as CSV (lib/csv.ts: BOM, ';', quoted and formula-safe cells); every cell is text. */
export function templateCsv(): Buffer {
  return csvFile(
    IMPORT_FIELDS.map((f) => IMPORT_HEADERS_TR[f]),
    [IMPORT_FIELDS.map((f) => SAMPLE[f])],
    // No date in the template: the zone is never read.
    { timeZone: 'UTC' },
  );
}

/** The refused rows as uploaded (the file's own columns), plus the row number and the errors. */
export async function refusedXlsx(
  columns: { header: string }[],
  rows: readonly StoredRow[],
): Promise<Buffer> {
  const width = Math.max(columns.length, ...rows.map((r) => r.cells?.length ?? 0));
  const headers = Array.from({ length: width }, (_, i) => columns[i]?.header || `Sütun ${i + 1}`);
  const header = [...headers, 'Satır', 'Hata'].map((h) => ({ ...text(h), fontWeight: 'bold' as const }));
  const data = rows.map((r) => [
    ...Array.from({ length: width }, (_, i) => text(r.cells?.[i] ?? '')),
    { value: r.row, type: Number },
    text(r.errors.map((e) => `${e.column}: ${e.message}`).join(' · ')),
  ]);
  const { default: writeExcelFile } =
    await importPackage<typeof import('write-excel-file/node')>('write-excel-file/node');
  return writeExcelFile([header, ...data] as never, { sheet: 'Reddedilen satırlar' } as never).toBuffer();
}
