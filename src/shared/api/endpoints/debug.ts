import { endpoint } from '../endpoint';
import { ROUTES } from '../routes';
import { debugActionResponse, debugAllOrdersResponse } from '../warehouse';

/** The demo tools (demo data only). Spread into `API` (./index.ts). */
export const DEBUG_ENDPOINTS = {
  debugAllOrders: endpoint({ ...ROUTES.debugAllOrders, response: debugAllOrdersResponse }),
  debugApproveFirstOrder: endpoint({ ...ROUTES.debugApproveFirstOrder, response: debugActionResponse }),
  debugCreateTestOrders: endpoint({ ...ROUTES.debugCreateTestOrders, response: debugActionResponse }),
} as const;
