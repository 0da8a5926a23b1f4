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
  health: '/health',
} as const;

/** Header carrying the client-made key of a mutation (DESIGN §6). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
