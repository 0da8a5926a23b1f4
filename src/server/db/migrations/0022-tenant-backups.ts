import { type Kysely, sql } from 'kysely';

/**
 * Tenant backups: one row per backup file of a tenant (scheduled or started by an admin).
 *
 * - `status`: running → success | failed. At most ONE running backup per tenant, enforced by a
 *   partial unique index, so two processes (or two clicks) cannot start two at once; the second
 *   insert fails and the API answers 409.
 * - `row_counts`: rows written per table (the archive's trailer holds the same counts).
 * - `file_name`: the archive's name inside BACKUP_DIR/<tenant>/ (null until it is complete).
 * These rows describe files on this server, not the tenant's data: the backup itself skips this
 * table.
 */
const UP = [
  `CREATE TABLE tenant_backups (
     tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
     id uuid NOT NULL,
     trigger text NOT NULL CHECK (trigger IN ('scheduled','manual')),
     status text NOT NULL DEFAULT 'running' CHECK (status IN ('running','success','failed')),
     started_at timestamptz NOT NULL DEFAULT now(),
     finished_at timestamptz,
     size_bytes bigint,
     row_counts jsonb,
     file_name text,
     error text,
     created_by uuid,
     PRIMARY KEY (tenant_id, id)
   )`,
  'CREATE INDEX tenant_backups_started_idx ON tenant_backups (tenant_id, started_at DESC)',
  `CREATE UNIQUE INDEX tenant_backups_one_running_idx ON tenant_backups (tenant_id)
     WHERE status = 'running'`,
];

export async function up0022(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0022(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS tenant_backups').execute(db);
}
