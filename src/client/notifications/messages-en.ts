import type { notificationsTr } from './messages-tr';

/** This feature's screen texts in English; combined by app/catalogue-en.ts (loaded on demand). */
export const notificationsEn: Record<keyof typeof notificationsTr, string> = {
  searchNotifications: 'Search notifications',
  allTypes: 'All',
  relatedOrder: 'Order',
  notificationsEmpty: 'No notifications found',
};
