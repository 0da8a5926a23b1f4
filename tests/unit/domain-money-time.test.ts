import { describe, expect, it } from 'vitest';
import {
  formatTL,
  hasAtMostTwoDecimals,
  kurusToDecimal,
  kurusToTl,
  lineTotal,
  toKurus,
} from '../../src/shared/domain/money';
import { landingPathFor } from '../../src/shared/domain/roles';
import { formatDate, relativeTime } from '../../src/shared/domain/time';

describe('money in kuruş', () => {
  it('parses TL amounts exactly, without float drift', () => {
    expect(toKurus(0.1 + 0.2)).toBe(30);
    expect(toKurus(19.99)).toBe(1999);
    expect(toKurus('1234.5')).toBe(123450);
    expect(toKurus('12,05')).toBe(1205);
    expect(toKurus(1)).toBe(100);
    expect(() => toKurus('abc')).toThrow();
    expect(() => toKurus('1.234')).toThrow();
  });
  it('round-trips through the wire and the database representation', () => {
    for (const k of [0, 1, 99, 100, 123456, 99999999]) {
      expect(toKurus(kurusToTl(k))).toBe(k);
      expect(toKurus(kurusToDecimal(k))).toBe(k);
    }
    expect(kurusToDecimal(5)).toBe('0.05');
    expect(kurusToDecimal(-150)).toBe('-1.50');
  });
  it('sums lines in integers', () => {
    expect(lineTotal(3, 1999)).toBe(5997);
    let total = 0;
    for (let i = 0; i < 10; i++) total += toKurus(0.1);
    expect(total).toBe(100);
  });
  it('knows which numbers are valid TL amounts', () => {
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });
  it('formats tr-TR with two decimals', () => {
    expect(formatTL(123450)).toBe('1.234,50 TL');
    expect(formatTL(-1200)).toBe('-12,00 TL');
    expect(formatTL(0)).toBe('0,00 TL');
  });
});

describe('dates', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it('shows relative time per spec', () => {
    expect(relativeTime('2026-01-10T11:59:30Z', now)).toBe('Az önce');
    expect(relativeTime('2026-01-10T11:55:00Z', now)).toBe('5 dakika önce');
    expect(relativeTime('2026-01-10T09:00:00Z', now)).toBe('3 saat önce');
    expect(relativeTime('2026-01-08T12:00:00Z', now)).toBe('2 gün önce');
    expect(relativeTime('not a date', now)).toBe('Az önce');
  });
  it('formats dates in Europe/Istanbul', () => {
    // 22:30 UTC is already the next day in Istanbul (UTC+3).
    expect(formatDate('2026-01-10T22:30:00Z')).toBe('11.01.2026');
  });
});

describe('landing by role', () => {
  it('sends each role where the spec says', () => {
    expect(landingPathFor('salesperson')).toBe('/salesperson-dashboard');
    expect(landingPathFor('manager')).toBe('/manager-dashboard');
    expect(landingPathFor('warehouse')).toBe('/warehouse-dashboard');
    expect(landingPathFor('admin')).toBe('/dashboard');
    expect(landingPathFor('driver')).toBe('/dashboard');
    expect(landingPathFor(undefined)).toBe('/');
  });
});
