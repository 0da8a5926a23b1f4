import type { CreatePaymentBody, Payment, SyncedAccount } from '../../shared/api/accounts';
import {
  type Ageing,
  type AgeingBucket,
  ageingBucketOf,
  ageingOfItems,
  isDeferred,
  PAYMENT_METHOD_LABELS,
  type PaymentDetailField,
  type PaymentMethod,
  RECEIPT_NUMBER_PENDING,
  RECEIPT_NUMBER_PENDING_EN,
} from '../../shared/domain/account';
import { formatTL } from '../../shared/domain/money';
import { type LocalAccount, type LocalDb, type LocalPayment, recordKey } from './database';
import { enqueue, uuid } from './outbox';
import type { AccountTally } from './tallies';

/**
 * Payments (tahsilat) on the device. Taking one works offline, like every change: the device
 * makes the payment's id (the server answers a second send of the same id with the first
 * payment, so it is taken exactly once), shows the payment at once without a receipt number
 * ('Numara bekleniyor': a receipt number runs without gaps, so only the server assigns it) and
 * the customer's account with its credit applied (local/mutations/payments.ts). The payment row
 * the server answers, and the account a later pull brings, replace them.
 */

/** What the person taking the payment entered, and who and when. */
export interface PaymentInput {
  customerId: string;
  customerName: string;
  orderId?: string | null;
  method: PaymentMethod;
  amountKurus: number;
  details: Partial<Record<PaymentDetailField, string | null>>;
  appliesTo?: string[];
  note?: string | null;
  takenBy: { id: string; full_name: string };
  /** The company's day at `now` (shared/domain/time.ts dayIn with the company's zone). */
  day: string;
  now: string;
}

/** The optimistic payment (no receipt number yet). Pure: the caller supplies the id and time. */
export function buildPaymentDraft(id: string, input: PaymentInput): Payment & { pending_sync: 1 } {
  const detail = (field: PaymentDetailField) => input.details[field]?.trim() || null;
  return {
    id,
    customer_id: input.customerId,
    customer_name: input.customerName,
    order_id: input.orderId ?? null,
    method: input.method,
    amount_kurus: input.amountKurus,
    receipt_number: '',
    pos_slip_number: detail('pos_slip_number'),
    bank_reference: detail('bank_reference'),
    document_number: detail('document_number'),
    bank_name: detail('bank_name'),
    drawer_name: detail('drawer_name'),
    document_due_day: detail('document_due_day'),
    document_status: isDeferred(input.method) ? 'portfolio' : null,
    applies_to: input.appliesTo ?? [],
    note: input.note?.trim() || null,
    taken_by: input.takenBy.id,
    taken_by_name: input.takenBy.full_name,
    taken_at: input.now,
    day: input.day,
    received_at: input.now,
    reversed_at: null,
    reversed_by_name: null,
    reverse_reason: null,
    version: 0,
    pending_sync: 1,
  };
}

/** The request a draft sends (amount as exact kuruş; details only where the method has them). */
export function paymentBody(draft: Payment): CreatePaymentBody {
  return {
    id: draft.id,
    customer_id: draft.customer_id,
    order_id: draft.order_id,
    method: draft.method,
    amount_kurus: draft.amount_kurus,
    pos_slip_number: draft.pos_slip_number,
    bank_reference: draft.bank_reference,
    document_number: draft.document_number,
    bank_name: draft.bank_name,
    drawer_name: draft.drawer_name,
    document_due_day: draft.document_due_day,
    ...(draft.applies_to.length ? { applies_to: draft.applies_to } : {}),
    note: draft.note,
    taken_at: draft.taken_at,
  };
}

/**
 * Take a payment (POST /payments through the outbox). The entry names the payment and the
 * customer's account, so both show the change at once, and it is ordered behind the order's
 * own unsent changes when it is taken at a delivery (its 'Teslim Edildi' goes first).
 */
export async function takePayment(db: LocalDb, input: PaymentInput): Promise<LocalPayment> {
  const id = uuid();
  const payment = buildPaymentDraft(id, input);
  const paymentKey = recordKey('payments', id);
  const records = [paymentKey, recordKey('accounts', input.customerId)];
  const orderKey = input.orderId ? recordKey('orders', input.orderId) : null;
  await enqueue(db, {
    id,
    kind: 'payment.create',
    summary: `Tahsilat alındı: ${input.customerName} — ${formatTL(input.amountKurus)} (${PAYMENT_METHOD_LABELS[input.method]})`,
    body: paymentBody(payment),
    records,
    record_key: orderKey ? `${orderKey} ${paymentKey}` : paymentKey,
    local: { payment },
  });
  return payment as LocalPayment;
}

/** The receipt number as shown: the number, or 'Numara bekleniyor' until the server assigns it. */
export function shownReceiptNumber(payment: Pick<Payment, 'receipt_number'>, english = false): string {
  if (payment.receipt_number) return payment.receipt_number;
  return english ? RECEIPT_NUMBER_PENDING_EN : RECEIPT_NUMBER_PENDING;
}

/** A customer's account as this device knows it, aged on `today` (offline too). */
export interface AccountView {
  account: SyncedAccount | null;
  balance_kurus: number;
  ageing: Ageing;
  portfolio_kurus: number;
  credit_limit_kurus: number | null;
}

export function accountView(account: SyncedAccount | null | undefined, today: string): AccountView {
  const a = account ?? null;
  return {
    account: a,
    balance_kurus: a?.balance_kurus ?? 0,
    ageing: ageingOfItems(a?.open_items ?? [], a?.unapplied_kurus ?? 0, today),
    portfolio_kurus: a?.portfolio_kurus ?? 0,
    credit_limit_kurus: a?.credit_limit_kurus ?? null,
  };
}

export function accountOf(db: LocalDb, customerId: string): Promise<LocalAccount | undefined> {
  return db.accounts.get(customerId);
}

/** The payments of one company day (of one person, when given), newest first. */
export async function paymentsOfDay(db: LocalDb, day: string, takenBy?: string): Promise<LocalPayment[]> {
  const rows = takenBy
    ? await db.payments.where('[taken_by+day]').equals([takenBy, day]).toArray()
    : await db.payments.where('day').equals(day).toArray();
  return rows.sort((a, b) => b.taken_at.localeCompare(a.taken_at));
}

/** A customer's payments on this device, newest first. */
export async function paymentsOfCustomer(db: LocalDb, customerId: string): Promise<LocalPayment[]> {
  const rows = await db.payments.where('customer_id').equals(customerId).toArray();
  return rows.sort((a, b) => b.taken_at.localeCompare(a.taken_at));
}

/** Receivables over every account on this device, aged on `today`, with the totals beside them. */
export interface Receivables {
  ageing: Record<AgeingBucket, number>;
  open_kurus: number;
  overdue_kurus: number;
  unapplied_kurus: number;
  balance_kurus: number;
  portfolio_kurus: number;
  /** Accounts on the device, and those that owe (balance above zero). */
  accounts: number;
  debtors: number;
}

/**
 * The receivables' ageing over every customer, from the accounts' tally (one row per due day
 * still open somewhere, kept as the mirror changes: local/tallies.ts), not from every account:
 * 5,000 customers are a read of a few hundred rows.
 */
export async function receivablesOf(db: LocalDb, today: string): Promise<Receivables> {
  const rows = (await db.tallies
    .where('collection')
    .equals('accounts')
    .toArray()) as unknown as AccountTally[];
  const r: Receivables = {
    ageing: { not_due: 0, d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 },
    open_kurus: 0,
    overdue_kurus: 0,
    unapplied_kurus: 0,
    balance_kurus: 0,
    portfolio_kurus: 0,
    accounts: 0,
    debtors: 0,
  };
  for (const row of rows) {
    const sums = row.sums;
    if (row.dims.due_day === null) {
      r.accounts += row.count;
      r.balance_kurus += sums.balance_kurus ?? 0;
      r.unapplied_kurus += sums.unapplied_kurus ?? 0;
      r.portfolio_kurus += sums.portfolio_kurus ?? 0;
      r.debtors += sums.debtors ?? 0;
      continue;
    }
    const open = sums.open_kurus ?? 0;
    const bucket = ageingBucketOf(row.dims.due_day, today);
    r.ageing[bucket] += open;
    r.open_kurus += open;
    if (bucket !== 'not_due') r.overdue_kurus += open;
  }
  return r;
}

/** The accounts that owe the most (balance above zero), largest first. */
export async function largestDebtors(db: LocalDb, limit: number): Promise<LocalAccount[]> {
  return db.accounts.where('balance_kurus').above(0).reverse().limit(limit).toArray();
}
