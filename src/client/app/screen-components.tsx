import { type ComponentType, lazy, useState } from 'react';
import { matchPath } from 'react-router-dom';
import type { ScreenComponent } from '../shared-ui/local-store';
import type { ScreenPath } from '../shared-ui/screens';
import { useSession } from '../state/session';

/*
 * Each screen's code, bound to its entry in the screens table (shared-ui/screens.ts) by path: the
 * compiler holds this map to exactly the table's keys, so a screen cannot be described without
 * code or coded without a description. Every screen is its own chunk (route-level code
 * splitting), so /login downloads only the login screen on top of the shell; the service worker
 * precaches every chunk, so they load offline.
 */

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A screen's code as a component that renders the module itself when it was loaded before the
 * component first mounted (main.tsx fetches the first screen's code before the first render), and
 * a lazy component otherwise. A lazy component always shows its fallback once, even when its code
 * is already there: on a reload that is one more commit and render pass before the screen shows
 * (and, for the first visit's plain-HTML login form, a spinner in place of what is being typed).
 * The choice is made once per mount: switching from the lazy wrapper to the module would remount.
 */
export function preloadable(load: Loader): { Screen: ComponentType; load: () => Promise<ScreenComponent> } {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((m) => {
      loaded = m.default;
      return m.default as ScreenComponent;
    });
  const Lazy = lazy(() => loadAndKeep().then((Component) => ({ default: Component })));
  function Screen() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, load: loadAndKeep };
}

const login = preloadable(() => import('../auth/login-page'));
export const loadLoginPage = login.load;

const driverDashboard = preloadable(() => import('../driver/driver-dashboard-page'));
const landingDashboard = preloadable(() => import('../dashboard/dashboard-page'));

/** /dashboard: the driver's work list for a driver; every other role's dashboard. */
function DashboardPage() {
  const role = useSession((s) => s.user?.role);
  return role === 'driver' ? <driverDashboard.Screen /> : <landingDashboard.Screen />;
}

/** The code of each screen that is only a lazily loaded module. */
const LOADERS = {
  '/reset-password': () => import('../password-reset/reset-password-page'),
  '/change-password': () => import('../auth/change-password-page'),
  '/register-company': () => import('../register-company/register-company-page'),
  '/manager-dashboard': () => import('../dashboard/manager-dashboard-page'),
  '/warehouse-dashboard': () => import('../warehouse/warehouse-dashboard-page'),
  '/orders': () => import('../orders/orders-page'),
  '/orders/:id': () => import('../orders/order-detail-page'),
  '/my-orders': () => import('../orders/my-orders-page'),
  '/create-order': () => import('../orders/create-order-page'),
  '/sales': () => import('../sales/sales-page'),
  '/inventory': () => import('../inventory/inventory-page'),
  '/customers': () => import('../customers/customers-page'),
  '/customers/:id': () => import('../customers/customer-detail-page'),
  '/invoices': () => import('../invoices/invoices-page'),
  '/invoices/:id': () => import('../invoices/invoice-detail-page'),
  '/collections': () => import('../collections/collections-page'),
  '/notifications': () => import('../notifications/notifications-page'),
  '/admin': () => import('../admin/admin-page'),
  '/tenant-management': () => import('../tenant-management/tenant-management-page'),
  '/settings': () => import('../settings/settings-page'),
  '/product-management': () => import('../products/product-management-page'),
  '/profile': () => import('../profile/profile-page'),
  '/delivery-notes/:orderId': () => import('../warehouse/delivery-note-page'),
  '/invoice-print/:id': () => import('../invoices/invoice-print-page'),
  '/payment-receipt/:id': () => import('../payments/receipt-page'),
} satisfies Partial<Record<ScreenPath, Loader>>;

const lazyScreens = {} as Record<keyof typeof LOADERS, ReturnType<typeof preloadable>>;
for (const [path, load] of Object.entries(LOADERS) as [keyof typeof LOADERS, Loader][])
  lazyScreens[path] = preloadable(load);

export const SCREEN_COMPONENTS: Record<ScreenPath, ComponentType> = {
  '/login': login.Screen,
  '/dashboard': DashboardPage,
  ...(Object.fromEntries(Object.entries(lazyScreens).map(([path, s]) => [path, s.Screen])) as Record<
    keyof typeof LOADERS,
    ComponentType
  >),
};

/** The layout around the app's screens (its own chunk). */
export const AppLayout = preloadable(() => import('../layout/app-layout'));

/** Loads the signed-in layout's code (a sign-in is on its way: every role's screens sit in it). */
export function preloadLayout(): Promise<unknown> {
  return AppLayout.load().catch(() => undefined);
}

/**
 * Loads the code of the screen at `pathname` (signed in as `role`) and of the layout around it,
 * before the first render: the app would otherwise ask for the layout only once its first render
 * ran, and for the screen only once the layout rendered — one after the other — and each would
 * show its fallback once. Resolves when both are loaded, with the screen's component (undefined
 * when a load failed: the lazy path then tries again).
 */
export async function preloadScreen(
  pathname: string,
  role: string | undefined,
): Promise<ScreenComponent | undefined> {
  const path = (Object.keys(LOADERS) as (keyof typeof LOADERS)[]).find((p) => matchPath(p, pathname));
  const screen =
    pathname === '/dashboard'
      ? (role === 'driver' ? driverDashboard : landingDashboard).load()
      : path
        ? lazyScreens[path].load()
        : undefined;
  const [, Screen] = await Promise.all([
    AppLayout.load().catch(() => undefined),
    screen?.catch(() => undefined),
  ]);
  return Screen;
}
