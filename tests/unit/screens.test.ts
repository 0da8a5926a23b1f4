import { describe, expect, it } from 'vitest';
import { SCREEN_COMPONENTS } from '../../src/client/app/screen-components';
import { refusedRoute } from '../../src/client/shared-ui/route-access';
import {
  ACCOUNT_MENU,
  crumbsFor,
  mayUse,
  menuFor,
  roleMayOpen,
  SCREEN_PATHS,
  SCREENS,
  type ScreenDef,
  type ScreenPath,
  screenAt,
  titleFor,
} from '../../src/client/shared-ui/screens';
import { mayCall } from '../../src/shared/api/endpoint';
import { ROUTES } from '../../src/shared/api/routes';
import { ROLES, type Role } from '../../src/shared/domain/roles';

/**
 * The screens table drives the router, the guards, the menu and the titles: these hold it to the
 * rules a user meets — the menu never offers a screen its role is refused, every screen a role
 * may use can be found, and the guard refuses exactly who the API refuses.
 */
const TENANTS = ['default', 'demo'] as const; // the platform's tenant and a company's
const def = (path: ScreenPath): ScreenDef => SCREENS[path];
const signedIn = SCREEN_PATHS.filter((path) => def(path).frame !== 'public');

/** How `role` finds `path` without typing its address: the menu, the account menu, or a screen it finds. */
function reachable(role: Role, tenant: string, path: ScreenPath, seen = new Set<string>()): boolean {
  if (seen.has(path)) return false;
  seen.add(path);
  if (menuFor(role, tenant).some((item) => item.path === path)) return true;
  const from = def(path).reachedFrom;
  if (from === ACCOUNT_MENU) return true;
  return (
    !!from && mayUse(role, tenant, from as ScreenPath) && reachable(role, tenant, from as ScreenPath, seen)
  );
}

describe('the screens table', () => {
  it('binds every screen to its code, and nothing else', () => {
    expect(Object.keys(SCREEN_COMPONENTS).sort()).toEqual([...SCREEN_PATHS].sort());
  });

  it('offers each role, in each kind of tenant, only menu entries whose screen it may use', () => {
    for (const tenant of TENANTS)
      for (const role of ROLES)
        for (const item of menuFor(role, tenant)) {
          expect(mayUse(role, tenant, item.path), `${role}@${tenant} → ${item.path}`).toBe(true);
          expect(roleMayOpen(role, item.path)).toBe(true);
          expect(refusedRoute(role, item.path)).toBeNull();
        }
  });

  it('lets each role find every screen it may use (menu, account menu, or a screen it finds)', () => {
    const byAddressOnly: string[] = [];
    for (const tenant of TENANTS)
      for (const role of ROLES)
        for (const path of signedIn) {
          if (!mayUse(role, tenant, path)) continue;
          if (!reachable(role, tenant, path)) byAddressOnly.push(`${role}@${tenant} ${path}`);
        }
    // The spec opens /my-orders and /create-order to every signed-in user but gives them a menu
    // entry for salespeople only (and /sales is found from /my-orders): for the other roles
    // they open by address alone. Nothing else may be hidden.
    const specOnly = /^(admin|manager|warehouse|driver)@\w+ \/(my-orders|create-order|sales)$/;
    expect(byAddressOnly.filter((entry) => !specOnly.test(entry))).toEqual([]);
  });

  it("narrows a menu entry's audience only within who may open the screen", () => {
    for (const path of SCREEN_PATHS) {
      const menu = def(path).menu;
      for (const role of menu?.roles ?? []) expect(roleMayOpen(role, path), `${path} ${role}`).toBe(true);
    }
  });

  it('keeps the spec’s menu, in its order, per role', () => {
    expect(menuFor('salesperson', 'demo').map((i) => i.path)).toEqual([
      '/dashboard',
      '/orders',
      '/my-orders',
      '/create-order',
      '/customers',
      '/invoices',
      '/notifications',
      '/settings',
    ]);
    expect(menuFor('admin', 'default').map((i) => i.path)).toEqual([
      '/dashboard',
      '/manager-dashboard',
      '/warehouse-dashboard',
      '/orders',
      '/inventory',
      '/customers',
      '/invoices',
      '/collections',
      '/notifications',
      '/admin',
      '/tenant-management',
      '/settings',
      '/product-management',
    ]);
    // The warehouse is refused invoices by the API: its menu does not offer them.
    expect(menuFor('warehouse', 'demo').map((i) => i.path)).toEqual([
      '/dashboard',
      '/warehouse-dashboard',
      '/orders',
      '/inventory',
      '/customers',
      '/notifications',
      '/settings',
    ]);
    expect(menuFor('driver', 'demo').map((i) => i.path)).not.toContain('/invoices');
    // Collections and the day-end are the office's: not for the field roles nor the warehouse.
    expect(menuFor('manager', 'demo').map((i) => i.path)).toContain('/collections');
    for (const role of ['salesperson', 'driver', 'warehouse'])
      expect(menuFor(role, 'demo').map((i) => i.path)).not.toContain('/collections');
  });

  it('guards a screen exactly as the API guards the route it is built on', () => {
    for (const role of ROLES)
      for (const path of signedIn) {
        const refused = refusedRoute(role, path.replace(/:(\w+)/g, 'x1'));
        const explains = def(path).refused === 'explain';
        expect(refused === path, `${role} ${path}`).toBe(!explains && !roleMayOpen(role, path));
      }
    // The guarded screens of the spec's route table.
    expect(roleMayOpen('salesperson', '/manager-dashboard')).toBe(false);
    expect(roleMayOpen('manager', '/manager-dashboard')).toBe(mayCall(ROUTES.orderAssignDriver, 'manager'));
    expect(roleMayOpen('driver', '/warehouse-dashboard')).toBe(false);
    expect(roleMayOpen('warehouse', '/inventory')).toBe(true);
    for (const role of ['manager', 'salesperson', 'warehouse', 'driver'] as const)
      for (const path of ['/admin', '/tenant-management', '/product-management'] as const)
        expect(roleMayOpen(role, path)).toBe(false);
  });

  it('finds the screen of an address as the router does, and titles it', () => {
    expect(screenAt('/orders/3f2a')).toBe('/orders/:id');
    expect(screenAt('/ORDERS/')).toBe('/orders');
    expect(screenAt('/nowhere')).toBeNull();
    expect(titleFor('/dashboard', 'salesperson')).toBe('page_myOrdersTitle');
    expect(titleFor('/dashboard', 'manager')).toBe('page_dashboard');
    expect(titleFor('/invoices/9', 'admin')).toBe('invc_pageDetail');
    expect(crumbsFor('/orders/3f2a', 'admin')).toEqual([
      { label: 'home', to: '/dashboard' },
      { label: 'page_orders', to: '/orders' },
      { label: 'page_orderDetail' },
    ]);
    expect(crumbsFor('/dashboard', 'admin')).toEqual([{ label: 'home', to: '/dashboard' }]);
    expect(crumbsFor('/profile', 'driver')).toEqual([
      { label: 'home', to: '/dashboard' },
      { label: 'page_profile' },
    ]);
  });
});
