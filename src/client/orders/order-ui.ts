import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
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
import { type LocalDb, type OutboxEntry, parseRecordKey } from '../local';
import { useLocalDb, useLocalStore, useOnline, useSyncStatus } from '../shared-ui/local-store';

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
const FALLBACK_ACTION: Partial<Record<ProducedStatus, string>> = {
  approved: 'Onayla',
  rejected: 'Reddet',
  cancelled: 'İptal Et',
  prepared: 'Hazırla',
  in_transit: 'Kargoya Ver',
  out_for_delivery: 'Dağıtıma Çıkar',
  delivered: 'Teslim Edildi Olarak İşaretle',
  returned: 'İade Al',
  refunded: 'Ücret İadesi Yap',
};

export interface StatusAction {
  to: ProducedStatus;
  label: string;
  requiresNotes: boolean;
}

/**
 * The status buttons `user` gets on `order`, straight from the machine (allowedNextStatuses).
 * Two transitions out of one status may carry the same spec label: pending_approval → rejected
 * ('Reddet' on the order detail) and pending_approval → cancelled ('Reddet' on the dashboards).
 * Where both are allowed, the first keeps the spec's label and the other gets its own
 * ('İptal Et'), so a manager never sees two identical buttons doing different things. A failed
 * delivery (out_for_delivery → in_transit) is named as such.
 */
export function statusActions(user: ActingUser | null, order: OrderRef | null | undefined): StatusAction[] {
  if (!user || !order) return [];
  const used = new Set<string>();
  return allowedNextStatuses(user, order).map((to) => {
    const transition = findTransition(order.status, to);
    let label = transition?.action ?? FALLBACK_ACTION[to] ?? to;
    if (order.status === 'out_for_delivery' && to === 'in_transit') label = 'Teslim Edilemedi';
    if (used.has(label)) label = FALLBACK_ACTION[to] ?? to;
    used.add(label);
    return { to, label, requiresNotes: !!transition?.requiresNotes };
  });
}

/** How the order's history names each kind of event. */
export const EVENT_LABELS: Record<OrderEvent['event_type'], string> = {
  created: 'Sipariş oluşturuldu',
  status_changed: 'Durum değişti',
  driver_assigned: 'Sürücü atandı',
  updated: 'Sipariş güncellendi',
  item_scanned: 'Ürün okutuldu',
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
    failedReason: failed.length ? (failed[failed.length - 1]?.error ?? 'Sunucu değişikliği reddetti') : null,
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
 * a shared link keeps it (spec §2). `status` is the parameter when it names a status, else null
 * (no filter); `raw` is the parameter as written, for a page that treats an unknown one specially.
 * With `replace`, a filter change replaces the history entry instead of adding one.
 */
export function useStatusParam({ replace = false }: { replace?: boolean } = {}): {
  raw: string | null;
  status: OrderStatus | null;
  setStatus: (value: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const setStatus = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('status', value);
    else next.delete('status');
    setParams(next, { replace });
  };
  return { raw, status: isOrderStatus(raw) ? raw : null, setStatus };
}
