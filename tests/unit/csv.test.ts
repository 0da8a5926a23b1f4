import { describe, expect, it } from 'vitest';
import { csvCell, csvDate, csvDateTime, csvFile, csvLine, csvMoney, csvText } from '../../src/server/lib/csv';

/** Every CSV the product writes, as Turkish Excel opens it (src/server/lib/csv.ts). */
const ISTANBUL = { timeZone: 'Europe/Istanbul' };

describe('the CSV writer', () => {
  it('writes money with a decimal comma and no thousands mark', () => {
    expect(csvMoney(90099)).toBe('900,99');
    expect(csvMoney(901)).toBe('9,01');
    expect(csvMoney(5)).toBe('0,05');
    expect(csvMoney(123456789)).toBe('1234567,89');
    expect(csvMoney(-500)).toBe('-5,00');
    expect(csvCell({ number: 0.5 }, ISTANBUL)).toBe('0,5');
    expect(csvCell({ number: 20 }, ISTANBUL)).toBe('20');
  });

  it("writes days and times as dd.MM.yyyy on the company's clock", () => {
    const at = new Date(Date.UTC(2025, 0, 15, 22, 30, 5));
    expect(csvDate(at, 'Europe/Istanbul')).toBe('16.01.2025');
    expect(csvDate(at, 'UTC')).toBe('15.01.2025');
    expect(csvDateTime(at, 'Europe/Istanbul')).toBe('16.01.2025 01:30:05');
    expect(csvCell({ dateTime: at }, { timeZone: 'America/New_York' })).toBe('15.01.2025 17:30:05');
  });

  it('makes a text that a spreadsheet would run as a formula a text, and quotes what must be', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvText(`${start}1+1`).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvText('a;b')).toBe('"a;b"');
    expect(csvText('iki\nsatır')).toBe('"iki\nsatır"');
    expect(csvText('Öztürk Gıda Ltd. Şti.')).toBe('Öztürk Gıda Ltd. Şti.');
    // A negative amount is a number, not a formula: never prefixed.
    expect(csvCell({ money: -500 }, ISTANBUL)).toBe('-5,00');
  });

  it("a file is UTF-8 with a BOM, ';' between cells and CRLF line ends", () => {
    const file = csvFile(
      ['Ad', 'Tutar', 'Tarih'],
      [['Çağ', { money: 90099 }, { date: new Date(Date.UTC(2026, 6, 1)) }]],
      ISTANBUL,
    );
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.toString('utf8')).toBe('\uFEFFAd;Tutar;Tarih\r\nÇağ;900,99;01.07.2026\r\n');
    expect(csvLine([null, undefined, ''], ISTANBUL)).toBe(';;\r\n');
  });
});
