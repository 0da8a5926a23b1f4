import type { Db } from '../db/database';
import { newestSuccessful } from './backups.repository';

/** The tenant's most recent successful backup (the system status shows when and how big). */
export async function lastBackup(
  db: Db,
  tenantId: string,
): Promise<{ at: string; size_bytes: number } | null> {
  const row = await newestSuccessful(db, tenantId);
  if (!row) return null;
  return {
    at: new Date(row.finished_at ?? row.started_at).toISOString(),
    size_bytes: Number(row.size_bytes ?? 0),
  };
}
