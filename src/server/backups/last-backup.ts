import type { Db } from '../db/database';

/** The tenant's most recent backup, for the system status (placeholder until backups exist). */
export async function lastBackup(
  _db: Db,
  _tenantId: string,
): Promise<{ at: string; size_bytes: number } | null> {
  return null;
}
