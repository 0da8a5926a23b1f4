import type { Role } from '../../shared/domain/roles';
import type { MessageKey, Translate } from './i18n';

/**
 * Which roles may open the role-guarded routes (the route table); every other route of the
 * app is open to any signed-in user. The router's guards and the login screen's "back to the
 * address you asked for" both read this one table, so they cannot disagree.
 */
export const ROUTE_ROLES = {
  '/manager-dashboard': ['manager', 'admin'],
  '/warehouse-dashboard': ['admin', 'warehouse'],
  '/inventory': ['admin', 'warehouse'],
  '/admin': ['admin'],
  '/tenant-management': ['admin'],
  '/product-management': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

type GuardedRoute = keyof typeof ROUTE_ROLES;

/** The page names of the guarded routes, for the notice of a user sent away from one. */
const ROUTE_TITLES: Record<GuardedRoute, MessageKey> = {
  '/manager-dashboard': 'page_managerDashboard',
  '/warehouse-dashboard': 'page_warehouseDashboard',
  '/inventory': 'page_inventory',
  '/admin': 'page_admin',
  '/tenant-management': 'page_tenantManagement',
  '/product-management': 'page_productManagement',
};

/** The router's key of a path: matched case-insensitively, a trailing slash ignored. */
function routeKey(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, '') || '/';
}

/**
 * The guarded route `pathname` is when `role` may not open it (null: it may). A user sent away
 * from such a page is told why, in words (`refusalNotice`), never silently redirected.
 */
export function refusedRoute(role: Role, pathname: string): GuardedRoute | null {
  const key = routeKey(pathname);
  if (!(key in ROUTE_ROLES)) return null;
  const route = key as GuardedRoute;
  return (ROUTE_ROLES[route] as readonly Role[]).includes(role) ? null : route;
}

/** The notice for a user sent away from `route`: names the page and where they were taken. */
export function refusalNotice(t: Translate, route: GuardedRoute): string {
  return t('routeRefused', { page: t(ROUTE_TITLES[route]) });
}

/** The address a signed-out visitor asked for, handed to /login in the history entry's state. */
export interface ReturnTo {
  pathname: string;
  search: string;
  hash: string;
}

/** Reads the `from` the guard put in /login's history state; anything malformed is ignored. */
export function readReturnTo(state: unknown): ReturnTo | null {
  const from = (state as { from?: unknown } | null)?.from as Partial<ReturnTo> | undefined;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return null;
  // Only paths of this app: never a protocol-relative "//host" address.
  if (from.pathname.startsWith('//')) return null;
  return {
    pathname: from.pathname,
    search: typeof from.search === 'string' ? from.search : '',
    hash: typeof from.hash === 'string' ? from.hash : '',
  };
}

/**
 * Where a user lands right after signing in: the address they asked for when their role may open
 * it, else their role's landing page. /login itself and the root are not worth returning to.
 */
export function returnAddress(role: Role, from: ReturnTo | null, landing: string): string {
  if (!from) return landing;
  // The router matches paths case-insensitively and ignores a trailing slash: so does this check.
  const key = routeKey(from.pathname);
  if (key === '/login' || key === '/') return landing;
  if (refusedRoute(role, key)) return landing;
  return `${from.pathname}${from.search}${from.hash}`;
}
