import type { CreateCustomerBody, UpdateCustomerBody } from '../../shared/api/customers';
import type { CreateOrderBody } from '../../shared/api/orders';
import type { OrderStatus } from '../../shared/domain/order-status';
import * as customers from './customers';
import * as invoices from './invoices';
import * as notifications from './notifications';
import * as orders from './orders';
import { requireStore } from './store';

export * from './store';

// Bound mutations for the UI (each applies locally and queues in one transaction; works offline).
export const markNotificationRead = async (id: string) =>
  notifications.markNotificationRead(requireStore().db, id);
export const markAllNotificationsRead = async () => notifications.markAllNotificationsRead(requireStore().db);
export const deleteNotification = async (id: string) =>
  notifications.deleteNotification(requireStore().db, id);
export const createOrder = async (input: CreateOrderBody) => orders.createOrder(requireStore().db, input);
export const changeOrderStatus = async (id: string, status: OrderStatus, notes?: string | null) =>
  orders.changeOrderStatus(requireStore().db, id, status, notes);
export const createCustomer = async (input: CreateCustomerBody) =>
  customers.createCustomer(requireStore().db, input);
export const updateCustomer = async (id: string, values: Omit<UpdateCustomerBody, 'expected_version'>) =>
  customers.updateCustomer(requireStore().db, id, values);
/** The driver's delivery with proof: delivered locally at once, the proof kept in the outbox. */
export const issueInvoice = async (orderId: string, input: invoices.IssueInvoiceInput) =>
  invoices.issueInvoice(requireStore().db, orderId, input);

export { pendingCustomerNumber } from './customers';
export * from './database';
export { unsentDeliveryProof } from './delivery';
export {
  buildInvoiceDraft,
  canCancelInvoice,
  canIssueInvoice,
  canSeeInvoices,
  invoiceOfOrder,
  shownInvoiceNumber,
} from './invoices';
export { isKnownKind, MUTATIONS, type MutationKind } from './mutations';
export { pendingOrderNumber } from './orders';
export { countEntries, type EnqueueInput, enqueue, listEntries } from './outbox';
export type { EntryOutcome } from './outcome';
export {
  foldTr,
  getOrder,
  listCustomers,
  listProducts,
  type OrderFilter,
  type OrderPage,
  orderOutboxEntries,
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
