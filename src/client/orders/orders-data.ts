import { useIsRestoring } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { API } from '../../shared/api/endpoints';
import type { Driver, UpdateOrderBody } from '../../shared/api/orders';
import type { ActingUser, OrderStatus } from '../../shared/domain/order-status';
import type { Role } from '../../shared/domain/roles';
import { useApiQuery } from '../api/query';
import type { LocalOrder, OutboxEntry } from '../local/database';
import {
  getOrder,
  type OrderFilter,
  type OrderPage,
  orderOutboxEntries,
  queryOrders,
} from '../local/queries';
import { changeOrderStatus } from '../local/shared-mutations';
import { type MessageKey, t } from '../shared-ui/i18n';
import { runLocalAction as run } from '../shared-ui/local-action';
import { useLocalDb } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { assignDriver, deleteOrder, updateOrder } from './mutations';

/**
 * Orders as the screens see them (offline-first: the local store is what they show): read live from
 * the local Dexie store with
 * useLiveQuery (the sync engine keeps it current; any tab's change re-renders), changed only
 * through the outbox actions of src/client/local — so every screen works offline and every
 * change is sent exactly once. Hooks return `undefined` while the first read runs.
 *
 * The actions below wrap the local ones with the spec's snackbar texts (§8). "Success" means the
 * change is applied on this device and queued; if the server later refuses it, the sync panel
 * shows the server's reason and the order returns to the server's state. The catalogue reads and
 * creating an order, which /sales uses too, are in src/client/shared-ui/catalogue-data.ts.
 */

/** The signed-in user as the status machine needs it (null while signed out). */
export function useActingUser(): ActingUser | null {
  const user = useSession((s) => s.user);
  return user ? { id: user.id, role: user.role as Role } : null;
}

/** One page of orders as a screen shows it. */
export interface ShownOrderPage extends OrderPage {
  /**
   * Read for the filter, page and size of this render. While a new read runs (a keystroke, a new
   * page, back to another address) the previous page stays on screen with `current` false: a
   * decision about the page itself (past the end?) waits for the read that belongs to it.
   */
  current: boolean;
}

export function useOrderPage(
  filter: OrderFilter,
  page: number,
  pageSize: number,
): ShownOrderPage | undefined {
  const db = useLocalDb();
  const key = JSON.stringify([
    !!db,
    filter.status ?? null,
    filter.salespersonId ?? null,
    filter.search ?? null,
    page,
    pageSize,
  ]);
  const read = useLiveQuery(
    async () => ({ key, page: db ? await queryOrders(db, filter, page, pageSize) : { rows: [], total: 0 } }),
    [db, key],
  );
  return useMemo(() => (read ? { ...read.page, current: read.key === key } : undefined), [read, key]);
}

/** One order; `null` when it is not in the local store (unknown, not visible, or deleted). */
export function useOrder(id: string | undefined): LocalOrder | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db && id ? ((await getOrder(db, id)) ?? null) : null), [db, id]);
}

/** The order's unsent / refused changes (for a "pending sync" mark and the refusal reason). */
export function useOrderEntries(id: string | undefined): OutboxEntry[] {
  const db = useLocalDb();
  return useLiveQuery(async () => (db && id ? orderOutboxEntries(db, id) : []), [db, id]) ?? [];
}

/**
 * Drivers for the assign-driver dialog (manager/admin: `enabled`), through the online-only data
 * path (src/client/api/query.ts): the cached list at once, offline too once it was fetched, and
 * asked again when older than the admin data's 5 minutes. `undefined` while the first answer is
 * awaited; an empty list when there is none to show (offline with nothing cached, or a failure).
 */
export function useDrivers(enabled: boolean): Driver[] | undefined {
  const restoring = useIsRestoring();
  const drivers = useApiQuery(API.drivers, {}, { enabled });
  if (drivers.data) return drivers.data.drivers;
  return restoring || (drivers.isFetching && !drivers.isPaused) ? undefined : [];
}

// ------------------------------------------------------------------------------- actions ---

export function updateOrderAction(id: string, changes: UpdateOrderBody): Promise<OutboxEntry | null> {
  return run(() => updateOrder(id, changes), t('orderUpdated'), t('orderUpdateError'));
}

/** The spec's texts per kind of status change (§8). */
const STATUS_TEXTS: Partial<Record<OrderStatus, { ok: MessageKey; error: MessageKey }>> = {
  approved: { ok: 'orderApproved', error: 'orderApproveError' },
  rejected: { ok: 'orderRejected', error: 'orderRejectError' },
  prepared: { ok: 'orderPrepared', error: 'orderPrepareError' },
  in_transit: { ok: 'orderShipped', error: 'orderShipError' },
};

/**
 * Change an order's status. `generic`: use the generic texts ('Sipariş durumu başarıyla
 * güncellendi') instead of the per-action ones (the orders-list edit dialog).
 */
export function changeStatusAction(
  id: string,
  status: OrderStatus,
  notes?: string | null,
  generic = false,
): Promise<OutboxEntry | null> {
  const texts: { ok: MessageKey; error: MessageKey } = (!generic && STATUS_TEXTS[status]) || {
    ok: 'orderStatusUpdated',
    error: 'orderStatusUpdateError',
  };
  return run(() => changeOrderStatus(id, status, notes), t(texts.ok), t(texts.error));
}

export function assignDriverAction(
  id: string,
  driver: Pick<Driver, 'id' | 'full_name'>,
  vehiclePlate?: string | null,
): Promise<OutboxEntry | null> {
  return run(() => assignDriver(id, driver, vehiclePlate), t('driverAssigned'), t('driverAssignError'));
}

export function deleteOrderAction(id: string): Promise<OutboxEntry | null> {
  return run(() => deleteOrder(id), t('orderDeleted'), t('orderDeleteError'));
}
