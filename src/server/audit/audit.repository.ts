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

/** How many audit rows match (tests prove "applied exactly once" with it; admin logs later). */
export async function countAuditLogs(
  db: Executor,
  tenantId: string,
  filter: { action?: string; entity_id?: string; idempotency_key?: string },
): Promise<number> {
  let query = db
    .selectFrom('audit_logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.entity_id) query = query.where('entity_id', '=', filter.entity_id);
  if (filter.idempotency_key) query = query.where('idempotency_key', '=', filter.idempotency_key);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
