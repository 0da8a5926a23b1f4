import type { ColumnType, Generated } from 'kysely';

/** One backup archive of a tenant (migration 0022). */
export interface TenantBackupsTable {
  tenant_id: string;
  id: string;
  trigger: string; // scheduled | manual
  status: Generated<string>; // running | success | failed
  started_at: Generated<Date>;
  finished_at: Date | null;
  size_bytes: number | null;
  /** jsonb, written as JSON text. */
  row_counts: ColumnType<Record<string, number> | null, string | null, string | null>;
  file_name: string | null;
  error: string | null;
  created_by: string | null;
}
