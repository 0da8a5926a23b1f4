import { describe, expect, it } from 'vitest';
import { createProductBody, imageHashOf, splitTags, updateProductBody } from '../../src/shared/api/products';
import { isValidProductBarcode } from '../../src/shared/domain/barcode';
import { listNameKey, searchFold } from '../../src/shared/domain/turkish-text';

/** The product form's rules as the dialog and the server both run them. */
const valid = {
  name: 'Kablosuz Kulaklık',
  product_code: 'ELK-0001',
  selling_price_kurus: 129_990,
  cost_price_kurus: 90_000,
  min_stock: 5,
  current_stock: 10,
};

function firstIssue(schema: typeof createProductBody | typeof updateProductBody, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { path: issue?.path.join('.'), message: issue?.message };
}

describe('product barcodes: EAN-8, EAN-13 or GTIN-14 with a valid check digit', () => {
  it.each([
    ['8690000000019', false],
    ['8690000000018', false],
    ['4006381333931', true],
    ['96385074', true],
    ['96385075', false],
    ['14006381333938', true],
    ['400638133393', false], // 12 digits (UPC-A) is not one of the three
    ['40063813339A1', false],
  ])('%s → %s', (code, ok) => {
    expect(isValidProductBarcode(code)).toBe(ok);
  });
});

describe('createProductBody', () => {
  it('fills the defaults: KDV 20, unit adet, status active, no tags or images; blanks become null', () => {
    const parsed = createProductBody.parse({ ...valid, barcode: ' ', description: '', category: null });
    expect(parsed).toMatchObject({
      vat_rate: 20,
      unit: 'adet',
      status: 'active',
      tags: [],
      images: [],
      barcode: null,
      description: null,
      category: null,
      discounted_price_kurus: null,
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Ürün Adı gereklidir'],
    [{ name: 'A' }, 'name', 'Ürün Adı en az 2 karakter olmalıdır'],
    [{ product_code: 'x'.repeat(65) }, 'product_code', 'Ürün Kodu en fazla 64 karakter olabilir'],
    [{ selling_price_kurus: undefined }, 'selling_price', 'Satış Fiyatı gereklidir'],
    [{ selling_price_kurus: '12' }, 'selling_price_kurus', 'Satış Fiyatı: Geçerli bir sayı giriniz'],
    [{ min_stock: -1 }, 'min_stock', 'Minimum Stok: Minimum değer 0 olmalıdır'],
    [
      { current_stock: 2_000_000_000 },
      'current_stock',
      'Mevcut Stok: Maksimum değer 1.000.000.000 olmalıdır',
    ],
    [{ barcode: '4006381333932' }, 'barcode', 'Barkod: Geçersiz format'],
    [{ vat_rate: 18 }, 'vat_rate', 'KDV Oranı: 0, 1, 10 veya 20 olmalıdır'],
    [{ status: 'archived' }, 'status', 'Durum: Geçersiz format'],
    [{ tags: ['x'.repeat(41)] }, 'tags.0', 'Etiketler: her etiket en fazla 40 karakter olabilir'],
    [
      { images: Array.from({ length: 6 }, () => ({ url: `/api/products/images/${'a'.repeat(64)}` })) },
      'images',
      'Görseller: en fazla 5 görsel olabilir',
    ],
    [{ description: 'x'.repeat(2001) }, 'description', 'Açıklama en fazla 2000 karakter olabilir'],
  ])('%o → %s', (overrides, path, message) => {
    expect(firstIssue(createProductBody, { ...valid, ...overrides })).toEqual({ path, message });
  });

  it('an edit takes any subset, refuses the stock and unknown fields, and checks the discount against a sent price', () => {
    expect(updateProductBody.parse({ name: 'Yeni ad', expected_version: 3 })).toEqual({
      name: 'Yeni ad',
      expected_version: 3,
    });
    expect(firstIssue(updateProductBody, { current_stock: 5 })?.message).toBe(
      'Bu alan düzenlenemez: Mevcut Stok',
    );
    expect(
      firstIssue(updateProductBody, { selling_price_kurus: 100, discounted_price_kurus: 200 })?.path,
    ).toBe('discounted_price_kurus');
  });
});

describe('prices: TL under the specification’s names, or their kuruş companions', () => {
  const { selling_price_kurus: _s, cost_price_kurus: _c, ...noPrices } = valid;

  it('takes selling_price, cost_price and discounted_price in TL with two decimals, exactly, into kuruş', () => {
    const parsed = createProductBody.parse({
      ...noPrices,
      selling_price: 9_999_999.99,
      cost_price: 0.29,
      discounted_price: 1.15,
    });
    expect(parsed).toMatchObject({
      selling_price_kurus: 999_999_999,
      cost_price_kurus: 29,
      discounted_price_kurus: 115,
    });
    expect(parsed).not.toHaveProperty('selling_price');
    // (0.29 × 100 and 1.15 × 100 are 28.999… and 114.999… in floating point: read exactly instead)
    // the kuruş alone still work (the product dialog sends them), and both when they agree
    expect(createProductBody.parse(valid)).toMatchObject({
      selling_price_kurus: 129_990,
      cost_price_kurus: 90_000,
    });
    expect(
      createProductBody.parse({
        ...valid,
        selling_price: 1299.9,
        cost_price: 900,
        discounted_price_kurus: 100_000,
      }),
    ).toMatchObject({
      selling_price_kurus: 129_990,
      cost_price_kurus: 90_000,
      discounted_price_kurus: 100_000,
    });
  });

  it.each([
    [{ selling_price: 12.345 }, 'selling_price', 'Satış Fiyatı: en fazla iki ondalık basamak olabilir'],
    [{ selling_price: 1.005 }, 'selling_price', 'Satış Fiyatı: en fazla iki ondalık basamak olabilir'],
    [{ selling_price: -1 }, 'selling_price', 'Satış Fiyatı: Minimum değer 0 olmalıdır'],
    [{ selling_price: 10_000_000.01 }, 'selling_price', 'Satış Fiyatı: Maksimum değer 10.000.000 olmalıdır'],
    [{ cost_price: '9' }, 'cost_price', 'Maliyet Fiyatı: Geçerli bir sayı giriniz'],
    [
      { selling_price: 1299.91 },
      'selling_price',
      'Satış Fiyatı: TL ve kuruş olarak gönderilen tutarlar aynı değil',
    ],
    [
      { discounted_price: 0.5, discounted_price_kurus: 51 },
      'discounted_price',
      'İndirimli Fiyat: TL ve kuruş olarak gönderilen tutarlar aynı değil',
    ],
    [{ discounted_price: 1300 }, 'discounted_price', 'İndirimli fiyat satış fiyatından büyük olamaz'],
    [{ cost_price_kurus: undefined }, 'cost_price', 'Maliyet Fiyatı gereklidir'],
  ])('%o → %s', (overrides, path, message) => {
    expect(firstIssue(createProductBody, { ...valid, ...overrides })).toEqual({ path, message });
  });

  it('a missing price is named even when another field failed too (a form shows both at once)', () => {
    const result = createProductBody.safeParse({ ...noPrices, name: '' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'name',
      'selling_price',
      'cost_price',
    ]);
  });

  it('an edit takes either name (null clears the discount) and refuses a pair that disagrees', () => {
    expect(
      updateProductBody.parse({ selling_price: 99.9, discounted_price: null, expected_version: 1 }),
    ).toEqual({
      selling_price_kurus: 9990,
      discounted_price_kurus: null,
      expected_version: 1,
    });
    expect(firstIssue(updateProductBody, { cost_price: 5, cost_price_kurus: 499 })).toEqual({
      path: 'cost_price',
      message: 'Maliyet Fiyatı: TL ve kuruş olarak gönderilen tutarlar aynı değil',
    });
    expect(firstIssue(updateProductBody, { discounted_price: null, discounted_price_kurus: 100 })?.path).toBe(
      'discounted_price',
    );
  });
});

describe('helpers', () => {
  it('splits comma-separated tags, dropping blanks and repeats (Turkish case)', () => {
    expect(splitTags(' yeni, KAMPANYA,,kampanya , İndirim, indirim')).toEqual([
      'yeni',
      'KAMPANYA',
      'İndirim',
    ]);
  });

  it('reads the content hash of an uploaded image URL, whatever the API base', () => {
    const hash = 'ab'.repeat(32);
    expect(imageHashOf(`/api/products/images/${hash}?tenant=demo`)).toBe(hash);
    expect(imageHashOf(`https://api.example.com/v1/products/images/${hash}`)).toBe(hash);
    expect(imageHashOf(`/api/products/images/${hash}?tenant=demo&x=1`)).toBeNull();
    expect(imageHashOf('https://example.com/cat.png')).toBeNull();
  });

  it('folds names and searches the Turkish way', () => {
    expect(listNameKey('  ELEKTRONİK ')).toBe(listNameKey('Elektronik'));
    expect(listNameKey('IŞIK')).toBe(listNameKey('ışık'));
    expect(listNameKey('Ev  &  Yaşam')).toBe('ev & yaşam');
    expect(searchFold('İSTANBUL')).toBe(searchFold('istanbul'));
    expect(searchFold('IŞIK')).toBe(searchFold('ışık'));
  });
});
