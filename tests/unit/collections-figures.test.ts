import { describe, expect, it } from 'vitest';
import {
  collectionsOf,
  differenceOf,
  documentsDue,
  receivablesOf,
  weekOf,
} from '../../src/client/collections/figures';
import type { Payment, SyncedAccount } from '../../src/shared/api/accounts';
import { ageingOfItems } from '../../src/shared/domain/account';

/**
 * /collections' figures, counted on the device: a Monday-start week, collections by method and
 * by person with reversed payments left out, receivables aged with the shared rule and the
 * largest debtors, cheques and notes of the portfolio due in the week, a day-end's difference.
 */

const payment = (over: Partial<Payment>): Payment => ({
  id: 'p',
  customer_id: 'c1',
  customer_name: 'Müşteri',
  order_id: null,
  method: 'cash',
  amount_kurus: 1_000,
  receipt_number: '',
  pos_slip_number: null,
  bank_reference: null,
  document_number: null,
  bank_name: null,
  drawer_name: null,
  document_due_day: null,
  document_status: null,
  applies_to: [],
  note: null,
  taken_by: 'u1',
  taken_by_name: 'Sürücü Deniz',
  taken_at: '2026-03-11T09:00:00.000Z',
  day: '2026-03-11',
  received_at: '2026-03-11T09:00:00.000Z',
  reversed_at: null,
  reversed_by_name: null,
  reverse_reason: null,
  version: 0,
  ...over,
});

const account = (id: string, items: [string, number][], unapplied = 0): SyncedAccount => {
  const open = items.reduce((s, [, k]) => s + k, 0);
  return {
    id,
    balance_kurus: open - unapplied,
    due_days: 30,
    credit_limit_kurus: null,
    open_items: items.map(([due_day, open_kurus], i) => ({ id: `${id}-${i}`, due_day, open_kurus })),
    unapplied_kurus: unapplied,
    portfolio_kurus: 0,
    recent_payment_ids: [],
    movement_count: items.length,
    last_movement_at: null,
    terms_version: 0,
    updated_at: '2026-03-01T00:00:00.000Z',
  };
};

describe('weekOf', () => {
  it('runs Monday to Sunday around the day', () => {
    expect(weekOf('2026-03-11')).toEqual({ from: '2026-03-09', to: '2026-03-15' }); // a Wednesday
    expect(weekOf('2026-03-09')).toEqual({ from: '2026-03-09', to: '2026-03-15' }); // Monday
    expect(weekOf('2026-03-15')).toEqual({ from: '2026-03-09', to: '2026-03-15' }); // Sunday
    expect(weekOf('2026-01-01')).toEqual({ from: '2025-12-29', to: '2026-01-04' }); // across a year
  });
});

describe('collectionsOf', () => {
  const payments = [
    payment({ id: 'a', amount_kurus: 10_000 }),
    payment({ id: 'b', method: 'card', amount_kurus: 2_550 }),
    payment({
      id: 'c',
      taken_by: 'u2',
      taken_by_name: 'Satış Ayşe',
      amount_kurus: 50_000,
      method: 'transfer',
    }),
    payment({ id: 'd', amount_kurus: 99_999, reversed_at: '2026-03-11T10:00:00.000Z' }),
    payment({ id: 'e', amount_kurus: 7_000, day: '2026-03-08' }),
    payment({ id: 'f', amount_kurus: 3_000, day: '2026-03-10', method: 'cheque' }),
  ];

  it("adds a day's payments by method and by person, reversed ones left out", () => {
    const day = collectionsOf(payments, '2026-03-11', '2026-03-11');
    expect(day.total_kurus).toBe(62_550);
    expect(day.count).toBe(3);
    expect(day.methods.cash).toEqual({ kurus: 10_000, count: 1 });
    expect(day.methods.card).toEqual({ kurus: 2_550, count: 1 });
    expect(day.methods.transfer).toEqual({ kurus: 50_000, count: 1 });
    expect(day.methods.cheque).toEqual({ kurus: 0, count: 0 });
    // The largest total first.
    expect(day.people.map((p) => [p.name, p.total_kurus, p.count])).toEqual([
      ['Satış Ayşe', 50_000, 1],
      ['Sürücü Deniz', 12_550, 2],
    ]);
    expect(day.people[1]?.methods.card.kurus).toBe(2_550);
  });

  it('adds a week inclusive of both ends', () => {
    const week = collectionsOf(payments, '2026-03-09', '2026-03-15');
    expect(week.total_kurus).toBe(65_550);
    expect(week.count).toBe(4);
    expect(week.methods.cheque.kurus).toBe(3_000);
  });

  it('is empty with no payments', () => {
    const none = collectionsOf([], '2026-03-11', '2026-03-11');
    expect(none).toMatchObject({ total_kurus: 0, count: 0, people: [] });
  });
});

describe('receivablesOf', () => {
  const today = '2026-03-11';
  const accounts = [
    account('a', [
      ['2026-04-01', 10_000], // not due
      ['2026-03-11', 5_000], // due today: 0–30
      ['2026-01-20', 2_000], // 50 days: 31–60
    ]),
    account('b', [['2025-10-01', 40_000]]), // 161 days: 90+
    account('c', [['2026-01-01', 3_000]], 8_000), // 69 days: 61–90, but in credit overall
    account('d', []),
  ];

  it('ages every account with the shared rule and sums the buckets', () => {
    const r = receivablesOf(accounts, today);
    expect(r.buckets).toEqual({
      not_due: 10_000,
      d0_30: 5_000,
      d31_60: 2_000,
      d61_90: 3_000,
      d90_plus: 40_000,
    });
    expect(r.open_kurus).toBe(60_000);
    expect(r.overdue_kurus).toBe(50_000);
    expect(r.unapplied_kurus).toBe(8_000);
    expect(r.debtor_count).toBe(2);
    // The same as adding each account's own ageing.
    const each = accounts.map((a) => ageingOfItems(a.open_items, a.unapplied_kurus, today));
    expect(r.overdue_kurus).toBe(each.reduce((s, a) => s + a.overdue_kurus, 0));
  });

  it('keeps the largest debtors, largest first, with their overdue amount', () => {
    const r = receivablesOf(accounts, today);
    expect(r.debtors).toEqual([
      { customer_id: 'b', balance_kurus: 40_000, overdue_kurus: 40_000 },
      { customer_id: 'a', balance_kurus: 17_000, overdue_kurus: 7_000 },
    ]);
  });

  it('keeps only the top N of many, in order', () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      account(`x${i}`, [['2026-03-01', ((i * 37) % 50) * 100 + 100]]),
    );
    const r = receivablesOf(many, today, 10);
    const expected = [...many]
      .sort((a, b) => b.balance_kurus - a.balance_kurus)
      .slice(0, 10)
      .map((a) => a.balance_kurus);
    expect(r.debtors.map((d) => d.balance_kurus)).toEqual(expected);
    expect(r.debtor_count).toBe(50);
  });
});

describe('documentsDue', () => {
  it("lists the portfolio's cheques and notes due in the week, earliest first", () => {
    const docs = [
      payment({ id: 'late', method: 'cheque', document_status: 'portfolio', document_due_day: '2026-03-15' }),
      payment({
        id: 'early',
        method: 'promissory_note',
        document_status: 'portfolio',
        document_due_day: '2026-03-09',
      }),
      payment({ id: 'next', method: 'cheque', document_status: 'portfolio', document_due_day: '2026-03-16' }),
      payment({ id: 'paid', method: 'cheque', document_status: 'collected', document_due_day: '2026-03-10' }),
      payment({
        id: 'undone',
        method: 'cheque',
        document_status: 'portfolio',
        document_due_day: '2026-03-10',
        reversed_at: '2026-03-10T10:00:00.000Z',
      }),
      payment({ id: 'cash', document_due_day: '2026-03-10' }),
    ];
    expect(documentsDue(docs, '2026-03-09', '2026-03-15').map((p) => p.id)).toEqual(['early', 'late']);
  });
});

describe('differenceOf', () => {
  it('is counted − expected over every method (short is negative)', () => {
    const expected = { cash: 10_000, card: 2_000, transfer: 0, cheque: 5_000, promissory_note: 0 };
    expect(differenceOf({ ...expected, cash: 9_500 }, expected)).toBe(-500);
    expect(differenceOf({ ...expected, transfer: 100 }, expected)).toBe(100);
    expect(differenceOf(expected, expected)).toBe(0);
  });
});
