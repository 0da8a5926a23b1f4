import { type Kysely, sql } from 'kysely';

/**
 * Outgoing e-mail and password reset links.
 *
 * - `email_delivery`: one row saying whether this deployment sends e-mail (SMTP_URL is set). The
 *   app writes it at start-up; the transactions that create notifications read it, so "e-mail is
 *   configured" is known inside the transaction without every caller passing the configuration
 *   down. Every API process of one database must have the same SMTP_URL.
 * - `email_outbox`: each e-mail to send, written in the same transaction as what it tells about
 *   (a notification, a reset link), so a request never waits for or fails on the mail server. The
 *   queue worker claims due rows (`status` pending → sending, with a lease in `locked_until`, under
 *   FOR UPDATE SKIP LOCKED so two processes never take the same row), sends, and marks them sent;
 *   a failure puts the row back with `next_attempt_at` later (backoff) and `last_error`, until
 *   `attempts` reaches the limit (status failed).
 * - `password_reset_tokens`: a reset link's token, stored only as its SHA-256 hash; single use
 *   (`used_at`) and short-lived (`expires_at`).
 */
const UP = [
  // Not tenant-owned, and without a key: one row, replaced under a table lock at start-up.
  `CREATE TABLE email_delivery (
     enabled boolean NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE TABLE email_outbox (
     tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
     id uuid NOT NULL,
     kind text NOT NULL CHECK (kind IN ('notification', 'password_reset')),
     notification_id uuid,
     to_address text NOT NULL,
     subject text NOT NULL,
     text_body text NOT NULL,
     html_body text NOT NULL,
     status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at timestamptz NOT NULL DEFAULT now(),
     locked_until timestamptz,
     last_error text,
     created_at timestamptz NOT NULL DEFAULT now(),
     sent_at timestamptz,
     PRIMARY KEY (tenant_id, id)
   )`,
  // What the worker looks for: rows not yet sent, by when they are due.
  `CREATE INDEX email_outbox_due_idx ON email_outbox (tenant_id, next_attempt_at)
     WHERE status IN ('pending', 'sending')`,
  `CREATE TABLE password_reset_tokens (
     tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
     token_hash text NOT NULL,
     user_id uuid NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     used_at timestamptz,
     PRIMARY KEY (tenant_id, token_hash)
   )`,
  'CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (tenant_id, user_id, created_at)',
];

const DOWN = [
  'DROP TABLE IF EXISTS password_reset_tokens',
  'DROP TABLE IF EXISTS email_outbox',
  'DROP TABLE IF EXISTS email_delivery',
];

export async function up0023(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0023(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
