import Dexie, { liveQuery, type Observable, type Observer, type Subscription } from 'dexie';
import { useLiveQuery, useObservable } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { type CountedOrders, countGroups } from '../../shared/domain/dashboard-stats';
import { getTenant } from '../api/tenant';
import { type LocalDb, type LocalOrder, type LocalProduct, META, type OutboxEntry } from '../local/database';
import { changeOrderStatus } from '../local/shared-mutations';
import { pullNow } from '../local/store';
import { t } from '../shared-ui/i18n';
import { runLocalAction } from '../shared-ui/local-action';
import { primer, useLocalDb, useOnline } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { type CachedServerStats, chooseStats, type ShownStats } from './dashboard-stats-rule';
import { orderTallies, refreshDashboardStats } from './local';

/** Dashboard stats are refetched every 30 s (and on focus, and when the tab shows again). */
export const STATS_REFRESH_MS = 30_000;
/** The dashboards' lists show at most 10 items. */
export const DASHBOARD_LIST_LIMIT = 10;

/**
 * The dashboards' figures. Made from the counts the local store keeps per group of orders
 * (src/client/local/tallies.ts: updated in the transaction that writes the orders, so reading
 * them is a few hundred small rows, not every order) — offline too, so the cards are never a
 * spinner when the data is on the device — and, online, the server's GET /dashboard/stats as
 * `chooseStats` says (./dashboard-stats-rule.ts). The server's answer is fetched through the sync
 * engine's reference-data path and kept in Dexie meta, so the team list (the tenant's real
 * managers and admins) is still there offline.
 *
 * A figure shown is never a half-counted one: until the mirror has reached the end of the feed
 * once (META.mirrorComplete, written with the last page of a pull and removed when the mirror is
 * emptied) the local counts are not shown — the server's answer is, or nothing ('—'). The groups,
 * the completeness mark and the server's answer are read in ONE transaction, so they always
 * belong together.
 *
 * The last figures shown are also kept (localStorage, per tenant and user, read synchronously)
 * and shown on the first render until the store's answer arrives: the device's own last figures,
 * never a partial count (only complete ones are saved). `fresh` tells which one is shown.
 *
 * `undefined` only when nothing is known yet (a first sync before the server answered).
 */
export function useDashboardStats(): (ShownStats & { fresh: boolean }) | undefined {
  const db = useLocalDb();
  const userId = useSession((s) => s.user?.id);
  const key = userId ? `sys-dashboard-stats:${getTenant()}:${userId}` : null;
  const [saved] = useState(() => readSaved(key));
  useStatsRefresh();
  const primed = figures.usePrimed(db);
  const [primedShown] = useState(() => (primed ? shownOf(primed) : undefined));
  // Only a change of what is SHOWN re-renders the dashboard: a first sync writes a page of orders
  // every few hundred ms while the figures stay the server's (the count is not complete yet), and
  // re-rendering the whole screen for each page costs the device the time it needs to write them.
  const fresh = useObservable(
    () =>
      distinctByValue(
        liveQuery(async () => (db ? shownOf(await readFigures(db)) : undefined)),
        (shown) => (shown ? JSON.stringify(shown) : ''),
      ),
    [db],
    primedShown,
  );
  useEffect(() => {
    if (!fresh || !key) return;
    try {
      localStorage.setItem(key, JSON.stringify(fresh));
    } catch {
      /* storage full or blocked: only the first render is slower next time */
    }
  }, [fresh, key]);
  if (fresh) return { ...fresh, fresh: true };
  return saved && saved.key === key ? { ...saved.stats, fresh: false } : undefined;
}

/**
 * The figures read while the app starts on a dashboard (the screens' `firstRead`): its first frame
 * shows them, not the saved ones.
 */
export const figures = primer(readFigures);

/** What the figures are made of, read together (see useDashboardStats). */
async function readFigures(
  db: LocalDb,
): Promise<{ counted: CountedOrders; complete: boolean; server: CachedServerStats | null }> {
  return db.transaction('r', [db.tallies, db.meta], async () => {
    const [groups, complete, server] = await Promise.all([
      orderTallies(db),
      db.getMeta<boolean>(META.mirrorComplete),
      db.getMeta<CachedServerStats>(META.dashboardStats),
    ]);
    return { counted: countGroups(groups), complete: complete === true, server: server ?? null };
  });
}

function shownOf(snapshot: Awaited<ReturnType<typeof readFigures>>): ShownStats | undefined {
  return chooseStats(snapshot.counted, snapshot.server, snapshot.complete);
}

/**
 * `source`'s values, each passed on only when its key differs from the one passed on before (its
 * current value, when it has one, as it is). Subscribed to as dexie-react-hooks does: `next` and
 * `error` as functions, or an observer.
 */
function distinctByValue<T>(source: Observable<T>, key: (value: T) => string): Observable<T> {
  const distinct = {
    subscribe(
      first?: Observer<T> | ((value: T) => void) | null,
      second?: ((error: unknown) => void) | null,
    ): Subscription {
      const next = typeof first === 'function' ? first : first?.next?.bind(first);
      const error = typeof first === 'function' || !first ? second : first.error?.bind(first);
      let last: string | undefined;
      return source.subscribe(
        (value) => {
          const k = key(value);
          if (k === last) return;
          last = k;
          next?.(value);
        },
        (e) => error?.(e),
      );
    },
    hasValue: () => source.hasValue?.() ?? false,
    getValue: () => source.getValue?.() as T,
    [Symbol.observable ?? '@@observable']() {
      return distinct;
    },
  };
  return distinct as unknown as Observable<T>;
}

function readSaved(key: string | null): { key: string; stats: ShownStats } | null {
  if (!key) return null;
  try {
    const text = localStorage.getItem(key);
    const stats = text ? (JSON.parse(text) as ShownStats) : null;
    return stats?.stats && Array.isArray(stats.team) ? { key, stats } : null;
  } catch {
    return null;
  }
}

/**
 * GET /dashboard/stats every 30 s while the tab is visible, at once when it shows again or the
 * window gets the focus; nothing while hidden or offline. A failure (offline, or a
 * server without the endpoint: 404) leaves the cached answer as it is — the local figures show.
 */
function useStatsRefresh(): void {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
    const fetchStats = () => {
      if (visible()) void refreshDashboardStats().catch(() => false);
    };
    fetchStats();
    const timer = setInterval(fetchStats, STATS_REFRESH_MS);
    const onVisible = () => fetchStats();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [online]);
}

/**
 * The dashboards' lists refresh as pulls of the local store: the sync leader pulls on
 * its own interval (paused while the tab is hidden) and when the tab shows again; this adds a pull
 * when the window regains the focus. Only the leader actually pulls (pullNow is a no-op elsewhere).
 */
export function useDashboardRefresh(): void {
  useEffect(() => {
    const onFocus = () => void pullNow().catch(() => undefined);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
}

/** The newest orders of the local store (what it holds is what the role may see). */
export function useRecentOrders(limit = DASHBOARD_LIST_LIMIT): LocalOrder[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? db.orders.orderBy('created_at').reverse().limit(limit).toArray() : []),
    [db, limit],
  );
}

/**
 * Orders awaiting approval, newest first, at most `limit`, and how many there are in all — read
 * off the [status+created_at] index (the newest `limit` rows and a count of the index range),
 * not by reading every waiting order, which re-ran on every page of a first sync.
 */
export function useAwaitingApproval(
  limit = DASHBOARD_LIST_LIMIT,
): { rows: LocalOrder[]; total: number } | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return { rows: [], total: 0 };
    const collection = db.orders
      .where('[status+created_at]')
      .between(['pending_approval', Dexie.minKey], ['pending_approval', Dexie.maxKey]);
    const [total, rows] = await Promise.all([
      collection.clone().count(),
      collection.clone().reverse().limit(limit).toArray(),
    ]);
    return { rows, total };
  }, [db, limit]);
}

/**
 * The admin tab's live counts and the inventory tab's low-stock figures (local store): counts of
 * the tables and of the products' stock_status index, never a read of every product (10,000 of
 * them on a handheld take about a second; the index counts take milliseconds).
 */
export function useStoreCounts():
  | { products: number; customers: number; orders: number; lowStock: number; outOfStock: number }
  | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return { products: 0, customers: 0, orders: 0, lowStock: 0, outOfStock: 0 };
    const [products, customers, orders, lowStock, outOfStock] = await Promise.all([
      db.products.count(),
      db.customers.count(),
      db.orders.count(),
      db.products.where('stock_status').equals('low_stock').count(),
      db.products.where('stock_status').equals('out_of_stock').count(),
    ]);
    return { products, customers, orders, lowStock, outOfStock };
  }, [db]);
}

/**
 * The products running out, out of stock first, then the fewest left, then by name: read off the
 * stock_status index (only the products in those two states), not every product.
 */
export function useLowStockProducts(limit = DASHBOARD_LIST_LIMIT) {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return [];
    const rows = await db.products.where('stock_status').anyOf('out_of_stock', 'low_stock').toArray();
    return lowStockFirst(rows).slice(0, limit);
  }, [db, limit]);
}

/** Out of stock first, then the fewest left, then by name in Turkish order. */
function lowStockFirst<T extends Pick<LocalProduct, 'stock_status' | 'available_stock' | 'name'>>(
  rows: T[],
): T[] {
  return rows.sort(
    (a, b) =>
      Number(b.stock_status === 'out_of_stock') - Number(a.stock_status === 'out_of_stock') ||
      a.available_stock - b.available_stock ||
      a.name.localeCompare(b.name, 'tr-TR'),
  );
}

/** 'Onayla' on the manager dashboard: pending_approval → approved (outbox; works offline). */
export function approveOrderAction(id: string): Promise<OutboxEntry | null> {
  return runLocalAction(() => changeOrderStatus(id, 'approved'), t('orderApproved'), t('orderApproveError'));
}

/**
 * 'Reddet' on the manager dashboard, confirmed with optional notes: pending_approval → rejected,
 * exactly as the order detail's 'Reddet' (the same word does the same thing everywhere; the
 * original description had the dashboard's cancel the order while saying "rejected").
 */
export function rejectOrderAction(id: string, notes: string | null = null): Promise<OutboxEntry | null> {
  return runLocalAction(
    () => changeOrderStatus(id, 'rejected', notes),
    t('orderRejected'),
    t('orderRejectError'),
  );
}
