import type { Payment, SyncedAccount } from '../../shared/api/accounts';
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  addDays,
  ageingOfItems,
  isDeferred,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../shared/domain/account';
import type { Kurus } from '../../shared/domain/money';

/**
 * The figures of /collections, counted on the device from the mirrored accounts and payments
 * (pure: the screen reads the store, these add up). Reversed payments count nowhere, as in the
 * server's day-end; an account is aged with the shared rule (ageingOfItems) on the company's day.
 */

/** The company's week: Monday to Sunday around `day` (both 'YYYY-MM-DD', inclusive). */
export function weekOf(day: string): { from: string; to: string } {
  // 0 = Sunday … 6 = Saturday; a week starts on Monday in Turkey.
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const from = addDays(day, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

type PaymentFacts = Pick<
  Payment,
  'method' | 'amount_kurus' | 'taken_by' | 'taken_by_name' | 'day' | 'reversed_at'
>;

export interface MethodFigure {
  kurus: Kurus;
  count: number;
}
export type MethodFigures = Record<PaymentMethod, MethodFigure>;

export interface PersonCollections {
  user_id: string;
  name: string;
  total_kurus: Kurus;
  count: number;
  methods: MethodFigures;
}

export interface Collections {
  total_kurus: Kurus;
  count: number;
  methods: MethodFigures;
  /** By who took them: the largest total first. */
  people: PersonCollections[];
}

const noMethods = (): MethodFigures =>
  Object.fromEntries(PAYMENT_METHODS.map((m) => [m, { kurus: 0, count: 0 }])) as MethodFigures;

/** The payments taken from `from` to `to` (company days, inclusive), by method and by person. */
export function collectionsOf(payments: readonly PaymentFacts[], from: string, to: string): Collections {
  const result: Collections = { total_kurus: 0, count: 0, methods: noMethods(), people: [] };
  const people = new Map<string, PersonCollections>();
  for (const p of payments) {
    if (p.reversed_at || p.day < from || p.day > to) continue;
    result.total_kurus += p.amount_kurus;
    result.count++;
    result.methods[p.method].kurus += p.amount_kurus;
    result.methods[p.method].count++;
    let person = people.get(p.taken_by);
    if (!person) {
      person = { user_id: p.taken_by, name: p.taken_by_name, total_kurus: 0, count: 0, methods: noMethods() };
      people.set(p.taken_by, person);
    }
    person.total_kurus += p.amount_kurus;
    person.count++;
    person.methods[p.method].kurus += p.amount_kurus;
    person.methods[p.method].count++;
  }
  result.people = [...people.values()].sort(
    (a, b) => b.total_kurus - a.total_kurus || a.name.localeCompare(b.name, 'tr'),
  );
  return result;
}

export interface Debtor {
  customer_id: string;
  balance_kurus: Kurus;
  overdue_kurus: Kurus;
}

export interface Receivables {
  /** What is unpaid, by how late it is (all accounts). */
  buckets: Record<AgeingBucket, Kurus>;
  open_kurus: Kurus;
  overdue_kurus: Kurus;
  /** Credit not matched to any debit (advances, overpayments). */
  unapplied_kurus: Kurus;
  /** Accounts that owe something (balance > 0). */
  debtor_count: number;
  /** The largest balances, largest first (at most `top`). */
  debtors: Debtor[];
}

type AccountFacts = Pick<SyncedAccount, 'id' | 'balance_kurus' | 'open_items' | 'unapplied_kurus'>;

/**
 * Receivables over every account, aged on `today`, and the `top` largest debtors. One pass; the
 * top list is kept sorted as it fills (a few comparisons per account, not a sort of them all).
 */
export function receivablesOf(accounts: readonly AccountFacts[], today: string, top = 10): Receivables {
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) as Record<AgeingBucket, Kurus>;
  const result: Receivables = {
    buckets,
    open_kurus: 0,
    overdue_kurus: 0,
    unapplied_kurus: 0,
    debtor_count: 0,
    debtors: [],
  };
  const debtors = result.debtors;
  for (const account of accounts) {
    const ageing = ageingOfItems(account.open_items, account.unapplied_kurus, today);
    for (const bucket of AGEING_BUCKETS) buckets[bucket] += ageing[bucket];
    result.open_kurus += ageing.open_kurus;
    result.overdue_kurus += ageing.overdue_kurus;
    result.unapplied_kurus += account.unapplied_kurus;
    if (account.balance_kurus <= 0) continue;
    result.debtor_count++;
    if (debtors.length === top && (debtors[top - 1] as Debtor).balance_kurus >= account.balance_kurus)
      continue;
    const debtor = {
      customer_id: account.id,
      balance_kurus: account.balance_kurus,
      overdue_kurus: ageing.overdue_kurus,
    };
    let at = debtors.length;
    while (at > 0 && (debtors[at - 1] as Debtor).balance_kurus < debtor.balance_kurus) at--;
    debtors.splice(at, 0, debtor);
    if (debtors.length > top) debtors.pop();
  }
  return result;
}

type DocumentFacts = Pick<
  Payment,
  | 'id'
  | 'method'
  | 'amount_kurus'
  | 'customer_id'
  | 'customer_name'
  | 'document_number'
  | 'document_due_day'
  | 'document_status'
  | 'reversed_at'
>;

/**
 * Cheques and notes still in the portfolio that fall due from `from` to `to` (inclusive), the
 * earliest first: what the office should present or chase this week.
 */
export function documentsDue<T extends DocumentFacts>(payments: readonly T[], from: string, to: string): T[] {
  return payments
    .filter(
      (p) =>
        !p.reversed_at &&
        isDeferred(p.method) &&
        p.document_status === 'portfolio' &&
        !!p.document_due_day &&
        p.document_due_day >= from &&
        p.document_due_day <= to,
    )
    .sort(
      (a, b) =>
        (a.document_due_day as string).localeCompare(b.document_due_day as string) ||
        b.amount_kurus - a.amount_kurus,
    );
}

/** Counted − expected over every method (negative = short): what a day-end records. */
export function differenceOf(
  counted: Record<PaymentMethod, Kurus>,
  expected: Record<PaymentMethod, Kurus>,
): Kurus {
  return PAYMENT_METHODS.reduce((sum, m) => sum + counted[m] - expected[m], 0);
}
