import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacter, text } from '../../src/shared/api/common';
import {
  hasAtMostTwoDecimals,
  kurusToDecimal,
  kurusToTl,
  MAX_ORDER_TOTAL_KURUS,
  toKurus,
} from '../../src/shared/domain/money';

describe('two decimals, exactly (no float tolerance)', () => {
  it('accepts every amount that has at most two decimals, however large', () => {
    for (const v of [
      0, 0.01, 0.1, 0.3, 1, 12.34, 19.99, 8388608.03, 134217728.48, 999999999.99, 9999999999.99,
    ]) {
      expect(hasAtMostTwoDecimals(v), String(v)).toBe(true);
    }
    expect(hasAtMostTwoDecimals(1e21)).toBe(true); // an integer (bounded elsewhere)
    expect(hasAtMostTwoDecimals(-0.5)).toBe(true);
  });

  it('refuses amounts with a third decimal, however small', () => {
    for (const v of [1e-9, 1e-7, 0.001, 0.005, 1.005, 12.345, 0.1 + 0.2, 1.5e-7, 134217728.481]) {
      expect(hasAtMostTwoDecimals(v), String(v)).toBe(false);
    }
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(hasAtMostTwoDecimals(v)).toBe(false);
    }
  });
});

describe('TL → kuruş on tricky floats', () => {
  it('is exact for two-decimal amounts', () => {
    expect(toKurus(134217728.48)).toBe(13421772848);
    expect(toKurus(9999999999.99)).toBe(999999999999);
    expect(toKurus(8388608.03)).toBe(838860803);
    expect(toKurus(0.07)).toBe(7);
    expect(toKurus(-1.1)).toBe(-110);
  });

  it('rounds other numbers half away from zero at their decimal value (1.005 → 101, not 100)', () => {
    expect(toKurus(0.1 + 0.2)).toBe(30);
    expect(toKurus(1.005)).toBe(101);
    expect(toKurus(0.005)).toBe(1);
    expect(toKurus(0.0049)).toBe(0);
    expect(toKurus(1e-7)).toBe(0);
    expect(toKurus(1e-9)).toBe(0);
    expect(toKurus(-1.005)).toBe(-101);
    expect(Object.is(toKurus(-1e-9), 0)).toBe(true);
  });

  it('throws on what cannot be kuruş', () => {
    expect(() => toKurus(Number.NaN)).toThrow();
    expect(() => toKurus(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => toKurus(1e300)).toThrow();
    expect(() => toKurus('1e-9')).toThrow();
    expect(() => toKurus('0.001')).toThrow();
  });

  it('round-trips the limits through the wire and the column', () => {
    for (const k of [1, 13421772848, MAX_ORDER_TOTAL_KURUS, 999999999999, Number.MAX_SAFE_INTEGER - 1]) {
      expect(toKurus(kurusToTl(k)), String(k)).toBe(k);
      expect(toKurus(kurusToDecimal(k)), String(k)).toBe(k);
    }
    expect(kurusToTl(13421772848)).toBe(134217728.48);
    expect(kurusToDecimal(MAX_ORDER_TOTAL_KURUS)).toBe('1000000000.00');
    expect(kurusToDecimal(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });
});

describe('the shared text rule', () => {
  it('finds control characters and broken surrogates; multi-line allows \\t \\n \\r only', () => {
    for (const ch of [
      '\u0000',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009f',
    ]) {
      expect(hasForbiddenCharacter(`a${ch}b`), JSON.stringify(ch)).toBe(true);
      expect(hasForbiddenCharacter(`a${ch}b`, true), JSON.stringify(ch)).toBe(true);
    }
    for (const ch of ['\t', '\n', '\r']) {
      expect(hasForbiddenCharacter(`a${ch}b`)).toBe(true);
      expect(hasForbiddenCharacter(`a${ch}b`, true)).toBe(false);
    }
    expect(hasForbiddenCharacter('a\ud800b')).toBe(true);
    expect(hasForbiddenCharacter('a\udc00')).toBe(true);
    expect(hasForbiddenCharacter('\ud800')).toBe(true);
    expect(hasForbiddenCharacter('Şişli İstanbul — çağrı 😀 ₺')).toBe(false);
  });

  it('trims, bounds and names the field in Turkish', () => {
    const notes = text('Notlar', 5, { multiline: true });
    expect(notes.parse('  a\nb  ')).toBe('a\nb');
    expect(notes.safeParse('abcdef').error?.issues[0]?.message).toBe('Notlar en fazla 5 karakter olabilir');
    expect(notes.safeParse('a\u0000').error?.issues[0]?.message).toBe('Notlar geçersiz karakter içeriyor');
    const name = text('Ad', 10, { min: 1, minMessage: 'Ad gereklidir' });
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Ad gereklidir');
    expect(name.safeParse('a\nb').success).toBe(false);
    const password = text('Şifre', 10, { trim: false });
    expect(password.parse(' gizli ')).toBe(' gizli ');
  });
});
