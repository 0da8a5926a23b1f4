import { useLiveQuery } from 'dexie-react-hooks';
import type { Notification } from '../../shared/api';
import {
  driverUnassignedParams,
  invoiceSkippedParams,
  ORDER_NOTIFICATION_KEYS,
  orderNotificationParams,
  renderDriverUnassigned,
  renderInvoiceSkipped,
  renderOrderNotification,
} from '../../shared/api/stored-texts';
import type { LocalNotification } from '../local/database';
import { recentNotifications, unreadNotificationCount } from '../local/queries';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
} from '../local/shared-mutations';
import { useUi } from '../state/ui';
import { type MessageKey, t } from './i18n';
import { runLocalAction } from './local-action';
import { useLocalDb } from './local-store';
import { sellerFieldText } from './seller-fields';

/**
 * Notifications as the bell and the /notifications screen see them: read live from the local
 * Dexie store (the sync engine keeps it current), changed only through the outbox — so every
 * action works offline and is sent exactly once when the connection returns.
 */

/** Newest first; `limit` for the bell's dropdown. `undefined` while the first read runs. */
export function useNotifications(limit?: number): LocalNotification[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db ? recentNotifications(db, limit) : []), [db, limit]);
}

export function useUnreadCount(): number {
  const db = useLocalDb();
  return useLiveQuery(async () => (db ? unreadNotificationCount(db) : 0), [db]) ?? 0;
}

/** A mark-read failure is only logged, not shown: the notification simply stays unread. */
export async function markRead(id: string): Promise<void> {
  try {
    await markNotificationRead(id);
  } catch (error) {
    console.error('Bildirim okundu olarak işaretlenemedi:', error);
  }
}

/** What these say follows the one rule of local-action.ts: success once the server accepted. */
export async function markAllRead(): Promise<void> {
  await runLocalAction(() => markAllNotificationsRead(), t('markAllReadSuccess'), t('markAllReadError'));
}

export async function removeNotification(id: string): Promise<void> {
  await runLocalAction(() => deleteNotification(id), t('deleteSuccess'), t('deleteError'));
}

/** Catalogue keys of the notification types' labels (the type filter and the list). */
const NOTIFICATION_TYPE_LABELS: Record<Notification['type'], MessageKey> = {
  order_created: 'notif_order_created',
  order_approved: 'notif_order_approved',
  order_rejected: 'notif_order_rejected',
  order_assigned: 'notif_order_assigned',
  order_in_transit: 'notif_order_in_transit',
  order_shipped: 'notif_order_shipped',
  order_delivered: 'notif_order_delivered',
  order_cancelled: 'notif_order_cancelled',
  system: 'notif_system',
};

/** A notification type's label in the current language (an unknown type is shown as it is). */
export function notificationTypeLabel(type: string): string {
  const key = NOTIFICATION_TYPE_LABELS[type as Notification['type']];
  return key ? t(key) : type;
}

/**
 * What a notification shows. The server stores its Turkish title and message and, since
 * notifications carry them, `params`: what happened as data (src/shared/api/stored-texts.ts).
 * The rule:
 *  - Turkish: the stored text, always (the spec's text, rendered by the server from the same
 *    parameters).
 *  - English, with `params` the client understands: rendered from the type and `params` (the
 *    order's number and customer as they were, a rejection's reason as typed).
 *  - English, a row from before `params` existed: an order notification whose order is known
 *    (`related_order`) is rendered from its type and that order, plus the reason the stored
 *    message carries after ' Not: '.
 *  - English, a system notice with `params` the client knows (a delivery whose automatic invoice
 *    was skipped for an incomplete company profile; an order given to another driver): rendered
 *    from them.
 *  - Anything else — other system notifications, an unknown order — shows the stored text, marked
 *    `stored` so the screens can tag it as data (`data-i18n-skip`), like a customer's name.
 */
export function notificationText(
  n: Pick<Notification, 'type' | 'title' | 'message' | 'related_order'> & { params?: Notification['params'] },
): {
  title: string;
  message: string;
  stored: boolean;
} {
  if (useUi.getState().language === 'tr') return { title: n.title, message: n.message, stored: true };
  // A system notice whose params this client knows: a delivery's automatic invoice was skipped.
  const skipped = n.params ? invoiceSkippedParams.safeParse(n.params) : null;
  if (skipped?.success) return { ...renderInvoiceSkipped(skipped.data, t, sellerFieldText), stored: false };
  // …or an order was taken from this driver and given to another.
  const unassigned = n.params ? driverUnassignedParams.safeParse(n.params) : null;
  if (unassigned?.success) return { ...renderDriverUnassigned(unassigned.data, t), stored: false };
  const parsed = n.params ? orderNotificationParams.safeParse(n.params) : null;
  const rendered = parsed?.success ? renderOrderNotification(n.type, parsed.data, t) : null;
  if (rendered) return { ...rendered, stored: false };
  const texts = ORDER_NOTIFICATION_KEYS[n.type];
  if (!texts || !n.related_order) return { title: n.title, message: n.message, stored: true };
  const ref = t('notifRef', {
    number: n.related_order.order_number,
    customer: n.related_order.customer_name,
  });
  const noteAt = n.message.indexOf(' Not: ');
  const note = noteAt >= 0 ? t('notifNote', { notes: n.message.slice(noteAt + ' Not: '.length) }) : '';
  return { title: t(texts.title), message: t(texts.message, { ref }) + note, stored: false };
}
