import { customerMutations } from './customers';
import type { MutationDef } from './define';
import { deliveryMutations } from './delivery';
import { invoiceMutations } from './invoices';
import { notificationMutations } from './notifications';
import { orderMutations } from './orders';
import { paymentMutations } from './payments';
import { productMutations } from './products';
import { stockMutations } from './stock';
import { warehouseMutations } from './warehouse';

/**
 * THE table of outbox mutations: every kind of change a user can queue, each defined from the
 * endpoint it is sent to (./define.ts). `OutboxEntry.kind` is one of these keys, so a typo is a
 * type error, and a feature adds its kinds in its own file (./orders.ts, ./notifications.ts).
 *
 * These definitions stay here, not in the feature folders whose screens queue them: they are pure
 * data built from the endpoint table (no screen code), the sync engine must know every kind before
 * any screen loads (it replays entries queued in an earlier session, and a kind it does not know is
 * held back), and `OutboxEntry.kind` is typed by this table — defining them in the features would
 * make local/ import every feature.
 */
export const MUTATIONS = {
  ...orderMutations,
  ...notificationMutations,
  ...deliveryMutations,
  ...warehouseMutations,
  ...productMutations,
  ...stockMutations,
  ...customerMutations,
  ...invoiceMutations,
  ...paymentMutations,
} as const;

export type MutationKind = keyof typeof MUTATIONS;
export type MutationOf<K extends MutationKind> = (typeof MUTATIONS)[K];

/**
 * The definition of a stored entry's kind, or undefined for a kind this version of the app does
 * not know (written by a newer version, then the app was rolled back; or by an older one whose
 * kind was since renamed). Such an entry is never silently treated as a no-op: it is kept, shown
 * in the sync panel as unknown and not sent (its request may not be safe to replay under today's
 * rules), and it holds back the later entries of its record until the user discards it.
 */
export function mutationFor(kind: string): MutationDef | undefined {
  return Object.hasOwn(MUTATIONS, kind)
    ? (MUTATIONS[kind as MutationKind] as unknown as MutationDef)
    : undefined;
}

export function isKnownKind(kind: string): kind is MutationKind {
  return Object.hasOwn(MUTATIONS, kind);
}

export { isRow, type MutationDef, type Row } from './define';
