import { useLiveQuery } from 'dexie-react-hooks';
import type { OrderEvent } from '../../shared/api/entities';
import {
  type ActingUser,
  allowedNextStatuses,
  findTransition,
  isOrderStatus,
  type OrderRef,
  type OrderStatus,
  type ProducedStatus,
} from '../../shared/domain/order-status';
import { type LocalDb, type OutboxEntry, parseRecordKey } from '../local/database';
import { type MessageKey, t } from '../shared-ui/i18n';
import { useFilterParam } from '../shared-ui/kit/list-address';
import { useLocalDb, useLocalStore, useOnline, useSyncStatus } from '../shared-ui/local-store';
import { blockedMoveText } from '../shared-ui/transition-block';

/**
 * Small pieces shared by the /orders list and the /orders/{id} detail screen: the buttons the
 * status machine allows (with their labels), the history's wording, and each order's sync state
 * (unsent / refused changes) read from the outbox. Also the `?status=` filter of /orders and
 * /my-orders.
 */

/**
 * Labels for transitions the spec names no button for (delivery, returns…). The spec's labels
 * ('Onayla', 'Reddet', 'Hazırla', 'Kargoya Ver') come from the machine's `action`.
 */
const FALLBACK_ACTION: Partial<Record<ProducedStatus, MessageKey>> = {
  approved: 'action_approve',
  rejected: 'action_reject',
  cancelled: 'action_cancel',
  prepared: 'action_prepare',
  in_transit: 'action_ship',
  out_for_delivery: 'action_outForDelivery',
  delivered: 'action_markDelivered',
  returned: 'action_return',
  refunded: 'action_refund',
};

/** The catalogue key of each spec button label the machine carries (its Turkish `action`). */
const SPEC_ACTION_KEYS: Record<string, MessageKey> = {
  Onayla: 'action_approve',
  Reddet: 'action_reject',
  Hazırla: 'action_prepare',
  'Kargoya Ver': 'action_ship',
};

export interface StatusAction {
  to: ProducedStatus;
  label: string;
  requiresNotes: boolean;
  /**
   * Why the move cannot be made yet (a precondition of the machine, e.g. no driver for
   * 'Kargoya Ver'), or null. The button is shown disabled with this reason, not hidden.
   */
  blocked: string | null;
}

/**
 * The status buttons `user` gets on `order`, straight from the machine (allowedNextStatuses).
 * Two transitions out of one status may carry the same spec label: pending_approval → rejected
 * ('Reddet', here and on the dashboards) and pending_approval → cancelled (also labelled 'Reddet'
 * in the machine). Where both are allowed, the first keeps the spec's label and the other gets its own
 * ('İptal Et'), so a manager never sees two identical buttons doing different things. A failed
 * delivery (out_for_delivery → in_transit) is named as such, and a salesperson's own
 * pending_approval → cancelled reads 'İptal Et'. A delivery (needs a proof) is no button here.
 * A move the order is not ready for ('Kargoya Ver' without a driver) carries its reason in `blocked`.
 */
export function statusActions(user: ActingUser | null, order: OrderRef | null | undefined): StatusAction[] {
  if (!user || !order) return [];
  const used = new Set<string>();
  // A delivery needs its proof (recipient, signature): it is made from the driver's work list,
  // never by a bare status button (the server refuses it there too).
  const next = allowedNextStatuses(user, order).filter(
    (to) => !findTransition(order.status, to)?.requiresProof,
  );
  return next.map((to) => {
    const transition = findTransition(order.status, to);
    // Keys, not texts, are compared, so the de-duplication is the same in every language.
    let key: MessageKey | undefined =
      (transition?.action && SPEC_ACTION_KEYS[transition.action]) || FALLBACK_ACTION[to];
    if (order.status === 'out_for_delivery' && to === 'in_transit') key = 'action_deliveryFailed';
    // A salesperson withdrawing their OWN order cancels it: the dashboards' 'Reddet' would say
    // "reject" for what is a cancellation, so they read 'İptal Et' everywhere.
    if (to === 'cancelled' && user.role === 'salesperson') key = 'action_cancel';
    if (key && used.has(key)) key = FALLBACK_ACTION[to];
    if (key) used.add(key);
    const label = key ? t(key) : (transition?.action ?? to);
    const blocked = blockedMoveText(order, to);
    return { to, label, requiresNotes: !!transition?.requiresNotes, blocked: blocked ? t(blocked) : null };
  });
}

/** How the order's history names each kind of event. */
export const EVENT_LABELS: Record<OrderEvent['event_type'], MessageKey> = {
  created: 'event_created',
  status_changed: 'event_statusChanged',
  driver_assigned: 'event_driverAssigned',
  updated: 'event_updated',
  item_scanned: 'event_itemScanned',
};

/** The sync state of one order on this device. */
export interface OrderSyncState {
  /** Some change of it has not reached the server yet. */
  pending: boolean;
  /** The server refused a change of it: its reason (the latest refusal). */
  failedReason: string | null;
}

/** Sync state from one order's outbox entries (plus the row's own pending_sync mark). */
export function syncStateOf(entries: readonly OutboxEntry[], pendingSync = false): OrderSyncState {
  const failed = entries.filter((e) => e.status === 'failed');
  return {
    pending: pendingSync || entries.some((e) => e.status === 'pending'),
    failedReason: failed.length ? (failed[failed.length - 1]?.error ?? t('serverRejectedChangeShort')) : null,
  };
}

async function outboxByOrder(db: LocalDb): Promise<Map<string, OutboxEntry[]>> {
  // The outbox holds what this device has not yet sent: small, so one read of it is cheap, and
  // the list then marks its rows without a query per row.
  const entries = await db.outbox.orderBy('seq').toArray();
  const byOrder = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    for (const key of entry.records) {
      const parsed = parseRecordKey(key);
      if (parsed?.collection !== 'orders') continue;
      const list = byOrder.get(parsed.id) ?? [];
      list.push(entry);
      byOrder.set(parsed.id, list);
    }
  }
  return byOrder;
}

/** Every order's outbox entries, live (for the list's "pending sync" marks). */
export function useOutboxByOrder(): Map<string, OutboxEntry[]> {
  const db = useLocalDb();
  return useLiveQuery(async () => (db ? outboxByOrder(db) : new Map()), [db]) ?? new Map();
}

/**
 * True while an empty answer from the local store would be premature: the store is not open yet,
 * or it has never completed a pull and the network is there (the first pull is on its way). The
 * screens show a spinner then, not 'Sipariş bulunamadı'. Offline with nothing ever pulled, the
 * empty answer is the truth for this device and is shown.
 */
export function useStoreWarmingUp(): boolean {
  const { store } = useLocalStore();
  const lastPullAt = useSyncStatus((s) => s.lastPullAt);
  const online = useOnline();
  return !store || (!lastPullAt && online);
}

/**
 * The status filter of /orders and /my-orders, kept in the `status` query parameter so a reload or
 * a shared link keeps it. `status` is the parameter when it names a status, else null
 * (no filter); `raw` is the parameter as written, for a page that treats an unknown one specially.
 * With `replace`, a filter change replaces the history entry instead of adding one. A new filter
 * starts from the first page.
 */
export function useStatusParam({ replace = false }: { replace?: boolean } = {}): {
  raw: string | null;
  status: OrderStatus | null;
  setStatus: (value: string) => void;
} {
  const { value: raw, set: setStatus } = useFilterParam('status', { replace });
  return { raw, status: isOrderStatus(raw) ? raw : null, setStatus };
}
