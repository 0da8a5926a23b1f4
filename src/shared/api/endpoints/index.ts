import type { Endpoint } from '../endpoint';
import type { RouteName } from '../routes';
import { ACCOUNT_ENDPOINTS } from './accounts';
import { ADMIN_ENDPOINTS } from './admin';
import { AUTH_ENDPOINTS } from './auth';
import { CUSTOMER_ENDPOINTS } from './customers';
import { DEBUG_ENDPOINTS } from './debug';
import { INVOICE_ENDPOINTS } from './invoices';
import { NOTIFICATION_ENDPOINTS } from './notifications';
import { ORDER_ENDPOINTS } from './orders';
import { PLATFORM_ENDPOINTS } from './platform';
import { PRODUCT_ENDPOINTS } from './products';
import { REGISTRATION_ENDPOINTS } from './registrations';
import { STOCK_ENDPOINTS } from './stock';
import { SYNC_ENDPOINTS } from './sync';
import { SYSTEM_ENDPOINTS } from './system';
import { WAREHOUSE_ENDPOINTS } from './warehouse';

/**
 * THE endpoint table: every API endpoint once — its route (./routes.ts: method, path, who may
 * call it) and its zod contracts. The server registers its routes from these entries
 * (src/server/lib/route.ts) and the client calls them with `call(API.x, …)`
 * (src/client/api/http.ts), so a path or a schema is never written twice, and an entry that is
 * not `public` is authenticated by default.
 *
 * Each group of endpoints has its file in this folder (`<GROUP>_ENDPOINTS`); they are assembled
 * here, and `satisfies` holds the whole to exactly the routes of ./routes.ts.
 */
export const API = {
  ...SYSTEM_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...REGISTRATION_ENDPOINTS,
  ...ORDER_ENDPOINTS,
  ...WAREHOUSE_ENDPOINTS,
  ...DEBUG_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...PRODUCT_ENDPOINTS,
  ...INVOICE_ENDPOINTS,
  ...CUSTOMER_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...STOCK_ENDPOINTS,
  ...SYNC_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...PLATFORM_ENDPOINTS,
} as const satisfies Record<RouteName, Endpoint>;

export type ApiName = keyof typeof API;
