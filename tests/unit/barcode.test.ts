import { describe, expect, it } from 'vitest';
import {
  isValidEan,
  MAX_SCAN_LENGTH,
  matchScan,
  missingLines,
  type ParsedScan,
  parseScan,
  type ScanLine,
} from '../../src/shared/domain/barcode';

/**
 * The scan parser and the line matcher (src/shared/domain/barcode.ts): the device decides with
 * them at once, offline, and the server reaches the same verdict for the same scan.
 */

/** Appends the GS1 check digit (weights 3,1,3,1… from the right). */
function withCheck(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * ((body.length - i) % 2 === 1 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
/** The same code with its last digit wrong. */
const broken = (code: string) => `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;

const EAN13 = '4006381333931'; // a real EAN-13
const EAN8 = '96385074'; // a real EAN-8
const OTHER13 = withCheck('869123456789');
const GS = '\u001d';

function ok(raw: string): ParsedScan {
  const r = parseScan(raw);
  if (!r.ok) throw new Error(`${JSON.stringify(raw)} refused: ${r.reason}`);
  return r.scan;
}
const reason = (raw: string) => {
  const r = parseScan(raw);
  return r.ok ? 'ok' : r.reason;
};

describe('parseScan: EAN-13 / EAN-8', () => {
  it('the fixtures are what they claim', () => {
    expect(isValidEan(EAN13)).toBe(true);
    expect(isValidEan(EAN8)).toBe(true);
    expect(isValidEan(OTHER13)).toBe(true);
    expect(isValidEan(broken(EAN13))).toBe(false);
    expect(isValidEan('12345')).toBe(false);
  });

  it('a valid EAN-13 is an ean13 scan that also finds its GTIN-14', () => {
    expect(ok(EAN13)).toEqual({
      text: EAN13,
      format: 'ean13',
      candidates: [EAN13, `0${EAN13}`],
      lot: null,
      quantity: null,
    });
  });

  it('an EAN-13 with a wrong check digit is refused as check_digit (never another product)', () => {
    expect(reason(broken(EAN13))).toBe('check_digit');
    // every single-digit misread of the check digit is caught
    for (let d = 0; d <= 9; d++) {
      const code = `${EAN13.slice(0, 12)}${d}`;
      expect(reason(code)).toBe(code === EAN13 ? 'ok' : 'check_digit');
    }
  });

  it('a valid EAN-8 is an ean8 scan; with ]E4 a wrong check digit is refused', () => {
    expect(ok(EAN8)).toMatchObject({ format: 'ean8', candidates: [EAN8] });
    expect(reason(`]E4${broken(EAN8)}`)).toBe('check_digit');
    // eight digits failing the check without the EAN-8 identifier may be a product code
    expect(ok(broken(EAN8))).toMatchObject({ format: 'code', candidates: [broken(EAN8)] });
  });

  it('white space and the Enter / Tab a wedge scanner sends are dropped', () => {
    expect(ok(`  ${EAN13}\r\n`).text).toBe(EAN13);
    expect(ok(`${EAN13}\t`).text).toBe(EAN13);
  });
});

describe('parseScan: AIM symbology identifiers', () => {
  it.each([
    [']E0', EAN13, 'ean13'],
    [']E4', EAN8, 'ean8'],
    [']Q1', 'URUN-KODU-7', 'code'],
  ])('%s is stripped', (aim, code, format) => {
    expect(ok(`${aim}${code}`)).toMatchObject({ text: code, format });
  });

  it(']C1 (GS1-128) and ]d2 (GS1 DataMatrix) strings are read as GS1', () => {
    const gtin = `0${EAN13}`;
    expect(ok(`]C101${gtin}10LOT42`)).toMatchObject({
      format: 'gs1',
      lot: 'LOT42',
      candidates: [gtin, EAN13],
    });
    expect(ok(`]d201${gtin}${GS}10L9${GS}3712`)).toMatchObject({ format: 'gs1', lot: 'L9', quantity: 12 });
  });

  it(']E0 with letters, and ]C1 without a GTIN, are malformed', () => {
    expect(reason(']E0ABCDEF')).toBe('malformed');
    expect(reason(']C1zzzz')).toBe('malformed');
    expect(reason(']C110LOT')).toBe('malformed');
  });

  it('an AIM prefix alone is empty', () => {
    expect(reason(']E0')).toBe('empty');
    expect(reason(']C1')).toBe('empty');
  });
});

describe('parseScan: GS1 element strings', () => {
  const gtin = `0${EAN13}`;

  it('with FNC1 (\\x1d) separators: GTIN, lot, quantity (AI 37)', () => {
    expect(ok(`01${gtin}10ABC123${GS}37${'5'}`)).toEqual({
      text: `01${gtin}10ABC123 375`,
      format: 'gs1',
      candidates: [gtin, EAN13],
      lot: 'ABC123',
      quantity: 5,
    });
  });

  it('a leading FNC1 and a measure AI (3103 net weight) are accepted', () => {
    expect(ok(`${GS}01${gtin}3103000500${GS}10X1`)).toMatchObject({ lot: 'X1', candidates: [gtin, EAN13] });
  });

  it('without separators (fixed-length AIs, the variable one last)', () => {
    expect(ok(`01${gtin}17261231${'10'}LOT7`)).toMatchObject({ format: 'gs1', lot: 'LOT7', quantity: null });
    expect(ok(`01${gtin}3024`)).toMatchObject({ quantity: 24 });
    expect(ok(`01${gtin}`)).toMatchObject({ candidates: [gtin, EAN13] });
  });

  it('the human-readable "(01)…(10)…(37)…" form', () => {
    expect(ok(`(01)${gtin}(10)LOT-9(37)3`)).toMatchObject({
      format: 'gs1',
      candidates: [gtin, EAN13],
      lot: 'LOT-9',
      quantity: 3,
    });
    expect(ok(`(01)${gtin}(30)10`).quantity).toBe(10);
  });

  it('a GTIN-14 with a wrong check digit is check_digit; quantities outside 1–10,000 are malformed', () => {
    expect(reason(`01${broken(gtin)}`)).toBe('check_digit');
    expect(reason(`(01)${gtin}(37)0`)).toBe('malformed');
    expect(reason(`(01)${gtin}(37)10001`)).toBe('malformed');
    expect(reason(`(01)${gtin}(37)1x`)).toBe('malformed');
  });

  it('an EAN-8 inside a GTIN-14 ("000000" + EAN-8) finds the EAN-8', () => {
    expect(ok(`01000000${EAN8}`).candidates).toContain(EAN8);
  });

  it('GS1 strings that do not parse are malformed', () => {
    expect(reason(`(01)123`)).toBe('malformed');
    expect(reason(`(10)LOT`)).toBe('malformed');
    expect(reason(`01${gtin}${GS}99junk`)).toBe('malformed');
  });
});

describe('parseScan: garbage', () => {
  it('empty, blank', () => {
    expect(reason('')).toBe('empty');
    expect(reason('   \r\n')).toBe('empty');
  });

  it('too long', () => {
    expect(reason('A'.repeat(MAX_SCAN_LENGTH))).toBe('ok');
    expect(reason('A'.repeat(MAX_SCAN_LENGTH + 1))).toBe('malformed');
  });

  it('control characters other than the trailing Enter/Tab', () => {
    expect(reason('ABC\u0000DEF')).toBe('malformed');
    expect(reason('ABC\u0007')).toBe('malformed');
    expect(reason('AB\u007fC')).toBe('malformed');
    expect(reason(`ABC${GS}DEF`)).toBe('malformed');
  });

  it('anything else readable is a plain code (a product code, a Code 128 label)', () => {
    expect(ok('ELK-0042')).toEqual({
      text: 'ELK-0042',
      format: 'code',
      candidates: ['ELK-0042'],
      lot: null,
      quantity: null,
    });
  });

  it('a bare GTIN-14 with a valid check digit also finds its EAN-13', () => {
    expect(ok(`0${EAN13}`).candidates).toEqual([`0${EAN13}`, EAN13]);
  });
});

// ------------------------------------------------------------------------------ matcher ---

const line = (over: Partial<ScanLine> & { id: string }): ScanLine => ({
  product_id: `p-${over.id}`,
  product_name: `Ürün ${over.id}`,
  barcode: null,
  product_code: null,
  quantity: 1,
  scanned_quantity: 0,
  ...over,
});

describe('matchScan', () => {
  const lines = [
    line({ id: 'a', barcode: EAN13, product_code: 'ELK-0001', quantity: 3 }),
    line({ id: 'b', barcode: OTHER13, product_code: 'ELK-0002', quantity: 1 }),
  ];

  it('a match counts one unit on the line carrying the barcode', () => {
    expect(matchScan(lines, ok(EAN13))).toEqual({ kind: 'match', line: lines[0], quantity: 1, scanned: 1 });
    expect(matchScan(lines, ok(OTHER13))).toMatchObject({ kind: 'match', line: { id: 'b' } });
  });

  it('an unknown or foreign code is unknown', () => {
    expect(matchScan(lines, ok(withCheck('869999999999')))).toEqual({ kind: 'unknown' });
    expect(matchScan(lines, ok('BILINMEYEN'))).toEqual({ kind: 'unknown' });
    expect(matchScan([], ok(EAN13))).toEqual({ kind: 'unknown' });
  });

  it('over-scan: beyond the ordered quantity is refused with what is left', () => {
    const full = [line({ id: 'a', barcode: EAN13, quantity: 2, scanned_quantity: 2 })];
    expect(matchScan(full, ok(EAN13))).toEqual({ kind: 'over', line: full[0], quantity: 1, remaining: 0 });
    const partly = [line({ id: 'a', barcode: EAN13, quantity: 3, scanned_quantity: 1 })];
    expect(matchScan(partly, ok(EAN13), 3)).toMatchObject({ kind: 'over', remaining: 2, quantity: 3 });
  });

  it('+N counts N, and multiplies a GS1 quantity', () => {
    expect(matchScan(lines, ok(EAN13), 3)).toMatchObject({ kind: 'match', quantity: 3, scanned: 3 });
    const big = [line({ id: 'a', barcode: EAN13, quantity: 20 })];
    expect(matchScan(big, ok(`(01)0${EAN13}(37)4`), 2)).toMatchObject({
      kind: 'match',
      quantity: 8,
      scanned: 8,
    });
  });

  it('the same product on two lines: the first line with room takes the scan', () => {
    const twice = [
      line({ id: 'x', barcode: EAN13, quantity: 1, scanned_quantity: 1 }),
      line({ id: 'y', barcode: EAN13, quantity: 2 }),
    ];
    expect(matchScan(twice, ok(EAN13))).toMatchObject({ kind: 'match', line: { id: 'y' }, scanned: 1 });
    const bothFull = twice.map((l) => ({ ...l, scanned_quantity: l.quantity }));
    expect(matchScan(bothFull, ok(EAN13))).toMatchObject({ kind: 'over', line: { id: 'x' }, remaining: 0 });
  });

  it('a product is found by its product code, whatever the case or the Turkish i', () => {
    const coded = [line({ id: 'c', barcode: null, product_code: 'KIRTASIYE-i1', quantity: 5 })];
    for (const typed of ['KIRTASIYE-i1', 'kirtasiye-I1', 'KIRTASİYE-İ1', 'kırtasıye-ı1', ']Q1KIRTASIYE-I1']) {
      expect(matchScan(coded, ok(typed)), typed).toMatchObject({ kind: 'match', line: { id: 'c' } });
    }
  });

  it('a GTIN-14 with a leading 0 (GS1 AI 01) matches an EAN-13 line, and an EAN-13 a GTIN-14 line', () => {
    expect(matchScan(lines, ok(`01${`0${EAN13}`}`))).toMatchObject({ kind: 'match', line: { id: 'a' } });
    const gtinLine = [line({ id: 'g', barcode: `0${EAN13}` })];
    expect(matchScan(gtinLine, ok(EAN13))).toMatchObject({ kind: 'match', line: { id: 'g' } });
  });
});

describe('missingLines', () => {
  it('lists the lines not fully scanned with how many are missing', () => {
    const lines = [
      line({ id: 'a', quantity: 3, scanned_quantity: 1 }),
      line({ id: 'b', quantity: 2, scanned_quantity: 2 }),
      line({ id: 'c', quantity: 1, scanned_quantity: 0 }),
    ];
    expect(missingLines(lines).map((m) => [m.line.id, m.missing])).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
    expect(missingLines([lines[1] as ScanLine])).toEqual([]);
  });
});
