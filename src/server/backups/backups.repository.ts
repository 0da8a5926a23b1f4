import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TenantBackupsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
export type BackupRow = Selectable<TenantBackupsTable>;

/** The tenant's backups, newest first (at most `limit`). */
export function listBackups(db: Executor, tenantId: string, limit = 200): Promise<BackupRow[]> {
  return db
    .selectFrom('tenant_backups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findBackup(db: Executor, tenantId: string, id: string): Promise<BackupRow | undefined> {
  return db
    .selectFrom('tenant_backups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The newest successful backup (the one pruning always keeps, and the status tab shows). */
export function newestSuccessful(db: Executor, tenantId: string): Promise<BackupRow | undefined> {
  return db
    .selectFrom('tenant_backups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'success')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest backup that did not fail (running or done): when the schedule last started one. */
export function newestAttempt(db: Executor, tenantId: string): Promise<BackupRow | undefined> {
  return db
    .selectFrom('tenant_backups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('status', '<>', 'failed')
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims the tenant's one running slot: false when another backup is running (the partial unique
 * index refuses a second running row, also across processes).
 */
export async function insertRunning(
  db: Executor,
  row: { tenant_id: string; id: string; trigger: 'scheduled' | 'manual'; created_by: string | null },
): Promise<boolean> {
  const inserted = await db
    .insertInto('tenant_backups')
    .values({ ...row, status: 'running' })
    .onConflict((oc) => oc.column('tenant_id').where('status', '=', 'running').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function markFinished(
  db: Executor,
  tenantId: string,
  id: string,
  result:
    | {
        status: 'success';
        size_bytes: number;
        row_counts: Record<string, number>;
        file_name: string;
        error?: string | null;
      }
    | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .updateTable('tenant_backups')
    .set({
      status: result.status,
      finished_at: new Date(),
      size_bytes: result.status === 'success' ? result.size_bytes : null,
      row_counts: result.status === 'success' ? JSON.stringify(result.row_counts) : null,
      file_name: result.status === 'success' ? result.file_name : null,
      error: result.error ?? null,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Running rows older than `before`: a process that died mid-backup left them. */
export async function failStale(db: Executor, before: Date): Promise<number> {
  const result = await db
    .updateTable('tenant_backups')
    .set({ status: 'failed', finished_at: new Date(), error: 'Yedekleme yarıda kaldı (sunucu durdu).' })
    .where('status', '=', 'running')
    .where('started_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function deleteBackup(db: Executor, tenantId: string, id: string) {
  return db.deleteFrom('tenant_backups').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Active tenants with their backup settings (the scheduler's round). */
export function activeTenants(db: Executor) {
  return db
    .selectFrom('tenants')
    .select(['id', 'backup_frequency', 'backup_retention_days'])
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
}
