import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { buildPath } from '../../shared/api/endpoint';
import { API } from '../../shared/api/endpoints';
import { ROUTES } from '../../shared/api/routes';
import { downloadFile } from '../api/download';
import { isNetworkError } from '../api/errors';
import { call, request } from '../api/http';
import { changeOrderStatus, type LocalOrder, type OutboxEntry, pullNow } from '../local';
import { runLocalAction } from '../shared-ui/catalogue-data';
import { t } from '../shared-ui/i18n';
import { useLocalDb } from '../shared-ui/local-store';
import { useUi } from '../state/ui';

/** Statuses the warehouse screen works with (spec §2: approved are listed; prepared are shipped). */
const WAREHOUSE_STATUSES = ['approved', 'prepared'] as const;

export interface WarehouseOrders {
  approved: LocalOrder[];
  prepared: LocalOrder[];
}

/** The approved and prepared orders of the local store, newest first (offline too). */
export function useWarehouseOrders(): WarehouseOrders | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!db) return { approved: [], prepared: [] };
    const rows = await db.orders
      .where('status')
      .anyOf([...WAREHOUSE_STATUSES])
      .toArray();
    rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    return {
      approved: rows.filter((o) => o.status === 'approved'),
      prepared: rows.filter((o) => o.status === 'prepared'),
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

/** The delivery note's file name: based on the order id (and its number when known). */
export function deliveryNoteFileName(order: Pick<LocalOrder, 'id' | 'order_number'>): string {
  const number = order.order_number.replace(/[^0-9A-Za-z_-]+/g, '-');
  return `irsaliye-${number}-${order.id.slice(0, 8)}.pdf`;
}

/**
 * 'İrsaliye Yazdır': the server's PDF when it can be reached; with no connection, the same note
 * from the local store as a print-styled page (returns 'offline' so the caller can open it).
 */
export async function printDeliveryNote(
  order: Pick<LocalOrder, 'id' | 'order_number'>,
): Promise<'downloaded' | 'offline' | 'failed'> {
  try {
    await downloadFile(buildPath(API.deliveryNote.path, { orderId: order.id }), deliveryNoteFileName(order));
    return 'downloaded';
  } catch (error) {
    if (isNetworkError(error)) return 'offline';
    console.error(error);
    const message = error instanceof Error && error.message ? `: ${error.message}` : '';
    useUi.getState().showToast(`${t('wh_noteFailed')}${message}`);
    return 'failed';
  }
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
