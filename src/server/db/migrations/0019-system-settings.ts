import { type Kysely, sql } from 'kysely';

/**
 * System settings that the server obeys on the next request:
 * - tenants gain the defaults a new user starts with (`default_language`, `default_timezone`) and
 *   `settings_version`, the number an edit of the settings names (a stale one is refused with 409);
 * - sessions gain `last_seen_at`: a session idle longer than the tenant's `session_timeout`
 *   minutes is over (refreshed at most once a minute per session, not on every request);
 * - users gain their own `language` and `timezone` (null: the device's or the tenant's choice).
 */
const UP = [
  `ALTER TABLE tenants ADD COLUMN default_language text NOT NULL DEFAULT 'tr'
     CHECK (default_language IN ('tr', 'en', 'de', 'fr'))`,
  `ALTER TABLE tenants ADD COLUMN default_timezone text NOT NULL DEFAULT 'Europe/Istanbul'
     CHECK (default_timezone IN ('Europe/Istanbul', 'UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo'))`,
  'ALTER TABLE tenants ADD COLUMN settings_version integer NOT NULL DEFAULT 1',
  'ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()',
  'ALTER TABLE users ADD COLUMN language text',
  'ALTER TABLE users ADD COLUMN timezone text',
];

const DOWN = [
  'ALTER TABLE users DROP COLUMN IF EXISTS timezone',
  'ALTER TABLE users DROP COLUMN IF EXISTS language',
  'ALTER TABLE sessions DROP COLUMN IF EXISTS last_seen_at',
  'ALTER TABLE tenants DROP COLUMN IF EXISTS settings_version',
  'ALTER TABLE tenants DROP COLUMN IF EXISTS default_timezone',
  'ALTER TABLE tenants DROP COLUMN IF EXISTS default_language',
];

export async function up0019(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0019(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
