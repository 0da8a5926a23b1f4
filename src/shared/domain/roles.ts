/** The five roles of a tenant's staff, with the spec's Turkish labels. */
export const ROLES = ['admin', 'manager', 'salesperson', 'warehouse', 'driver'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Yönetici',
  manager: 'Müdür',
  salesperson: 'Satış Temsilcisi',
  warehouse: 'Depo Sorumlusu',
  driver: 'Sürücü',
};

/** The roles' English labels. */
export const ROLE_LABELS_EN: Record<Role, string> = {
  admin: 'Administrator',
  manager: 'Manager',
  salesperson: 'Salesperson',
  warehouse: 'Warehouse Officer',
  driver: 'Driver',
};

/** Where each role lands after signing in (spec: "After login the user lands by role"). */
export function landingPathFor(role: string | undefined): string {
  switch (role) {
    case 'salesperson':
      return '/salesperson-dashboard';
    case 'manager':
      return '/manager-dashboard';
    case 'warehouse':
      return '/warehouse-dashboard';
    case undefined:
      return '/';
    default:
      return '/dashboard';
  }
}
