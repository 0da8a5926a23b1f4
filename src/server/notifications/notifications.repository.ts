import { type Expression, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Notification } from '../../shared/api/notifications';
import type { Database } from '../db/schema';
import { withDates } from '../lib/json-rows';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NotificationRecord extends Notification {
  user_id: string;
  change_seq: number;
  deleted: boolean;
}

function withRelatedOrder(db: Executor, tenantId: string) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('orders as o', (join) =>
      join.onRef('o.tenant_id', '=', 'n.tenant_id').onRef('o.id', '=', 'n.related_order_id'),
    )
    .select([
      'n.id',
      'n.user_id',
      'n.type',
      'n.title',
      'n.message',
      'n.params',
      'n.is_read',
      'n.created_at',
      'n.deleted_at',
      'n.change_seq',
      'n.related_order_id',
      'o.order_number',
      'o.customer_name',
    ])
    .where('n.tenant_id', '=', tenantId);
}

type JoinedRow = {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  params: unknown;
  is_read: boolean;
  created_at: Date;
  deleted_at: Date | null;
  change_seq: number;
  related_order_id: string | null;
  order_number: string | null;
  customer_name: string | null;
};

function toRecord(row: JoinedRow): NotificationRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    type: row.type as Notification['type'],
    title: row.title,
    message: row.message,
    params: (row.params ?? null) as Notification['params'],
    is_read: row.is_read,
    created_at: row.created_at.toISOString(),
    related_order:
      row.related_order_id && row.order_number
        ? { id: row.related_order_id, order_number: row.order_number, customer_name: row.customer_name ?? '' }
        : null,
    change_seq: Number(row.change_seq),
    deleted: row.deleted_at !== null,
  };
}

export function toWireNotification(record: NotificationRecord): Notification {
  const { user_id: _user, change_seq: _seq, deleted: _deleted, ...notification } = record;
  return notification;
}

/** A user's live notifications, newest first, with the total and unread counts. */
export async function listNotifications(
  db: Executor,
  tenantId: string,
  userId: string,
  options: { offset: number; limit: number; unreadOnly: boolean },
): Promise<{ items: NotificationRecord[]; total: number; unread: number }> {
  let query = withRelatedOrder(db, tenantId)
    .where('n.user_id', '=', userId)
    .where('n.deleted_at', 'is', null);
  if (options.unreadOnly) query = query.where('n.is_read', '=', false);
  const rows = await query
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  const counts = await db
    .selectFrom('notifications')
    .select([
      (eb) => eb.fn.countAll().as('total'),
      sql<number>`count(*) FILTER (WHERE is_read = false)`.as('unread'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const unread = Number(counts.unread);
  return { items: rows.map(toRecord), total: options.unreadOnly ? unread : Number(counts.total), unread };
}

export async function countUnread(db: Executor, tenantId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findNotification(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<NotificationRecord | undefined> {
  const row = await withRelatedOrder(db, tenantId).where('n.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Locks one of the user's notifications (row lock first, the tenant counter after). */
export async function lockNotification(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  id: string,
): Promise<{ id: string; is_read: boolean; deleted: boolean } | undefined> {
  const row = await trx
    .selectFrom('notifications')
    .select(['id', 'is_read', 'deleted_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? { id: row.id, is_read: row.is_read, deleted: row.deleted_at !== null } : undefined;
}

/**
 * Locks the user's unread live notifications — only those among `onlyIds` when given (the ones the
 * user saw) — and returns their ids in a fixed order.
 */
export async function lockUnread(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  onlyIds?: readonly string[],
): Promise<string[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  let query = trx
    .selectFrom('notifications')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .where('deleted_at', 'is', null);
  if (onlyIds) query = query.where('id', 'in', [...onlyIds]);
  const rows = await query.orderBy('created_at').orderBy('id').forUpdate().execute();
  return rows.map((r) => r.id);
}

export async function markRead(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  changeSeq: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({ is_read: true, read_at: at, updated_at: at, change_seq: changeSeq })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * Marks the given (locked) notifications read, giving each its own change number from the block
 * `firstSeq …` in the order of `ids`.
 */
export async function markManyRead(
  trx: Transaction<Database>,
  tenantId: string,
  ids: string[],
  firstSeq: number,
  at: Date,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const values = sql.join(chunk.map((id, j) => sql`(${id}::uuid, ${firstSeq + i + j}::bigint)`));
    await sql`UPDATE notifications AS n
      SET is_read = true, read_at = ${at}, updated_at = ${at}, change_seq = v.seq
      FROM (VALUES ${values}) AS v(id, seq)
      WHERE n.tenant_id = ${tenantId} AND n.id = v.id`.execute(trx);
  }
}

export async function softDelete(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  changeSeq: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({ deleted_at: at, updated_at: at, change_seq: changeSeq })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** A user's notifications whose change_seq is in (after, upTo] (the sync feed; own only). */
/**
 * The user's notifications whose change_seq is in (after, upTo], oldest first, with their related
 * order's number and customer (as withRelatedOrder), as a JSON array text — a sub-select for the
 * sync page's ONE statement (sync.repository.ts `changedPage`).
 */
export function changedNotificationsJson(
  tenantId: string,
  userId: string,
  after: number,
  upTo: Expression<number | null>,
): RawBuilder<string> {
  return sql<string>`(SELECT coalesce(json_agg(json_build_object('id', n.id, 'user_id', n.user_id, 'type', n.type,
        'title', n.title, 'message', n.message, 'params', n.params, 'is_read', n.is_read, 'created_at', n.created_at,
        'deleted_at', n.deleted_at, 'change_seq', n.change_seq, 'related_order_id', n.related_order_id,
        'order_number', o.order_number, 'customer_name', o.customer_name) ORDER BY n.change_seq), '[]')::text
    FROM notifications n LEFT JOIN orders o ON o.tenant_id = n.tenant_id AND o.id = n.related_order_id
    WHERE n.tenant_id = ${tenantId} AND n.user_id = ${userId} AND n.change_seq > ${after} AND n.change_seq <= ${upTo})`;
}

export function parseChangedNotifications(text: string): NotificationRecord[] {
  return (JSON.parse(text) as JoinedRow[]).map((row) =>
    toRecord(withDates(row, ['created_at', 'deleted_at'])),
  );
}

export interface NewNotificationInput {
  id: string;
  user_id: string;
  type: Notification['type'];
  title: string;
  message: string;
  /** What the title and message say, as JSON text (src/shared/api/stored-texts.ts); null: only the text. */
  params?: string | null;
  is_read: boolean;
  related_order_id: string | null;
  created_at: Date;
  change_seq: number;
}

export async function insertNotifications(
  trx: Executor,
  tenantId: string,
  rows: NewNotificationInput[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('notifications')
      .values(
        rows.slice(i, i + 500).map((n) => ({
          tenant_id: tenantId,
          ...n,
          read_at: n.is_read ? n.created_at : null,
          updated_at: n.created_at,
          deleted_at: null,
        })),
      )
      .execute();
  }
}
