import { type Kysely, sql } from 'kysely';

/**
 * One-time passwords: a password someone other than its user made (an admin's reset, the first
 * admin of a new company, a user an admin created) lets its user do one thing — set their own.
 * - users gain `password_must_change` (true while the password in use is such a one) and
 *   `password_expires_at` (after it the one-time password no longer signs in; null: no expiry);
 * - tenants gain `temp_password_days`, the admin setting of how long a one-time password stays
 *   usable (default 7, 1–90 days).
 * Existing accounts chose or were given their passwords before this rule: they start cleared.
 */
const UP = [
  'ALTER TABLE users ADD COLUMN password_must_change boolean NOT NULL DEFAULT false',
  'ALTER TABLE users ADD COLUMN password_expires_at timestamptz',
  `ALTER TABLE tenants ADD COLUMN temp_password_days integer NOT NULL DEFAULT 7
     CHECK (temp_password_days BETWEEN 1 AND 90)`,
];

const DOWN = [
  'ALTER TABLE tenants DROP COLUMN IF EXISTS temp_password_days',
  'ALTER TABLE users DROP COLUMN IF EXISTS password_expires_at',
  'ALTER TABLE users DROP COLUMN IF EXISTS password_must_change',
];

export async function up0031(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0031(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
