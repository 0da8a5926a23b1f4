import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { auditChanges, secretChanged } from '../../shared/api/audit-fields';
import type { AuthResponse, LoginBody, ProfileUpdateBody, RegisterBody, User } from '../../shared/api/auth';
import { MESSAGES } from '../../shared/api/errors';
import { LOGIN_LOCKOUT_MS } from '../../shared/domain/constants';
import { oneTimePasswordExpired, PASSWORD_CHANGE_REQUIRED } from '../../shared/domain/one-time-password';
import { passwordProblem, passwordProblemText } from '../../shared/domain/password-rules';
import { insertAuditLog } from '../audit/audit.repository';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, forbidden, notFound, unauthorized } from '../lib/errors';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  passwordHashQueue,
  serverBusy,
  verifyPassword,
} from '../lib/password';
import type { Tenant } from '../tenants/tenants.repository';
import { maintenanceError, newUserDefaults, refusedByMaintenance } from '../tenants/user-defaults';
import {
  findUserById,
  findUserByIdForUpdate,
  findUserByUsername,
  insertUserIfFree,
  replacePasswordHash,
  setLastLogin,
  toUser,
  updateUser,
} from '../users/users.repository';
import {
  clearLoginAttempts,
  deleteStaleLoginAttempts,
  readLoginAttempts,
  recordLoginFailure,
} from './login-attempts.repository';
import { OWN_PASSWORD } from './one-time-password';
import {
  deleteExpiredSessions,
  insertSession,
  revokeOtherSessions,
  revokeSession,
} from './sessions.repository';
import { signToken } from './tokens';

/**
 * The tenant's password rule (shared/domain/password-rules.ts: its minimum length and, when it
 * asks for strong passwords, upper case, lower case and a digit) → 400 naming `field`.
 */
export function checkPassword(tenant: Tenant, password: string, label: string, field: string): void {
  const problem = passwordProblem(password, {
    minLength: tenant.password_min_length,
    requireStrong: tenant.require_strong_password,
  });
  if (problem) throw new AppError(400, 'VALIDATION_ERROR', passwordProblemText(problem, label), { field });
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

interface PreparedSession {
  jti: string;
  expiresAt: Date;
  token: string;
}

/**
 * A session lasts JWT_TTL at most; it ends earlier when idle longer than the tenant's
 * session_timeout (checked on every request by the auth hook, against the setting of that moment).
 * The token is signed HERE, before any transaction: nothing slow may run while a transaction
 * holds a connection (on PGlite the only one). Signing is a synchronous HMAC (tokens.ts).
 */
function prepareSession(config: Config, tenant: Tenant, userId: string, role: User['role']): PreparedSession {
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + config.jwtTtlSeconds * 1000);
  const token = signToken(config.jwtSecret, { sub: userId, tid: tenant.id, role, jti }, expiresAt);
  return { jti, expiresAt, token };
}

async function storeSession(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  session: PreparedSession,
  meta: RequestMeta,
): Promise<void> {
  await insertSession(trx, tenantId, {
    id: session.jti,
    user_id: userId,
    expires_at: session.expiresAt,
    ip: meta.ip,
    user_agent: meta.userAgent,
  });
}

const HOUSEKEEPING_EVERY_MS = 3600_000;
const lastHousekeeping = new Map<string, number>();

/**
 * Now and then (per tenant, at most hourly, after a sign-in): drop sessions that expired a day ago
 * and failed-login counters nobody touched for a day (unknown usernames would pile up otherwise).
 */
function housekeeping(db: Kysely<Database>, tenantId: string): void {
  const now = Date.now();
  if (now - (lastHousekeeping.get(tenantId) ?? 0) < HOUSEKEEPING_EVERY_MS) return;
  lastHousekeeping.set(tenantId, now);
  const dayAgo = new Date(now - 24 * 3600_000);
  void Promise.all([
    deleteExpiredSessions(db, tenantId, dayAgo),
    deleteStaleLoginAttempts(db, tenantId, dayAgo, new Date(now)),
  ]).catch(() => {
    /* best effort; tried again in an hour */
  });
}

/** Refuses while the username is locked: 429 ACCOUNT_LOCKED; the password is not even checked. */
async function refuseWhileLocked(
  db: Kysely<Database>,
  tenantId: string,
  usernameKey: string,
  now: Date,
): Promise<void> {
  const state = await readLoginAttempts(db, tenantId, usernameKey);
  if (state?.locked_until && state.locked_until.getTime() > now.getTime()) {
    throw new AppError(429, 'ACCOUNT_LOCKED', MESSAGES.accountLocked, {
      lockedOut: true,
      remainingTime: state.locked_until.getTime() - now.getTime(),
    });
  }
}

/**
 * Counts a failed password check (a sign-in, or the current password of a password change) on
 * the account's counter and audits it. Returns the lock end when this failure locked the
 * username, else the attempts left.
 */
async function countFailure(
  db: Kysely<Database>,
  tenant: Tenant,
  usernameKey: string,
  now: Date,
  audit: {
    action: 'auth.login_failed' | 'auth.password_check_failed';
    entityId: string | null;
    /** The signed-in user making the check (password change); none for a sign-in. */
    actor?: { id: string; full_name: string };
  },
  meta: RequestMeta,
): Promise<{ lockedFor: number } | { remainingAttempts: number }> {
  const limit = tenant.max_login_attempts;
  const after = await recordLoginFailure(db, tenant.id, usernameKey, now, limit, LOGIN_LOCKOUT_MS);
  await insertAuditLog(db, tenant.id, {
    action: audit.action,
    level: 'warning',
    entity: 'user',
    entity_id: audit.entityId,
    user_id: audit.actor?.id ?? null,
    // A failed sign-in has no signed-in user: the log names the username that was tried.
    user_name: audit.actor?.full_name ?? usernameKey,
    params: { username: usernameKey },
    ip: meta.ip,
    user_agent: meta.userAgent,
  });
  if (after.locked_until && after.locked_until.getTime() > now.getTime()) {
    // The failure that reached the limit (not a parallel guess counted while already locked):
    // the lockout gets its own warning entry.
    if (after.failed_count === Math.max(1, limit))
      await insertAuditLog(db, tenant.id, {
        action: 'auth.lockout',
        level: 'warning',
        entity: 'user',
        entity_id: audit.entityId,
        user_id: audit.actor?.id ?? null,
        user_name: audit.actor?.full_name ?? usernameKey,
        params: { minutes: Math.round(LOGIN_LOCKOUT_MS / 60_000), attempts: limit, username: usernameKey },
        ip: meta.ip,
        user_agent: meta.userAgent,
      });
    return { lockedFor: after.locked_until.getTime() - now.getTime() };
  }
  return { remainingAttempts: Math.max(0, limit - after.failed_count) };
}

/** A hash with today's parameters of a password just verified, or undefined when busy. */
async function rehashQuietly(password: string): Promise<string | undefined> {
  try {
    return await hashPassword(password);
  } catch (error) {
    if (error instanceof AppError) return undefined; // queue full: next sign-in
    throw error;
  }
}

/**
 * POST /auth/login — lockout and the login error messages, exactly:
 * - failures are counted per tenant + username (lower-cased; unknown usernames count too, and cost
 *   the same scrypt time, so nothing tells an existing account from a missing one);
 * - a failure below the limit → 401 INVALID_CREDENTIALS with `remainingAttempts`;
 * - the failure that reaches the tenant's `max_login_attempts` (default 5) locks the username for
 *   15 minutes → 401 with `lockedOut: true`, `remainingTime` (ms) and `remainingAttempts: 0`;
 * - while locked → 429 ACCOUNT_LOCKED with `remainingTime`, even with the right password (the
 *   password is not even checked) — checked before AND after the hash, so that guesses sent in
 *   parallel cannot outnumber the limit;
 * - after the lock expires counting starts again; a success clears the counter;
 * - too many password hashes already queued → 503 SERVER_BUSY at once, nothing counted or written.
 *
 * One-time passwords (shared/domain/one-time-password.ts): the right one signs in and the answer
 * says `must_change_password: true` (the auth hook then opens only the password change). Past its
 * expiry it no longer signs in → 403 TEMPORARY_PASSWORD_EXPIRED telling the user to ask their
 * admin for a new one. That refusal is NOT counted as a failed sign-in: the password was right,
 * so there is nothing to guess, and counting would lock the username — the admin's new one-time
 * password would then be refused too until the lock ended. It is audited (warning).
 *
 * Load (PGlite has ONE connection, and a transaction holds it from BEGIN to COMMIT): the reads
 * are single statements, the password hash and the token signature happen outside any
 * transaction, and the success transaction only writes.
 */
export async function login(
  db: Kysely<Database>,
  config: Config,
  tenant: Tenant,
  body: LoginBody,
  meta: RequestMeta,
): Promise<AuthResponse> {
  // A full queue refuses before any database work (verifyPassword would refuse anyway).
  if (!passwordHashQueue.hasRoom()) throw serverBusy();
  const usernameKey = body.username.trim().toLowerCase();
  const now = new Date();
  await refuseWhileLocked(db, tenant.id, usernameKey, now);

  const account = await findUserByUsername(db, tenant.id, usernameKey);
  const passwordOk = await verifyPassword(body.password, account?.password_hash ?? dummyPasswordHash());
  // Again after the hash: guesses sent in parallel all passed the first check, then waited for a
  // hash slot while the earlier ones locked the account. Without this they would still be told
  // right or wrong — more guesses than the limit per lockout.
  await refuseWhileLocked(db, tenant.id, usernameKey, new Date());
  if (!account || !passwordOk) {
    const outcome = await countFailure(
      db,
      tenant,
      usernameKey,
      now,
      {
        action: 'auth.login_failed',
        entityId: account?.id ?? null,
      },
      meta,
    );
    if ('lockedFor' in outcome) {
      throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.accountLocked, {
        lockedOut: true,
        remainingTime: outcome.lockedFor,
        remainingAttempts: 0,
      });
    }
    throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials, {
      remainingAttempts: outcome.remainingAttempts,
    });
  }
  if (!account.is_active) throw new AppError(403, 'FORBIDDEN', MESSAGES.userInactive);
  // Maintenance: only admins sign in (the right password is not a failure: nothing counted).
  if (refusedByMaintenance(tenant, account.role)) throw maintenanceError();
  if (oneTimePasswordExpired(account, now)) {
    await insertAuditLog(db, tenant.id, {
      action: 'auth.temporary_password_expired',
      level: 'warning',
      entity: 'user',
      entity_id: account.id,
      user_id: null,
      user_name: usernameKey,
      message: `Süresi dolmuş geçici şifreyle giriş denemesi: ${usernameKey}`,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    throw new AppError(403, 'TEMPORARY_PASSWORD_EXPIRED', MESSAGES.temporaryPasswordExpired);
  }

  // A hash made with older (heavier) parameters is replaced now that we know the password.
  const rehashed = needsRehash(account.password_hash) ? await rehashQuietly(body.password) : undefined;
  const session = prepareSession(config, tenant, account.id, account.role);
  const user = await db.transaction().execute(async (trx) => {
    await clearLoginAttempts(trx, tenant.id, usernameKey);
    if (rehashed) await replacePasswordHash(trx, tenant.id, account.id, account.password_hash, rehashed);
    const stamped = await setLastLogin(trx, tenant.id, account.id, now);
    // An admin may have deleted or deactivated the account, or reset its password, between the
    // password check above and now (this UPDATE waited for that change's row lock): then this
    // sign-in does not happen — no session for an account that was just closed.
    if (!stamped) throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    if (!stamped.is_active) throw new AppError(403, 'FORBIDDEN', MESSAGES.userInactive);
    if (stamped.password_hash !== account.password_hash && stamped.password_hash !== rehashed)
      throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    const u = toUser(stamped);
    await storeSession(trx, tenant.id, u.id, session, meta);
    await insertAuditLog(trx, tenant.id, {
      action: 'auth.login',
      entity: 'user',
      entity_id: u.id,
      user_id: u.id,
      user_name: u.full_name,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    return u;
  });
  housekeeping(db, tenant.id);
  return {
    success: true,
    user,
    token: session.token,
    must_change_password: user.must_change_password === true,
  };
}

/**
 * POST /auth/register: self-service sign-up of a salesperson in this tenant, when the tenant's
 * settings allow it (`registration_enabled`, off by default; admins create the other roles).
 * Hash and token before the transaction (see login).
 */
export async function register(
  db: Kysely<Database>,
  config: Config,
  tenant: Tenant,
  body: RegisterBody,
  meta: RequestMeta,
): Promise<AuthResponse> {
  if (!tenant.registration_enabled) throw forbidden(MESSAGES.registrationDisabled);
  if (refusedByMaintenance(tenant, 'salesperson')) throw maintenanceError();
  checkPassword(tenant, body.password, 'Şifre', 'password');
  const id = randomUUID();
  const passwordHash = await hashPassword(body.password);
  const session = prepareSession(config, tenant, id, 'salesperson');
  const user = await db.transaction().execute(async (trx) => {
    const created = await insertUserIfFree(trx, tenant.id, {
      id,
      username: body.username,
      password_hash: passwordHash,
      full_name: body.full_name,
      email: body.email,
      phone: body.phone ?? null,
      role: 'salesperson',
      ...newUserDefaults(tenant),
    });
    if (!created) throw new AppError(409, 'USERNAME_TAKEN', MESSAGES.usernameTaken, { field: 'username' });
    const account = await setLastLogin(trx, tenant.id, id, new Date());
    if (!account) throw new Error('registered user vanished');
    const u = toUser(account);
    await storeSession(trx, tenant.id, u.id, session, meta);
    await insertAuditLog(trx, tenant.id, {
      action: 'auth.register',
      entity: 'user',
      entity_id: u.id,
      params: { name: u.full_name, username: u.username },
      user_id: u.id,
      user_name: u.full_name,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    return u;
  });
  return { success: true, user, token: session.token, must_change_password: false };
}

/** POST /auth/logout: revokes the session the token names; the token is refused from now on. */
export async function logout(
  trx: Transaction<Database>,
  tenantId: string,
  sessionId: string,
): Promise<MutationResult<{ message: string }>> {
  const revoked = await revokeSession(trx, tenantId, sessionId, new Date());
  return { data: { message: 'Başarıyla çıkış yapıldı' }, entityId: sessionId, changed: revoked };
}

export async function profile(db: Kysely<Database>, tenantId: string, userId: string): Promise<User> {
  const account = await findUserById(db, tenantId, userId);
  if (!account) throw unauthorized();
  return toUser(account);
}

/**
 * Checks the current password and hashes the new one BEFORE the transaction (scrypt; on PGlite a
 * transaction holds the only connection, so no slow work belongs inside one).
 *
 * The current-password check is throttled like a sign-in, on the same per-account counter (else
 * a stolen session could guess the password here without limit, then change it): while the
 * username is locked → 429 ACCOUNT_LOCKED; a wrong password counts a failure → 400 with
 * `remainingAttempts`, and the failure that reaches the limit locks the account for 15 minutes →
 * 400 with `lockedOut`, `remainingTime`, `remainingAttempts: 0` and the lockout text. 400, not the
 * login's 401: on an authenticated call a 401 means "your session is over" and the client signs
 * out (a 401 is the one answer that ends a session, so a wrong password here must not be one). A
 * right current password clears the counter, as a sign-in does.
 */
export async function prepareProfileUpdate(
  db: Kysely<Database>,
  tenant: Tenant,
  userId: string,
  body: ProfileUpdateBody,
  meta: RequestMeta = { ip: null, userAgent: null },
): Promise<{ newPasswordHash: string | undefined }> {
  if (!body.new_password) return { newPasswordHash: undefined };
  checkPassword(tenant, body.new_password, 'Yeni şifre', 'new_password');
  const account = await findUserById(db, tenant.id, userId);
  if (!account) throw unauthorized();
  if (!body.current_password) {
    throw new AppError(400, 'VALIDATION_ERROR', MESSAGES.currentPasswordWrong, { field: 'current_password' });
  }
  if (!passwordHashQueue.hasRoom()) throw serverBusy();
  const usernameKey = account.username.trim().toLowerCase();
  const now = new Date();
  await refuseWhileLocked(db, tenant.id, usernameKey, now);
  const passwordOk = await verifyPassword(body.current_password, account.password_hash);
  await refuseWhileLocked(db, tenant.id, usernameKey, new Date()); // see login
  if (!passwordOk) {
    const outcome = await countFailure(
      db,
      tenant,
      usernameKey,
      now,
      {
        action: 'auth.password_check_failed',
        entityId: account.id,
        actor: account,
      },
      meta,
    );
    if ('lockedFor' in outcome) {
      throw new AppError(400, 'VALIDATION_ERROR', MESSAGES.accountLocked, {
        field: 'current_password',
        lockedOut: true,
        remainingTime: outcome.lockedFor,
        remainingAttempts: 0,
      });
    }
    throw new AppError(400, 'VALIDATION_ERROR', MESSAGES.currentPasswordWrong, {
      field: 'current_password',
      remainingAttempts: outcome.remainingAttempts,
    });
  }
  await clearLoginAttempts(db, tenant.id, usernameKey);
  // A one-time password is known to the admin who made it: keeping it would keep it one they know.
  if (account.must_change_password && body.new_password === body.current_password)
    throw new AppError(400, 'VALIDATION_ERROR', MESSAGES.sameAsTemporaryPassword, { field: 'new_password' });
  return { newPasswordHash: await hashPassword(body.new_password) };
}

/**
 * PUT /auth/profile: own name, email, phone; a new password revokes the user's other sessions and
 * clears a one-time password's flag (the caller empties the read cache around it, so the next
 * request of this session is open again). While the password in use is a one-time one, an update
 * without a new password is refused (403 PASSWORD_CHANGE_REQUIRED): setting it is the one thing
 * such a session may do.
 */
export async function updateProfile(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  sessionId: string,
  body: ProfileUpdateBody,
  prepared: { newPasswordHash: string | undefined },
): Promise<MutationResult<User>> {
  const current = await findUserByIdForUpdate(trx, tenantId, userId);
  if (!current) throw notFound();
  if (current.must_change_password && !prepared.newPasswordHash)
    throw new AppError(403, PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordChangeRequired);
  const patch: Parameters<typeof updateUser>[3] = {};
  if (body.full_name !== undefined) patch.full_name = body.full_name;
  if (body.email !== undefined) patch.email = body.email;
  if (body.phone !== undefined) patch.phone = body.phone === '' ? null : body.phone;
  if (prepared.newPasswordHash) {
    patch.password_hash = prepared.newPasswordHash;
    patch.password_must_change = OWN_PASSWORD.password_must_change;
    patch.password_expires_at = OWN_PASSWORD.password_expires_at;
  }
  const updated = await updateUser(trx, tenantId, userId, patch);
  if (!updated) throw notFound();
  if (prepared.newPasswordHash) await revokeOtherSessions(trx, tenantId, userId, sessionId, new Date());
  // The new password is named as changed, never with a value.
  const changes = auditChanges('user', current, updated);
  if (prepared.newPasswordHash) changes.push(secretChanged('password'));
  return {
    data: toUser(updated),
    entityId: userId,
    changed: Object.keys(patch).length > 0,
    audit: { changes },
  };
}
