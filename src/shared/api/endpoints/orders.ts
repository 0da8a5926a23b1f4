import { idParam } from '../common';
import { dashboardStatsSchema } from '../dashboard';
import { endpoint } from '../endpoint';
import { orderSchema } from '../entities';
import {
  assignDriverBody,
  createOrderBody,
  deleteOrderResponse,
  driverListResponse,
  ORDER_MESSAGES,
  orderArrayResponse,
  orderListQuery,
  orderListResponse,
  orderRoleParam,
  orderRoleQuery,
  orderStatusBody,
  recentOrdersQuery,
  updateOrderBody,
} from '../orders';
import { ROUTES } from '../routes';

/**
 * Orders: lists, the dashboard's figures, one order's life (create, edit, status, driver), the
 * drivers to assign. Spread into `API` (./index.ts).
 */
export const ORDER_ENDPOINTS = {
  orderList: endpoint({ ...ROUTES.orderList, query: orderListQuery, response: orderListResponse }),
  orderRecent: endpoint({ ...ROUTES.orderRecent, query: recentOrdersQuery, response: orderArrayResponse }),
  dashboardStats: endpoint({ ...ROUTES.dashboardStats, response: dashboardStatsSchema }),
  orderByRole: endpoint({
    ...ROUTES.orderByRole,
    params: orderRoleParam,
    query: orderRoleQuery,
    response: orderArrayResponse,
  }),
  orderGet: endpoint({ ...ROUTES.orderGet, params: idParam, response: orderSchema }),
  orderCreate: endpoint({
    ...ROUTES.orderCreate,
    body: createOrderBody,
    response: orderSchema,
    statuses: [200, 201],
  }),
  orderUpdate: endpoint({
    ...ROUTES.orderUpdate,
    params: idParam,
    body: updateOrderBody,
    response: orderSchema,
  }),
  orderStatus: endpoint({
    ...ROUTES.orderStatus,
    params: idParam,
    body: orderStatusBody,
    response: orderSchema,
  }),
  orderAssignDriver: endpoint({
    ...ROUTES.orderAssignDriver,
    params: idParam,
    body: assignDriverBody,
    response: orderSchema,
  }),
  orderDelete: endpoint({
    ...ROUTES.orderDelete,
    params: idParam,
    response: deleteOrderResponse,
    denied: ORDER_MESSAGES.cannotDelete,
  }),
  drivers: endpoint({ ...ROUTES.drivers, response: driverListResponse }),
} as const;
