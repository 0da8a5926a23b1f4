import { type Kysely, sql } from 'kysely';

/**
 * User management by the tenant's admin:
 * - `version`: the number an admin's edit names (`expected_version`); every change of the account
 *   (an admin's edit, a password reset, a deletion, the user's own profile change) raises it, so an
 *   edit made on a stale view is refused instead of overwriting what someone else changed;
 * - `deleted_at`: a deleted account stays as a row (orders, stock movements and the audit log keep
 *   pointing at it and keep showing its name) but can never sign in again and leaves every list;
 * - the username is unique among the LIVE accounts of a tenant only, so a deleted employee's
 *   username can be given to someone new (a company with a naming scheme such as 'depo1').
 */
const UP = [
  'ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1',
  'ALTER TABLE users ADD COLUMN deleted_at timestamptz',
  'DROP INDEX users_username_key',
  'CREATE UNIQUE INDEX users_username_key ON users (tenant_id, lower(username)) WHERE deleted_at IS NULL',
];

const DOWN = [
  'DROP INDEX IF EXISTS users_username_key',
  // Deleted accounts may share a username with a live one: only the live ones keep it unique.
  `UPDATE users SET username = username || '~' || id WHERE deleted_at IS NOT NULL`,
  'CREATE UNIQUE INDEX users_username_key ON users (tenant_id, lower(username))',
  'ALTER TABLE users DROP COLUMN IF EXISTS deleted_at',
  'ALTER TABLE users DROP COLUMN IF EXISTS version',
];

export async function up0018(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0018(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
