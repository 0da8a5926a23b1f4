import Dexie, { type ObservabilitySet } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { StatsOrder } from '../../shared/domain/dashboard-stats';
import { getTenant } from '../api/tenant';
import {
  changeOrderStatus,
  type LocalDb,
  type LocalOrder,
  META,
  type OutboxEntry,
  pullNow,
  refreshDashboardStats,
} from '../local';
import { runLocalAction } from '../shared-ui/catalogue-data';
import { t } from '../shared-ui/i18n';
import { useLocalDb, useOnline, useSyncStatus } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { type CachedServerStats, chooseStats, type ShownStats } from './dashboard-stats-rule';

/** Spec §9: dashboard stats are refetched every 30 s (and on focus, and when the tab shows again). */
export const STATS_REFRESH_MS = 30_000;
/** Spec §2 / §9: the dashboards' lists show at most 10 items. */
export const DASHBOARD_LIST_LIMIT = 10;

/**
 * The dashboards' figures (issue 10). Computed from the local orders at once — offline too, so
 * the cards are never blank and never a spinner when the data is on the device — and, online,
 * corrected by GET /dashboard/stats as `chooseStats` says (./dashboard-stats-rule.ts). The server's
 * answer is fetched through the sync engine's reference-data path and kept in Dexie meta, so the
 * team list (the tenant's real managers and admins) is still there offline.
 *
 * Reading every mirrored order takes seconds on a handheld with 10,000 of them, so the last
 * figures this device computed are also kept (localStorage, per tenant and user, read
 * synchronously) and shown on the first render until the fresh count replaces them: they are the
 * device's own numbers as of its last look, including its own offline changes (each change
 * recomputes and re-saves them). `fresh` tells which one is shown.
 *
 * `undefined` only when neither exists yet (the very first visit, for the instant of one read).
 */
export function useDashboardStats(): (ShownStats & { fresh: boolean }) | undefined {
  const db = useLocalDb();
  const userId = useSession((s) => s.user?.id);
  const key = userId ? `sys-dashboard-stats:${getTenant()}:${userId}` : null;
  const lastPullAt = useSyncStatus((s) => s.lastPullAt);
  const [saved] = useState(() => readSaved(key));
  useStatsRefresh();
  const orders = useThrottledOrders(db);
  const server = useLiveQuery(
    async () => (db ? ((await db.getMeta<CachedServerStats>(META.dashboardStats)) ?? null) : undefined),
    [db],
  );
  const fresh = useMemo(
    // A mirrored order's salesperson_id may be null (a removed user); the figures compare it with
    // a decider's id only, which is never null, so null reads as "nobody" as the server's SQL does.
    () =>
      orders && server !== undefined
        ? chooseStats(orders as unknown as StatsOrder[], server, !!lastPullAt)
        : undefined,
    [orders, server, lastPullAt],
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

/** The least time between two recounts of the whole store (see useThrottledOrders). */
const MIN_RECOUNT_MS = 1_000;

/**
 * Every mirrored order, re-read when the orders table changes (in any tab) — like useLiveQuery,
 * but throttled: at most one re-read per max(1 s, twice its own duration). A plain live query
 * would re-read all 10,000 orders after EACH page of the first sync (and of every later pull
 * that brings many rows): seconds of work per page, competing with the sync itself. A user's own
 * change on a quiet screen still shows at once (the first re-read after a pause is immediate).
 */
function useThrottledOrders(db: LocalDb | null): LocalOrder[] | undefined {
  const [orders, setOrders] = useState<LocalOrder[] | undefined>(undefined);
  useEffect(() => {
    if (!db) return;
    let live = true;
    let running = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastEnd = Number.NEGATIVE_INFINITY;
    let lastDuration = 0;
    const schedule = () => {
      if (timer || !live) return;
      const gap = Math.max(MIN_RECOUNT_MS, 2 * lastDuration);
      timer = setTimeout(
        () => {
          timer = null;
          void run();
        },
        Math.max(0, lastEnd + gap - performance.now()),
      );
    };
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      again = false;
      const started = performance.now();
      try {
        const rows = await db.orders.toArray();
        if (live) setOrders(rows);
      } catch (error) {
        console.error(error);
      } finally {
        running = false;
        lastEnd = performance.now();
        lastDuration = lastEnd - started;
        if (again) schedule();
      }
    };
    const prefix = `idb://${db.name}/orders/`;
    const onMutated = (parts: ObservabilitySet) => {
      if (!Object.keys(parts).some((key) => key.startsWith(prefix))) return;
      if (running) again = true;
      else schedule();
    };
    Dexie.on('storagemutated', onMutated);
    void run();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(onMutated);
    };
  }, [db]);
  return db ? orders : [];
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
 * window gets the focus (spec §9); nothing while hidden or offline. A failure (offline, or a
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
 * The dashboards' lists refresh as pulls of the local store (spec §9): the sync leader pulls on
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

/** The newest orders of the local store (what it holds is what the role may see, spec §2). */
export function useRecentOrders(limit = DASHBOARD_LIST_LIMIT): LocalOrder[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? db.orders.orderBy('created_at').reverse().limit(limit).toArray() : []),
    [db, limit],
  );
}

/** Orders awaiting approval, newest first, at most `limit`, and how many there are in all. */
export function useAwaitingApproval(
  limit = DASHBOARD_LIST_LIMIT,
): { rows: LocalOrder[]; total: number } | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return { rows: [], total: 0 };
    const collection = db.orders.where('status').equals('pending_approval');
    const [total, rows] = await Promise.all([collection.clone().count(), collection.clone().toArray()]);
    rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    return { rows: rows.slice(0, limit), total };
  }, [db, limit]);
}

/** The admin tab's live counts and the inventory tab's low-stock products (local store). */
export function useStoreCounts():
  | { products: number; customers: number; orders: number; lowStock: number; outOfStock: number }
  | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return { products: 0, customers: 0, orders: 0, lowStock: 0, outOfStock: 0 };
    const [products, customers, orders, stock] = await Promise.all([
      db.products.count(),
      db.customers.count(),
      db.orders.count(),
      db.products.toArray(),
    ]);
    return {
      products,
      customers,
      orders,
      lowStock: stock.filter((p) => p.stock_status === 'low_stock').length,
      outOfStock: stock.filter((p) => p.stock_status === 'out_of_stock').length,
    };
  }, [db]);
}

export function useLowStockProducts(limit = DASHBOARD_LIST_LIMIT) {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return [];
    const rows = (await db.products.toArray()).filter(
      (p) => p.stock_status === 'low_stock' || p.stock_status === 'out_of_stock',
    );
    // Out of stock first, then the fewest left.
    rows.sort(
      (a, b) =>
        Number(b.stock_status === 'out_of_stock') - Number(a.stock_status === 'out_of_stock') ||
        a.available_stock - b.available_stock ||
        a.name.localeCompare(b.name, 'tr-TR'),
    );
    return rows.slice(0, limit);
  }, [db, limit]);
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
