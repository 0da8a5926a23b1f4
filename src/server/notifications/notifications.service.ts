import type { Kysely, Transaction } from 'kysely';
import { MESSAGES } from '../../shared/api/errors';
import type { Notification, NotificationList } from '../../shared/api/notifications';
import { bumpChangeSeq, reserveChangeSeqs } from '../db/change-seq';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { notFound } from '../lib/errors';
import * as repo from './notifications.repository';

/**
 * The bell's notifications. Every operation works on the caller's own notifications only: another
 * user's id is a 404 (as if it did not exist). The mutations are idempotent by nature (marking a
 * read one read, deleting a deleted one: success, nothing changes) and, with an Idempotency-Key,
 * replayed from the stored outcome. Each real change stamps the row with a new change number so
 * the sync feed carries it (a delete is a soft delete → a removal in the feed).
 */
export async function list(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  query: { page: number; limit: number; unread?: 'true' | 'false' },
): Promise<NotificationList> {
  const { items, total, unread } = await repo.listNotifications(db, tenantId, userId, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    unreadOnly: query.unread === 'true',
  });
  return {
    notifications: items.map(repo.toWireNotification),
    unread_count: unread,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

async function loadOwn(trx: Transaction<Database>, tenantId: string, id: string): Promise<Notification> {
  const record = await repo.findNotification(trx, tenantId, id);
  if (!record) throw notFound(MESSAGES.notificationNotFound);
  return repo.toWireNotification(record);
}

export async function markRead(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  id: string,
): Promise<MutationResult<Notification>> {
  const row = await repo.lockNotification(trx, tenantId, userId, id);
  if (!row || row.deleted) throw notFound(MESSAGES.notificationNotFound);
  if (!row.is_read) {
    const seq = await bumpChangeSeq(trx, tenantId);
    await repo.markRead(trx, tenantId, id, seq, new Date());
  }
  return { data: await loadOwn(trx, tenantId, id), entityId: id, changed: !row.is_read };
}

/**
 * Marks read the unread notifications the user SAW (`seenIds`, sent by the device), never one that
 * arrived on the server since: a device that taps 'Tümünü okundu işaretle' offline must not mark a
 * notification its user never saw. Without `seenIds` (a plain API call) every unread one is marked.
 * A replay is harmless: already-read ids are skipped.
 */
export async function markAllRead(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  seenIds?: readonly string[],
): Promise<MutationResult<{ updated: number; unread_count: number }>> {
  const ids = await repo.lockUnread(trx, tenantId, userId, seenIds ? [...new Set(seenIds)] : undefined);
  if (ids.length > 0) {
    const seqs = await reserveChangeSeqs(trx, tenantId, ids.length);
    await repo.markManyRead(trx, tenantId, ids, seqs[0] as number, new Date());
  }
  const unread = await repo.countUnread(trx, tenantId, userId);
  return { data: { updated: ids.length, unread_count: unread }, entityId: userId, changed: ids.length > 0 };
}

export async function remove(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  id: string,
): Promise<MutationResult<{ id: string }>> {
  const row = await repo.lockNotification(trx, tenantId, userId, id);
  if (!row) throw notFound(MESSAGES.notificationNotFound);
  if (!row.deleted) {
    const seq = await bumpChangeSeq(trx, tenantId);
    await repo.softDelete(trx, tenantId, id, seq, new Date());
  }
  return { data: { id }, entityId: id, changed: !row.deleted };
}
