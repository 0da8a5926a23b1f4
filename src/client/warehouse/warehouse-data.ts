import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { mayCall } from '../../shared/api/endpoint';
import { API } from '../../shared/api/endpoints';
import { DEMO_ACTIONS, type DemoAction, mayUseDemoAction } from '../../shared/domain/demo-actions';
import type { ActingUser } from '../../shared/domain/order-status';
import { ApiError } from '../api/errors';
import { call } from '../api/http';
import type { LocalOrder, OutboxEntry } from '../local/database';
import { changeOrderStatus } from '../local/shared-mutations';
import { pullNow } from '../local/store';
import { type MessageKey, t } from '../shared-ui/i18n';
import { runLocalAction } from '../shared-ui/local-action';
import { useLocalDb } from '../shared-ui/local-store';
import { blockedMoveText } from '../shared-ui/transition-block';
import { useUi } from '../state/ui';

/** Statuses the warehouse screen works with (approved are prepared, prepared are shipped; shipped ones keep their note). */
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

/** Why 'Kargoya Ver' is disabled on a prepared order (no driver assigned yet), or null. */
export function shipBlockedText(order: LocalOrder): MessageKey | null {
  return blockedMoveText(order, 'in_transit');
}

export function shipOrderAction(id: string): Promise<OutboxEntry | null> {
  return runLocalAction(() => changeOrderStatus(id, 'in_transit'), t('orderShipped'), t('orderShipError'));
}

/** Completing preparation: approved → prepared, queued after the order's scans (same record key). */
export function completePreparationAction(id: string): Promise<OutboxEntry | null> {
  return runLocalAction(() => changeOrderStatus(id, 'prepared'), t('wh_prepared'), t('wh_prepareError'));
}

const DEBUG_ENTRIES = {
  check: API.debugAllOrders,
  approveFirst: API.debugApproveFirstOrder,
  createTest: API.debugCreateTestOrders,
} as const satisfies Record<DemoAction, unknown>;

/**
 * The debug calls the signed-in user may use: the route admits their role (mayCall) and they may
 * do the work the call does as them (mayUseDemoAction). The screen shows no other button.
 */
export function usableDemoActions(user: ActingUser | null | undefined): DemoAction[] {
  if (!user) return [];
  return DEMO_ACTIONS.filter(
    (action) => mayCall(DEBUG_ENTRIES[action], user.role) && mayUseDemoAction(user, action),
  );
}

/**
 * Runs a debug call (after its confirmation) and reports the outcome in the reader's language: a
 * snackbar for what it did, a toast for a refusal or a failure. Written changes arrive with a pull.
 */
export async function runDebug(action: DemoAction): Promise<void> {
  const ui = useUi.getState();
  try {
    if (action === 'check') {
      const result = await call(API.debugAllOrders);
      console.info('[debug]', action, result);
      ui.showSuccess(t('wh_debugChecked', { count: result.orders.length }));
      return;
    }
    const result = await call(DEBUG_ENTRIES[action]);
    console.info('[debug]', action, result);
    const numbers = result.order_numbers.join(', ');
    if (action === 'approveFirst')
      ui.showSuccess(
        result.success ? t('wh_debugApproved', { number: numbers }) : t('wh_debugNothingPending'),
      );
    else
      ui.showSuccess(
        result.success
          ? t('wh_debugCreated', { count: result.order_numbers.length, numbers })
          : t('wh_debugNoProducts'),
      );
    if (result.success) await pullNow();
  } catch (error) {
    console.error('[debug]', action, error);
    if (error instanceof ApiError && error.status === 403) ui.showToast(t('wh_debugRefused'));
    else
      ui.showToast(
        `${t('wh_debugFailed')}${error instanceof Error && error.message ? `: ${error.message}` : ''}`,
      );
  }
}
