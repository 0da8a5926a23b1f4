import { type Kysely, sql } from 'kysely';

/**
 * The public company sign-up and its review.
 *
 * - `company_registrations.verify_token_hash` / `verify_expires_at`: the e-mail verification
 *   link's token, kept only as its SHA-256 (a copy of the database verifies nothing);
 *   `decided_at` / `decided_by`: who took the last decision, and when.
 * - One live registration per subdomain: a unique index over (tenant_id, subdomain) for the
 *   registrations that are pending or approved, so two sign-ups racing for the same name cannot
 *   both be stored (the second gets the "taken" answer). Rejected and suspended ones free nothing
 *   and block nothing: a suspended company's tenant still holds the name.
 * - `email_outbox.kind` also takes the registration's e-mails (the verification link, the new
 *   admin's first password).
 */
const UP = [
  'ALTER TABLE company_registrations ADD COLUMN verify_token_hash text',
  'ALTER TABLE company_registrations ADD COLUMN verify_expires_at timestamptz',
  'ALTER TABLE company_registrations ADD COLUMN decided_at timestamptz',
  'ALTER TABLE company_registrations ADD COLUMN decided_by text',
  `CREATE UNIQUE INDEX company_registrations_live_subdomain_idx ON company_registrations (tenant_id, subdomain)
     WHERE status IN ('pending', 'approved')`,
  `CREATE INDEX company_registrations_verify_idx ON company_registrations (tenant_id, verify_token_hash)
     WHERE verify_token_hash IS NOT NULL`,
  'ALTER TABLE email_outbox DROP CONSTRAINT IF EXISTS email_outbox_kind_check',
  `ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
     CHECK (kind IN ('notification', 'password_reset', 'registration_verify', 'registration_approved'))`,
];

const DOWN = [
  `DELETE FROM email_outbox WHERE kind IN ('registration_verify', 'registration_approved')`,
  'ALTER TABLE email_outbox DROP CONSTRAINT IF EXISTS email_outbox_kind_check',
  `ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN ('notification', 'password_reset'))`,
  'DROP INDEX IF EXISTS company_registrations_verify_idx',
  'DROP INDEX IF EXISTS company_registrations_live_subdomain_idx',
  'ALTER TABLE company_registrations DROP COLUMN IF EXISTS decided_by',
  'ALTER TABLE company_registrations DROP COLUMN IF EXISTS decided_at',
  'ALTER TABLE company_registrations DROP COLUMN IF EXISTS verify_expires_at',
  'ALTER TABLE company_registrations DROP COLUMN IF EXISTS verify_token_hash',
];

export async function up0024(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0024(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
