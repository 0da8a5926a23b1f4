import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
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
 * The query of the address as it is NOW, or null when the address is no longer on `pathname` (the
 * user has left the screen: a write would bring them back). The router renders a new address in a
 * transition, so for a moment after a change `useSearchParams()` still holds the previous query: a
 * setter building on it would undo the change just made — a search typed and 'Sonraki sayfa'
 * clicked at once left `?page=2` without `q`, and 'Geri' then came back to an empty search box.
 * (BrowserRouter's history is the window's, so window.location is the address.)
 */
function currentParams(pathname: string): URLSearchParams | null {
  if (window.location.pathname !== pathname) return null;
  return new URLSearchParams(window.location.search);
}

/** True when the address is the one this render shows (no address change on its way). */
function addressSettled(location: { pathname: string; search: string }): boolean {
  return window.location.pathname === location.pathname && window.location.search === location.search;
}

/**
 * The status filter of /orders and /my-orders, kept in the `status` query parameter so a reload or
 * a shared link keeps it. `status` is the parameter when it names a status, else null
 * (no filter); `raw` is the parameter as written, for a page that treats an unknown one specially.
 * With `replace`, a filter change replaces the history entry instead of adding one. A new filter
 * starts from the first page (`page` is dropped in the same address change).
 */
export function useStatusParam({ replace = false }: { replace?: boolean } = {}): {
  raw: string | null;
  status: OrderStatus | null;
  setStatus: (value: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const raw = params.get('status');
  const setStatus = (value: string) => {
    const next = currentParams(pathname);
    if (!next) return;
    if (value) next.set('status', value);
    else next.delete('status');
    next.delete('page');
    setParams(next, { replace });
  };
  return { raw, status: isOrderStatus(raw) ? raw : null, setStatus };
}

/** Longest search text kept in the address (the search box itself is not limited further). */
const MAX_QUERY_LENGTH = 200;
/** The search text as the address keeps it: at most MAX_QUERY_LENGTH, never half a surrogate pair. */
function clipQuery(value: string): string {
  const text = value.slice(0, MAX_QUERY_LENGTH);
  return /[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text;
}
/** A page number past this is treated as the first page (a hand-edited address). */
const MAX_PAGE = 100_000;

export interface ListParams {
  search: string;
  page: number;
  setSearch: (value: string) => void;
  setPage: (page: number) => void;
  clear: () => void;
  /**
   * False while an address change is on its way to the screen (this render's `page`/`search` are
   * already out of date). An effect correcting the address from what it rendered (the page past
   * the end) waits for the render of the new address instead of overwriting it.
   */
  settled: () => boolean;
}

/**
 * The search text (`q`) and page (`page`, 1-based; absent = first) of /orders and /my-orders, kept
 * in the address so that 'Geri' from an order, the browser's back button, a reload or a shared link
 * all return to the same view. Typing and paging replace the history entry: one list
 * visit is one entry, whatever was typed. `page` is 0-based for the components; a new search
 * starts from the first page. `clear` drops search, status and page in one address change. Every
 * setter changes the address as it is now (not as last rendered), and only the one parameter.
 */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const search = (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH);
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_PAGE ? parsed - 1 : 0;
  const update = (change: (next: URLSearchParams) => void) => {
    const next = currentParams(location.pathname);
    if (!next) return;
    change(next);
    setParams(next, { replace: true });
  };
  return {
    search,
    page,
    setSearch: (value) =>
      update((next) => {
        const text = clipQuery(value);
        if (text) next.set('q', text);
        else next.delete('q');
        next.delete('page');
      }),
    setPage: (value) =>
      update((next) => {
        if (value > 0) next.set('page', String(value + 1));
        else next.delete('page');
      }),
    clear: () =>
      update((next) => {
        next.delete('q');
        next.delete('status');
        next.delete('page');
      }),
    settled: () => addressSettled(location),
  };
}

/**
 * The text of a list's search box. The box keeps its own text, so typing never waits for the
 * address; each change is written to the address (`q`). When the address changes from outside —
 * back/forward, an order's 'Geri', a link or the menu while the list is open, a list mounted
 * before its address was rendered — the box takes the address's text. What the box wrote itself
 * reaching the screen a moment later (one keystroke or several at once) is not "outside": the
 * address is adopted only once it is settled (nothing on its way) and differs from what the box
 * last wrote, so a keystroke is never undone by the echo of the one before.
 */
export function useSearchText(list: ListParams): {
  text: string;
  setText: (value: string) => void;
  clear: () => void;
} {
  const [text, setTextState] = useState(list.search);
  // What the box last wrote to the address (as the address keeps it), or last took from it.
  const written = useRef(list.search);
  const location = useLocation();
  // Every rendered address (not only a new `q`: an outside change may come back to the same one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: list.settled reads this render's address
  useLayoutEffect(() => {
    if (list.search !== written.current && list.settled()) {
      written.current = list.search;
      setTextState(list.search);
    }
  }, [list.search, location.key]);
  return {
    text,
    setText: (value) => {
      setTextState(value);
      written.current = clipQuery(value);
      list.setSearch(value);
    },
    clear: () => {
      setTextState('');
      written.current = '';
      list.clear();
    },
  };
}

/**
 * The list shrank under the current page (a sync, a filter): go to the last page there is.
 * `total` undefined: not known yet, or not to be trusted — the store still filling (a linked page 3
 * would fall back to page 1), or the rows shown still those of the previous filter or page while
 * the new ones are read (back from an empty search to `?q=…&page=2`: the empty result must not send
 * that page 2 to page 1). Nothing is done then. Nor while a new address is on its way: its own
 * render decides, and a correction computed from an older one must not overwrite it.
 */
export function useLastPageClamp(list: ListParams, total: number | undefined, pageSize: number): void {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: list is rebuilt each render; key stands for its address
  useEffect(() => {
    if (total === undefined || !list.settled()) return;
    if (list.page > 0 && list.page * pageSize >= total)
      list.setPage(Math.max(0, Math.ceil(total / pageSize) - 1));
  }, [total, list.page, pageSize, key]);
}
