import { type LocalDb, type OutboxEntry, recordKey } from './database';
import { enqueue } from './outbox';

/** The notification actions the bell, /notifications and the dashboards use (through the outbox). */

/** Mark one notification read. Returns null (nothing queued) when it is unknown or already read. */
export async function markNotificationRead(db: LocalDb, id: string): Promise<OutboxEntry | null> {
  const row = await db.notifications.get(id);
  if (!row || row.is_read) return null;
  return enqueue(db, {
    kind: 'notification.read',
    summary: 'Bildirim okundu olarak işaretlendi',
    params: { id },
    records: [recordKey('notifications', id)],
  });
}

/**
 * Mark read every notification the user SEES as unread: the request names them (`ids`), so a
 * notification that reaches the server meanwhile, which this user never saw, stays unread
 * (a bulk action names the records it covers, so it cannot touch one its user never saw). Its
 * ordering key is the wildcard
 * `notification:*`, so it is sent in order with every other notification action. Returns null when
 * nothing is unread locally.
 */
export async function markAllNotificationsRead(db: LocalDb): Promise<OutboxEntry | null> {
  const unread = (await db.notifications.where('unread').equals(1).primaryKeys()) as string[];
  if (unread.length === 0) return null;
  const entries: OutboxEntry[] = [];
  // The server takes at most 1000 ids per request.
  for (let i = 0; i < unread.length; i += 1000) {
    const ids = unread.slice(i, i + 1000);
    entries.push(
      await enqueue(db, {
        kind: 'notification.read-all',
        summary: 'Tüm bildirimler okundu olarak işaretlendi',
        body: { ids },
        record_key: 'notification:*',
        records: ids.map((id) => recordKey('notifications', id)),
      }),
    );
  }
  return entries[0] ?? null;
}

/** Delete a notification. Returns null when it is not in the local store. */
export async function deleteNotification(db: LocalDb, id: string): Promise<OutboxEntry | null> {
  const row = await db.notifications.get(id);
  if (!row) return null;
  return enqueue(db, {
    kind: 'notification.delete',
    summary: 'Bildirim silindi',
    params: { id },
    records: [recordKey('notifications', id)],
  });
}
