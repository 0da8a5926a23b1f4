import { useLiveQuery } from 'dexie-react-hooks';
import type { Notification } from '../../shared/api';
import type { LocalNotification } from '../local';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
  recentNotifications,
  unreadNotificationCount,
} from '../local';
import { useUi } from '../state/ui';
import { t } from './i18n';
import { useLocalDb } from './local-store';

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

/** Spec §8: a mark-read failure is only logged. */
export async function markRead(id: string): Promise<void> {
  try {
    await markNotificationRead(id);
  } catch (error) {
    console.error('Bildirim okundu olarak işaretlenemedi:', error);
  }
}

export async function markAllRead(): Promise<void> {
  try {
    await markAllNotificationsRead();
    useUi.getState().showSuccess(t('markAllReadSuccess'));
  } catch (error) {
    console.error(error);
    useUi.getState().showError(t('markAllReadError'));
  }
}

export async function removeNotification(id: string): Promise<void> {
  try {
    await deleteNotification(id);
    useUi.getState().showSuccess(t('deleteSuccess'));
  } catch (error) {
    console.error(error);
    useUi.getState().showError(t('deleteError'));
  }
}

/** Turkish labels of the notification types (the type filter and the list). */
export const NOTIFICATION_TYPE_LABELS: Record<Notification['type'], { tr: string; en: string }> = {
  order_created: { tr: 'Yeni Sipariş', en: 'New order' },
  order_approved: { tr: 'Sipariş Onaylandı', en: 'Order approved' },
  order_rejected: { tr: 'Sipariş Reddedildi', en: 'Order rejected' },
  order_assigned: { tr: 'Sürücü Atandı', en: 'Driver assigned' },
  order_in_transit: { tr: 'Sipariş Yolda', en: 'Order in transit' },
  order_shipped: { tr: 'Sipariş Kargoya Verildi', en: 'Order shipped' },
  order_delivered: { tr: 'Sipariş Teslim Edildi', en: 'Order delivered' },
  order_cancelled: { tr: 'Sipariş İptal Edildi', en: 'Order cancelled' },
  system: { tr: 'Sistem', en: 'System' },
};
