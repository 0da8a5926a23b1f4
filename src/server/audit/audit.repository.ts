import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  action: string;
  level?: 'info' | 'warning' | 'error';
  entity?: string | null;
  entity_id?: string | null;
  message?: string | null;
  user_id?: string | null;
  user_name?: string | null;
  ip?: string | null;
  user_agent?: string | null;
  idempotency_key?: string | null;
}

/** One row per applied mutation, written in the mutation's own transaction. */
export async function insertAuditLog(trx: Executor, tenantId: string, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_logs')
    .values({
      tenant_id: tenantId,
      id: randomUUID(),
      level: entry.level ?? 'info',
      action: entry.action,
      entity: entry.entity ?? null,
      entity_id: entry.entity_id ?? null,
      message: entry.message ?? null,
      user_id: entry.user_id ?? null,
      user_name: entry.user_name ?? null,
      ip: entry.ip ?? null,
      user_agent: entry.user_agent ? entry.user_agent.slice(0, 500) : null,
      idempotency_key: entry.idempotency_key ?? null,
    })
    .execute();
}

export interface AuditLogFilter {
  level?: string;
  action?: string;
  entity_id?: string;
  user_id?: string;
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

/** A page of the tenant's audit log, newest first, with the total for pagination. */
export async function listAuditLogs(
  db: Executor,
  tenantId: string,
  filter: AuditLogFilter,
  page: { offset: number; limit: number },
): Promise<{ items: AuditLogRecord[]; total: number }> {
  let query = db.selectFrom('audit_logs').where('tenant_id', '=', tenantId);
  if (filter.level) query = query.where('level', '=', filter.level);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.entity_id) query = query.where('entity_id', '=', filter.entity_id);
  if (filter.user_id) query = query.where('user_id', '=', filter.user_id);
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('message', 'ilike', like), eb('action', 'ilike', like), eb('user_name', 'ilike', like)]),
    );
  }
  const [items, count] = await Promise.all([
    query
      .select([
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
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((row) => ({ ...row, created_at: new Date(row.created_at) })),
    total: Number(count.n),
  };
}
