import { matchPath } from 'react-router-dom';
import { type Access, mayCall } from '../../shared/api/endpoint';
import { ROUTES } from '../../shared/api/routes';
import { isPlatformAdmin } from '../../shared/domain/platform';
import type { Role } from '../../shared/domain/roles';
import { useSession } from '../state/session';
import type { MessageKey } from './i18n';

/**
 * The app's screens, described once: address, who may open it, its frame, its title and its menu
 * entry. The router (its routes and guards), the side menu, the top bar's title and breadcrumbs,
 * the login screen's "back to where you were" and every "may this role open that screen" check
 * read this table; the screens' code is bound to it by path in app/screen-components.tsx, which
 * the compiler holds to exactly these keys.
 *
 * Who may open a screen is never a list of its own: it is the access rule of the API route the
 * screen is built on (the server enforces that rule; the client's guard only routes), so a screen
 * and the calls it makes cannot disagree about a role.
 */

export type MenuIcon =
  | 'dashboard'
  | 'manager'
  | 'warehouse'
  | 'orders'
  | 'myOrders'
  | 'createOrder'
  | 'inventory'
  | 'customers'
  | 'invoices'
  | 'collections'
  | 'notifications'
  | 'admin'
  | 'tenants'
  | 'settings'
  | 'products';

export interface ScreenDef {
  /**
   * - 'public': open without signing in (no menu);
   * - 'app': signed in, inside the layout (menu, top bar);
   * - 'page': signed in, a page of its own without the layout (printouts).
   */
  frame: 'public' | 'app' | 'page';
  /** Who may use the screen: the access rule of the API route it is built on. */
  access: Access;
  /** Only an admin of the platform tenant uses it (its menu entry shows to them alone). */
  platform?: true;
  /**
   * What the client does with a signed-in role outside `access`:
   * - 'redirect' (default): to /dashboard, with a notice naming the screen;
   * - 'explain': the screen opens and says in its own words that the role has no access (an
   *   invoice link shared with a colleague, a company admin on the platform's screen).
   */
  refused?: 'redirect' | 'explain';
  /** Its title in the top bar and its breadcrumb; `titleByRole` where a role reads another. */
  title?: MessageKey;
  titleByRole?: Partial<Record<Role, MessageKey>>;
  /** The screen its breadcrumb trail passes through ('Siparişler' above an order's detail). */
  parent?: string;
  /** Its entry in the side menu: label, icon, place (ascending); `roles` narrows who sees it. */
  menu?: { label: MessageKey; icon: MenuIcon; order: number; roles?: readonly Role[] };
  /**
   * How a user gets to a screen that has no menu entry: from another screen (a row, a button) or
   * from the account menu. The reachability test follows it.
   */
  reachedFrom?: string;
}

/** The account menu in the top bar (Profil, Çıkış Yap): the way to /profile. */
export const ACCOUNT_MENU = 'account-menu';

export const SCREENS = {
  // ------------------------------------------------------------------------- public ---
  '/login': { frame: 'public', access: ROUTES.login.access },
  /** A password reset e-mail's link. */
  '/reset-password': { frame: 'public', access: ROUTES.resetPassword.access },
  /**
   * A user signed in with a one-time password sets their own here: nothing else is open to them
   * (no menu; the guards send every other page back here). Outside the guards: the page itself
   * sends a visitor without a session to /login.
   */
  '/change-password': { frame: 'public', access: ROUTES.profileUpdate.access },
  /** A new company's sign-up. */
  '/register-company': { frame: 'public', access: ROUTES.registrationCreate.access },

  // ------------------------------------------------------------- inside the layout ---
  '/dashboard': {
    frame: 'app',
    access: ROUTES.dashboardStats.access,
    title: 'page_dashboard',
    // The spec's title of a salesperson's dashboard.
    titleByRole: { salesperson: 'page_myOrdersTitle' },
    menu: { label: 'page_dashboard', icon: 'dashboard', order: 10 },
  },
  // The manager's dashboard is for those who approve orders and assign drivers.
  '/manager-dashboard': {
    frame: 'app',
    access: ROUTES.orderAssignDriver.access,
    title: 'page_managerDashboard',
    menu: { label: 'page_managerDashboard', icon: 'manager', order: 20 },
  },
  // The warehouse dashboard is for those who scan orders ready.
  '/warehouse-dashboard': {
    frame: 'app',
    access: ROUTES.warehouseScan.access,
    title: 'page_warehouseDashboard',
    menu: { label: 'page_warehouseDashboard', icon: 'warehouse', order: 30 },
  },
  '/orders': {
    frame: 'app',
    access: ROUTES.orderList.access,
    title: 'page_orders',
    menu: { label: 'page_orders', icon: 'orders', order: 40 },
  },
  '/orders/:id': {
    frame: 'app',
    access: ROUTES.orderGet.access,
    title: 'page_orderDetail',
    parent: '/orders',
    reachedFrom: '/orders',
  },
  // Open to every signed-in user (a role sees only the orders it may); in the menu for
  // salespeople, whose own orders they are.
  '/my-orders': {
    frame: 'app',
    access: ROUTES.orderList.access,
    title: 'page_myOrders',
    menu: { label: 'page_myOrders', icon: 'myOrders', order: 50, roles: ['salesperson'] },
  },
  '/create-order': {
    frame: 'app',
    access: ROUTES.orderCreate.access,
    title: 'page_createOrder',
    menu: { label: 'page_createOrder', icon: 'createOrder', order: 60, roles: ['salesperson'] },
  },
  /** The catalogue and cart: 'Yeni Satış' on /my-orders. */
  '/sales': {
    frame: 'app',
    access: ROUTES.orderCreate.access,
    title: 'page_sales',
    reachedFrom: '/my-orders',
  },
  // Stock is counted and corrected by those who may adjust it.
  '/inventory': {
    frame: 'app',
    access: ROUTES.productStockAdjust.access,
    title: 'page_inventory',
    menu: { label: 'page_inventory', icon: 'inventory', order: 70 },
  },
  '/customers': {
    frame: 'app',
    access: ROUTES.customerList.access,
    title: 'page_customers',
    menu: { label: 'page_customers', icon: 'customers', order: 80 },
  },
  '/customers/:id': {
    frame: 'app',
    access: ROUTES.customerGet.access,
    title: 'cust_pageDetail',
    parent: '/customers',
    reachedFrom: '/customers',
  },
  '/invoices': {
    frame: 'app',
    access: ROUTES.invoiceList.access,
    refused: 'explain',
    title: 'page_invoices',
    menu: { label: 'page_invoices', icon: 'invoices', order: 90 },
  },
  // Collections, receivables and the day-end are for those who confirm day-ends (the office).
  '/collections': {
    frame: 'app',
    access: ROUTES.dayEndConfirm.access,
    title: 'page_collections',
    menu: { label: 'page_collections', icon: 'collections', order: 95 },
  },
  '/invoices/:id': {
    frame: 'app',
    access: ROUTES.invoiceGet.access,
    refused: 'explain',
    title: 'invc_pageDetail',
    parent: '/invoices',
    reachedFrom: '/invoices',
  },
  '/notifications': {
    frame: 'app',
    access: ROUTES.notificationList.access,
    title: 'page_notifications',
    menu: { label: 'page_notifications', icon: 'notifications', order: 100 },
  },
  '/admin': {
    frame: 'app',
    access: ROUTES.adminSettings.access,
    title: 'page_admin',
    menu: { label: 'page_admin', icon: 'admin', order: 110 },
  },
  // A company's admin may open it and is told it is the platform's; the menu shows it to
  // platform admins only.
  '/tenant-management': {
    frame: 'app',
    access: ROUTES.adminTenants.access,
    platform: true,
    title: 'page_tenantManagement',
    menu: { label: 'page_tenantManagement', icon: 'tenants', order: 120 },
  },
  /** The user's own preferences (language, theme, device); open to everyone. */
  '/settings': {
    frame: 'app',
    access: ROUTES.profile.access,
    title: 'page_settings',
    menu: { label: 'page_settings', icon: 'settings', order: 130 },
  },
  '/product-management': {
    frame: 'app',
    access: ROUTES.productCreate.access,
    title: 'page_productManagement',
    menu: { label: 'page_productManagement', icon: 'products', order: 140 },
  },
  '/profile': {
    frame: 'app',
    access: ROUTES.profileUpdate.access,
    title: 'page_profile',
    reachedFrom: ACCOUNT_MENU,
  },

  // ------------------------------------------------- pages of their own (printouts) ---
  /** The delivery note, printed from the local store (offline). */
  '/delivery-notes/:orderId': { frame: 'page', access: ROUTES.orderGet.access, reachedFrom: '/orders/:id' },
  /** An invoice, printed from the local store (offline). */
  '/invoice-print/:id': {
    frame: 'page',
    access: ROUTES.invoiceGet.access,
    refused: 'explain',
    reachedFrom: '/invoices/:id',
  },
  /** A collection receipt, printed from the local store (offline: at the door). */
  '/payment-receipt/:id': { frame: 'page', access: ROUTES.paymentGet.access, reachedFrom: '/dashboard' },
} as const satisfies Record<string, ScreenDef>;

export type ScreenPath = keyof typeof SCREENS;

export const SCREEN_PATHS = Object.keys(SCREENS) as ScreenPath[];

const screen = (path: ScreenPath): ScreenDef => SCREENS[path];

/** Static paths before parameterised ones, as the router ranks them ('/orders/new' is not an id). */
const MATCH_ORDER = [...SCREEN_PATHS].sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));

/** The screen an address shows (matched as the router does: any case, a trailing slash ignored). */
export function screenAt(pathname: string): ScreenPath | null {
  return MATCH_ORDER.find((path) => matchPath({ path, caseSensitive: false, end: true }, pathname)) ?? null;
}

/** Whether `role` passes the screen's access rule (the guard's question). */
export function roleMayOpen(role: Role | null | undefined, path: ScreenPath): boolean {
  return mayCall(screen(path), role);
}

/**
 * Whether `role` (in tenant `tenant`) may use the screen: its access rule, and for the
 * platform's screens, an admin of the platform tenant. The menu and every "show this link or
 * button" ask this.
 */
export function mayUse(
  role: Role | null | undefined,
  tenant: string | null | undefined,
  path: ScreenPath,
): boolean {
  const def = screen(path);
  if (!mayCall(def, role)) return false;
  return !def.platform || isPlatformAdmin(role, tenant);
}

export interface MenuItem {
  path: ScreenPath;
  label: MessageKey;
  icon: MenuIcon;
}

/** The side menu of a role: the screens it may use that have an entry for it, in menu order. */
export function menuFor(role: string | undefined, tenant?: string | null): MenuItem[] {
  const items: (MenuItem & { order: number })[] = [];
  for (const path of SCREEN_PATHS) {
    const menu = screen(path).menu;
    if (!menu || !mayUse(role as Role | undefined, tenant, path)) continue;
    if (menu.roles && !(menu.roles as readonly string[]).includes(role ?? '')) continue;
    items.push({ path, label: menu.label, icon: menu.icon, order: menu.order });
  }
  return items.sort((a, b) => a.order - b.order).map(({ order: _order, ...item }) => item);
}

export interface Crumb {
  label: MessageKey;
  to?: string;
}

function titleOf(path: ScreenPath, role: string | undefined): MessageKey {
  const def = screen(path);
  return def.titleByRole?.[role as Role] ?? def.title ?? 'page_dashboard';
}

/** The top bar's title of an address (an unknown one reads as the dashboard). */
export function titleFor(pathname: string, role: string | undefined): MessageKey {
  const path = screenAt(pathname);
  return path ? titleOf(path, role) : 'page_dashboard';
}

/** Breadcrumbs: 'Ana Sayfa' (→ /dashboard) first, then the trail to the page (last not linked). */
export function crumbsFor(pathname: string, role: string | undefined): Crumb[] {
  const home: Crumb = { label: 'home', to: '/dashboard' };
  const path = screenAt(pathname);
  if (path === '/dashboard') return [home];
  if (!path) return [home, { label: 'page_dashboard' }];
  const trail: Crumb[] = [{ label: titleOf(path, role) }];
  for (let parent = screen(path).parent; parent; parent = screen(parent as ScreenPath).parent)
    trail.unshift({ label: titleOf(parent as ScreenPath, role), to: parent });
  return [home, ...trail];
}

/** Whether the signed-in user may use the screen at `path` (for links and buttons that open it). */
export function useMayUse(path: ScreenPath): boolean {
  return useSession((s) => mayUse(s.user?.role, s.tenant, path));
}
