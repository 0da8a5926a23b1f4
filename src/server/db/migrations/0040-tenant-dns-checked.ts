import { type Kysely, sql } from 'kysely';

/**
 * When a tenant's host was last asked of the resolver (a check from tenant management, or the
 * check after its record was written): the platform admin sees how fresh the DNS status is.
 * Null: never checked since this column exists.
 */
export async function up0040(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenants ADD COLUMN dns_checked_at timestamptz`.execute(db);
}

export async function down0040(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenants DROP COLUMN IF EXISTS dns_checked_at`.execute(db);
}
