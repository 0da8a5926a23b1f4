import { addDays, daysBetween, isDay, MOVEMENT_KIND_LABELS, type MovementKind } from './account';
import type { Kurus } from './money';

/**
 * The customer statement (hesap ekstresi) of a period: the balance brought forward (every
 * movement dated before the period), one line per movement dated in it with its debit or credit
 * and the running balance, the period's debit and credit totals, and the closing balance.
 *
 * A statement is read by date, so its lines run by the movement's day (the company's calendar day
 * it belongs to), then by ledger order. The ledger's own order (`seq`) is the order of posting: a
 * payment taken offline and synced days later is posted after movements of later days, so the
 * ledger's running `balance_after` and the statement's running balance differ until the day the
 * late payment is dated is behind both. What never differs: the closing balance is the sum of
 * every movement dated up to the period's last day — opening + debits − credits — and it equals
 * the ledger's `balance_after` of the last movement dated ≤ `to` whenever the ledger was posted in
 * day order (nothing dated back).
 */

/** Bounds of a statement: a period of at most a leap year, and at most this many lines in it. */
export const STATEMENT_LIMITS = {
  /** Days in a period, both ends counted (a full year, leap or not). */
  maxDays: 366,
  /** Lines of one statement: a longer period is split by the person asking (a PDF of ~150 pages). */
  maxLines: 5_000,
} as const;

/** One movement as the statement needs it. */
export interface StatementMovement {
  id: string;
  seq: number;
  kind: MovementKind;
  /** Signed: + the customer owes more (debit), − less (credit). */
  amount_kurus: Kurus;
  day: string;
  due_day: string | null;
  /** The document: an invoice's or a receipt's number. */
  description: string;
  /** Why (an adjustment's, a reversal's reason). */
  reason: string | null;
}

export interface StatementLine extends StatementMovement {
  /** The kind as the statement prints it ('Satış Faturası'). */
  label: string;
  /** What the line prints under 'Belge / Açıklama': the document, then the reason. */
  text: string;
  debit_kurus: Kurus;
  credit_kurus: Kurus;
  /** The balance after this line: opening + every line up to it. */
  balance_kurus: Kurus;
}

export interface AccountStatement {
  from: string;
  to: string;
  /** The balance brought forward: every movement dated before `from`. */
  opening_kurus: Kurus;
  lines: StatementLine[];
  debit_total_kurus: Kurus;
  credit_total_kurus: Kurus;
  /** = opening + debits − credits = the last line's balance (the opening when there are none). */
  closing_kurus: Kurus;
}

/**
 * The statement of `from`–`to` (days, both inclusive) from the balance brought forward and the
 * movements dated in the period (any order: they are put in day order, then ledger order). A
 * movement dated outside the period is a caller's mistake, not a line to drop silently.
 */
export function accountStatement(input: {
  from: string;
  to: string;
  opening_kurus: Kurus;
  movements: readonly StatementMovement[];
}): AccountStatement {
  const { from, to, opening_kurus } = input;
  const sorted = [...input.movements].sort((a, b) => a.day.localeCompare(b.day) || a.seq - b.seq);
  let balance = opening_kurus;
  let debit = 0;
  let credit = 0;
  const lines = sorted.map((m): StatementLine => {
    if (m.day < from || m.day > to) throw new RangeError(`Dönem dışı hareket: ${m.id} (${m.day})`);
    const debitKurus = m.amount_kurus > 0 ? m.amount_kurus : 0;
    const creditKurus = m.amount_kurus < 0 ? -m.amount_kurus : 0;
    debit += debitKurus;
    credit += creditKurus;
    balance += m.amount_kurus;
    return {
      ...m,
      label: MOVEMENT_KIND_LABELS[m.kind],
      text: [m.description.trim(), m.reason?.trim() ?? ''].filter(Boolean).join(' — '),
      debit_kurus: debitKurus,
      credit_kurus: creditKurus,
      balance_kurus: balance,
    };
  });
  return {
    from,
    to,
    opening_kurus,
    lines,
    debit_total_kurus: debit,
    credit_total_kurus: credit,
    closing_kurus: opening_kurus + debit - credit,
  };
}

export interface StatementPeriodRefusal {
  field: 'from' | 'to';
  message: string;
}

/**
 * The period a statement request names, on the company's `today`: without `to`, up to today;
 * without `from`, from the first day of `to`'s month — so no dates at all is this month so far.
 * Refused (naming the field by its label): a text that is not a day, an end before the start, a
 * period longer than STATEMENT_LIMITS.maxDays.
 */
export function statementPeriod(
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string } | StatementPeriodRefusal {
  if (query.from !== undefined && !isDay(query.from))
    return { field: 'from', message: 'Başlangıç tarihi: YYYY-AA-GG biçiminde geçerli bir tarih giriniz' };
  if (query.to !== undefined && !isDay(query.to))
    return { field: 'to', message: 'Bitiş tarihi: YYYY-AA-GG biçiminde geçerli bir tarih giriniz' };
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 8)}01`;
  if (to < from) return { field: 'to', message: 'Bitiş tarihi başlangıç tarihinden önce olamaz' };
  if (daysBetween(from, to) + 1 > STATEMENT_LIMITS.maxDays)
    return {
      field: 'to',
      message: `Bitiş tarihi: ekstre dönemi en fazla ${STATEMENT_LIMITS.maxDays} gün olabilir (en geç ${addDays(from, STATEMENT_LIMITS.maxDays - 1)})`,
    };
  return { from, to };
}

/**
 * The file name of a statement: `ekstre-<customer>-<from>-<to>.<ext>`, the customer by its number
 * (or its name when it has none), in lower-case ASCII letters, digits and dashes — a name every
 * mail client and file system keeps as it is ('Şükrü Öztürk' → 'sukru-ozturk').
 */
export function statementFilename(
  customer: { customer_number?: string | null; full_name: string },
  period: { from: string; to: string },
  ext: 'pdf' | 'xlsx',
): string {
  const slug = slugOf(customer.customer_number?.trim() || customer.full_name) || 'musteri';
  return `ekstre-${slug}-${period.from}-${period.to}.${ext}`;
}

const ASCII_OF: Record<string, string> = { ı: 'i', İ: 'i', ş: 's', ğ: 'g', ü: 'u', ö: 'o', ç: 'c' };

function slugOf(text: string): string {
  return text
    .replace(/[ıİşğüöçŞĞÜÖÇ]/g, (c) => ASCII_OF[c.toLocaleLowerCase('tr')] ?? ASCII_OF[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
