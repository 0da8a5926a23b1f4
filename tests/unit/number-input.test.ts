import { describe, expect, it } from 'vitest';
import {
  formatMoneyInput,
  formatQuantityInput,
  NUMBER_INPUT_MESSAGES as M,
  parseMoneyInput,
  parseQuantityInput,
} from '../../src/shared/domain/number-input';

/**
 * The one reading of typed numbers (src/shared/domain/number-input.ts): a comma is the decimal
 * separator; dots before a comma group thousands; without a comma one dot + 1–2 digits is a
 * decimal point and dots + groups of 3 are thousands; anything else is an error — never a value
 * scaled by 10 or 1000.
 */
const MONEY: Array<[typed: string, kurus: number | string]> = [
  // the cases
  ['150,5', 15_050],
  ['1.250,75', 125_075],
  ['1250.75', 125_075],
  ['1250', 125_000],
  ['1.250', 125_000],
  // comma = decimal separator
  ['0,5', 50],
  ['12,05', 1_205],
  ['1250,75', 125_075],
  ['  33,33 ', 3_333],
  ['1.234.567,89', 123_456_789],
  // dot without comma
  ['150.5', 15_050],
  ['33.33', 3_333],
  ['0.5', 50],
  ['12.50', 1_250],
  ['49499.10', 4_949_910],
  ['1.250.000', 125_000_000],
  ['10.000.000', 1_000_000_000],
  ['007', 700],
  ['0', 0],
  // errors: never guessed
  ['', M.empty],
  ['   ', M.empty],
  ['1,255', M.tooManyDecimals],
  ['1.250,755', M.tooManyDecimals],
  ['1.2345', M.invalidMoney],
  ['1234.567', M.invalidMoney],
  ['1.25.0', M.invalidMoney],
  ['0.500', M.invalidMoney],
  ['12.50,3', M.invalidMoney],
  ['1,250,75', M.invalidMoney],
  ['1,2.5', M.invalidMoney],
  ['1.250.', M.invalidMoney],
  ['150,', M.invalidMoney],
  [',5', M.invalidMoney],
  ['.5', M.invalidMoney],
  ['1 250', M.invalidMoney],
  ['₺150', M.invalidMoney],
  ['abc', M.invalidMoney],
  ['1e3', M.invalidMoney],
  ['0x10', M.invalidMoney],
  ['-5', M.negative],
  ['-1.250,50', M.negative],
  ['+5', M.invalidMoney],
  ['9'.repeat(30), M.tooLarge],
  ['9'.repeat(20), M.tooLarge],
];

const QUANTITY: Array<[typed: string, value: number | string]> = [
  ['1', 1],
  ['12', 12],
  ['1.250', 1_250],
  ['1250', 1_250],
  ['100.000', 100_000],
  [' 3 ', 3],
  ['0', 0],
  ['2,5', M.notInteger],
  ['2.7', M.notInteger],
  ['2.50', M.notInteger],
  ['1.250,00', M.notInteger],
  ['2,', M.invalidQuantity],
  ['1.25.0', M.invalidQuantity],
  ['0.500', M.invalidQuantity],
  ['x', M.invalidQuantity],
  ['-1', M.negative],
  ['', M.empty],
];

describe('typed numbers, the Turkish way', () => {
  it.each(MONEY)('money %j → %j', (typed, expected) => {
    const result = parseMoneyInput(typed);
    if (typeof expected === 'number') expect(result).toEqual({ ok: true, value: expected });
    else expect(result).toMatchObject({ ok: false, error: expected, empty: expected === M.empty });
  });

  it.each(QUANTITY)('quantity %j → %j', (typed, expected) => {
    const result = parseQuantityInput(typed);
    if (typeof expected === 'number') expect(result).toEqual({ ok: true, value: expected });
    else expect(result).toMatchObject({ ok: false, error: expected });
  });

  it('names the limit when a bound is given', () => {
    expect(parseMoneyInput('10.000.000,01', { max: 1_000_000_000 })).toEqual({
      ok: false,
      empty: false,
      error: 'En fazla 10.000.000,00 girilebilir',
    });
    expect(parseMoneyInput('10.000.000', { max: 1_000_000_000 })).toEqual({ ok: true, value: 1_000_000_000 });
    expect(parseQuantityInput('100.001', { max: 100_000 })).toMatchObject({
      ok: false,
      error: 'En fazla 100.000 girilebilir',
    });
  });

  it('shows tr-TR text that reads back to the same number', () => {
    expect(formatMoneyInput(125_075)).toBe('1.250,75');
    expect(formatMoneyInput(15_050)).toBe('150,50');
    expect(formatMoneyInput(4_949_910)).toBe('49.499,10');
    expect(formatMoneyInput(5)).toBe('0,05');
    expect(formatQuantityInput(1_250)).toBe('1.250');
    expect(formatQuantityInput(7)).toBe('7');
    for (const kurus of [0, 1, 99, 100, 1_005, 125_075, 99_999_999, 1_000_000_000, 123_456_789_012])
      expect(parseMoneyInput(formatMoneyInput(kurus))).toEqual({ ok: true, value: kurus });
    for (const quantity of [0, 1, 999, 1_000, 100_000, 12_345_678])
      expect(parseQuantityInput(formatQuantityInput(quantity))).toEqual({ ok: true, value: quantity });
  });
});
