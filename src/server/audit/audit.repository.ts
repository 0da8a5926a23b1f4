import { randomUUID } from 'node:crypto';
import { type Insertable, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { LOG_COUNT_CAP, LOG_SEARCH_WINDOW } from '../../shared/api/admin';
import type { AuditAction, AuditParams } from '../../shared/api/audit-actions';
import type { AuditChange } from '../../shared/api/audit-fields';
import { auditActionsShowing, renderAuditMessage } from '../../shared/api/audit-messages';
import { searchFold } from '../../shared/domain/turkish-text';
import type { AuditLogsTable, Database } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';

type Executor = Kysely<Database> | Transaction<Database>;

export type AuditLevel = 'info' | 'warning' | 'error';

export interface AuditEntry {
  /** A code of src/shared/api/audit-actions.ts: a code without a message in both languages is a type error. */
  action: AuditAction;
  level?: AuditLevel;
  entity?: string | null;
  entity_id?: string | null;
  /** The named parameters of the action's message; the Turkish sentence is made from them. */
  params?: AuditParams | null;
  /** An update's changed fields (audit-fields.ts `auditChanges`: secrets never among them). */
  changes?: AuditChange[] | null;
  /** A Turkish text for an entry without `params` (shown in Turkish instead of the generic sentence). */
  message?: string | null;
  user_id?: string | null;
  user_name?: string | null;
  ip?: string | null;
  user_agent?: string | null;
  idempotency_key?: string | null;
}

/** Bounds of the stored texts: a log row never fails on what a client sent (a huge user agent). */
const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * The row of an audit entry as inserted (texts cut to their column bounds), with a new id. The
 * message is stored as what it says (`params`) and as the Turkish sentence (`message`); the
 * English sentence goes to `search_words`, so the search finds the words a reader of either
 * language sees.
 */
export function auditLogRow(tenantId: string, entry: AuditEntry): Insertable<AuditLogsTable> {
  const params = entry.params ?? null;
  const source = { action: entry.action, params, message: entry.message ?? null };
  const turkish = params ? renderAuditMessage(source, 'tr') : (entry.message ?? null);
  const english = renderAuditMessage(source, 'en');
  // Without parameters the Turkish reader sees the stored text or the generic sentence: both searchable.
  const words = params ? english : `${english} ${renderAuditMessage({ ...source, message: null }, 'tr')}`;
  return {
    tenant_id: tenantId,
    id: randomUUID(),
    level: entry.level ?? 'info',
    action: entry.action.slice(0, 100),
    entity: cut(entry.entity, 100),
    entity_id: cut(entry.entity_id, 200),
    message: cut(turkish, 2000),
    params: params ? JSON.stringify(params) : null,
    changes: entry.changes && entry.changes.length > 0 ? JSON.stringify(entry.changes) : null,
    search_words: cut(words, 2000),
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
  params: unknown;
  changes: unknown;
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
  'params',
  'changes',
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
 * What a free-text search matches, the words a reader sees in either language:
 * - `search_text`, the folded Turkish sentence (`message`), the English one (`search_words`,
 *   written with the row), the action code, the user name and the IP address;
 * - a row written before the English sentence was stored (`search_words` null) shows its action's
 *   generic sentence: it matches when that sentence holds the words (the codes are found in the
 *   message table in memory, a few dozen entries, so the query only adds `action IN (…)`).
 * Both are tests on the row itself, no join and no per-row rendering: the scan stays the bounded
 * window over one index (LOG_SEARCH_WINDOW newest rows, ~100k), as fast as a plain LIKE over it.
 */
function searchOf(search: string | undefined): { folded: string; codes: string[] } {
  const folded = search ? searchFold(search.trim()) : '';
  return { folded, codes: auditActionsShowing(folded) };
}

/**
 * A page of the tenant's audit log, newest first, with the total counted up to LOG_COUNT_CAP
 * (`capped` beyond it): counting a million matching rows on every page would cost more than the
 * page. A free-text search (folded like the device's search, `searchOf`) looks through the newest
 * LOG_SEARCH_WINDOW entries that pass the other filters — a bounded scan whatever is typed; a
 * date range reaches older entries.
 */
export async function listAuditLogs(
  db: Executor,
  tenantId: string,
  filter: AuditLogFilter,
  page: { offset: number; limit: number },
): Promise<{ items: AuditLogRecord[]; total: number; capped: boolean }> {
  const { folded, codes } = searchOf(filter.search);
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
      .where((eb) =>
        codes.length > 0
          ? eb.or([
              eb('w.search_text', 'like', containsPattern(folded)),
              eb.and([eb('w.search_words', 'is', null), eb('w.action', 'in', codes)]),
            ])
          : eb('w.search_text', 'like', containsPattern(folded)),
      ) as unknown as LogQuery;
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
    .select([...COLUMNS, 'search_text', 'search_words'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .execute();
  const { folded, codes } = searchOf(filter.search);
  const shown = new Set(codes);
  const last = rows.at(-1);
  return {
    items: rows
      .filter(
        (row) =>
          !folded || row.search_text.includes(folded) || (row.search_words === null && shown.has(row.action)),
      )
      .map(({ search_text: _s, search_words: _w, ...row }) => toRecord(row)),
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
