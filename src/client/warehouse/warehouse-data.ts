import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { API } from '../../shared/api/endpoints';
import { ROUTES } from '../../shared/api/routes';
import { call, request } from '../api/http';
import { changeOrderStatus, type LocalOrder, type OutboxEntry, pullNow } from '../local';
import { runLocalAction } from '../shared-ui/catalogue-data';
import { t } from '../shared-ui/i18n';
import { useLocalDb } from '../shared-ui/local-store';

/** Statuses the warehouse screen works with (spec §2: approved are prepared, prepared are shipped; shipped ones keep their note). */
const WAREHOUSE_STATUSES = ['approved', 'prepared', 'in_transit'] as const;
/** How many shipped (Yolda) orders the screen lists, newest first, for reprinting their notes. */
const SHIPPED_SHOWN = 20;

export interface WarehouseOrders {
  approved: LocalOrder[];
  prepared: LocalOrder[];
  shipped: LocalOrder[];
}

/** The approved and prepared orders of the local store, newest first (offline too). */
export function useWarehouseOrders(): WarehouseOrders | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return { approved: [], prepared: [], shipped: [] };
    const rows = await db.orders
      .where('status')
      .anyOf([...WAREHOUSE_STATUSES])
      .toArray();
    rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    return {
      approved: rows.filter((o) => o.status === 'approved'),
      prepared: rows.filter((o) => o.status === 'prepared'),
      shipped: rows.filter((o) => o.status === 'in_transit').slice(0, SHIPPED_SHOWN),
    };
  }, [db]);
}

export function useWarehouseOrder(id: string | null | undefined): LocalOrder | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db && id ? ((await db.orders.get(id)) ?? null) : null), [db, id]);
}

/** Spec: the list refreshes every 10 s and when the tab becomes visible — as a pull of the store. */
export const WAREHOUSE_REFRESH_MS = 10_000;

export function useWarehouseRefresh(): void {
  useEffect(() => {
    const pull = () => void pullNow().catch(() => undefined);
    const timer = setInterval(pull, WAREHOUSE_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') pull();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}

export function shipOrderAction(id: string): Promise<OutboxEntry | null> {
  return runLocalAction(() => changeOrderStatus(id, 'in_transit'), t('orderShipped'), t('orderShipError'));
}

/** Completing preparation: approved → prepared, queued after the order's scans (same record key). */
export function completePreparationAction(id: string): Promise<OutboxEntry | null> {
  return runLocalAction(() => changeOrderStatus(id, 'prepared'), t('wh_prepared'), t('wh_prepareError'));
}

/** Demo mode (GET /health `demo`), which shows the spec's debug buttons. Public: no token. */
export async function isDemoMode(): Promise<boolean> {
  try {
    const health = await request<{ demo?: boolean }>(ROUTES.health.path, { token: null });
    return health?.demo === true;
  } catch {
    return false;
  }
}

/** The spec's debug calls: results and failures are only logged (spec §8). */
export async function runDebug(which: 'check' | 'approveFirst' | 'createTest'): Promise<void> {
  try {
    const entry =
      which === 'check'
        ? API.debugAllOrders
        : which === 'approveFirst'
          ? API.debugApproveFirstOrder
          : API.debugCreateTestOrders;
    const result = await call(entry);
    console.info('[debug]', which, result);
    if (which !== 'check') await pullNow();
  } catch (error) {
    console.error('[debug]', which, error);
  }
}
