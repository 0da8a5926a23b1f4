import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type ForgotPasswordBody,
  PASSWORD_RESET_MESSAGES as M,
  PASSWORD_RESET_TTL_MINUTES,
  type ResetPasswordBody,
} from '../../shared/api/password-reset';
import { passwordProblem, passwordProblemText } from '../../shared/domain/password-rules';
import { insertAuditLog } from '../audit/audit.repository';
import type { Database } from '../db/schema';
import { queueEmail } from '../email/email-outbox.repository';
import { renderPasswordResetEmail } from '../email/email-render';
import { AppError, validation } from '../lib/errors';
import { hashPassword } from '../lib/password';
import type { Tenant } from '../tenants/tenants.repository';
import { findUserById, findUserByUsername, updateUser } from '../users/users.repository';
import type { RequestMeta } from './auth.service';
import { clearLoginAttempts } from './login-attempts.repository';
import { OWN_PASSWORD } from './one-time-password';
import {
  countTokensSince,
  deleteExpiredTokens,
  findToken,
  insertToken,
  lockToken,
  type ResetTokenRow,
  useUserTokens,
} from './password-reset.repository';
import { revokeUserSessions } from './sessions.repository';

/**
 * Forgotten passwords, by e-mail.
 *
 * A reset link carries a random token (32 bytes, base64url); the database keeps only its SHA-256,
 * so a copy of the database opens no account. A link works once, for an hour; using it sets the
 * password (the tenant's rules), ends every session of the user, clears a lockout, retires the
 * user's other links and writes an audit row.
 *
 * Asking for a link answers the same whatever the username: a user who does not exist, is
 * inactive, has no e-mail address, or was already sent MAX_LINKS_PER_HOUR links this hour gets
 * the same message as one who is sent a link (the per-IP limit is the route's).
 */
const MAX_LINKS_PER_HOUR = 3;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function notConfigured(): AppError {
  return new AppError(403, 'FORBIDDEN', M.notConfigured);
}

/**
 * POST /auth/forgot-password. `linkBase`: the address the link opens (scheme, host, port), or null
 * when the request came through an address that is not ours (then nothing is sent: a forged Host
 * header must not make us mail a link to someone else's site).
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  emailConfigured: boolean,
  tenant: Tenant,
  body: ForgotPasswordBody,
  meta: RequestMeta,
  linkBase: string | null,
): Promise<{ message: string }> {
  if (!emailConfigured) throw notConfigured();
  const answer = { message: M.requested };
  const account = await findUserByUsername(db, tenant.id, body.username.trim());
  if (!account?.is_active || !account.email || !linkBase) return answer;
  const now = new Date();
  if (
    (await countTokensSince(db, tenant.id, account.id, new Date(now.getTime() - 3600_000))) >=
    MAX_LINKS_PER_HOUR
  )
    return answer;

  const token = randomBytes(32).toString('base64url');
  const link = `${linkBase}/reset-password?token=${encodeURIComponent(token)}&tenant=${encodeURIComponent(tenant.id)}`;
  const email = renderPasswordResetEmail({
    company: tenant.company_name,
    fullName: account.full_name,
    username: account.username,
    link,
    validMinutes: PASSWORD_RESET_TTL_MINUTES,
  });
  const to = account.email;
  await db.transaction().execute(async (trx) => {
    await insertToken(trx, tenant.id, {
      token_hash: tokenHash(token),
      user_id: account.id,
      created_at: now,
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    await queueEmail(trx, tenant.id, 'password_reset', to, email);
    await insertAuditLog(trx, tenant.id, {
      action: 'auth.password_reset_requested',
      entity: 'user',
      entity_id: account.id,
      user_id: account.id,
      user_name: account.full_name,
      params: { username: account.username },
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
  });
  // Links expired a day ago are dropped now and then (here: when a new one is made).
  void deleteExpiredTokens(db, tenant.id, new Date(now.getTime() - 86_400_000)).catch(() => {});
  return answer;
}

/** Why a token cannot be used (or null when it can). */
function tokenRefusal(row: ResetTokenRow | undefined, now: Date): AppError | null {
  if (!row) return validation(M.tokenInvalid, 'token');
  if (row.used_at) return validation(M.tokenUsed, 'token');
  if (row.expires_at.getTime() <= now.getTime()) return validation(M.tokenExpired, 'token');
  return null;
}

/**
 * POST /auth/reset-password. The checks that need no lock (the rules, the token's state) come
 * first and the new password is hashed before the transaction (scrypt holds no connection); the
 * transaction locks the token and checks it again, so a link used twice at once works once.
 */
export async function resetPassword(
  db: Kysely<Database>,
  emailConfigured: boolean,
  tenant: Tenant,
  body: ResetPasswordBody,
  meta: RequestMeta,
): Promise<{ message: string }> {
  if (!emailConfigured) throw notConfigured();
  const hash = tokenHash(body.token);
  const early = tokenRefusal(await findToken(db, tenant.id, hash), new Date());
  if (early) throw early;
  const problem = passwordProblem(body.new_password, {
    minLength: tenant.password_min_length,
    requireStrong: tenant.require_strong_password,
  });
  if (problem) throw validation(passwordProblemText(problem, 'Şifre'), 'new_password');
  const passwordHash = await hashPassword(body.new_password);

  await db.transaction().execute(async (trx) => {
    const now = new Date();
    const row = await lockToken(trx, tenant.id, hash);
    const refusal = tokenRefusal(row, now);
    if (refusal || !row) throw refusal ?? validation(M.tokenInvalid, 'token');
    const account = await findUserById(trx, tenant.id, row.user_id);
    if (!account?.is_active) throw validation(M.tokenInvalid, 'token');
    // The user chose this password themselves: any one-time password an admin gave is replaced.
    await updateUser(trx, tenant.id, account.id, { password_hash: passwordHash, ...OWN_PASSWORD });
    await useUserTokens(trx, tenant.id, account.id, now);
    const ended = await revokeUserSessions(trx, tenant.id, account.id, now);
    await clearLoginAttempts(trx, tenant.id, account.username.trim().toLowerCase());
    await insertAuditLog(trx, tenant.id, {
      action: 'auth.password_reset',
      level: 'warning',
      entity: 'user',
      entity_id: account.id,
      user_id: account.id,
      user_name: account.full_name,
      params: { username: account.username, sessions: ended },
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
  });
  return { message: M.done };
}
