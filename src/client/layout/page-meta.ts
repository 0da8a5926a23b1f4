import type { MessageKey } from '../shared-ui/i18n';

/** Page titles and breadcrumbs of the layout, derived from the address. */
const TITLES: Record<string, MessageKey> = {
  '/dashboard': 'page_dashboard',
  '/manager-dashboard': 'page_managerDashboard',
  '/warehouse-dashboard': 'page_warehouseDashboard',
  '/orders': 'page_orders',
  '/my-orders': 'page_myOrders',
  '/create-order': 'page_createOrder',
  '/sales': 'page_sales',
  '/inventory': 'page_inventory',
  '/customers': 'page_customers',
  '/invoices': 'page_invoices',
  '/notifications': 'page_notifications',
  '/admin': 'page_admin',
  '/tenant-management': 'page_tenantManagement',
  '/settings': 'page_settings',
  '/product-management': 'page_productManagement',
  '/profile': 'page_profile',
};

export interface Crumb {
  label: MessageKey;
  to?: string;
}

/** The title key of a page; the dashboard reads 'Siparişlerim' for salespeople (spec). */
export function titleFor(pathname: string, role: string | undefined): MessageKey {
  if (pathname === '/dashboard' && role === 'salesperson') return 'page_myOrdersTitle';
  if (/^\/orders\/[^/]+$/.test(pathname)) return 'page_orderDetail';
  if (/^\/invoices\/[^/]+$/.test(pathname)) return 'invc_pageDetail';
  return TITLES[pathname] ?? 'page_dashboard';
}

/** Breadcrumbs: 'Ana Sayfa' (→ /dashboard) first, then the trail to the page (last not linked). */
export function crumbsFor(pathname: string, role: string | undefined): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'home', to: '/dashboard' }];
  if (pathname === '/dashboard') return crumbs;
  if (/^\/orders\/[^/]+$/.test(pathname)) {
    crumbs.push({ label: 'page_orders', to: '/orders' }, { label: 'page_orderDetail' });
    return crumbs;
  }
  if (/^\/invoices\/[^/]+$/.test(pathname)) {
    crumbs.push({ label: 'page_invoices', to: '/invoices' }, { label: 'invc_pageDetail' });
    return crumbs;
  }
  crumbs.push({ label: titleFor(pathname, role) });
  return crumbs;
}
