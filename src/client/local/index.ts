import type { CreateCustomerBody, UpdateCustomerBody } from '../../shared/api/customers';
import type { CreateOrderBody, Driver, UpdateOrderBody } from '../../shared/api/orders';
import type { BulkAction, CreateProductKurusBody, UpdateProductKurusBody } from '../../shared/api/products';
import type { OrderStatus } from '../../shared/domain/order-status';
import * as customers from './customers';
import * as delivery from './delivery';
import * as invoices from './invoices';
import * as notifications from './notifications';
import * as orders from './orders';
import * as products from './products';
import { requireStore } from './store';

export * from './store';

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

export { pendingCustomerNumber } from './customers';
export * from './database';
export { type DeliveryProofInput, unsentDeliveryProof } from './delivery';
export {
  buildInvoiceDraft,
  canCancelInvoice,
  canIssueInvoice,
  canSeeInvoices,
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
