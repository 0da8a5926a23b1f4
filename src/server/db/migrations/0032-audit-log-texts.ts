import { type Kysely, sql } from 'kysely';

/**
 * The system log says what happened as data (src/shared/api/audit-actions.ts):
 * - `params` (jsonb): the named parameters of the action's message; the reader renders the
 *   sentence in their language. `message` keeps the Turkish sentence. Rows written before stay
 *   without (null) and show their action's generic sentence.
 * - `changes` (jsonb): for an update, the changed fields with their values before and after
 *   (secrets are never stored: the server lists which fields a change may name).
 * - `search_words`: the words a reader may see that `message` does not hold — the English
 *   sentence — written with the row.
 * - `search_text` is made again with them: the free-text search compares the folded Turkish and
 *   English sentences, the action code, the user name and the IP address (tr_fold, the fold of
 *   shared/domain/turkish-text.ts `searchFold`). A generated column keeps its expression's value
 *   from when the row was written, so it is dropped and added back.
 */
const LOGS = `coalesce(message, '') || ' ' || coalesce(search_words, '') || ' ' || action || ' ' ||
     coalesce(user_name, '') || ' ' || coalesce(ip, '')`;
const OLD_LOGS = `coalesce(message, '') || ' ' || action || ' ' || coalesce(user_name, '') || ' ' || coalesce(ip, '')`;

const UP = [
  'ALTER TABLE audit_logs ADD COLUMN params jsonb',
  'ALTER TABLE audit_logs ADD COLUMN changes jsonb',
  'ALTER TABLE audit_logs ADD COLUMN search_words text',
  'ALTER TABLE audit_logs DROP COLUMN search_text',
  `ALTER TABLE audit_logs ADD COLUMN search_text text GENERATED ALWAYS AS (tr_fold(${LOGS})) STORED`,
];

const DOWN = [
  'ALTER TABLE audit_logs DROP COLUMN search_text',
  `ALTER TABLE audit_logs ADD COLUMN search_text text GENERATED ALWAYS AS (tr_fold(${OLD_LOGS})) STORED`,
  'ALTER TABLE audit_logs DROP COLUMN IF EXISTS search_words',
  'ALTER TABLE audit_logs DROP COLUMN IF EXISTS changes',
  'ALTER TABLE audit_logs DROP COLUMN IF EXISTS params',
];

export async function up0032(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0032(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
