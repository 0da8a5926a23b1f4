import {
  formatTurkish,
  orderNotificationParamsOf,
  renderOrderNotification,
} from '../../shared/api/stored-texts';
import type { NotificationType } from '../../shared/domain/order-status';

/**
 * Titles and messages of the notifications an order change implies: the Turkish text (the
 * spec's) rendered from the same parameters that are stored with it (src/shared/api/stored-texts.ts),
 * so a reader in another language renders the same notification from `params`. Used by the seed
 * and by the order changes' fan-out (order-notices.ts).
 */
export function orderNotificationText(
  type: NotificationType,
  order: { order_number: string; customer_name: string },
  extra: { notes?: string | null } = {},
): { title: string; message: string } {
  const params = orderNotificationParamsOf(type, order, extra.notes);
  return (
    renderOrderNotification(type, params, formatTurkish) ?? {
      title: 'Sistem Bildirimi',
      message: formatTurkish('notifRef', { number: order.order_number, customer: order.customer_name }),
    }
  );
}

/** The stored columns of an order notification: its Turkish title and message and its `params` (JSON). */
export function orderNotificationRow(
  type: NotificationType,
  order: { order_number: string; customer_name: string },
  notes?: string | null,
): { type: NotificationType; title: string; message: string; params: string } {
  const params = orderNotificationParamsOf(type, order, notes);
  const text = orderNotificationText(type, order, { notes });
  return { type, ...text, params: JSON.stringify(params) };
}
