import { z } from 'zod';
import { idParam, limitQuery, pageQuery, typeError } from './common';
import { storedParamsSchema } from './stored-texts';

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
  /**
   * What the title and message say, as data (an order notification: stored-texts.ts
   * `OrderNotificationParams`), for rendering them in the reader's language; null for system
   * notifications and rows written before it existed (then the stored Turkish text is shown).
   */
  params: storedParamsSchema.nullish(),
  is_read: z.boolean(),
  created_at: z.string(),
  related_order: z.object({ id: z.string(), order_number: z.string(), customer_name: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications?page=1&limit=50 → data { notifications, unread_count, pagination } */
export const notificationListQuery = z.object({
  page: pageQuery,
  limit: limitQuery(50, 100),
  unread: z.enum(['true', 'false'], { error: 'Okunmamış filtresi true veya false olmalıdır' }).optional(),
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
/**
 * PATCH /notifications/mark-all-read { ids } → data { updated, unread_count }.
 * A bulk action names the records it covers: the client sends the ids of the unread
 * notifications its user SAW, so a notification that reached the server meanwhile (never seen)
 * stays unread. Ids that are already read, deleted or not the caller's are skipped. Without a
 * body (a plain API client, as in the spec) every unread notification of the caller is marked.
 */
export const markAllReadBody = z
  .object({
    ids: z
      .array(z.uuid({ error: 'Bildirim kimliği geçersiz' }), {
        error: typeError('Bildirim kimlikleri gereklidir', 'Bildirim kimlikleri bir liste olmalıdır'),
      })
      .max(1000, 'En fazla 1000 bildirim birlikte işaretlenebilir'),
  })
  .nullish();

export const markAllReadResponse = z.object({ updated: z.number().int(), unread_count: z.number().int() });
/** DELETE /notifications/{id} → data { id } (deleting an already-deleted one is success). */
export const deleteNotificationResponse = z.object({ id: z.string() });
