import type { LocalDb, LocalNotification } from './database';

/**
 * Read queries the screens run inside `useLiveQuery(() => query(db), [db])`. They only read
 * Dexie; they re-run by themselves whenever the tables they touched change (in any tab).
 */

/** Newest first, as the bell and the notifications screen list them. */
export function recentNotifications(db: LocalDb, limit?: number): Promise<LocalNotification[]> {
  const query = db.notifications.orderBy('created_at').reverse();
  return (limit ? query.limit(limit) : query).toArray();
}

/** The bell's badge (the UI caps the display at 99+). */
export function unreadNotificationCount(db: LocalDb): Promise<number> {
  return db.notifications.where('unread').equals(1).count();
}
