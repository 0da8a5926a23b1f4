import { type Kysely, sql } from 'kysely';

/**
 * The system log's read paths, for a million entries per tenant. Every list is newest first
 * (created_at, then id), so each filter has an index that leads with the tenant, then the
 * filtered column, then that order: a page reads its rows straight off the index, and a date
 * range is a range of the same index.
 * - (tenant, created_at, id): no filter, or only dates (replaces the index without the id);
 * - (tenant, level, …), (tenant, action, …), (tenant, user_id, …): one per filter;
 * The retention job deletes a tenant's oldest entries through the first index too.
 * `search_text`: what the free-text search compares — message, action, user name and IP address,
 * folded the way shared/domain/turkish-text.ts `searchFold` folds the typed text (every I-variant
 * as 'i', then lower case) — kept by the database as a generated column.
 */
const UP = [
  `ALTER TABLE audit_logs ADD COLUMN search_text text GENERATED ALWAYS AS (lower(translate(
     coalesce(message, '') || ' ' || action || ' ' || coalesce(user_name, '') || ' ' || coalesce(ip, ''),
     'Iİı', 'iii'))) STORED`,
  `CREATE INDEX audit_logs_newest_idx ON audit_logs (tenant_id, created_at DESC, id DESC)`,
  'DROP INDEX IF EXISTS audit_logs_created_idx',
  `CREATE INDEX audit_logs_level_idx ON audit_logs (tenant_id, level, created_at DESC, id DESC)`,
  `CREATE INDEX audit_logs_action_idx ON audit_logs (tenant_id, action, created_at DESC, id DESC)`,
  `CREATE INDEX audit_logs_user_idx ON audit_logs (tenant_id, user_id, created_at DESC, id DESC)`,
];

const DOWN = [
  'DROP INDEX IF EXISTS audit_logs_user_idx',
  'DROP INDEX IF EXISTS audit_logs_action_idx',
  'DROP INDEX IF EXISTS audit_logs_level_idx',
  `CREATE INDEX IF NOT EXISTS audit_logs_created_idx ON audit_logs (tenant_id, created_at DESC)`,
  'DROP INDEX IF EXISTS audit_logs_newest_idx',
  'ALTER TABLE audit_logs DROP COLUMN IF EXISTS search_text',
];

export async function up0021(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0021(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
