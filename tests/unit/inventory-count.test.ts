import { describe, expect, it } from 'vitest';
import {
  addCount,
  type CountProduct,
  codeIndex,
  countBody,
  countSessionSchema,
  lineDelta,
  needsSecondLook,
  newSession,
  scanIntoCount,
  setCounted,
  summarize,
} from '../../src/client/inventory/count-session';

/**
 * The count by scanning as a warehouse relies on it: each scan counts on its product, counted vs
 * expected per product, large differences flagged for a second look, and — what makes a count
 * safe while the stock keeps moving — the product's stock_seq and on-hand figure captured at the
 * FIRST count of a product, never moved by later scans or later pulls.
 */
const NOW = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-25T10:05:00.000Z';

function product(overrides: Partial<CountProduct> = {}): CountProduct {
  return {
    id: 'p1',
    name: 'Çay Bardağı',
    product_code: 'CAY-001',
    barcode: '8690000000012',
    category: 'Ev & Yaşam',
    brand: 'Paşabahçe',
    current_stock: 40,
    stock_seq: 7,
    ...overrides,
  };
}

describe('count session', () => {
  it('counts scans per product: counted vs expected, the difference the server will post', () => {
    const p = product();
    const index = codeIndex([p]);
    let session = newSession('c1', { kind: 'all', value: null }, NOW);
    for (let i = 0; i < 3; i++) session = scanIntoCount(session, index, p.barcode as string, 1, NOW).session;
    const r = scanIntoCount(session, index, p.barcode as string, 5, NOW); // +N
    expect(r.outcome).toMatchObject({ kind: 'counted', units: 5, counted: 8 });
    session = r.session;
    expect(session.lines).toHaveLength(1);
    expect(session.lines[0]).toMatchObject({ counted: 8, expected: 40 });
    expect(lineDelta(session.lines[0] as never)).toBe(-32);
    expect(summarize(session)).toMatchObject({ lines: 1, units: 8, scans: 4, differing: 1, secondLook: 1 });
  });

  it('captures stock_seq and on-hand at the FIRST count of a product; later scans keep them', () => {
    const before = product({ current_stock: 40, stock_seq: 7 });
    let session = newSession('c1', { kind: 'all', value: null }, NOW);
    session = scanIntoCount(session, codeIndex([before]), before.barcode as string, 1, NOW).session;
    // A pull brings the product after an order shipped 5 of it (new movement, seq 9).
    const after = product({ current_stock: 35, stock_seq: 9 });
    session = scanIntoCount(session, codeIndex([after]), after.barcode as string, 1, LATER).session;
    session = addCount(session, after, 3, LATER);
    const line = session.lines[0];
    expect(line).toMatchObject({ counted: 5, expected: 40, seen_stock_seq: 7, first_counted_at: NOW });
    expect(countBody(session)).toEqual({
      count_id: 'c1',
      lines: [{ product_id: 'p1', counted: 5, seen_stock_seq: 7 }],
    });
    // A product first counted after the pull captures the pulled figures.
    const other = product({ id: 'p2', barcode: '4006381333931', product_code: 'X-2', stock_seq: 9 });
    session = scanIntoCount(session, codeIndex([after, other]), '4006381333931', 1, LATER).session;
    expect(session.lines[1]).toMatchObject({ product_id: 'p2', seen_stock_seq: 9, expected: 40 });
  });

  it('flags differences of ≥ 10 units or ≥ 20 % for a second look, any difference when none was expected', () => {
    expect(needsSecondLook({ counted: 40, expected: 40 })).toBe(false);
    expect(needsSecondLook({ counted: 41, expected: 40 })).toBe(false); // 1 unit, 2.5 %
    expect(needsSecondLook({ counted: 48, expected: 40 })).toBe(true); // 8 units but 20 %
    expect(needsSecondLook({ counted: 7, expected: 40 })).toBe(true);
    expect(needsSecondLook({ counted: 190, expected: 200 })).toBe(true); // 10 units, 5 %
    expect(needsSecondLook({ counted: 191, expected: 200 })).toBe(false); // 9 units, 4.5 %
    expect(needsSecondLook({ counted: 3, expected: 4 })).toBe(true); // 25 %
    expect(needsSecondLook({ counted: 1, expected: 0 })).toBe(true);
    expect(needsSecondLook({ counted: 0, expected: -2 })).toBe(true);
  });

  it('manual +/- and typed counts never go below zero; a minus on an uncounted product adds nothing', () => {
    const p = product();
    let session = newSession('c1', { kind: 'all', value: null }, NOW);
    session = addCount(session, p, -1, NOW);
    expect(session.lines).toHaveLength(0);
    session = addCount(session, p, 2, NOW);
    session = addCount(session, p, -5, NOW);
    expect(session.lines[0]?.counted).toBe(0);
    session = setCounted(session, 'p1', 12.7);
    expect(session.lines[0]?.counted).toBe(12);
    // A zero count is a real count (the shelf is empty): it is posted.
    session = setCounted(session, 'p1', 0);
    expect(countBody(session).lines).toEqual([{ product_id: 'p1', counted: 0, seen_stock_seq: 7 }]);
  });

  it('finds a product by barcode, GTIN-14, AIM prefix or product code (Turkish i folded); unknown and unreadable codes count nothing', () => {
    const p = product({ product_code: 'kit-İ1' });
    const index = codeIndex([p]);
    const empty = newSession('c1', { kind: 'all', value: null }, NOW);
    expect(scanIntoCount(empty, index, `]E0${p.barcode}`, 1, NOW).outcome.kind).toBe('counted');
    expect(scanIntoCount(empty, index, `0${p.barcode}`, 1, NOW).outcome.kind).toBe('counted');
    expect(scanIntoCount(empty, index, 'KIT-I1', 1, NOW).outcome.kind).toBe('counted');
    const unknown = scanIntoCount(empty, index, '4006381333931', 1, NOW);
    expect(unknown.outcome).toEqual({ kind: 'unknown', code: '4006381333931' });
    expect(unknown.session).toBe(empty);
    const unreadable = scanIntoCount(empty, index, '8690000000013', 1, NOW); // bad check digit
    expect(unreadable.outcome.kind).toBe('unreadable');
    expect(unreadable.session.lines).toHaveLength(0);
  });

  it('a category count still counts a product of another category scanned on the shelf, marked out of scope', () => {
    const inside = product();
    const outside = product({ id: 'p2', barcode: '4006381333931', product_code: 'B', category: 'Giyim' });
    let session = newSession('c1', { kind: 'category', value: 'Ev & Yaşam' }, NOW);
    const index = codeIndex([inside, outside]);
    session = scanIntoCount(session, index, inside.barcode as string, 1, NOW).session;
    const r = scanIntoCount(session, index, '4006381333931', 1, NOW);
    expect(r.outcome).toMatchObject({ kind: 'counted', outOfScope: true });
    expect(r.session.lines.map((l) => l.out_of_scope)).toEqual([false, true]);
  });

  it('survives a round trip through storage (the schema reads back what was saved)', () => {
    let session = newSession('c1', { kind: 'shelf', value: ' A-12 ' }, NOW);
    session = addCount(session, product(), 4, NOW);
    const back = countSessionSchema.parse(JSON.parse(JSON.stringify(session)));
    expect(back).toEqual(session);
    expect(back.scope).toEqual({ kind: 'shelf', value: 'A-12' });
  });
});
