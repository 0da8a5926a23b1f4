/**
 * Bulk product import: the columns a file may carry, how a header cell is recognised, and the
 * limits of a file. Shared by the server (which reads the file) and the client (which shows the
 * limits and names the columns).
 *
 * LIMITS (a file beyond them is refused as a whole, with a Turkish message saying which):
 * - the upload: at most 10 MB;
 * - an .xlsx: its zip may unpack to at most 50 MB in total, hold at most 200 entries, and no entry
 *   may inflate more than 200× (a zero-filled "zip bomb" inflates ~1000×) — checked on the zip's
 *   central directory BEFORE anything is unpacked, then again while inflating;
 * - at most 10,000 data rows (the header row not counted; empty rows skipped) and 30 columns;
 * - a cell holds at most 2,000 characters (a longer cell makes its row an error).
 */
export const IMPORT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxZipEntries: 200,
  maxInflateRatio: 200,
  maxRows: 10_000,
  maxColumns: 30,
  maxCellChars: 2_000,
} as const;

/** The fields an import row may set, in the template's column order. */
export const IMPORT_FIELDS = [
  'name',
  'product_code',
  'description',
  'selling_price',
  'category',
  'brand',
  'barcode',
  'vat_rate',
  'min_stock',
  'stock',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Turkish header of each column: the template's header row and the names used in error messages. */
export const IMPORT_HEADERS_TR: Record<ImportField, string> = {
  name: 'Ürün Adı',
  product_code: 'Ürün Kodu',
  description: 'Açıklama',
  selling_price: 'Satış Fiyatı',
  category: 'Kategori',
  brand: 'Marka',
  barcode: 'Barkod',
  vat_rate: 'KDV Oranı',
  min_stock: 'Min. Stok',
  stock: 'Stok',
};

/**
 * Header cells recognised for each field, Turkish and English. A header cell is compared after
 * folding (foldHeader): case (Turkish rules: 'İ' → 'i', 'I' → 'ı'), then Turkish letters to their
 * ASCII base, and every character that is not a letter or digit removed — so 'ÜRÜN ADI',
 * 'urun_adi', 'Ürün adı:' and 'Product Name' all land on a listed form.
 */
const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  name: ['Ürün Adı', 'Ürün', 'Ad', 'Adı', 'Ürün İsmi', 'İsim', 'product name', 'name', 'product'],
  product_code: ['Ürün Kodu', 'Kod', 'Stok Kodu', 'product code', 'product_code', 'code', 'sku'],
  description: ['Açıklama', 'description', 'desc'],
  selling_price: ['Satış Fiyatı', 'Fiyat', 'Satış Fiyatı (TL)', 'selling price', 'selling_price', 'price'],
  category: ['Kategori', 'category'],
  brand: ['Marka', 'brand'],
  barcode: ['Barkod', 'Barkod No', 'barcode', 'ean', 'gtin'],
  vat_rate: ['KDV Oranı', 'KDV', 'KDV (%)', 'vat rate', 'vat_rate', 'vat', 'tax rate'],
  min_stock: ['Min. Stok', 'Minimum Stok', 'Min Stok', 'min stock', 'min_stock', 'minimum stock'],
  stock: ['Stok', 'Mevcut Stok', 'Stok Miktarı', 'stock', 'current stock', 'current_stock', 'quantity'],
};

const TR_ASCII: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};

/** A header cell folded for comparison: Turkish lower case, ASCII letters, no punctuation or spaces. */
export function foldHeader(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşüâîû]/g, (c) => TR_ASCII[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

const ALIAS_INDEX: ReadonlyMap<string, ImportField> = new Map(
  IMPORT_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [foldHeader(alias), field] as const)),
);

/** The field a header cell names, or null when it names none of ours. */
export function fieldOfHeader(text: string): ImportField | null {
  return ALIAS_INDEX.get(foldHeader(text)) ?? null;
}

export interface HeaderMapping {
  /** Per column of the file: its header text and the field it was recognised as (null: ignored). */
  columns: { index: number; header: string; field: ImportField | null }[];
  /** Field → column index (the first column naming it). */
  fields: Partial<Record<ImportField, number>>;
  /** Fields named by more than one column (an error for the whole file). */
  duplicated: ImportField[];
}

/** Recognises the header row: which column holds which field. */
export function mapHeaders(header: readonly string[]): HeaderMapping {
  const columns: HeaderMapping['columns'] = [];
  const fields: HeaderMapping['fields'] = {};
  const duplicated = new Set<ImportField>();
  header.forEach((cell, index) => {
    const text = cell.trim();
    const field = text === '' ? null : fieldOfHeader(text);
    columns.push({ index, header: text, field });
    if (field === null) return;
    if (fields[field] === undefined) fields[field] = index;
    else duplicated.add(field);
  });
  return { columns, fields, duplicated: [...duplicated] };
}
