import { z } from 'zod';
import { idParam } from './common';

export const NOTIFICATION_TYPES = [
  'order_created',
  'order_approved',
  'order_rejected',
  'order_assigned',
  'order_in_transit',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'system',
] as const;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  related_order: z.object({ id: z.string(), order_number: z.string(), customer_name: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications?page=1&limit=50 → data { notifications, unread_count, pagination } */
export const notificationListQuery = z.object({
  page: z.coerce
    .number({ error: 'page bir sayı olmalıdır' })
    .int()
    .min(1, 'page en az 1 olmalıdır')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit bir sayı olmalıdır' })
    .int()
    .min(1, 'limit en az 1 olmalıdır')
    .max(100, 'limit en fazla 100 olabilir')
    .default(50),
  unread: z.enum(['true', 'false']).optional(),
});

export const notificationListResponse = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
export type NotificationList = z.infer<typeof notificationListResponse>;

/** PATCH /notifications/{id}/read → data: the notification (already-read is success). */
export const notificationIdParam = idParam;
/** PATCH /notifications/mark-all-read → data { updated, unread_count } */
export const markAllReadResponse = z.object({ updated: z.number().int(), unread_count: z.number().int() });
/** DELETE /notifications/{id} → data { id } (deleting an already-deleted one is success). */
export const deleteNotificationResponse = z.object({ id: z.string() });
