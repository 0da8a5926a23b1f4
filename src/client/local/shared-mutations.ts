import type { CreateCustomerBody, UpdateCustomerBody } from '../../shared/api/customers';
import type { CreateOrderBody } from '../../shared/api/orders';
import type { OrderStatus } from '../../shared/domain/order-status';
import * as customers from './customers';
import * as invoices from './invoices';
import * as notifications from './notifications';
import * as orders from './orders';
import { requireStore } from './store';

/**
 * The outbox mutations that the screens of several features make (the bell and dashboards mark
 * notifications read; the sales, orders, warehouse, driver and dashboard screens create orders and
 * change their status; the customer dialog and the order screens create and edit customers; an
 * order's screens issue its invoice), bound to the open local store: each applies locally and queues
 * in one transaction, offline too. A mutation only one feature makes lives in that feature's
 * folder (<feature>/mutations.ts, its work in <feature>/local.ts).
 */
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
/** Issue an order's sales invoice (the order screens and the invoices screens offer it). */
export const issueInvoice = async (orderId: string, input: invoices.IssueInvoiceInput) =>
  invoices.issueInvoice(requireStore().db, orderId, input);
