import type { FastifyInstance } from 'fastify';
import { importPackage } from '../lib/import-package';
import {
  claimDueEmails,
  markFailed,
  markRetry,
  markSent,
  pruneOutbox,
  setEmailDelivery,
  takeQueuedFlag,
} from './email-outbox.repository';

/**
 * The e-mail queue's worker. With SMTP_URL set it runs every few seconds (and right after a
 * request that queued something): it claims due rows of `email_outbox` (never a row another
 * process holds), sends each through the SMTP server, and marks it sent. A failure (server down,
 * refused, timed out) puts the row back with the error and a later `next_attempt_at`: 30 s, then
 * twice as long each time (at most an hour), and after MAX_ATTEMPTS it gives up (logged, status
 * failed). Without SMTP_URL nothing is queued and no worker runs.
 *
 * Exactly once: a claimed row is 'sending' under a lease; only a process that stopped mid-send
 * leaves it to be claimed again once the lease has run out (then the mail server may have
 * received it already — the one case of a second copy).
 */
export const EMAIL_QUEUE_JOB = 'email-queue';
export const EMAIL_MAX_ATTEMPTS = 8;
const EVERY_MS = 5_000;
const BATCH = 20;
const LEASE_MS = 2 * 60_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3600_000;
const KEEP_DAYS = 30;

/** Wait before attempt n + 1 after n failed ones. */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function registerEmailQueue(app: FastifyInstance, databaseReady?: Promise<unknown>): void {
  const { smtpUrl, smtpFrom } = app.config;
  // Recorded before the app serves (onReady), once the database may be queried (app.ts).
  app.addHook('onReady', async () => {
    await databaseReady;
    await setEmailDelivery(app.db, smtpUrl !== undefined);
  });
  if (!smtpUrl) return;
  // Loaded on the first send only when mail is configured: most installs never send, and it
  // costs start-up time.
  let transport: import('nodemailer').Transporter | undefined;
  const transporter = async () => {
    if (transport) return transport;
    const { default: nodemailer } = await importPackage<typeof import('nodemailer')>('nodemailer');
    // The URL's own settings (host, port, user, smtps://) plus timeouts: an unreachable server
    // fails an attempt in seconds instead of holding the worker for minutes.
    transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return transport;
  };
  app.addHook('onClose', async () => transport?.close());
  const baseMs = app.config.emailRetryBaseMs ?? RETRY_BASE_MS;
  let lastPrune = 0;

  async function run(): Promise<void> {
    for (;;) {
      const now = new Date();
      const batch = await claimDueEmails(app.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const email of batch) {
        try {
          await (await transporter()).sendMail({
            from: smtpFrom,
            to: email.to_address,
            subject: email.subject,
            text: email.text_body,
            html: email.html_body,
          });
          await markSent(app.db, email, new Date());
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (email.attempts >= EMAIL_MAX_ATTEMPTS) {
            await markFailed(app.db, email, message);
            app.log.error(
              {
                tenant: email.tenant_id,
                email: email.id,
                kind: email.kind,
                attempts: email.attempts,
                err: message,
              },
              'e-mail given up after the last attempt',
            );
          } else {
            await markRetry(
              app.db,
              email,
              new Date(Date.now() + retryDelayMs(email.attempts, baseMs)),
              message,
            );
            app.log.warn(
              { tenant: email.tenant_id, email: email.id, attempts: email.attempts, err: message },
              'e-mail not sent; will retry',
            );
          }
        }
      }
      if (batch.length < BATCH) break;
    }
    if (Date.now() - lastPrune > 3600_000) {
      lastPrune = Date.now();
      await pruneOutbox(app.db, new Date(Date.now() - KEEP_DAYS * 86_400_000));
    }
  }

  app.scheduler.every({ name: EMAIL_QUEUE_JOB, everyMs: EVERY_MS, run });
  // After a response (its transaction has committed): send what it queued now, not at the next tick.
  app.addHook('onResponse', async () => {
    if (takeQueuedFlag()) void app.scheduler.run(EMAIL_QUEUE_JOB);
  });
}
