import { type ComponentType, lazy, useState } from 'react';
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

const DriverDashboardPage = lazy(() => import('../driver/driver-dashboard-page'));
const LandingDashboardPage = lazy(() => import('../dashboard/dashboard-page'));

/** /dashboard: the driver's work list for a driver; every other role's dashboard. */
function DashboardPage() {
  const role = useSession((s) => s.user?.role);
  return role === 'driver' ? <DriverDashboardPage /> : <LandingDashboardPage />;
}

export const SCREEN_COMPONENTS: Record<ScreenPath, ComponentType> = {
  '/login': LoginPage,
  '/reset-password': lazy(() => import('../password-reset/reset-password-page')),
  '/change-password': lazy(() => import('../auth/change-password-page')),
  '/register-company': lazy(() => import('../register-company/register-company-page')),
  '/dashboard': DashboardPage,
  '/manager-dashboard': lazy(() => import('../dashboard/manager-dashboard-page')),
  '/warehouse-dashboard': lazy(() => import('../warehouse/warehouse-dashboard-page')),
  '/orders': lazy(() => import('../orders/orders-page')),
  '/orders/:id': lazy(() => import('../orders/order-detail-page')),
  '/my-orders': lazy(() => import('../orders/my-orders-page')),
  '/create-order': lazy(() => import('../orders/create-order-page')),
  '/sales': lazy(() => import('../sales/sales-page')),
  '/inventory': lazy(() => import('../inventory/inventory-page')),
  '/customers': lazy(() => import('../customers/customers-page')),
  '/invoices': lazy(() => import('../invoices/invoices-page')),
  '/invoices/:id': lazy(() => import('../invoices/invoice-detail-page')),
  '/notifications': lazy(() => import('../notifications/notifications-page')),
  '/admin': lazy(() => import('../admin/admin-page')),
  '/tenant-management': lazy(() => import('../tenant-management/tenant-management-page')),
  '/settings': lazy(() => import('../settings/settings-page')),
  '/product-management': lazy(() => import('../products/product-management-page')),
  '/profile': lazy(() => import('../profile/profile-page')),
  '/delivery-notes/:orderId': lazy(() => import('../warehouse/delivery-note-page')),
  '/invoice-print/:id': lazy(() => import('../invoices/invoice-print-page')),
};
