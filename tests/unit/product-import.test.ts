import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { readMoneyCell, readQuantityCell, readVatCell } from '../../src/server/products/import/cells';
import { ImportFileError } from '../../src/server/products/import/import-errors';
import { templateCsv, templateXlsx } from '../../src/server/products/import/import-files';
import {
  decodeText,
  detectEncoding,
  detectSeparator,
  readTable,
  sniffKind,
} from '../../src/server/products/import/read-table';
import { validateRow } from '../../src/server/products/import/row-validator';
import { foldHeader, IMPORT_LIMITS, mapHeaders } from '../../src/shared/domain/product-import';
import { zipWith } from '../helpers/zip';

const TURKISH = 'İstanbul Şişe Ğ ü ö ç ı — Çay Bardağı';

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportFileError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('encoding and separator detection', () => {
  it('tells UTF-8 with and without BOM, UTF-16LE and Windows-1254 apart, and decodes each exactly', () => {
    const utf8 = Buffer.from(`Ad;Fiyat\n${TURKISH};1.250,75\n`, 'utf8');
    expect(detectEncoding(utf8)).toBe('utf-8');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    expect(detectEncoding(bom)).toBe('utf-8-bom');
    expect(decodeText(bom, 'utf-8-bom')).toBe(utf8.toString('utf8'));
    const win = iconv.encode(`Ad;Fiyat\n${TURKISH.replace('—', '-')};1.250,75\n`, 'win1254');
    expect(detectEncoding(win)).toBe('windows-1254');
    expect(decodeText(win, 'windows-1254')).toContain('İstanbul Şişe Ğ ü ö ç ı - Çay Bardağı');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Ad\tFiyat\nŞ\t1\n', 'utf16le')]);
    expect(detectEncoding(utf16)).toBe('utf-16le');
    expect(decodeText(utf16, 'utf-16le')).toBe('Ad\tFiyat\nŞ\t1\n');
  });

  it('picks the separator on the header line, outside quotes', () => {
    expect(detectSeparator('Ürün Adı;Satış Fiyatı;Stok\nA;1.250,75;3')).toBe(';');
    expect(detectSeparator('name,price,stock\nA,1250.75,3')).toBe(',');
    expect(detectSeparator('"Ad, soyad";Fiyat\n')).toBe(';');
    expect(detectSeparator('"a;b",c,d\n')).toBe(',');
    expect(detectSeparator('a\tb\tc\n')).toBe('\t');
  });

  it('decides the type by content: a PNG or a binary is neither CSV nor xlsx, whatever its name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(sniffKind(png)).toBe(null);
    expect(await refusal(readTable(png))).toBe('NOT_SPREADSHEET');
    expect(sniffKind(Buffer.from('Ürün Kodu;Ürün Adı\nA;B\n'))).toBe('text');
    // a zip that is not a workbook
    expect(await refusal(readTable(zipWith('readme.txt', Buffer.from('hello'))))).toBe('NOT_SPREADSHEET');
  });

  it('reads a Windows-1254 `;` CSV with decimal commas cell by cell', async () => {
    const file = iconv.encode(
      'Ürün Kodu;Ürün Adı;Satış Fiyatı\r\nK-1;"Şişe; İnce";1.250,75\r\n\r\nK-2;Çğüöış;19,90\r\n',
      'win1254',
    );
    const table = await readTable(file);
    expect(table).toMatchObject({ kind: 'csv', encoding: 'windows-1254', separator: ';' });
    expect(table.header).toEqual(['Ürün Kodu', 'Ürün Adı', 'Satış Fiyatı']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['K-1', 'Şişe; İnce', '1.250,75'] },
      { row: 4, cells: ['K-2', 'Çğüöış', '19,90'] },
    ]);
  });

  it('refuses more rows than the limit', async () => {
    const lines = ['Ürün Kodu;Ürün Adı'];
    for (let i = 0; i <= IMPORT_LIMITS.maxRows; i++) lines.push(`K${i};Ad ${i}`);
    expect(await refusal(readTable(Buffer.from(lines.join('\n'))))).toBe('TOO_MANY_ROWS');
  });
});

describe('xlsx reading', () => {
  it('keeps number cells as their exact decimal text, text cells as text', async () => {
    const file = await writeExcelFile([
      ['Ürün Kodu', 'Satış Fiyatı', 'KDV Oranı', 'Barkod'],
      ['K-1', 1250.75, 0.2, 8690000000012],
      ['K-2', '1.250,75', '%10', '8691234567890'],
    ] as never).toBuffer();
    const table = await readTable(file);
    expect(table.kind).toBe('xlsx');
    expect(table.rows[0]?.cells).toEqual(['K-1', { n: '1250.75' }, { n: '0.2' }, { n: '8690000000012' }]);
    expect(readMoneyCell(table.rows[0]?.cells[1] ?? null)).toEqual({ ok: true, value: 125075 });
    expect(readMoneyCell(table.rows[1]?.cells[1] ?? null)).toEqual({ ok: true, value: 125075 });
    expect(readVatCell(table.rows[0]?.cells[2] ?? null)).toEqual({ ok: true, value: 20 });
    expect(readVatCell(table.rows[1]?.cells[2] ?? null)).toEqual({ ok: true, value: 10 });
  });

  it('refuses a zip bomb from its central directory, before inflating it', async () => {
    const bomb = zipWith('xl/worksheets/sheet1.xml', Buffer.alloc(200 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(400 * 1024);
    const before = process.memoryUsage().rss;
    expect(await refusal(readTable(bomb))).toBe('ZIP_TOO_LARGE');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('the templates read back as a header and one valid sample row', async () => {
    for (const file of [await templateXlsx(), templateCsv()]) {
      const table = await readTable(file);
      const mapping = mapHeaders(table.header);
      expect(Object.keys(mapping.fields)).toHaveLength(10);
      const row = table.rows[0];
      if (!row) throw new Error('no sample row');
      const result = validateRow(mapping, row, () => true);
      expect(result.errors).toEqual([]);
      expect(result.values).toMatchObject({ selling_price_kurus: 125075, vat_rate: 20, current_stock: 100 });
    }
    expect([...templateCsv().subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('Turkish numbers in cells', () => {
  it('reads prices once, never scaled twice', () => {
    expect(readMoneyCell('1.250,75')).toEqual({ ok: true, value: 125075 });
    expect(readMoneyCell('1250,75')).toEqual({ ok: true, value: 125075 });
    expect(readMoneyCell('1250.75')).toEqual({ ok: true, value: 125075 });
    expect(readMoneyCell('1.250')).toEqual({ ok: true, value: 125000 });
    expect(readMoneyCell('₺1.250,75')).toEqual({ ok: true, value: 125075 });
    expect(readMoneyCell('1.250,75 TL')).toEqual({ ok: true, value: 125075 });
    expect(readMoneyCell({ n: '1250.75' })).toEqual({ ok: true, value: 125075 });
    expect(readMoneyCell({ n: '1250.7500000000002' })).toEqual({ ok: true, value: 125075 });
    expect(readMoneyCell({ n: '19.989999999999998' })).toEqual({ ok: true, value: 1999 });
    expect(readMoneyCell({ n: '1250' })).toEqual({ ok: true, value: 125000 });
    expect(readMoneyCell({ n: '1.5E-2' })).toMatchObject({ ok: false });
    expect(readMoneyCell({ n: '12.345' })).toMatchObject({ ok: false });
    expect(readMoneyCell('1,250.75')).toMatchObject({ ok: false });
    expect(readMoneyCell('12,345')).toMatchObject({ ok: false });
    expect(readMoneyCell('-5')).toMatchObject({ ok: false });
    expect(readMoneyCell('')).toMatchObject({ ok: false, empty: true });
  });

  it('reads quantities as whole numbers and VAT rates in their written forms', () => {
    expect(readQuantityCell('1.250')).toEqual({ ok: true, value: 1250 });
    expect(readQuantityCell({ n: '100' })).toEqual({ ok: true, value: 100 });
    expect(readQuantityCell('2,5')).toMatchObject({ ok: false });
    expect(readVatCell('20')).toEqual({ ok: true, value: 20 });
    expect(readVatCell('%20')).toEqual({ ok: true, value: 20 });
    expect(readVatCell('10%')).toEqual({ ok: true, value: 10 });
    expect(readVatCell({ n: '0.01' })).toEqual({ ok: true, value: 1 });
  });
});

describe('header mapping', () => {
  it('recognises Turkish and English headers in any case, with or without Turkish letters', () => {
    const mapping = mapHeaders([
      'ÜRÜN ADI',
      'urun_kodu',
      'Description',
      'Satış Fiyatı',
      'KATEGORİ',
      'brand',
      'Barkod',
      'KDV Oranı',
      'Min. Stok',
      'stock',
      'Notlarım',
    ]);
    expect(mapping.fields).toEqual({
      name: 0,
      product_code: 1,
      description: 2,
      selling_price: 3,
      category: 4,
      brand: 5,
      barcode: 6,
      vat_rate: 7,
      min_stock: 8,
      stock: 9,
    });
    expect(mapping.columns[10]).toEqual({ index: 10, header: 'Notlarım', field: null });
    expect(mapHeaders(['Product Name', 'Product Code', 'Selling Price']).fields).toEqual({
      name: 0,
      product_code: 1,
      selling_price: 2,
    });
    expect(mapHeaders(['Kod', 'Ürün Kodu']).duplicated).toEqual(['product_code']);
    expect(foldHeader('İÇ ıI')).toBe('icii');
  });
});

describe('the row validator', () => {
  const mapping = mapHeaders(['Ürün Kodu', 'Ürün Adı', 'Satış Fiyatı', 'Barkod', 'KDV Oranı', 'Stok']);
  const row = (cells: (string | null)[]) => ({ row: 7, cells });

  it('turns a valid row into the product values', () => {
    const result = validateRow(
      mapping,
      row(['K-1', ' Çay Bardağı ', '1.250,75', '8690000000012', '10', '5']),
      () => true,
    );
    expect(result).toEqual({
      row: 7,
      errors: [],
      values: {
        product_code: 'K-1',
        name: 'Çay Bardağı',
        selling_price_kurus: 125075,
        barcode: '8690000000012',
        vat_rate: 10,
        current_stock: 5,
      },
    });
  });

  it('names the column and the rule of every error, with the product rules', () => {
    const result = validateRow(mapping, row(['K-1', '', 'abc', '8690000000013', '18', '-1']), () => true);
    const byColumn = Object.fromEntries(result.errors.map((e) => [e.column, e.message]));
    expect(Object.keys(byColumn).sort()).toEqual(
      ['Barkod', 'KDV Oranı', 'Satış Fiyatı', 'Stok', 'Ürün Adı'].sort(),
    );
    expect(byColumn['Ürün Adı']).toMatch(/gereklidir/);
    expect(byColumn['Satış Fiyatı']).toMatch(/Geçerli bir sayı giriniz/);
    expect(byColumn.Barkod).toMatch(/Geçersiz format/);
    expect(byColumn['KDV Oranı']).toMatch(/0, 1, 10 veya 20/);
    expect(byColumn.Stok).toMatch(/Negatif/);
  });

  it('an existing product needs only its code: empty cells leave its fields as they are', () => {
    const result = validateRow(mapping, row(['K-1', null, null, null, null, '12']), () => false);
    expect(result).toEqual({ row: 7, errors: [], values: { product_code: 'K-1', current_stock: 12 } });
    const missing = validateRow(mapping, row([null, 'Ad', '5', null, null, null]), () => true);
    expect(missing.errors.map((e) => e.column)).toEqual(['Ürün Kodu']);
  });

  it('refuses an over-long cell without reading the row further', () => {
    const result = validateRow(mapping, row(['K-1', 'x'.repeat(IMPORT_LIMITS.maxCellChars + 1)]), () => true);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.column).toBe('Ürün Adı');
  });
});
