import type { adminTr } from './messages-tr';

/** Texts of the admin panel's frame (English). */
export const adminEn: Record<keyof typeof adminTr, string> = {
  admin_tabs: 'Admin panel tabs',
  admin_tabCompany: 'Company Information',
  admin_tabUsers: 'User Management',
  admin_tabSettings: 'System Settings',
  admin_tabStatus: 'System Status',
  admin_tabLogs: 'System Logs',
  admin_tabOrders: 'Order Management',
  admin_tabRegistrations: 'Company Registrations',
};
