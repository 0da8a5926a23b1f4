import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, MOVEMENT_KINDS } from '../../src/shared/domain/account';
import {
  accountStatement,
  STATEMENT_LIMITS,
  type StatementMovement,
  statementFilename,
  statementPeriod,
} from '../../src/shared/domain/account-statement';

/**
 * The customer statement's arithmetic (shared/domain/account-statement.ts): the balance brought
 * forward, the lines in day order with debit, credit and running balance, the totals, and the
 * closing balance = opening + debits − credits = the sum of everything dated up to the period's
 * end; the period a request names and the file's name.
 */

let seq = 0;
const move = (day: string, amount: number, extra: Partial<StatementMovement> = {}): StatementMovement => ({
  id: `m${++seq}`,
  seq,
  kind: amount > 0 ? 'sales_invoice' : 'payment',
  amount_kurus: amount,
  day,
  due_day: amount > 0 ? addDays(day, 30) : null,
  description: `BEL-${seq}`,
  reason: null,
  ...extra,
});

describe('accountStatement', () => {
  it('an example worked by hand: opening, debit and credit columns, running balance, totals', () => {
    const s = accountStatement({
      from: '2026-03-01',
      to: '2026-03-31',
      opening_kurus: 50_000,
      movements: [
        move('2026-03-10', -20_000),
        move('2026-03-02', 125_075),
        move('2026-03-31', 3_000, { kind: 'adjustment', description: '', reason: 'Kur farkı' }),
      ],
    });
    expect(s.lines.map((l) => [l.day, l.debit_kurus, l.credit_kurus, l.balance_kurus])).toEqual([
      ['2026-03-02', 125_075, 0, 175_075],
      ['2026-03-10', 0, 20_000, 155_075],
      ['2026-03-31', 3_000, 0, 158_075],
    ]);
    expect(s.lines.map((l) => l.label)).toEqual(['Satış Faturası', 'Tahsilat', 'Düzeltme']);
    expect(s.lines[2]?.text).toBe('Kur farkı');
    expect(s).toMatchObject({
      opening_kurus: 50_000,
      debit_total_kurus: 128_075,
      credit_total_kurus: 20_000,
      closing_kurus: 158_075,
    });
  });

  it('no movements: the closing balance is the opening', () => {
    const s = accountStatement({ from: '2026-01-01', to: '2026-01-31', opening_kurus: -700, movements: [] });
    expect(s).toMatchObject({ lines: [], debit_total_kurus: 0, credit_total_kurus: 0, closing_kurus: -700 });
  });

  it('one day: ledger order decides; a document and a reason are both printed', () => {
    const a = move('2026-05-05', 1000, { seq: 20, description: 'THS2026000000001', reason: 'Çift çekim' });
    const b = move('2026-05-05', -1000, { seq: 10 });
    const s = accountStatement({ from: '2026-05-05', to: '2026-05-05', opening_kurus: 0, movements: [a, b] });
    expect(s.lines.map((l) => l.seq)).toEqual([10, 20]);
    expect(s.lines[1]?.text).toBe('THS2026000000001 — Çift çekim');
  });

  it('a movement dated outside the period is a caller’s mistake', () => {
    expect(() =>
      accountStatement({
        from: '2026-05-01',
        to: '2026-05-31',
        opening_kurus: 0,
        movements: [move('2026-06-01', 5)],
      }),
    ).toThrow(RangeError);
  });

  it('any ledger, any period: opening + debits − credits = closing = the sum dated up to `to`; the running balance ends there', () => {
    const day = fc.integer({ min: 0, max: 120 }).map((n) => addDays('2026-01-01', n));
    const entry = fc.record({
      day,
      amount: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((n) => n !== 0),
      kind: fc.constantFrom(...MOVEMENT_KINDS),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), day, day, (entries, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const ledger = entries.map((e, i) => ({
          ...move(e.day, e.amount, { kind: e.kind }),
          seq: i + 1,
        }));
        const opening = ledger.filter((m) => m.day < from).reduce((s, m) => s + m.amount_kurus, 0);
        const s = accountStatement({
          from,
          to,
          opening_kurus: opening,
          movements: ledger.filter((m) => m.day >= from && m.day <= to),
        });
        const upTo = ledger.filter((m) => m.day <= to).reduce((sum, m) => sum + m.amount_kurus, 0);
        expect(s.closing_kurus).toBe(s.opening_kurus + s.debit_total_kurus - s.credit_total_kurus);
        expect(s.closing_kurus).toBe(upTo);
        expect(s.lines.at(-1)?.balance_kurus ?? s.opening_kurus).toBe(s.closing_kurus);
        for (const l of s.lines) {
          expect(l.debit_kurus >= 0 && l.credit_kurus >= 0).toBe(true);
          expect(l.debit_kurus - l.credit_kurus).toBe(l.amount_kurus);
        }
        // Posted in day order, the statement's running balance is the ledger's balance_after.
        const inDayOrder = [...ledger].sort((x, y) => x.day.localeCompare(y.day) || x.seq - y.seq);
        let running = 0;
        const after = new Map<string, number>();
        for (const m of inDayOrder) {
          running += m.amount_kurus;
          after.set(m.id, running);
        }
        for (const l of s.lines) expect(l.balance_kurus).toBe(after.get(l.id));
      }),
    );
  });
});

describe('statementPeriod', () => {
  const today = '2026-11-30';
  it('no dates: this month so far; only `to`: from the first of its month; only `from`: up to today', () => {
    expect(statementPeriod({}, today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(statementPeriod({ to: '2026-02-14' }, today)).toEqual({ from: '2026-02-01', to: '2026-02-14' });
    expect(statementPeriod({ from: '2026-06-15' }, today)).toEqual({ from: '2026-06-15', to: '2026-11-30' });
  });

  it('refuses an end before the start, a period over the bound and a non-day, naming the field by its label', () => {
    expect(statementPeriod({ from: '2026-05-02', to: '2026-05-01' }, today)).toEqual({
      field: 'to',
      message: 'Bitiş tarihi başlangıç tarihinden önce olamaz',
    });
    const full = statementPeriod({ from: '2024-01-01', to: '2024-12-31' }, today);
    expect(full).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    const long = statementPeriod({ from: '2024-01-01', to: '2025-01-01' }, today);
    expect(long).toMatchObject({ field: 'to' });
    expect((long as { message: string }).message).toMatch(/^Bitiş tarihi: .*366 gün/);
    expect(statementPeriod({ from: '2026-02-30' }, today)).toMatchObject({ field: 'from' });
    expect((statementPeriod({ from: '2026-02-30' }, today) as { message: string }).message).toMatch(
      /^Başlangıç tarihi/,
    );
    expect(statementPeriod({ to: 'dün' }, today)).toMatchObject({ field: 'to' });
    expect(STATEMENT_LIMITS.maxDays).toBe(366);
  });
});

describe('statementFilename', () => {
  it('the customer number, or the name in ASCII, and the period', () => {
    expect(
      statementFilename(
        { customer_number: 'MUS-000042', full_name: 'X' },
        { from: '2026-11-01', to: '2026-11-30' },
        'pdf',
      ),
    ).toBe('ekstre-mus-000042-2026-11-01-2026-11-30.pdf');
    expect(
      statementFilename(
        { customer_number: '', full_name: 'Şükrü Öztürk İğdır Çağ' },
        { from: '2026-01-01', to: '2026-01-31' },
        'xlsx',
      ),
    ).toBe('ekstre-sukru-ozturk-igdir-cag-2026-01-01-2026-01-31.xlsx');
    expect(statementFilename({ full_name: '=== ' }, { from: '2026-01-01', to: '2026-01-01' }, 'pdf')).toBe(
      'ekstre-musteri-2026-01-01-2026-01-01.pdf',
    );
  });
});
