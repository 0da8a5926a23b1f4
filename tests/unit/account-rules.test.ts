import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKET_LABELS_EN,
  AGEING_BUCKETS,
  addDays,
  ageingBucketOf,
  ageingOf,
  ageingOfItems,
  balanceOf,
  creditDecision,
  creditOpenItems,
  daysBetween,
  dueDayOf,
  formatReceiptNumber,
  isDay,
  type LedgerEntry,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_KIND_LABELS_EN,
  MOVEMENT_KINDS,
  movementRefusal,
  PAYMENT_DETAIL_FIELDS,
  PAYMENT_DETAIL_LABELS,
  PAYMENT_DETAIL_LABELS_EN,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_LABELS_EN,
  PAYMENT_METHODS,
  type PaymentInput,
  parseReceiptNumber,
  paymentRefusal,
  portfolioOf,
  RECEIPT_NUMBER_PATTERN,
  RECEIPT_NUMBER_PENDING,
  RECEIPT_NUMBER_PENDING_EN,
  settle,
  totalsByMethod,
} from '../../src/shared/domain/account';
import {
  canAdjustAccount,
  canConfirmDayEnd,
  canOverrideCreditLimit,
  canReversePayment,
  canSeeAccount,
  canSetCredit,
  canTakePayment,
  hasDayEnd,
} from '../../src/shared/domain/account-access';
import { ROLES } from '../../src/shared/domain/roles';

/** The customer's running account: ledger arithmetic, settlement, ageing, payments, credit limits. */

let seq = 0;
const entry = (e: Partial<LedgerEntry> & Pick<LedgerEntry, 'kind' | 'amount_kurus'>): LedgerEntry => ({
  id: `m${++seq}`,
  day: '2026-01-01',
  ...e,
});
const invoice = (id: string, amount: number, day: string, dueDays = 0): LedgerEntry =>
  entry({ id, kind: 'sales_invoice', amount_kurus: amount, day, due_day: dueDayOf(day, dueDays) });
const payment = (id: string, amount: number, day: string, applies_to?: string[]): LedgerEntry =>
  entry({ id, kind: 'payment', amount_kurus: -amount, day, applies_to });
const openOf = (entries: LedgerEntry[]) =>
  Object.fromEntries(settle(entries).items.map((i) => [i.id, i.open_kurus]));

describe('days', () => {
  it('counts whole calendar days, across months, leap days and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });
  it('knows a real day from a malformed or impossible one', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('26-01-01')).toBe(false);
    expect(isDay(20260101)).toBe(false);
  });
  it('an invoice falls due its issue day plus the terms; 0 = cash on delivery; terms are bounded', () => {
    expect(dueDayOf('2026-01-15', 0)).toBe('2026-01-15');
    expect(dueDayOf('2026-01-15', 30)).toBe('2026-02-14');
    expect(dueDayOf('2026-01-15', -5)).toBe('2026-01-15');
    expect(dueDayOf('2026-01-01', 10_000)).toBe('2027-01-01');
  });
});

describe('the ledger', () => {
  it('the balance is the sum of every movement; a reversal cancels what it names', () => {
    const inv = invoice('i1', 120_000, '2026-01-01');
    const pay = payment('p1', 50_000, '2026-01-05');
    const undo = entry({ kind: 'payment_reversal', amount_kurus: 50_000, reverses: 'p1' });
    expect(balanceOf([inv, pay])).toBe(70_000);
    expect(balanceOf([inv, pay, undo])).toBe(120_000);
    expect(balanceOf([])).toBe(0);
  });

  it('each kind moves the balance only its way', () => {
    expect(movementRefusal({ kind: 'sales_invoice', amount_kurus: 100 })).toBeNull();
    expect(movementRefusal({ kind: 'sales_invoice', amount_kurus: -100 })?.code).toBe('amount_sign');
    expect(movementRefusal({ kind: 'payment', amount_kurus: 100 })?.code).toBe('amount_sign');
    expect(movementRefusal({ kind: 'return_invoice', amount_kurus: 100 })?.code).toBe('amount_sign');
    expect(movementRefusal({ kind: 'refund', amount_kurus: -1 })?.code).toBe('amount_sign');
    expect(movementRefusal({ kind: 'adjustment', amount_kurus: -100 })).toBeNull();
    expect(movementRefusal({ kind: 'opening_balance', amount_kurus: 100 })).toBeNull();
    expect(movementRefusal({ kind: 'adjustment', amount_kurus: 0 })?.code).toBe('amount_invalid');
    expect(movementRefusal({ kind: 'adjustment', amount_kurus: 1.5 })?.code).toBe('amount_invalid');
    expect(movementRefusal({ kind: 'adjustment', amount_kurus: 1e15 })?.code).toBe('amount_invalid');
  });

  it('a reversal undoes once, exactly, and only what its kind may undo', () => {
    const pay = { kind: 'payment' as const, amount_kurus: -5_000, reversed: false };
    expect(movementRefusal({ kind: 'payment_reversal', amount_kurus: 5_000 }, pay)).toBeNull();
    expect(movementRefusal({ kind: 'cheque_returned', amount_kurus: 5_000 }, pay)).toBeNull();
    expect(movementRefusal({ kind: 'payment_reversal', amount_kurus: 4_000 }, pay)?.code).toBe(
      'reversal_amount',
    );
    expect(
      movementRefusal({ kind: 'payment_reversal', amount_kurus: 5_000 }, { ...pay, reversed: true })?.code,
    ).toBe('already_reversed');
    expect(movementRefusal({ kind: 'payment_reversal', amount_kurus: 5_000 })?.code).toBe('reversal_target');
    const inv = { kind: 'sales_invoice' as const, amount_kurus: 5_000, reversed: false };
    expect(movementRefusal({ kind: 'payment_reversal', amount_kurus: -5_000 }, inv)?.code).toBe(
      'reversal_target',
    );
    expect(movementRefusal({ kind: 'invoice_cancellation', amount_kurus: -5_000 }, inv)).toBeNull();
    const ret = { kind: 'return_invoice' as const, amount_kurus: -2_000, reversed: false };
    expect(movementRefusal({ kind: 'invoice_cancellation', amount_kurus: 2_000 }, ret)).toBeNull();
  });
});

describe('settlement (FIFO unless the payment names invoices)', () => {
  it('a payment settles the oldest due invoice first', () => {
    const entries = [
      invoice('a', 10_000, '2026-01-01'),
      invoice('b', 20_000, '2026-01-10'),
      invoice('c', 30_000, '2026-01-20'),
      payment('p', 25_000, '2026-01-25'),
    ];
    expect(openOf(entries)).toEqual({ a: 0, b: 5_000, c: 30_000 });
    expect(settle(entries).unapplied_kurus).toBe(0);
  });

  it('orders by due day, not by issue day: a later invoice on shorter terms is paid first', () => {
    const entries = [
      invoice('long', 10_000, '2026-01-01', 60), // due 2026-03-02
      invoice('short', 10_000, '2026-01-10', 0), // due 2026-01-10
      payment('p', 10_000, '2026-01-15'),
    ];
    expect(openOf(entries)).toEqual({ long: 10_000, short: 0 });
  });

  it('partial payments add up across several invoices', () => {
    const entries = [
      invoice('a', 10_000, '2026-01-01'),
      invoice('b', 10_000, '2026-01-02'),
      payment('p1', 3_000, '2026-01-03'),
      payment('p2', 3_000, '2026-01-04'),
      payment('p3', 5_000, '2026-01-05'),
    ];
    expect(openOf(entries)).toEqual({ a: 0, b: 9_000 });
  });

  it('a payment that names invoices pays them first, the rest goes FIFO', () => {
    const entries = [
      invoice('a', 10_000, '2026-01-01'),
      invoice('b', 10_000, '2026-01-02'),
      invoice('c', 10_000, '2026-01-03'),
      payment('p', 15_000, '2026-01-05', ['c']),
    ];
    expect(openOf(entries)).toEqual({ a: 5_000, b: 10_000, c: 0 });
  });

  it('named payments are applied before earlier unnamed ones take the same invoice', () => {
    const entries = [
      invoice('a', 10_000, '2026-01-01'),
      invoice('b', 10_000, '2026-01-02'),
      payment('early', 10_000, '2026-01-03'),
      payment('named', 10_000, '2026-01-04', ['a']),
    ];
    expect(openOf(entries)).toEqual({ a: 0, b: 0 });
  });

  it('an overpayment or an advance is unapplied credit, and pays the next invoice', () => {
    const advance = [payment('p', 50_000, '2026-01-01')];
    expect(settle(advance)).toEqual({ items: [], unapplied_kurus: 50_000 });
    const later = [...advance, invoice('a', 20_000, '2026-02-01')];
    expect(openOf(later)).toEqual({ a: 0 });
    expect(settle(later).unapplied_kurus).toBe(30_000);
    expect(ageingOf(later, '2026-02-01').balance_kurus).toBe(-30_000);
  });

  it('a return invoice is a credit that settles like a payment', () => {
    const entries = [
      invoice('a', 10_000, '2026-01-01'),
      entry({ id: 'r', kind: 'return_invoice', amount_kurus: -4_000, day: '2026-01-02', applies_to: ['a'] }),
    ];
    expect(openOf(entries)).toEqual({ a: 6_000 });
  });

  it('a reversed payment reopens what it had paid', () => {
    const entries = [
      invoice('a', 10_000, '2026-01-01'),
      payment('p', 10_000, '2026-01-02'),
      entry({ kind: 'payment_reversal', amount_kurus: 10_000, reverses: 'p', day: '2026-01-03' }),
    ];
    expect(openOf(entries)).toEqual({ a: 10_000 });
    expect(ageingOf(entries, '2026-01-03').balance_kurus).toBe(10_000);
  });

  it('a returned cheque (karşılıksız) reverses its credit', () => {
    const entries = [
      invoice('a', 30_000, '2026-01-01'),
      payment('cash', 10_000, '2026-01-02'),
      payment('cheque', 20_000, '2026-01-02'),
      entry({ kind: 'cheque_returned', amount_kurus: 20_000, reverses: 'cheque', day: '2026-02-01' }),
    ];
    expect(openOf(entries)).toEqual({ a: 20_000 });
  });

  it('a cancelled invoice drops out with its cancellation; what paid it pays the next one', () => {
    const entries = [
      invoice('a', 10_000, '2026-01-01'),
      invoice('b', 10_000, '2026-01-02'),
      payment('p', 10_000, '2026-01-03'),
      entry({ kind: 'invoice_cancellation', amount_kurus: -10_000, reverses: 'a', day: '2026-01-04' }),
    ];
    expect(openOf(entries)).toEqual({ b: 0 });
    expect(ageingOf(entries, '2026-01-04').balance_kurus).toBe(0);
  });

  it('a reversal that does not negate exactly counts as an ordinary movement (the sum stays the balance)', () => {
    const entries = [
      invoice('a', 10_000, '2026-01-01'),
      entry({ kind: 'invoice_cancellation', amount_kurus: -4_000, reverses: 'a' }),
    ];
    expect(openOf(entries)).toEqual({ a: 6_000 });
  });

  it('opening balances, refunds and debit adjustments are open items; credit adjustments pay', () => {
    const entries = [
      entry({ id: 'o', kind: 'opening_balance', amount_kurus: 5_000, day: '2025-12-31' }),
      invoice('a', 10_000, '2026-01-01'),
      entry({ id: 'adj', kind: 'adjustment', amount_kurus: -6_000, day: '2026-01-02' }),
      entry({ id: 'ref', kind: 'refund', amount_kurus: 1_000, day: '2026-01-03' }),
    ];
    expect(openOf(entries)).toEqual({ o: 0, a: 9_000, ref: 1_000 });
  });
});

describe('ageing', () => {
  it('buckets by days past due: due today is 0 days late', () => {
    expect(ageingBucketOf('2026-01-10', '2026-01-09')).toBe('not_due');
    expect(ageingBucketOf('2026-01-10', '2026-01-10')).toBe('d0_30');
    expect(ageingBucketOf('2026-01-10', '2026-02-09')).toBe('d0_30');
    expect(ageingBucketOf('2026-01-10', '2026-02-10')).toBe('d31_60');
    expect(ageingBucketOf('2026-01-10', '2026-03-11')).toBe('d31_60');
    expect(ageingBucketOf('2026-01-10', '2026-03-12')).toBe('d61_90');
    expect(ageingBucketOf('2026-01-10', '2026-04-10')).toBe('d61_90');
    expect(ageingBucketOf('2026-01-10', '2026-04-11')).toBe('d90_plus');
  });

  it('puts what is unpaid of each invoice in its bucket, and sums to the balance', () => {
    const entries = [
      invoice('old', 10_000, '2025-09-01'), // 120 days late on 2025-12-30
      invoice('mid', 20_000, '2025-11-01'),
      invoice('new', 30_000, '2025-12-20', 30),
      payment('p', 15_000, '2025-12-25'),
    ];
    const a = ageingOf(entries, '2025-12-30');
    expect(a).toMatchObject({
      d90_plus: 0,
      d31_60: 15_000,
      not_due: 30_000,
      open_kurus: 45_000,
      overdue_kurus: 15_000,
      balance_kurus: 45_000,
    });
  });

  it('holds for any ledger: Σ open − unapplied = balance; nothing negative; FIFO leaves no older debit open', () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-01', n));
    const movement = fc.oneof(
      fc.record({
        kind: fc.constant('sales_invoice' as const),
        amount: fc.integer({ min: 1, max: 1e7 }),
        day,
        terms: fc.integer({ min: 0, max: 90 }),
      }),
      fc.record({
        kind: fc.constant('payment' as const),
        amount: fc.integer({ min: 1, max: 1e7 }),
        day,
        terms: fc.constant(0),
      }),
      fc.record({
        kind: fc.constant('return_invoice' as const),
        amount: fc.integer({ min: 1, max: 1e6 }),
        day,
        terms: fc.constant(0),
      }),
      fc.record({ kind: fc.constant('reverse' as const), amount: fc.nat(), day, terms: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(movement, { maxLength: 40 }), day, (moves, today) => {
        const ledger: LedgerEntry[] = [];
        const reversed = new Set<string>();
        moves.forEach((m, i) => {
          const id = `e${i}`;
          if (m.kind === 'reverse') {
            const target = ledger.filter((e) => !e.reverses && !reversed.has(e.id))[
              m.amount % Math.max(1, ledger.length)
            ];
            if (!target) return;
            reversed.add(target.id);
            const kind = target.kind === 'payment' ? 'payment_reversal' : 'invoice_cancellation';
            ledger.push({ id, kind, amount_kurus: -target.amount_kurus, day: m.day, reverses: target.id });
          } else if (m.kind === 'sales_invoice') {
            ledger.push({
              id,
              kind: m.kind,
              amount_kurus: m.amount,
              day: m.day,
              due_day: dueDayOf(m.day, m.terms),
            });
          } else {
            ledger.push({ id, kind: m.kind, amount_kurus: -m.amount, day: m.day });
          }
        });
        const { items, unapplied_kurus } = settle(ledger);
        const open = items.reduce((s, i) => s + i.open_kurus, 0);
        expect(open - unapplied_kurus).toBe(balanceOf(ledger));
        expect(unapplied_kurus).toBeGreaterThanOrEqual(0);
        for (const i of items) expect(i.open_kurus).toBeGreaterThanOrEqual(0);
        if (unapplied_kurus > 0) expect(open).toBe(0);
        // With no named invoices, the open items are a suffix of the due order (only the first partly).
        const firstOpen = items.findIndex((i) => i.open_kurus > 0);
        if (firstOpen >= 0)
          for (const i of items.slice(firstOpen + 1)) expect(i.open_kurus).toBe(i.amount_kurus);
        const ageing = ageingOf(ledger, today);
        expect(ageing.balance_kurus).toBe(balanceOf(ledger));
        expect(ageing.not_due + ageing.d0_30 + ageing.d31_60 + ageing.d61_90 + ageing.d90_plus).toBe(
          ageing.open_kurus,
        );
        // What the account row keeps (the open items as stored: id, due day, open) ages the same.
        const stored = items
          .filter((i) => i.open_kurus > 0)
          .map((i) => ({ id: i.id, due_day: i.due_day, open_kurus: i.open_kurus }));
        expect(ageingOfItems(stored, unapplied_kurus, today)).toEqual(ageing);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a payment applied to the kept open items (what a device shows before the server answers)', () => {
  const day = fc.integer({ min: 0, max: 200 }).map((n) => addDays('2026-01-01', n));
  const ledgerOf = fc.array(
    fc.record({
      debit: fc.boolean(),
      amount: fc.integer({ min: 1, max: 1e6 }),
      day,
      terms: fc.integer({ min: 0, max: 60 }),
    }),
    { maxLength: 30 },
  );
  const build = (moves: { debit: boolean; amount: number; day: string; terms: number }[]): LedgerEntry[] =>
    moves.map((m, i) =>
      m.debit ? invoice(`d${i}`, m.amount, m.day, m.terms) : payment(`c${i}`, m.amount, m.day),
    );

  it('an unnamed payment leaves exactly what settling the whole ledger with it would', () => {
    fc.assert(
      fc.property(ledgerOf, fc.integer({ min: 1, max: 2e6 }), day, (moves, amount, today) => {
        const ledger = build(moves);
        const before = settle(ledger);
        const open = before.items.filter((i) => i.open_kurus > 0);
        const applied = creditOpenItems(open, before.unapplied_kurus, amount);
        const after = settle([...ledger, payment('new', amount, today)]);
        expect(applied.unapplied_kurus).toBe(after.unapplied_kurus);
        expect(applied.items.map((i) => [i.id, i.open_kurus])).toEqual(
          after.items.filter((i) => i.open_kurus > 0).map((i) => [i.id, i.open_kurus]),
        );
        expect(ageingOfItems(applied.items, applied.unapplied_kurus, today)).toEqual(
          ageingOf([...ledger, payment('new', amount, today)], today),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a payment naming an invoice pays it first; the balance falls by the amount either way', () => {
    const items = [
      { id: 'a', due_day: '2026-01-01', open_kurus: 1000 },
      { id: 'b', due_day: '2026-02-01', open_kurus: 500 },
    ];
    expect(creditOpenItems(items, 0, 600, ['b'])).toEqual({
      items: [{ id: 'a', due_day: '2026-01-01', open_kurus: 900 }],
      unapplied_kurus: 0,
    });
    expect(creditOpenItems(items, 0, 600)).toEqual({
      items: [
        { id: 'a', due_day: '2026-01-01', open_kurus: 400 },
        { id: 'b', due_day: '2026-02-01', open_kurus: 500 },
      ],
      unapplied_kurus: 0,
    });
    expect(creditOpenItems(items, 50, 2000)).toEqual({ items: [], unapplied_kurus: 550 });
    // The items it was given are not changed.
    expect(items[0]?.open_kurus).toBe(1000);
  });
});

describe('payments', () => {
  const base: PaymentInput = { method: 'cash', amount_kurus: 10_000, day: '2026-03-01' };

  it('cash needs only an amount above zero, in whole kuruş', () => {
    expect(paymentRefusal(base)).toBeNull();
    expect(paymentRefusal({ ...base, amount_kurus: 0 })).toMatchObject({ field: 'amount', code: 'invalid' });
    expect(paymentRefusal({ ...base, amount_kurus: -5 })).toMatchObject({ field: 'amount' });
    expect(paymentRefusal({ ...base, amount_kurus: 10.5 })).toMatchObject({ field: 'amount' });
    expect(paymentRefusal({ ...base, amount_kurus: 1e14 })).toMatchObject({
      field: 'amount',
      code: 'out_of_range',
    });
    expect(paymentRefusal({ ...base, method: 'bitcoin' as never })).toMatchObject({ field: 'method' });
  });

  it('each method asks for its own details, by their labels', () => {
    expect(paymentRefusal({ ...base, method: 'card' })).toEqual({
      field: 'pos_slip_number',
      code: 'required',
      message: 'POS Slip No zorunludur.',
    });
    expect(paymentRefusal({ ...base, method: 'card', pos_slip_number: '  ' })?.code).toBe('required');
    expect(paymentRefusal({ ...base, method: 'card', pos_slip_number: '0042' })).toBeNull();
    expect(paymentRefusal({ ...base, method: 'transfer' })?.message).toBe('Banka Referansı zorunludur.');
    const cheque = { ...base, method: 'cheque' as const, document_number: 'A-1', bank_name: 'Ziraat' };
    expect(paymentRefusal(cheque)?.message).toBe('Vade Tarihi zorunludur.');
    expect(paymentRefusal({ ...cheque, document_due_day: '2026-06-01' })).toBeNull();
    expect(paymentRefusal({ ...cheque, document_due_day: '2026-02-30' })?.code).toBe('invalid');
    expect(paymentRefusal({ ...cheque, document_due_day: '2030-01-01' })?.code).toBe('out_of_range');
    expect(
      paymentRefusal({ ...cheque, bank_name: 'x'.repeat(65), document_due_day: '2026-06-01' }),
    ).toMatchObject({
      field: 'bank_name',
      code: 'too_long',
    });
    const note = {
      ...base,
      method: 'promissory_note' as const,
      document_number: 'S-9',
      document_due_day: '2026-04-01',
    };
    expect(paymentRefusal(note)?.message).toBe('Keşideci zorunludur.');
    expect(paymentRefusal({ ...note, drawer_name: 'Ahmet Yılmaz' })).toBeNull();
  });

  it('adds up a day by method and keeps reversed payments out', () => {
    const totals = totalsByMethod([
      { method: 'cash', amount_kurus: 10_000 },
      { method: 'cash', amount_kurus: 2_550 },
      { method: 'card', amount_kurus: 7_000 },
      { method: 'cheque', amount_kurus: 50_000 },
      { method: 'cash', amount_kurus: 99_999, reversed: true },
    ]);
    expect(totals).toEqual({
      cash: 12_550,
      card: 7_000,
      transfer: 0,
      cheque: 50_000,
      promissory_note: 0,
      total_kurus: 69_550,
    });
  });

  it('the portfolio holds cheques and notes not yet collected or returned', () => {
    const p = portfolioOf(
      [
        {
          method: 'cheque',
          amount_kurus: 10_000,
          document_status: 'portfolio',
          document_due_day: '2026-03-05',
        },
        {
          method: 'promissory_note',
          amount_kurus: 20_000,
          document_status: 'portfolio',
          document_due_day: '2026-04-01',
        },
        {
          method: 'cheque',
          amount_kurus: 40_000,
          document_status: 'collected',
          document_due_day: '2026-03-01',
        },
        {
          method: 'cheque',
          amount_kurus: 80_000,
          document_status: 'returned',
          document_due_day: '2026-03-01',
        },
        { method: 'cash', amount_kurus: 160_000 },
      ],
      '2026-03-07',
    );
    expect(p).toEqual({ total_kurus: 30_000, count: 2, due_kurus: 10_000, due_count: 1 });
  });
});

describe('receipt numbers', () => {
  it('THS + year + a 9-digit gap-free sequence, read back exactly', () => {
    expect(formatReceiptNumber(2026, 1)).toBe('THS2026000000001');
    expect(formatReceiptNumber(2026, 123_456_789)).toBe('THS2026123456789');
    expect(RECEIPT_NUMBER_PATTERN.test(formatReceiptNumber(2027, 42))).toBe(true);
    expect(parseReceiptNumber('THS2026000000042')).toEqual({ year: 2026, sequence: 42 });
    expect(parseReceiptNumber('THS2026000000000')).toBeNull();
    expect(parseReceiptNumber('ABC2026000000001')).toBeNull();
    expect(() => formatReceiptNumber(2026, 0)).toThrow(RangeError);
    expect(() => formatReceiptNumber(2026, 1_000_000_000)).toThrow(RangeError);
    expect(() => formatReceiptNumber(26, 1)).toThrow(RangeError);
  });
});

describe('credit limit', () => {
  it('refuses when balance + other approved orders + this order exceed the limit; the limit itself is allowed', () => {
    const f = { limit_kurus: 100_000, balance_kurus: 40_000, open_orders_kurus: 30_000, order_kurus: 30_000 };
    expect(creditDecision(f)).toEqual({ allowed: true, exposure_kurus: 100_000 });
    expect(creditDecision({ ...f, order_kurus: 30_001 })).toEqual({
      allowed: false,
      exposure_kurus: 100_001,
      over_kurus: 1,
    });
  });
  it('no limit allows anything; a credit balance lowers the exposure', () => {
    expect(
      creditDecision({ limit_kurus: null, balance_kurus: 1e12, open_orders_kurus: 0, order_kurus: 1 })
        .allowed,
    ).toBe(true);
    expect(
      creditDecision({
        limit_kurus: 10_000,
        balance_kurus: -5_000,
        open_orders_kurus: 0,
        order_kurus: 15_000,
      }).allowed,
    ).toBe(true);
    expect(
      creditDecision({ limit_kurus: 0, balance_kurus: 0, open_orders_kurus: 0, order_kurus: 1 }).allowed,
    ).toBe(false);
  });
});

describe('who may touch an account', () => {
  it('office roles everything; field roles only their own customers; the warehouse nothing', () => {
    expect(ROLES.filter((r) => canTakePayment(r, false))).toEqual(['admin', 'manager']);
    expect(ROLES.filter((r) => canTakePayment(r, true))).toEqual([
      'admin',
      'manager',
      'salesperson',
      'driver',
    ]);
    expect(ROLES.filter((r) => canSeeAccount(r, true))).toEqual([
      'admin',
      'manager',
      'salesperson',
      'driver',
    ]);
    expect(canSeeAccount('warehouse', true)).toBe(false);
    expect(ROLES.filter(canReversePayment)).toEqual(['admin', 'manager']);
    expect(ROLES.filter(canOverrideCreditLimit)).toEqual(['admin', 'manager']);
    expect(ROLES.filter(canConfirmDayEnd)).toEqual(['admin', 'manager']);
    expect(ROLES.filter(canAdjustAccount)).toEqual(['admin']);
    expect(canTakePayment(undefined, true)).toBe(false);
    expect(ROLES.filter(canSetCredit)).toEqual(['admin', 'manager']);
    expect(ROLES.filter(hasDayEnd)).toEqual(['salesperson', 'driver']);
  });
});

describe('labels', () => {
  it('every movement kind, method, detail and ageing bucket has a Turkish and an English label', () => {
    const pairs: [readonly string[], Record<string, string>, Record<string, string>][] = [
      [MOVEMENT_KINDS, MOVEMENT_KIND_LABELS, MOVEMENT_KIND_LABELS_EN],
      [PAYMENT_METHODS, PAYMENT_METHOD_LABELS, PAYMENT_METHOD_LABELS_EN],
      [PAYMENT_DETAIL_FIELDS, PAYMENT_DETAIL_LABELS, PAYMENT_DETAIL_LABELS_EN],
      [AGEING_BUCKETS, AGEING_BUCKET_LABELS, AGEING_BUCKET_LABELS_EN],
    ];
    for (const [keys, tr, en] of pairs) {
      expect(Object.keys(tr).sort()).toEqual([...keys].sort());
      expect(Object.keys(en).sort()).toEqual([...keys].sort());
      for (const key of keys) expect(tr[key]).not.toBe(en[key]);
    }
    expect(PAYMENT_METHOD_LABELS.transfer).toBe('Havale/EFT');
    expect(RECEIPT_NUMBER_PENDING).toBe('Numara bekleniyor');
    expect(RECEIPT_NUMBER_PENDING_EN).not.toBe(RECEIPT_NUMBER_PENDING);
  });
});
