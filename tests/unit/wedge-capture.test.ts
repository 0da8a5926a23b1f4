import { describe, expect, it } from 'vitest';
import {
  isTextEntry,
  WEDGE_MAX_GAP_MS,
  WEDGE_MIN_LENGTH,
  WedgeCollector,
} from '../../src/client/shared-ui/scan/scan-input';

/**
 * A keyboard-wedge scan typed where no text field has the focus: the burst of characters ending
 * with Enter/Tab is one scan; keys typed by a person, or long before an Enter, are not.
 */
function typed(collector: WedgeCollector, keys: string[], start = 1000, gap = 4): (string | null)[] {
  return keys.map((key, i) => collector.key(key, start + i * gap));
}
const chars = (code: string) => [...code];

describe('wedge bursts outside the scan field', () => {
  it('a burst ending with Enter or Tab is one scan, each of five in a row', () => {
    const c = new WedgeCollector();
    const got: string[] = [];
    for (let scan = 0; scan < 5; scan++) {
      const out = typed(c, [...chars('8690000000017'), 'Enter'], 1000 + scan * 500);
      got.push(...out.filter((x): x is string => x !== null));
    }
    expect(got).toEqual(Array(5).fill('8690000000017'));
    expect(typed(c, [...chars('PM-LZ8QI-A'), 'Tab'], 9000).at(-1)).toBe('PM-LZ8QI-A');
  });

  it('Shift for capitals does not break a burst; other named keys do', () => {
    const c = new WedgeCollector();
    expect(typed(c, ['Shift', 'A', 'Shift', 'B', '1', '2', 'Enter']).at(-1)).toBe('AB12');
    expect(typed(c, ['1', '2', '3', 'Backspace', '4', 'Enter'], 5000).at(-1)).toBeNull();
  });

  it('keys typed slowly, or long before the Enter, are not a scan; too short is not a scan', () => {
    const c = new WedgeCollector();
    expect(typed(c, [...chars('12345'), 'Enter'], 1000, WEDGE_MAX_GAP_MS + 50).at(-1)).toBeNull();
    typed(c, chars('12345'), 5000);
    expect(c.key('Enter', 5000 + 5 * 4 + 5000)).toBeNull();
    expect(typed(c, [...chars('1'.repeat(WEDGE_MIN_LENGTH - 1)), 'Enter'], 30_000).at(-1)).toBeNull();
    // A slow key then a fast burst: the burst alone is the scan.
    c.key('9', 40_000);
    expect(typed(c, [...chars('4006381333931'), 'Enter'], 41_000).at(-1)).toBe('4006381333931');
    // Enter alone (a keyboard user pressing a button) is never a scan.
    expect(c.key('Enter', 50_000)).toBeNull();
  });

  it('text fields keep their own keys; buttons and the page do not', () => {
    const el = (tagName: string, type = '', isContentEditable = false) =>
      ({ tagName, type, isContentEditable }) as unknown as Element;
    expect(isTextEntry(el('INPUT', 'text'))).toBe(true);
    expect(isTextEntry(el('INPUT', 'search'))).toBe(true);
    expect(isTextEntry(el('INPUT', 'number'))).toBe(true);
    expect(isTextEntry(el('TEXTAREA'))).toBe(true);
    expect(isTextEntry(el('DIV', '', true))).toBe(true);
    expect(isTextEntry(el('INPUT', 'checkbox'))).toBe(false);
    expect(isTextEntry(el('BUTTON'))).toBe(false);
    expect(isTextEntry(el('BODY'))).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});
