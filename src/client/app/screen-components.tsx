import { type ComponentType, lazy, useState } from 'react';
import { matchPath } from 'react-router-dom';
import type { ScreenPath } from '../shared-ui/screens';
import { useSession } from '../state/session';

/*
 * Each screen's code, bound to its entry in the screens table (shared-ui/screens.ts) by path: the
 * compiler holds this map to exactly the table's keys, so a screen cannot be described without
 * code or coded without a description. Every screen is its own chunk (route-level code
 * splitting), so /login downloads only the login screen on top of the shell; the service worker
 * precaches every chunk, so they load offline.
 */

/**
 * The login screen can be loaded before the first render (main.tsx, when it takes over the first
 * visit's plain-HTML form): then the first commit is the screen itself — a lazy component always
 * shows the fallback once, which would replace the form the user is typing into with a spinner.
 */
let loadedLogin: ComponentType | undefined;
export const loadLoginPage = () =>
  import('../auth/login-page').then((m) => {
    loadedLogin = m.default;
    return m;
  });
const LazyLogin = lazy(loadLoginPage);
function LoginPage() {
  // Chosen once per mount: switching from the lazy wrapper to the module would remount the form.
  const [Screen] = useState<ComponentType>(() => loadedLogin ?? LazyLogin);
  return <Screen />;
}

const loadDriverDashboard = () => import('../driver/driver-dashboard-page');
const loadLandingDashboard = () => import('../dashboard/dashboard-page');
const DriverDashboardPage = lazy(loadDriverDashboard);
const LandingDashboardPage = lazy(loadLandingDashboard);

/** /dashboard: the driver's work list for a driver; every other role's dashboard. */
function DashboardPage() {
  const role = useSession((s) => s.user?.role);
  return role === 'driver' ? <DriverDashboardPage /> : <LandingDashboardPage />;
}

type Loader = () => Promise<{ default: ComponentType }>;

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

const lazyScreens = {} as Record<keyof typeof LOADERS, ComponentType>;
for (const [path, load] of Object.entries(LOADERS) as [keyof typeof LOADERS, Loader][])
  lazyScreens[path] = lazy(load);

export const SCREEN_COMPONENTS: Record<ScreenPath, ComponentType> = {
  '/login': LoginPage,
  '/dashboard': DashboardPage,
  ...lazyScreens,
};

/**
 * Starts loading the code of the screen at `pathname` (signed in as `role`), and the layout
 * around it, before the first render: the app would otherwise ask for the layout only once its
 * first render ran, and for the screen only once the layout rendered — one after the other. Both
 * are module imports, so the lazy components later get the same, already loaded, modules.
 */
export function preloadScreen(pathname: string, role: string | undefined): void {
  const loads: Promise<unknown>[] = [import('../layout/app-layout')];
  if (pathname === '/dashboard')
    loads.push(role === 'driver' ? loadDriverDashboard() : loadLandingDashboard());
  else {
    const path = (Object.keys(LOADERS) as (keyof typeof LOADERS)[]).find((p) => matchPath(p, pathname));
    if (path) loads.push(LOADERS[path]());
  }
  for (const load of loads) load.catch(() => undefined);
}
