import { isPlatformAdmin } from '../../shared/domain/platform';
import type { Role } from '../../shared/domain/roles';
import type { MessageKey } from '../shared-ui/i18n';

/**
 * The left menu (spec "Shared layout"), in the spec's order, filtered by role ("all roles unless
 * noted"). Icons are resolved by the side menu so this table stays plain data.
 */
export interface MenuItem {
  path: string;
  label: MessageKey;
  roles?: readonly Role[];
  /** Only for platform admins (admin of the platform tenant): tenant management. */
  platform?: true;
  icon:
    | 'dashboard'
    | 'manager'
    | 'warehouse'
    | 'orders'
    | 'myOrders'
    | 'createOrder'
    | 'inventory'
    | 'customers'
    | 'invoices'
    | 'notifications'
    | 'admin'
    | 'tenants'
    | 'settings'
    | 'products';
}

const MENU_ITEMS: readonly MenuItem[] = [
  { path: '/dashboard', label: 'page_dashboard', icon: 'dashboard' },
  {
    path: '/manager-dashboard',
    label: 'page_managerDashboard',
    roles: ['manager', 'admin'],
    icon: 'manager',
  },
  {
    path: '/warehouse-dashboard',
    label: 'page_warehouseDashboard',
    roles: ['warehouse', 'admin'],
    icon: 'warehouse',
  },
  { path: '/orders', label: 'page_orders', icon: 'orders' },
  { path: '/my-orders', label: 'page_myOrders', roles: ['salesperson'], icon: 'myOrders' },
  { path: '/create-order', label: 'page_createOrder', roles: ['salesperson'], icon: 'createOrder' },
  { path: '/inventory', label: 'page_inventory', roles: ['warehouse', 'admin'], icon: 'inventory' },
  { path: '/customers', label: 'page_customers', icon: 'customers' },
  { path: '/invoices', label: 'page_invoices', icon: 'invoices' },
  { path: '/notifications', label: 'page_notifications', icon: 'notifications' },
  { path: '/admin', label: 'page_admin', roles: ['admin'], icon: 'admin' },
  {
    path: '/tenant-management',
    label: 'page_tenantManagement',
    roles: ['admin'],
    platform: true,
    icon: 'tenants',
  },
  { path: '/settings', label: 'page_settings', icon: 'settings' },
  { path: '/product-management', label: 'page_productManagement', roles: ['admin'], icon: 'products' },
];

/** The entries for a role; `tenant` (the session's) decides the platform-only ones. */
export function menuFor(role: string | undefined, tenant?: string | null): MenuItem[] {
  return MENU_ITEMS.filter(
    (item) =>
      (!item.roles || (role !== undefined && (item.roles as readonly string[]).includes(role))) &&
      (!item.platform || isPlatformAdmin(role, tenant)),
  );
}
