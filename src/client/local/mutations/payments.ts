import type { Payment, SyncedAccount } from '../../../shared/api/accounts';
import { API } from '../../../shared/api/endpoints';
import { SYNCED } from '../../../shared/api/synced';
import { creditOpenItems, withRecentPayments } from '../../../shared/domain/account';
import { defineMutation, type Row } from './define';

/**
 * The local effects of taking a payment (src/client/local/payments.ts queues it). Pure functions
 * of (row, entry), re-applied on every newer server version until acknowledged.
 */

const paymentKey = (id: string) => `${SYNCED.payments.record}:${id}`;
const isPaymentKey = (key: string) => key.startsWith(`${SYNCED.payments.record}:`);

/** The account with the payment's credit applied: the balance falls, its open items are paid. */
export function creditAccount(
  account: SyncedAccount | null,
  customerId: string,
  amountKurus: number,
  appliesTo: readonly string[],
  now: string,
  paymentId: string,
): SyncedAccount {
  const base: SyncedAccount = account ?? {
    id: customerId,
    balance_kurus: 0,
    due_days: 0,
    credit_limit_kurus: null,
    open_items: [],
    unapplied_kurus: 0,
    portfolio_kurus: 0,
    recent_payment_ids: [],
    movement_count: 0,
    last_movement_at: null,
    terms_version: 0,
    updated_at: now,
  };
  // The server's account already counts this payment (its answer was lost, a pull came first).
  if (base.recent_payment_ids.includes(paymentId)) return base;
  const settled = creditOpenItems(base.open_items, base.unapplied_kurus, amountKurus, appliesTo);
  return {
    ...base,
    balance_kurus: base.balance_kurus - amountKurus,
    open_items: settled.items,
    unapplied_kurus: settled.unapplied_kurus,
    recent_payment_ids: withRecentPayments(base.recent_payment_ids, [paymentId]),
    movement_count: base.movement_count + 1,
    last_movement_at: now,
  };
}

export const paymentMutations = {
  'payment.create': defineMutation(API.paymentCreate, {
    // Two records: the payment (absent → the optimistic one, which waits for its receipt number;
    // present → as the server sent it) and the customer's account (the credit applied, until a
    // pull brings the account the server computed).
    apply: (row, entry, key) => {
      if (isPaymentKey(key)) return row ?? (entry.local?.payment as Row | undefined) ?? null;
      const payment = entry.local?.payment as Payment | undefined;
      if (!payment) return row;
      return creditAccount(
        row as SyncedAccount | null,
        payment.customer_id,
        payment.amount_kurus,
        payment.applies_to,
        entry.created_at,
        payment.id,
      ) as unknown as Row;
    },
    fromResponse: (data: Payment) => ({ [paymentKey(data.id)]: data as unknown as Row }),
  }),
};
