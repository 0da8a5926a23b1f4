import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  defaultInvoicePrefix,
  formatInvoiceNumber,
  invoiceTotals,
  numberInWords,
  parseInvoiceNumber,
  splitGross,
} from '../../src/shared/domain/invoice';
import { seeded } from '../helpers/seeded-random';

describe('KDV split of a KDV-inclusive line', () => {
  it('splits round figures exactly', () => {
    expect(splitGross(12_000, 20)).toEqual({ net: 10_000, kdv: 2_000 });
    expect(splitGross(11_000, 10)).toEqual({ net: 10_000, kdv: 1_000 });
    expect(splitGross(10_100, 1)).toEqual({ net: 10_000, kdv: 100 });
    expect(splitGross(9_999, 0)).toEqual({ net: 9_999, kdv: 0 });
    expect(splitGross(0, 20)).toEqual({ net: 0, kdv: 0 });
  });

  it('rounds the net half up to a kuruş and leaves the rest as KDV', () => {
    // 1,00 TL at 20 %: 83,333… → 83 net, 17 KDV.
    expect(splitGross(100, 20)).toEqual({ net: 83, kdv: 17 });
    // 0,03 TL at 20 %: 2,5 → 3 (half up), 0 KDV.
    expect(splitGross(3, 20)).toEqual({ net: 3, kdv: 0 });
    expect(splitGross(1, 20)).toEqual({ net: 1, kdv: 0 });
    // A return's negative amount mirrors the positive one.
    expect(splitGross(-100, 20)).toEqual({ net: -83, kdv: -17 });
  });

  it('net + KDV = gross on thousands of odd prices, and the net is the nearest kuruş', () => {
    const random = seeded(2026);
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const gross = Math.floor(random() * 100_000_000_000);
      const rate = [0, 1, 10, 20][i % 4] as number;
      const { net, kdv } = splitGross(gross, rate);
      if (net + kdv !== gross || Math.abs(net - (gross * 100) / (100 + rate)) > 0.5 || kdv < 0)
        wrong.push(`${gross}@${rate}: ${net} + ${kdv}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses amounts and rates that are not whole numbers in range', () => {
    expect(() => splitGross(1.5, 20)).toThrow(RangeError);
    expect(() => splitGross(100, 18.5)).toThrow(RangeError);
    expect(() => splitGross(100, -1)).toThrow(RangeError);
  });
});

describe('invoice totals per KDV rate', () => {
  it('sums each rate of the lines and adds up to the order total', () => {
    const lines = [
      { gross: 125_075, kdvRate: 20 },
      { gross: 999, kdvRate: 10 },
      { gross: 33_333, kdvRate: 20 },
      { gross: 5_000, kdvRate: 1 },
      { gross: 700, kdvRate: 0 },
    ];
    const totals = invoiceTotals(lines);
    expect(totals.byRate.map((r) => r.rate)).toEqual([0, 1, 10, 20]);
    expect(totals.gross).toBe(125_075 + 999 + 33_333 + 5_000 + 700);
    expect(totals.net + totals.kdv).toBe(totals.gross);
    const twenty = totals.byRate.find((r) => r.rate === 20);
    expect(twenty).toEqual({
      rate: 20,
      gross: 158_408,
      net: splitGross(125_075, 20).net + splitGross(33_333, 20).net,
      kdv: splitGross(125_075, 20).kdv + splitGross(33_333, 20).kdv,
    });
    for (const r of totals.byRate) expect(r.net + r.kdv).toBe(r.gross);
  });

  it('an empty invoice totals zero', () => {
    expect(invoiceTotals([])).toEqual({ byRate: [], net: 0, kdv: 0, gross: 0 });
  });
});

describe('the total in words', () => {
  it.each([
    [0, 'Sıfır'],
    [1, 'Bir'],
    [10, 'On'],
    [11, 'On Bir'],
    [100, 'Yüz'],
    [101, 'Yüz Bir'],
    [999, 'Dokuz Yüz Doksan Dokuz'],
    [1_000, 'Bin'],
    [1_001, 'Bin Bir'],
    [2_000, 'İki Bin'],
    [11_000, 'On Bir Bin'],
    [100_000, 'Yüz Bin'],
    [1_000_000, 'Bir Milyon'],
    [1_001_000, 'Bir Milyon Bin'],
    [1_234_567, 'Bir Milyon İki Yüz Otuz Dört Bin Beş Yüz Altmış Yedi'],
    [1_000_000_000, 'Bir Milyar'],
  ])('%i → %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('writes lira and kuruş as an invoice does', () => {
    expect(amountInWords(125_075)).toBe('Bin İki Yüz Elli Türk Lirası Yetmiş Beş Kuruş');
    expect(amountInWords(123_456_789)).toBe(
      'Bir Milyon İki Yüz Otuz Dört Bin Beş Yüz Altmış Yedi Türk Lirası Seksen Dokuz Kuruş',
    );
    expect(amountInWords(0)).toBe('Sıfır Türk Lirası');
    expect(amountInWords(100)).toBe('Bir Türk Lirası');
    expect(amountInWords(50)).toBe('Elli Kuruş');
    expect(amountInWords(1)).toBe('Bir Kuruş');
    expect(amountInWords(-1_000)).toBe('Eksi On Türk Lirası');
  });
});

describe('the invoice number', () => {
  it('is 16 characters: prefix, year, 9-digit sequence', () => {
    expect(formatInvoiceNumber('ABC', 2026, 1)).toBe('ABC2026000000001');
    expect(formatInvoiceNumber('A1Z', 2027, 999_999_999)).toBe('A1Z2027999999999');
    expect(parseInvoiceNumber('ABC2026000000042')).toEqual({ prefix: 'ABC', year: 2026, sequence: 42 });
  });

  it('refuses what the format does not allow', () => {
    expect(() => formatInvoiceNumber('ab', 2026, 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('ABC', 2026, 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('ABC', 2026, 1_000_000_000)).toThrow(RangeError);
    expect(parseInvoiceNumber('ABC2026000000000')).toBeNull();
    expect(parseInvoiceNumber('abc2026000000001')).toBeNull();
    expect(parseInvoiceNumber('ABC202600000001')).toBeNull();
  });

  it('takes a default prefix from the company name, Turkish letters in ASCII', () => {
    expect(defaultInvoicePrefix('Çağ Gıda A.Ş.')).toBe('CAG');
    expect(defaultInvoicePrefix('işık elektrik')).toBe('ISI');
    expect(defaultInvoicePrefix('3M')).toBe('3MX');
    expect(defaultInvoicePrefix('Ü')).toBe('UXX');
  });
});
