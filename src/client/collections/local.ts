import { useLiveQuery } from 'dexie-react-hooks';
import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKET_LABELS_EN,
  type AgeingBucket,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_LABELS_EN,
  type PaymentMethod,
} from '../../shared/domain/account';
import { formatDate } from '../../shared/domain/time';
import type { LocalPayment } from '../local/database';
import {
  accountView,
  largestDebtors,
  paymentsOfDay,
  receivablesOf as receivablesFromTally,
} from '../local/payments';
import { useLocalDb } from '../shared-ui/local-store';
import { useUi } from '../state/ui';
import {
  type Collections,
  collectionsOf,
  type Debtor,
  documentsDue,
  type Receivables,
  weekOf,
} from './figures';

/**
 * What /collections reads from the local store (the mirrored accounts, payments and customers:
 * every one of the tenant's on an admin's or a manager's device), so the screen works offline
 * after one online visit. Re-read whenever the sync or the outbox changes those tables.
 */

export interface NamedDebtor extends Debtor {
  name: string | null;
}

export interface CollectionsFigures {
  week: { from: string; to: string };
  today: Collections;
  thisWeek: Collections;
  receivables: Receivables;
  debtors: NamedDebtor[];
  documents: LocalPayment[];
}

/** The screen's figures on the company's day `today` (undefined while they are read). */
export function useCollectionsFigures(today: string): CollectionsFigures | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return null;
    const week = weekOf(today);
    const [weekPayments, tallied, top, portfolio] = await Promise.all([
      db.payments.where('day').between(week.from, week.to, true, true).toArray(),
      // The receivables from the accounts' tally (one row per open due day, kept as the mirror
      // changes), not from every account: 5,000 accounts would be a read of ~1 s on a handheld.
      receivablesFromTally(db, today),
      largestDebtors(db, 10),
      // Cheques and notes taken on any day (one taken months ago may fall due this week), by
      // their due day's index: only those due this week are read.
      db.payments.where('document_due_day').between(week.from, week.to, true, true).toArray(),
    ]);
    const receivables: Receivables = {
      buckets: tallied.ageing,
      open_kurus: tallied.open_kurus,
      overdue_kurus: tallied.overdue_kurus,
      unapplied_kurus: tallied.unapplied_kurus,
      debtor_count: tallied.debtors,
      debtors: top.map((account) => ({
        customer_id: account.id,
        balance_kurus: account.balance_kurus,
        overdue_kurus: accountView(account, today).ageing.overdue_kurus,
      })),
    };
    const customers = await db.customers.bulkGet(receivables.debtors.map((d) => d.customer_id));
    return {
      week,
      today: collectionsOf(weekPayments, today, today),
      thisWeek: collectionsOf(weekPayments, week.from, week.to),
      receivables,
      debtors: receivables.debtors.map((d, i) => ({ ...d, name: customers[i]?.full_name ?? null })),
      documents: documentsDue(portfolio, week.from, week.to),
    };
  }, [db, today]);
}

/** One day's collections on this device, by person (the day-end's read-only figures offline). */
export function useLocalDay(day: string): Collections | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? collectionsOf(await paymentsOfDay(db, day), day, day) : null),
    [db, day],
  );
}

const english = () => useUi.getState().language === 'en';

export function methodLabel(method: PaymentMethod): string {
  return (english() ? PAYMENT_METHOD_LABELS_EN : PAYMENT_METHOD_LABELS)[method];
}

export function bucketLabel(bucket: AgeingBucket): string {
  return (english() ? AGEING_BUCKET_LABELS_EN : AGEING_BUCKET_LABELS)[bucket];
}

/** A company day ('YYYY-MM-DD') as a date: 11.03.2026 in Turkish, 11/03/2026 in English. */
export function dayLabel(day: string): string {
  // Noon UTC read in UTC is that calendar day whatever the device's zone.
  return formatDate(`${day}T12:00:00.000Z`, 'UTC', english() ? 'en-GB' : 'tr-TR');
}
