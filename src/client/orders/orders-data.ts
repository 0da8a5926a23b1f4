import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { CreateOrderBody, Driver, UpdateOrderBody } from '../../shared/api/orders';
import type { ActingUser, OrderStatus } from '../../shared/domain/order-status';
import type { Role } from '../../shared/domain/roles';
import {
  assignDriver,
  cachedDrivers,
  changeOrderStatus,
  createOrder,
  deleteOrder,
  getOrder,
  type LocalCustomer,
  type LocalOrder,
  type LocalProduct,
  listCustomers,
  listProducts,
  type OrderFilter,
  type OrderPage,
  type OutboxEntry,
  orderOutboxEntries,
  type ProductFilter,
  queryOrders,
  refreshDrivers,
  updateOrder,
} from '../local';
import { useLocalDb } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';

/**
 * Orders as the screens see them (DESIGN §6): read live from the local Dexie store with
 * useLiveQuery (the sync engine keeps it current; any tab's change re-renders), changed only
 * through the outbox actions of src/client/local — so every screen works offline and every
 * change is sent exactly once. Hooks return `undefined` while the first read runs.
 *
 * The actions below wrap the local ones with the spec's snackbar texts (§8). "Success" means the
 * change is applied on this device and queued; if the server later refuses it, the sync panel
 * shows the server's reason and the order returns to the server's state.
 */

/** The signed-in user as the status machine needs it (null while signed out). */
export function useActingUser(): ActingUser | null {
  const user = useSession((s) => s.user);
  return user ? { id: user.id, role: user.role as Role } : null;
}

export function useOrderPage(filter: OrderFilter, page: number, pageSize: number): OrderPage | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? queryOrders(db, filter, page, pageSize) : { rows: [], total: 0 }),
    [db, filter.status, filter.salespersonId, filter.search, page, pageSize],
  );
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

export function useCustomers(): LocalCustomer[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db ? listCustomers(db) : []), [db]);
}

export function useProducts(filter: ProductFilter = {}): LocalProduct[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? listProducts(db, filter) : []),
    [db, filter.search, filter.category, filter.status],
  );
}

/**
 * Drivers for the assign-driver dialog: the cached list at once (offline too), refreshed from the
 * server when `enabled` (manager/admin, dialog open) and online.
 */
export function useDrivers(enabled: boolean): Driver[] | undefined {
  const db = useLocalDb();
  useEffect(() => {
    if (enabled && db) void refreshDrivers().catch(() => undefined);
  }, [enabled, db]);
  return useLiveQuery(async () => (db ? cachedDrivers(db) : []), [db]);
}

// ------------------------------------------------------------------------------- actions ---

function ui() {
  return useUi.getState();
}

/** Runs a local action; on an unexpected local failure shows `errorText` and returns null. */
async function run<T>(
  action: () => Promise<T>,
  successText: string | null,
  errorText: string,
): Promise<T | null> {
  try {
    const result = await action();
    if (successText) ui().showSuccess(successText);
    return result;
  } catch (error) {
    console.error(error);
    const message = error instanceof Error && error.message ? error.message : null;
    ui().showError(message ? `${errorText}: ${message}` : errorText);
    return null;
  }
}

/** Create an order (offline too). `successText`: the create-order screen says 'Sipariş başarıyla oluşturuldu!'. */
export function createOrderAction(
  input: CreateOrderBody,
  successText = 'Sipariş başarıyla oluşturuldu',
): Promise<LocalOrder | null> {
  return run(() => createOrder(input), successText, 'Sipariş oluşturulurken hata oluştu');
}

export function updateOrderAction(id: string, changes: UpdateOrderBody): Promise<OutboxEntry | null> {
  return run(
    () => updateOrder(id, changes),
    'Sipariş başarıyla güncellendi',
    'Sipariş güncellenirken hata oluştu',
  );
}

/** The spec's texts per kind of status change (§8). */
const STATUS_TEXTS: Partial<Record<OrderStatus, { ok: string; error: string }>> = {
  approved: { ok: 'Sipariş onaylandı', error: 'Sipariş onaylanırken hata oluştu' },
  rejected: { ok: 'Sipariş reddedildi', error: 'Sipariş reddedilirken hata oluştu' },
  prepared: { ok: 'Sipariş hazırlandı', error: 'Sipariş hazırlanırken hata oluştu' },
  in_transit: { ok: 'Sipariş kargoya verildi', error: 'Sipariş kargoya verilirken hata oluştu' },
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
  const texts = (!generic && STATUS_TEXTS[status]) || {
    ok: 'Sipariş durumu başarıyla güncellendi',
    error: 'Sipariş durumu güncellenirken hata oluştu',
  };
  return run(() => changeOrderStatus(id, status, notes), texts.ok, texts.error);
}

export function assignDriverAction(
  id: string,
  driver: Pick<Driver, 'id' | 'full_name'>,
  vehiclePlate?: string | null,
): Promise<OutboxEntry | null> {
  return run(
    () => assignDriver(id, driver, vehiclePlate),
    'Sürücü başarıyla atandı',
    'Sürücü atanırken hata oluştu',
  );
}

export function deleteOrderAction(id: string): Promise<OutboxEntry | null> {
  return run(() => deleteOrder(id), 'Sipariş silindi', 'Sipariş silinirken hata oluştu');
}
