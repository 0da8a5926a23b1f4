import { endpoint } from '../endpoint';
import {
  deleteNotificationResponse,
  markAllReadBody,
  markAllReadResponse,
  notificationIdParam,
  notificationListQuery,
  notificationListResponse,
  notificationSchema,
} from '../notifications';
import { ROUTES } from '../routes';

/** The signed-in user's notifications. Spread into `API` (./index.ts). */
export const NOTIFICATION_ENDPOINTS = {
  notificationList: endpoint({
    ...ROUTES.notificationList,
    query: notificationListQuery,
    response: notificationListResponse,
  }),
  notificationMarkAllRead: endpoint({
    ...ROUTES.notificationMarkAllRead,
    body: markAllReadBody,
    response: markAllReadResponse,
  }),
  notificationRead: endpoint({
    ...ROUTES.notificationRead,
    params: notificationIdParam,
    response: notificationSchema,
  }),
  notificationDelete: endpoint({
    ...ROUTES.notificationDelete,
    params: notificationIdParam,
    response: deleteNotificationResponse,
  }),
} as const;
