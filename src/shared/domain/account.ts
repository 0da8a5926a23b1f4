import { type Kurus, MAX_ORDER_TOTAL_KURUS } from './money';

/**
 * The customer's running account (cari hesap): a ledger of movements whose sum is what the
 * customer owes. Amounts are signed integer kuruş: a debit (the customer owes more: a sales
 * invoice, a refund paid out) is positive, a credit (a payment, a return invoice) negative.
 *
 * The ledger is never edited, only added to: a mistake is undone by a reversal movement that names
 * the movement it undoes and carries exactly its negated amount, so the balance and every report
 * made from the ledger stay explainable line by line.
 *
 * Days are calendar days in the company's zone, written 'YYYY-MM-DD' (what people call "the 5th"),
 * never instants: due dates and ageing count whole days.
 */

/** Which way a kind of movement moves the balance. */
type Direction = 'debit' | 'credit' | 'either' | 'reversal';

interface MovementKindRule {
  direction: Direction;
  /** For a reversal: the kinds of movement it may undo. */
  reverses?: readonly MovementKind[];
}

export const MOVEMENT_KINDS = [
  'opening_balance',
  'sales_invoice',
  'return_invoice',
  'invoice_cancellation',
  'payment',
  'payment_reversal',
  'cheque_returned',
  'refund',
  'adjustment',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * Each kind's direction, as data (the server's checks and the device's screens read this one table):
 * - an opening balance and an admin's adjustment may go either way;
 * - a cancelled invoice (sales or return) is undone by an invoice cancellation;
 * - a payment or a refund taken by mistake is undone by a payment reversal;
 * - a cheque or promissory note that bounced (karşılıksız) undoes its payment by 'cheque_returned'.
 */
export const MOVEMENT_KIND_RULES: Record<MovementKind, MovementKindRule> = {
  opening_balance: { direction: 'either' },
  sales_invoice: { direction: 'debit' },
  return_invoice: { direction: 'credit' },
  invoice_cancellation: { direction: 'reversal', reverses: ['sales_invoice', 'return_invoice'] },
  payment: { direction: 'credit' },
  payment_reversal: { direction: 'reversal', reverses: ['payment', 'refund'] },
  cheque_returned: { direction: 'reversal', reverses: ['payment'] },
  refund: { direction: 'debit' },
  adjustment: { direction: 'either' },
};

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  opening_balance: 'Açılış Bakiyesi',
  sales_invoice: 'Satış Faturası',
  return_invoice: 'İade Faturası',
  invoice_cancellation: 'Fatura İptali',
  payment: 'Tahsilat',
  payment_reversal: 'Tahsilat İptali',
  cheque_returned: 'Karşılıksız Çek/Senet',
  refund: 'İade Ödemesi',
  adjustment: 'Düzeltme',
};

export const MOVEMENT_KIND_LABELS_EN: Record<MovementKind, string> = {
  opening_balance: 'Opening balance',
  sales_invoice: 'Sales invoice',
  return_invoice: 'Return invoice',
  invoice_cancellation: 'Invoice cancellation',
  payment: 'Payment',
  payment_reversal: 'Payment reversal',
  cheque_returned: 'Bounced cheque/note',
  refund: 'Refund paid out',
  adjustment: 'Adjustment',
};

/** One ledger line as the rules need it. */
export interface LedgerEntry {
  id: string;
  kind: MovementKind;
  /** Signed: + the customer owes more, − less. */
  amount_kurus: Kurus;
  /** The day it was posted. */
  day: string;
  /** When a debit falls due (an invoice's issue day + the customer's due days); its day otherwise. */
  due_day?: string | null;
  /** A reversal: the movement it undoes. */
  reverses?: string | null;
  /** A credit: the debits (e.g. invoices) it pays, in the order named, before anything else. */
  applies_to?: readonly string[] | null;
}

/** The balance: the sum of every movement (reversals included, so an undone pair adds nothing). */
export function balanceOf(entries: readonly Pick<LedgerEntry, 'amount_kurus'>[]): Kurus {
  let sum = 0;
  for (const e of entries) sum += e.amount_kurus;
  return sum;
}

export interface MovementRefusal {
  code: 'amount_invalid' | 'amount_sign' | 'reversal_target' | 'reversal_amount' | 'already_reversed';
  message: string;
}

/**
 * Whether a new movement may be added: a non-zero whole kuruş amount within bounds, the sign its
 * kind allows, and — for a reversal — a target of a kind it may undo, not undone already, with
 * exactly the negated amount.
 */
export function movementRefusal(
  movement: Pick<LedgerEntry, 'kind' | 'amount_kurus'>,
  target?: (Pick<LedgerEntry, 'kind' | 'amount_kurus'> & { reversed: boolean }) | null,
): MovementRefusal | null {
  const { kind, amount_kurus: amount } = movement;
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_ACCOUNT_AMOUNT_KURUS)
    return { code: 'amount_invalid', message: 'Tutar sıfırdan farklı ve sınırlar içinde olmalıdır.' };
  const rule = MOVEMENT_KIND_RULES[kind];
  if (rule.direction === 'debit' && amount < 0)
    return {
      code: 'amount_sign',
      message: `${MOVEMENT_KIND_LABELS[kind]} borç kaydıdır; tutarı artı olmalıdır.`,
    };
  if (rule.direction === 'credit' && amount > 0)
    return {
      code: 'amount_sign',
      message: `${MOVEMENT_KIND_LABELS[kind]} alacak kaydıdır; tutarı eksi olmalıdır.`,
    };
  if (rule.direction !== 'reversal') return null;
  if (!target || !rule.reverses?.includes(target.kind))
    return { code: 'reversal_target', message: `${MOVEMENT_KIND_LABELS[kind]} bu kaydı geri alamaz.` };
  if (target.reversed) return { code: 'already_reversed', message: 'Bu kayıt zaten geri alınmış.' };
  if (amount !== -target.amount_kurus)
    return {
      code: 'reversal_amount',
      message: 'Geri alma tutarı, geri alınan kaydın tutarının tersi olmalıdır.',
    };
  return null;
}

/** The largest single movement: an order's bound, so one invoice always fits. */
export const MAX_ACCOUNT_AMOUNT_KURUS: Kurus = MAX_ORDER_TOTAL_KURUS;

// ---------------------------------------------------------------------------------------------
// Days

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

function dayNumber(day: string): number {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new RangeError(`Geçersiz gün: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY;
}

/** Whether a text is a real calendar day 'YYYY-MM-DD' (no 31 February). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return false;
  return new Date(dayNumber(value) * MS_PER_DAY).toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Payment terms (vade): 0 = cash on delivery; at most a year. */
export const MAX_DUE_DAYS = 365;

/** An invoice falls due its issue day + the customer's due days. */
export function dueDayOf(issueDay: string, dueDays: number): string {
  return addDays(issueDay, Math.max(0, Math.min(MAX_DUE_DAYS, Math.trunc(dueDays || 0))));
}

// ---------------------------------------------------------------------------------------------
// Settlement and ageing

export interface OpenItem {
  id: string;
  kind: MovementKind;
  day: string;
  due_day: string;
  amount_kurus: Kurus;
  /** What is still unpaid of it. */
  open_kurus: Kurus;
}

export interface Settlement {
  /** Every debit with what is still unpaid of it, oldest due first (paid ones included, open 0). */
  items: OpenItem[];
  /** Credit not matched to any debit (an advance or an overpayment), ≥ 0. */
  unapplied_kurus: Kurus;
}

/**
 * Which debits are still unpaid. A reversal and the movement it undoes drop out together (a
 * reversal whose amount is not exactly the negation counts as an ordinary movement, so the sum
 * always equals the balance). Credits are matched to the debits they name first, in the order
 * named; what is left of every credit pays the debits by oldest due day first (FIFO), then by
 * posting day and ledger order. Invariant: Σ open − unapplied = the balance.
 */
export function settle(entries: readonly LedgerEntry[]): Settlement {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const paired = new Set<string>();
  for (const e of entries) {
    if (MOVEMENT_KIND_RULES[e.kind].direction !== 'reversal' || !e.reverses) continue;
    const target = byId.get(e.reverses);
    if (!target || paired.has(target.id) || target.amount_kurus !== -e.amount_kurus) continue;
    paired.add(target.id);
    paired.add(e.id);
  }
  const live = entries.filter((e) => !paired.has(e.id));
  const order = new Map(entries.map((e, i) => [e.id, i]));
  const items: OpenItem[] = live
    .filter((e) => e.amount_kurus > 0)
    .map((e) => ({
      id: e.id,
      kind: e.kind,
      day: e.day,
      due_day: e.due_day ?? e.day,
      amount_kurus: e.amount_kurus,
      open_kurus: e.amount_kurus,
    }))
    .sort(
      (a, b) =>
        a.due_day.localeCompare(b.due_day) ||
        a.day.localeCompare(b.day) ||
        (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
    );
  const itemById = new Map(items.map((i) => [i.id, i]));
  const credits = live.filter((e) => e.amount_kurus < 0).map((e) => ({ entry: e, left: -e.amount_kurus }));

  // Named debits first: the customer said what they paid.
  for (const credit of credits) {
    for (const id of credit.entry.applies_to ?? []) {
      const item = itemById.get(id);
      if (!item || credit.left === 0) continue;
      const take = Math.min(item.open_kurus, credit.left);
      item.open_kurus -= take;
      credit.left -= take;
    }
  }
  // Then oldest due first.
  let unapplied = 0;
  let next = 0;
  for (const credit of credits) {
    while (credit.left > 0 && next < items.length) {
      const item = items[next] as OpenItem;
      const take = Math.min(item.open_kurus, credit.left);
      item.open_kurus -= take;
      credit.left -= take;
      if (item.open_kurus === 0) next++;
    }
    unapplied += credit.left;
  }
  return { items, unapplied_kurus: unapplied };
}

/** Ageing buckets: not yet due, then days past due 0–30, 31–60, 61–90 and over 90. */
export const AGEING_BUCKETS = ['not_due', 'd0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  not_due: 'Vadesi Gelmemiş',
  d0_30: '0–30 Gün',
  d31_60: '31–60 Gün',
  d61_90: '61–90 Gün',
  d90_plus: '90+ Gün',
};
export const AGEING_BUCKET_LABELS_EN: Record<AgeingBucket, string> = {
  not_due: 'Not yet due',
  d0_30: '0–30 days',
  d31_60: '31–60 days',
  d61_90: '61–90 days',
  d90_plus: '90+ days',
};

/** The bucket of a debit due on `dueDay`, seen on `today` (due today is 0 days past due). */
export function ageingBucketOf(dueDay: string, today: string): AgeingBucket {
  const late = daysBetween(dueDay, today);
  if (late < 0) return 'not_due';
  if (late <= 30) return 'd0_30';
  if (late <= 60) return 'd31_60';
  if (late <= 90) return 'd61_90';
  return 'd90_plus';
}

export type Ageing = Record<AgeingBucket, Kurus> & {
  /** Unpaid in all buckets. */
  open_kurus: Kurus;
  unapplied_kurus: Kurus;
  /** = open − unapplied = the balance. */
  balance_kurus: Kurus;
  /** Unpaid and past due (every bucket but 'not_due'). */
  overdue_kurus: Kurus;
};

/** What is unpaid, by how late it is on `today`. */
export function ageingOf(entries: readonly LedgerEntry[], today: string): Ageing {
  const { items, unapplied_kurus } = settle(entries);
  return ageingOfOpenItems(items, unapplied_kurus, today);
}

/**
 * The same from what a settlement left: the debits still unpaid (their due day and what is open
 * of each) and the unapplied credit. The account row keeps exactly these after every posting, so
 * the server reads the ageing of any day from that one row instead of settling the whole ledger
 * again (10,000 movements cost a read of the ledger per request otherwise).
 */
export function ageingOfOpenItems(
  items: readonly Pick<OpenItem, 'due_day' | 'open_kurus'>[],
  unapplied_kurus: Kurus,
  today: string,
): Ageing {
  const ageing: Ageing = {
    not_due: 0,
    d0_30: 0,
    d31_60: 0,
    d61_90: 0,
    d90_plus: 0,
    open_kurus: 0,
    unapplied_kurus,
    balance_kurus: 0,
    overdue_kurus: 0,
  };
  for (const item of items) {
    if (item.open_kurus === 0) continue;
    const bucket = ageingBucketOf(item.due_day, today);
    ageing[bucket] += item.open_kurus;
    ageing.open_kurus += item.open_kurus;
    if (bucket !== 'not_due') ageing.overdue_kurus += item.open_kurus;
  }
  ageing.balance_kurus = ageing.open_kurus - unapplied_kurus;
  return ageing;
}

// ---------------------------------------------------------------------------------------------
// Payments

export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'cheque', 'promissory_note'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Nakit',
  card: 'Kredi Kartı',
  transfer: 'Havale/EFT',
  cheque: 'Çek',
  promissory_note: 'Senet',
};
export const PAYMENT_METHOD_LABELS_EN: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Credit card',
  transfer: 'Bank transfer',
  cheque: 'Cheque',
  promissory_note: 'Promissory note',
};

/** The details a method needs, besides the amount. */
export const PAYMENT_DETAIL_FIELDS = [
  'pos_slip_number',
  'bank_reference',
  'document_number',
  'bank_name',
  'drawer_name',
  'document_due_day',
] as const;
export type PaymentDetailField = (typeof PAYMENT_DETAIL_FIELDS)[number];

/** Which details each method asks for (all of them required). */
export const PAYMENT_METHOD_FIELDS: Record<PaymentMethod, readonly PaymentDetailField[]> = {
  cash: [],
  card: ['pos_slip_number'],
  transfer: ['bank_reference'],
  cheque: ['document_number', 'bank_name', 'document_due_day'],
  promissory_note: ['document_number', 'drawer_name', 'document_due_day'],
};

export const PAYMENT_DETAIL_LABELS: Record<PaymentDetailField, string> = {
  pos_slip_number: 'POS Slip No',
  bank_reference: 'Banka Referansı',
  document_number: 'Belge No',
  bank_name: 'Banka',
  drawer_name: 'Keşideci',
  document_due_day: 'Vade Tarihi',
};
export const PAYMENT_DETAIL_LABELS_EN: Record<PaymentDetailField, string> = {
  pos_slip_number: 'POS slip no.',
  bank_reference: 'Bank reference',
  document_number: 'Document no.',
  bank_name: 'Bank',
  drawer_name: 'Drawer',
  document_due_day: 'Due date',
};

/** Cheques and notes are money not yet in: they wait in the portfolio until collected or returned. */
export const DEFERRED_METHODS: readonly PaymentMethod[] = ['cheque', 'promissory_note'];
export const isDeferred = (method: PaymentMethod): boolean => DEFERRED_METHODS.includes(method);

export const PAYMENT_LIMITS = {
  /** Free-text details (slip and document numbers, bank and drawer names). */
  detailMaxLength: 64,
  /** A reversal's or an adjustment's reason. */
  reasonMaxLength: 500,
  reasonMinLength: 3,
  noteMaxLength: 500,
  /** Invoices one payment may name. */
  maxAppliesTo: 50,
  /** A cheque's or a note's due day: at most this many days after the payment, or before it. */
  documentDueDaysAhead: 730,
  documentDueDaysBehind: 365,
} as const;

export interface PaymentInput {
  method: PaymentMethod;
  amount_kurus: Kurus;
  /** The day the payment was taken (the device's day in the company's zone). */
  day: string;
  pos_slip_number?: string | null;
  bank_reference?: string | null;
  document_number?: string | null;
  bank_name?: string | null;
  drawer_name?: string | null;
  document_due_day?: string | null;
}

export interface PaymentRefusal {
  field: 'method' | 'amount' | PaymentDetailField;
  code: 'required' | 'invalid' | 'too_long' | 'out_of_range';
  message: string;
}

/**
 * Whether a payment may be recorded, with the first field at fault named by its label: a known
 * method, an amount of whole kuruş above zero and within bounds, and each of the method's details
 * present, trimmed and within bounds (a document's due day a real day near the payment's).
 */
export function paymentRefusal(input: PaymentInput): PaymentRefusal | null {
  if (!(PAYMENT_METHODS as readonly string[]).includes(input.method))
    return { field: 'method', code: 'invalid', message: 'Ödeme Yöntemi geçerli değil.' };
  const amount = input.amount_kurus;
  if (!Number.isSafeInteger(amount) || amount <= 0)
    return { field: 'amount', code: 'invalid', message: 'Tutar sıfırdan büyük olmalıdır.' };
  if (amount > MAX_ACCOUNT_AMOUNT_KURUS)
    return { field: 'amount', code: 'out_of_range', message: 'Tutar çok büyük.' };
  for (const field of PAYMENT_METHOD_FIELDS[input.method]) {
    const label = PAYMENT_DETAIL_LABELS[field];
    const value = (input[field] ?? '').trim();
    if (!value) return { field, code: 'required', message: `${label} zorunludur.` };
    if (field === 'document_due_day') {
      if (!isDay(value) || !isDay(input.day))
        return { field, code: 'invalid', message: `${label} geçerli bir tarih olmalıdır.` };
      const ahead = daysBetween(input.day, value);
      if (ahead > PAYMENT_LIMITS.documentDueDaysAhead || ahead < -PAYMENT_LIMITS.documentDueDaysBehind)
        return { field, code: 'out_of_range', message: `${label} ödeme tarihine çok uzak.` };
    } else if (value.length > PAYMENT_LIMITS.detailMaxLength) {
      return {
        field,
        code: 'too_long',
        message: `${label} en fazla ${PAYMENT_LIMITS.detailMaxLength} karakter olabilir.`,
      };
    }
  }
  return null;
}

/** A cheque or note in the portfolio: waiting, collected (money in) or returned (bounced). */
export type DocumentStatus = 'portfolio' | 'collected' | 'returned';

export interface PaymentSummary {
  method: PaymentMethod;
  amount_kurus: Kurus;
  /** Reversed payments count nowhere. */
  reversed?: boolean;
  document_status?: DocumentStatus | null;
  document_due_day?: string | null;
}

/** Collections by method (reversed payments left out): what a day-end or a report adds up. */
export function totalsByMethod(payments: readonly PaymentSummary[]): Record<PaymentMethod, Kurus> & {
  total_kurus: Kurus;
} {
  const totals = { cash: 0, card: 0, transfer: 0, cheque: 0, promissory_note: 0, total_kurus: 0 };
  for (const p of payments) {
    if (p.reversed) continue;
    totals[p.method] += p.amount_kurus;
    totals.total_kurus += p.amount_kurus;
  }
  return totals;
}

/** The portfolio: cheques and notes still waiting, and those of them due by `untilDay`. */
export function portfolioOf(
  payments: readonly PaymentSummary[],
  untilDay?: string,
): { total_kurus: Kurus; count: number; due_kurus: Kurus; due_count: number } {
  const result = { total_kurus: 0, count: 0, due_kurus: 0, due_count: 0 };
  for (const p of payments) {
    if (p.reversed || !isDeferred(p.method) || (p.document_status ?? 'portfolio') !== 'portfolio') continue;
    result.total_kurus += p.amount_kurus;
    result.count++;
    if (untilDay && p.document_due_day && p.document_due_day <= untilDay) {
      result.due_kurus += p.amount_kurus;
      result.due_count++;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Receipt numbers

/**
 * A collection receipt (tahsilat makbuzu) number: 'THS', the 4-digit year and a 9-digit sequence
 * that runs without gaps within the tenant's year (e.g. `THS2026000000001`), assigned by the
 * server when the payment arrives — a device offline shows 'Numara bekleniyor' until then.
 */
export const RECEIPT_PREFIX = 'THS';
export const RECEIPT_NUMBER_PATTERN = /^THS\d{4}\d{9}$/;
export const RECEIPT_SEQUENCE_MAX = 999_999_999;
export const RECEIPT_NUMBER_PENDING = 'Numara bekleniyor';
export const RECEIPT_NUMBER_PENDING_EN = 'Number pending';

export function formatReceiptNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Geçersiz yıl: ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > RECEIPT_SEQUENCE_MAX)
    throw new RangeError(`Geçersiz makbuz sıra numarası: ${sequence}`);
  return `${RECEIPT_PREFIX}${year}${String(sequence).padStart(9, '0')}`;
}

export function parseReceiptNumber(number: string): { year: number; sequence: number } | null {
  if (!RECEIPT_NUMBER_PATTERN.test(number)) return null;
  const sequence = Number(number.slice(7));
  return sequence < 1 ? null : { year: Number(number.slice(3, 7)), sequence };
}

// ---------------------------------------------------------------------------------------------
// Credit limit

export interface CreditFigures {
  /** The customer's risk limit; null = none. */
  limit_kurus: Kurus | null;
  balance_kurus: Kurus;
  /** Approved orders not yet invoiced (their amount is not in the balance yet), this one excluded. */
  open_orders_kurus: Kurus;
  /** The order being approved. */
  order_kurus: Kurus;
}

export type CreditDecision =
  | { allowed: true; exposure_kurus: Kurus }
  | { allowed: false; exposure_kurus: Kurus; over_kurus: Kurus };

/**
 * Approving an order is refused when the balance + the other approved, not yet invoiced orders +
 * this order would exceed the customer's limit. A credit balance (the customer paid ahead) lowers
 * the exposure. Reaching the limit exactly is allowed.
 */
export function creditDecision(f: CreditFigures): CreditDecision {
  const exposure = f.balance_kurus + f.open_orders_kurus + f.order_kurus;
  if (f.limit_kurus === null || exposure <= f.limit_kurus) return { allowed: true, exposure_kurus: exposure };
  return { allowed: false, exposure_kurus: exposure, over_kurus: exposure - f.limit_kurus };
}
