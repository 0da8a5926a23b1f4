/** API route paths (relative to the /api base). */
export const API_BASE = '/api';
export const PATHS = {
  login: '/auth/login',
  register: '/auth/register',
  logout: '/auth/logout',
  profile: '/auth/profile',
  tenantInfo: '/tenants/info',
  notifications: '/notifications',
  notificationRead: (id: string) => `/notifications/${id}/read`,
  notificationsMarkAllRead: '/notifications/mark-all-read',
  notification: (id: string) => `/notifications/${id}`,
  syncPull: '/sync/pull',
  orders: '/orders',
  order: (id: string) => `/orders/${id}`,
  orderStatus: (id: string) => `/orders/${id}/status`,
  orderAssignDriver: (id: string) => `/orders/${id}/assign-driver`,
  ordersByRole: (role: string) => `/orders/role/${role}`,
  ordersRecent: '/orders/recent',
  drivers: '/drivers',
  products: '/products',
  productCategories: '/products/categories',
  productBrands: '/products/brands',
  customers: '/customers',
  health: '/health',
} as const;

/** Header carrying the client-made key of a mutation (DESIGN §6). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
