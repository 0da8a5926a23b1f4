import Dexie from 'dexie';
import type { User } from '../../shared/api';
import type { CreateCustomerBody, UpdateCustomerBody } from '../../shared/api/customers';
import { API } from '../../shared/api/endpoints';
import type { CreateOrderBody, Driver, UpdateOrderBody } from '../../shared/api/orders';
import type { BulkAction, CreateProductKurusBody, UpdateProductKurusBody } from '../../shared/api/products';
import type { OrderStatus } from '../../shared/domain/order-status';
import * as customers from './customers';
import { LocalDb, localDbName, META } from './database';
import * as delivery from './delivery';
import * as inventory from './inventory';
import * as invoices from './invoices';
import * as notifications from './notifications';
import * as orders from './orders';
import * as outbox from './outbox';
import { resetMirror } from './outbox';
import { entryOutcome } from './outcome';
import * as products from './products';
import { registryDb } from './registry';
import { SyncEngine, type SyncEngineOptions, type SyncStatusStore } from './sync/engine';
import * as warehouse from './warehouse';

/**
 * The local store's public face for the UI (framework-free: no React here).
 *
 * After sign-in, or at start with a stored session, the UI calls `openLocalStore` with the
 * signed-in user; on sign-out or a user switch it calls `closeLocalStore` (the data and any unsent
 * changes stay on the device, in that user's own database). Screens read the Dexie tables of
 * `getLocalStore().db` with `useLiveQuery`, read `status` with zustand's `useStore`, and change
 * data only through the mutations exported here (they go through the outbox).
 */
export interface LocalStore {
  db: LocalDb;
  engine: SyncEngine;
  status: SyncStatusStore;
}

export interface OpenLocalStoreOptions {
  tenant: string;
  user: Pick<User, 'id'> & Partial<Pick<User, 'username' | 'full_name' | 'role'>>;
  /** The token of THIS user, or null when they are signed out (see SyncEngineOptions.getToken). */
  getToken: () => string | null;
  onUnauthorized?: (token: string) => void;
  baseUrl?: string;
  fetch?: typeof fetch;
  locks?: SyncEngineOptions['locks'];
}

let current: LocalStore | null = null;
/**
 * Opens and closes run one at a time: React may run the effect that opens the store twice in a
 * row (StrictMode), and two concurrent opens would start two engines on one database.
 */
let lifecycle: Promise<unknown> = Promise.resolve();

function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = lifecycle.then(task);
  lifecycle = run.catch(() => {});
  return run;
}

/**
 * Open (or return the already open) store of this tenant+user and start its sync engine.
 * Opening another user's store closes the previous one first: one signed-in user per tab.
 */
export function openLocalStore(options: OpenLocalStoreOptions): Promise<LocalStore> {
  return serialized(async () => {
    if (current && current.db.tenant === options.tenant && current.db.userId === options.user.id)
      return current;
    await closeCurrent();
    const db = new LocalDb({ tenant: options.tenant, userId: options.user.id });
    await db.open();
    const previous = await db.getMeta<{ role?: string | null }>(META.user);
    // What a user may see depends on their role (a salesperson's own orders, a driver's assigned
    // ones). The incremental feed only reports rows that changed, so after a role change the
    // mirror is rebuilt from a full pull rather than patched.
    if (previous?.role && options.user.role && previous.role !== options.user.role) await resetMirror(db);
    await db.setMeta(META.user, {
      id: options.user.id,
      username: options.user.username ?? null,
      full_name: options.user.full_name ?? null,
      role: options.user.role ?? null,
    });
    const engine = new SyncEngine({
      db,
      getToken: options.getToken,
      user: { username: options.user.username, full_name: options.user.full_name },
      onUnauthorized: options.onUnauthorized,
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      locks: options.locks,
    });
    const store: LocalStore = { db, engine, status: engine.status };
    current = store;
    // A tab whose code is older than its database (a newer version upgraded it in another tab)
    // keeps showing the mirror and queueing changes, but leaves syncing to the newer tab: it
    // would skip the collections it does not know (database.ts `isOutdated`).
    db.onSuperseded(() => void engine.stop());
    if (!db.isOutdated()) await engine.start();
    return store;
  });
}

async function closeCurrent(): Promise<void> {
  const store = current;
  current = null;
  if (!store) return;
  await store.engine.stop();
  store.db.close();
}

/** Stop syncing and close the database (sign-out, user switch). Nothing is deleted. */
export function closeLocalStore(): Promise<void> {
  return serialized(closeCurrent);
}

/**
 * Deletes a user's local store on this device — its mirror and its UNSENT changes — and its row
 * in the device registry (the "clear this device's data" of /settings, after sign-out). The
 * store is closed first; other users' stores on the device are left alone.
 */
export function deleteLocalStore(tenant: string, userId: string): Promise<void> {
  return serialized(async () => {
    if (current && current.db.tenant === tenant && current.db.userId === userId) await closeCurrent();
    const name = localDbName(tenant, userId);
    await Dexie.delete(name);
    await registryDb().stores.delete(name);
  });
}

/** The open store, or null before sign-in. */
export function getLocalStore(): LocalStore | null {
  return current;
}

function requireStore(): LocalStore {
  if (!current) throw new Error('Yerel veri deposu açık değil (oturum yok).');
  return current;
}

// Bound mutations for the UI (each applies locally and queues in one transaction; works offline).
export const markNotificationRead = async (id: string) =>
  notifications.markNotificationRead(requireStore().db, id);
export const markAllNotificationsRead = async () => notifications.markAllNotificationsRead(requireStore().db);
export const deleteNotification = async (id: string) =>
  notifications.deleteNotification(requireStore().db, id);
export const createOrder = async (input: CreateOrderBody) => orders.createOrder(requireStore().db, input);
export const updateOrder = async (id: string, changes: UpdateOrderBody) =>
  orders.updateOrder(requireStore().db, id, changes);
export const changeOrderStatus = async (id: string, status: OrderStatus, notes?: string | null) =>
  orders.changeOrderStatus(requireStore().db, id, status, notes);
export const assignDriver = async (
  id: string,
  driver: Pick<Driver, 'id' | 'full_name'>,
  vehiclePlate?: string | null,
) => orders.assignDriver(requireStore().db, id, driver, vehiclePlate);
export const deleteOrder = async (id: string) => orders.deleteOrder(requireStore().db, id);
export const createCustomer = async (input: CreateCustomerBody) =>
  customers.createCustomer(requireStore().db, input);
export const updateCustomer = async (id: string, values: Omit<UpdateCustomerBody, 'expected_version'>) =>
  customers.updateCustomer(requireStore().db, id, values);
export const deleteCustomer = async (id: string) => customers.deleteCustomer(requireStore().db, id);
/** The driver's delivery with proof: delivered locally at once, the proof kept in the outbox. */
export const issueInvoice = async (orderId: string, input: invoices.IssueInvoiceInput) =>
  invoices.issueInvoice(requireStore().db, orderId, input);
export const cancelInvoice = async (id: string, reason: string, cancelledByName: string | null) =>
  invoices.cancelInvoice(requireStore().db, id, reason, cancelledByName);
export const deliverOrder = async (id: string, proof: delivery.DeliveryProofInput) =>
  delivery.deliverOrder(requireStore().db, id, proof);
/** Queue an accepted warehouse scan (the screen matched it locally first). */
export const queueScan = async (input: warehouse.ScanInput) => warehouse.queueScan(requireStore().db, input);
/** Product management (admin): applied to the mirror and queued, offline too (./products.ts). */
export const createProduct = async (input: CreateProductKurusBody) =>
  products.createProduct(requireStore().db, input);
export const updateProduct = async (
  id: string,
  changes: Omit<UpdateProductKurusBody, 'expected_version'>,
  expectedVersion: number,
) => products.updateProduct(requireStore().db, id, changes, expectedVersion);
export const deleteProduct = async (id: string) => products.deleteProduct(requireStore().db, id);
export const bulkProducts = async (action: BulkAction, ids: readonly string[]) =>
  products.bulkProducts(requireStore().db, action, ids);
/** The open orders on this device that hold each product (the delete rule; the server decides). */
export const ordersHoldingProducts = async (ids: readonly string[]) =>
  products.ordersHoldingProducts(requireStore().db, ids);
/**
 * Sends the outbox now and waits up to `timeoutMs` for the server's answer to one entry: what a
 * screen says after a user action depends on it (shared-ui/local-action.ts). Gives up at once
 * when the device cannot reach the server (offline, or sending paused on a 401).
 */
export const awaitEntry = async (id: string, timeoutMs: number) => {
  const store = requireStore();
  void store.engine.flushNow();
  return entryOutcome(store.db, id, timeoutMs, () => {
    const status = store.status.getState();
    return !status.online || status.paused !== null;
  });
};
/** A manual stock adjustment with a reason (versioned; offline through the outbox). */
export const adjustStock = async (input: inventory.AdjustInput) =>
  inventory.adjustStock(requireStore().db, input);
/** Post a finished count (its count_id is the Idempotency-Key: posted exactly once). */
export const postCount = async (input: inventory.PostCountInput) =>
  inventory.postCount(requireStore().db, input);
/** Ask the sync engine for a pull now (the warehouse list's 10 s / tab-visible refresh). */
export const pullNow = async () => {
  const store = current;
  if (store) await store.engine.pullNow();
};
/**
 * Refresh the cached GET /dashboard/stats answer (kept in meta for the team list offline).
 * False when it could not be fetched (offline, or a server without the endpoint): the cache stays.
 */
export const refreshDashboardStats = async () => {
  const store = current;
  if (!store) return false;
  return store.engine.refreshReference(API.dashboardStats, META.dashboardStats, (data) => ({
    stats: data,
    fetched_at: new Date().toISOString(),
  }));
};
/**
 * Ask the server again whether the company may invoice (GET /invoices/readiness) and keep the
 * answer in meta (`META.invoiceReadiness`): the device greys out 'Fatura Kes' by it, offline too.
 * False when it could not be asked (offline, signed out): the kept answer stays.
 */
export const refreshInvoiceReadiness = async () => {
  const store = current;
  if (!store) return false;
  return store.engine.refreshReference(API.invoiceReadiness, META.invoiceReadiness, (data) => ({
    missing: data.missing,
    fetched_at: new Date().toISOString(),
  }));
};
export const retryEntry = async (id: string) => {
  const store = requireStore();
  const ok = await outbox.retryEntry(store.db, id);
  if (ok) void store.engine.flushNow();
  return ok;
};
export const discardEntry = async (id: string) => {
  const store = requireStore();
  const ok = await outbox.discardEntry(store.db, id);
  // The record already shows the server's version we hold; a pull brings anything newer.
  if (ok) void store.engine.pullNow();
  return ok;
};

export { pendingCustomerNumber } from './customers';
export * from './database';
export { type DeliveryProofInput, unsentDeliveryProof } from './delivery';
export type { AdjustInput, CountLineInput, PostCountInput } from './inventory';
export {
  buildInvoiceDraft,
  dayInZone,
  type InvoiceFilter,
  type InvoicePage,
  invoiceMatches,
  invoiceOfOrder,
  queryInvoices,
  returnInvoiceBlocking,
  shownInvoiceNumber,
} from './invoices';
export { isKnownKind, MUTATIONS, type MutationKind } from './mutations';
export { pendingOrderNumber } from './orders';
export { countEntries, type EnqueueInput, enqueue, listEntries } from './outbox';
export type { EntryOutcome } from './outcome';
export {
  type ProductPage,
  type ProductPageFilter,
  productFieldValues,
  queryProductPage,
} from './products';
export {
  foldTr,
  getOrder,
  listCustomers,
  listProducts,
  type OrderFilter,
  type OrderPage,
  orderOutboxEntries,
  orderTallies,
  type ProductFilter,
  queryOrders,
  recentNotifications,
  unreadNotificationCount,
} from './queries';
export { listStores, otherUsersWaiting, type RegistryRow } from './registry';
export {
  APP_VERSION,
  collectDeviceFacts,
  deviceId,
  outboxFacts,
  type StorageFacts,
  storageFacts,
} from './sync/device-facts';
export {
  createSyncEngine,
  SyncEngine,
  type SyncEngineOptions,
  type SyncStatus,
  type SyncStatusStore,
} from './sync/engine';
export { keysOverlap } from './sync/plan';
export type { OrderTally, TallyRow } from './tallies';
export type { ScanInput } from './warehouse';
