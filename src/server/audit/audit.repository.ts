import { randomUUID } from 'node:crypto';
import { type Insertable, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { LOG_COUNT_CAP, LOG_SEARCH_WINDOW } from '../../shared/api/admin';
import { searchFold } from '../../shared/domain/turkish-text';
import type { AuditLogsTable, Database } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';

type Executor = Kysely<Database> | Transaction<Database>;

export type AuditLevel = 'info' | 'warning' | 'error';

export interface AuditEntry {
  action: string;
  level?: AuditLevel;
  entity?: string | null;
  entity_id?: string | null;
  message?: string | null;
  user_id?: string | null;
  user_name?: string | null;
  ip?: string | null;
  user_agent?: string | null;
  idempotency_key?: string | null;
}

/** Bounds of the stored texts: a log row never fails on what a client sent (a huge user agent). */
const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** The row of an audit entry as inserted (texts cut to their column bounds), with a new id. */
export function auditLogRow(tenantId: string, entry: AuditEntry): Insertable<AuditLogsTable> {
  return {
    tenant_id: tenantId,
    id: randomUUID(),
    level: entry.level ?? 'info',
    action: entry.action.slice(0, 100),
    entity: cut(entry.entity, 100),
    entity_id: cut(entry.entity_id, 200),
    message: cut(entry.message, 2000),
    user_id: entry.user_id ?? null,
    user_name: cut(entry.user_name, 200),
    ip: cut(entry.ip, 100),
    user_agent: cut(entry.user_agent, 500),
    idempotency_key: cut(entry.idempotency_key, 200),
  };
}

/** One row per applied mutation, written in the mutation's own transaction. */
export async function insertAuditLog(trx: Executor, tenantId: string, entry: AuditEntry): Promise<void> {
  await trx.insertInto('audit_logs').values(auditLogRow(tenantId, entry)).execute();
}

/**
 * Writes one audit row — the call every admin endpoint makes, inside the transaction of the change
 * it records (so the row exists exactly when the change does):
 *   await recordAudit(trx, { tenant_id, action: 'user.create', entity: 'user', entity_id: id,
 *     user_id: admin.id, user_name: admin.full_name, ip: request.ip, user_agent, message })
 * `level` defaults to info; texts are cut to their column bounds.
 */
export async function recordAudit(trx: Executor, entry: AuditEntry & { tenant_id: string }): Promise<void> {
  const { tenant_id, ...rest } = entry;
  await insertAuditLog(trx, tenant_id, rest);
}

export interface AuditLogFilter {
  level?: string;
  action?: string;
  entity_id?: string;
  user_id?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  search?: string;
}

export interface AuditLogRecord {
  id: string;
  level: string;
  action: string;
  message: string | null;
  entity: string | null;
  entity_id: string | null;
  user_id: string | null;
  user_name: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

const COLUMNS = [
  'id',
  'level',
  'action',
  'message',
  'entity',
  'entity_id',
  'user_id',
  'user_name',
  'ip',
  'user_agent',
  'created_at',
] as const;

type LogQuery = SelectQueryBuilder<Database, 'audit_logs', object>;

/**
 * The indexed filters (everything but the free text). Each equality filter has its own index
 * (tenant, column, created_at DESC, id DESC) and the dates are a range of it, so PostgreSQL walks
 * one index newest first and stops after the page.
 */
function indexed(db: Executor, tenantId: string, filter: AuditLogFilter): LogQuery {
  let query = db.selectFrom('audit_logs').where('tenant_id', '=', tenantId);
  if (filter.level) query = query.where('level', '=', filter.level);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.user_id) query = query.where('user_id', '=', filter.user_id);
  if (filter.entity_id) query = query.where('entity_id', '=', filter.entity_id);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  return query;
}

const toRecord = (row: Omit<AuditLogRecord, 'created_at'> & { created_at: Date | string }) => ({
  ...row,
  created_at: new Date(row.created_at),
});

/**
 * A page of the tenant's audit log, newest first, with the total counted up to LOG_COUNT_CAP
 * (`capped` beyond it): counting a million matching rows on every page would cost more than the
 * page. A free-text search (folded like the device's search) looks through the newest
 * LOG_SEARCH_WINDOW entries that pass the other filters — a bounded scan whatever is typed; a
 * date range reaches older entries.
 */
export async function listAuditLogs(
  db: Executor,
  tenantId: string,
  filter: AuditLogFilter,
  page: { offset: number; limit: number },
): Promise<{ items: AuditLogRecord[]; total: number; capped: boolean }> {
  const folded = filter.search ? searchFold(filter.search.trim()) : '';
  const base = indexed(db, tenantId, filter);
  let source: LogQuery;
  if (folded) {
    const window = base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LOG_SEARCH_WINDOW)
      .as('w');
    source = db
      .selectFrom(window)
      .where('w.search_text', 'like', containsPattern(folded)) as unknown as LogQuery;
  } else {
    source = base;
  }
  const [items, count] = await Promise.all([
    source
      .select([...COLUMNS])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom(
        source
          .select(sql<number>`1`.as('one'))
          .limit(LOG_COUNT_CAP + 1)
          .as('c'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const n = Number(count.n);
  return { items: items.map(toRecord), total: Math.min(n, LOG_COUNT_CAP), capped: n > LOG_COUNT_CAP };
}

/** Where an export batch starts: after this entry (newest first). */
export interface LogCursor {
  created_at: Date;
  id: string;
}

/**
 * The next batch of an export, newest first, after `cursor`: `scanned` entries of the indexed
 * filters were read (keyset: each batch is one short index range, no offset), `items` of them
 * pass the free-text search (all of them without one). `next` is where the following batch starts
 * (none at the end).
 */
export async function auditLogBatch(
  db: Executor,
  tenantId: string,
  filter: AuditLogFilter,
  cursor: LogCursor | null,
  size: number,
): Promise<{ items: AuditLogRecord[]; scanned: number; next: LogCursor | null }> {
  let query = indexed(db, tenantId, filter);
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.created_at),
        eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  const rows = await query
    .select([...COLUMNS, 'search_text'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .execute();
  const folded = filter.search ? searchFold(filter.search.trim()) : '';
  const last = rows.at(-1);
  return {
    items: rows
      .filter((row) => !folded || row.search_text.includes(folded))
      .map(({ search_text: _s, ...row }) => toRecord(row)),
    scanned: rows.length,
    next: last && rows.length === size ? { created_at: new Date(last.created_at), id: last.id } : null,
  };
}

/**
 * Deletes up to `batch` of the tenant's entries older than `before` (the oldest first, through
 * the tenant's newest-first index read backwards); returns how many. Small batches, each its own
 * statement, so no delete holds the table's rows locked for long.
 */
export async function pruneAuditLogBatch(
  db: Executor,
  tenantId: string,
  before: Date,
  batch: number,
): Promise<number> {
  const result = await db
    .deleteFrom('audit_logs')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('audit_logs')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('created_at', '<', before)
        .orderBy('created_at', 'asc')
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
