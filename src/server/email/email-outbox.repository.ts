import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { type RenderedEmail, renderNotificationEmail } from './email-render';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Says whether this deployment sends e-mail (SMTP_URL set), for the transactions that queue it.
 * One row, replaced under a table lock so that two processes starting together leave one.
 */
export async function setEmailDelivery(db: Kysely<Database>, enabled: boolean): Promise<void> {
  // Already so (every start but the one after SMTP_URL changed): one read instead of a transaction
  // of four statements on the start's way to serving.
  const rows = await db.selectFrom('email_delivery').select('enabled').execute();
  if (rows.length === 1 && rows[0]?.enabled === enabled) return;
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE email_delivery IN EXCLUSIVE MODE`.execute(trx);
    await trx.deleteFrom('email_delivery').execute();
    await trx.insertInto('email_delivery').values({ enabled, updated_at: new Date() }).execute();
  });
}

/**
 * Something was queued in this process since the last look: the app kicks the worker after the
 * response (the transaction has committed by then), instead of waiting for its next tick.
 */
let queuedSinceKick = false;
export function takeQueuedFlag(): boolean {
  const was = queuedSinceKick;
  queuedSinceKick = false;
  return was;
}

export interface NotificationForEmail {
  id: string;
  user_id: string;
  title: string;
  message: string;
}

/**
 * Queues the e-mail copy of notifications just inserted (same transaction): only when e-mail is
 * configured, the tenant's `email_notifications` is on and the recipient has an e-mail address.
 */
export async function queueNotificationEmails(
  trx: Executor,
  tenantId: string,
  notifications: readonly NotificationForEmail[],
): Promise<number> {
  if (notifications.length === 0) return 0;
  const userIds = [...new Set(notifications.map((n) => n.user_id))];
  const recipients = await trx
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .select(['u.id', 'u.email', 't.company_name'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', 'in', userIds)
    .where('u.email', 'is not', null)
    .where('u.email', '!=', '')
    .where('t.email_notifications', '=', true)
    .where(sql<boolean>`EXISTS (SELECT 1 FROM email_delivery WHERE enabled)`)
    .execute();
  if (recipients.length === 0) return 0;
  const byUser = new Map(recipients.map((r) => [r.id, r]));
  const rows = notifications.flatMap((n) => {
    const to = byUser.get(n.user_id);
    if (!to?.email) return [];
    return [
      {
        kind: 'notification' as const,
        notification_id: n.id,
        to: to.email,
        email: renderNotificationEmail({ title: n.title, message: n.message, company: to.company_name }),
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('email_outbox')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          tenant_id: tenantId,
          id: randomUUID(),
          kind: r.kind,
          notification_id: r.notification_id,
          to_address: r.to,
          subject: r.email.subject,
          text_body: r.email.text,
          html_body: r.email.html,
        })),
      )
      .execute();
  }
  queuedSinceKick = true;
  return rows.length;
}

/** Queues one e-mail (a password reset link, a registration's mail) in the caller's transaction. */
export async function queueEmail(
  trx: Executor,
  tenantId: string,
  kind: 'password_reset' | 'registration_verify' | 'registration_approved',
  to: string,
  email: RenderedEmail,
): Promise<void> {
  await trx
    .insertInto('email_outbox')
    .values({
      tenant_id: tenantId,
      id: randomUUID(),
      kind,
      notification_id: null,
      to_address: to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
    })
    .execute();
  queuedSinceKick = true;
}

export interface ClaimedEmail {
  tenant_id: string;
  id: string;
  kind: 'notification' | 'password_reset' | 'registration_verify' | 'registration_approved';
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/**
 * Claims up to `limit` due e-mails for this process: pending ones whose time has come, and ones
 * another process claimed but did not finish within its lease (it stopped mid-send). Claiming
 * sets status 'sending', counts the attempt and leases the row until `leaseUntil`; FOR UPDATE
 * SKIP LOCKED makes two processes claiming at once take different rows, never the same one.
 */
export async function claimDueEmails(
  db: Kysely<Database>,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedEmail[]> {
  const result = await sql<ClaimedEmail>`
    UPDATE email_outbox AS e
    SET status = 'sending', attempts = e.attempts + 1, locked_until = ${leaseUntil}
    FROM (
      SELECT tenant_id, id FROM email_outbox
      WHERE (status = 'pending' AND next_attempt_at <= ${now})
         OR (status = 'sending' AND locked_until < ${now})
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE e.tenant_id = due.tenant_id AND e.id = due.id
    RETURNING e.tenant_id, e.id, e.kind, e.to_address, e.subject, e.text_body, e.html_body, e.attempts`.execute(
    db,
  );
  return result.rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

/**
 * The e-mails that carry a secret: a password reset link, a registration's verification link, a
 * new company admin's first password. Their body is wiped once sent or given up: tokens are kept
 * only as hashes and passwords only hashed, and the outbox must not keep them either.
 */
const SECRET_KINDS: ReadonlySet<string> = new Set([
  'password_reset',
  'registration_verify',
  'registration_approved',
]);
const wipeOf = (email: ClaimedEmail) =>
  SECRET_KINDS.has(email.kind) ? { text_body: '', html_body: '' } : {};

/** Sent (a secret-carrying e-mail loses its body, see SECRET_KINDS). */
export async function markSent(db: Kysely<Database>, email: ClaimedEmail, at: Date): Promise<void> {
  const wipe = wipeOf(email);
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: at, locked_until: null, last_error: null, ...wipe })
    .where('tenant_id', '=', email.tenant_id)
    .where('id', '=', email.id)
    .execute();
}

/** Failed this time: due again at `next`, with the error kept for the operator. */
export async function markRetry(
  db: Kysely<Database>,
  email: ClaimedEmail,
  next: Date,
  error: string,
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'pending', next_attempt_at: next, locked_until: null, last_error: error.slice(0, 1000) })
    .where('tenant_id', '=', email.tenant_id)
    .where('id', '=', email.id)
    .execute();
}

/** Given up after the last attempt. */
export async function markFailed(db: Kysely<Database>, email: ClaimedEmail, error: string): Promise<void> {
  const wipe = wipeOf(email);
  await db
    .updateTable('email_outbox')
    .set({ status: 'failed', locked_until: null, last_error: error.slice(0, 1000), ...wipe })
    .where('tenant_id', '=', email.tenant_id)
    .where('id', '=', email.id)
    .execute();
}

/** Housekeeping: sent and failed e-mails older than `before` are dropped. */
export async function pruneOutbox(db: Kysely<Database>, before: Date): Promise<void> {
  await db
    .deleteFrom('email_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .execute();
}
