import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AuthResponse, LoginBody, ProfileUpdateBody, RegisterBody, User } from '../../shared/api/auth';
import { MESSAGES } from '../../shared/api/errors';
import { LOGIN_LOCKOUT_MS } from '../../shared/domain/constants';
import { insertAuditLog } from '../audit/audit.repository';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { AppError, forbidden, notFound, unauthorized } from '../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/password';
import type { MutationResult } from '../plugins/app/idempotency';
import type { Tenant } from '../tenants/tenants.repository';
import {
  clearLoginAttempts,
  deleteStaleLoginAttempts,
  readLoginAttempts,
  recordLoginFailure,
} from './login-attempts.repository';
import {
  deleteExpiredSessions,
  insertSession,
  revokeOtherSessions,
  revokeSession,
} from './sessions.repository';
import { signToken } from './tokens';
import {
  findUserById,
  findUserByIdForUpdate,
  findUserByUsername,
  insertUserIfFree,
  setLastLogin,
  toUser,
  updateUser,
} from './users.repository';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** A session lasts JWT_TTL, or the tenant's session_timeout (admin setting) when that is shorter. */
async function issueSession(
  trx: Transaction<Database>,
  config: Config,
  tenant: Tenant,
  user: User,
  meta: RequestMeta,
): Promise<string> {
  const jti = randomUUID();
  const seconds = Math.min(config.jwtTtlSeconds, tenant.session_timeout * 60);
  const expiresAt = new Date(Date.now() + seconds * 1000);
  await insertSession(trx, tenant.id, {
    id: jti,
    user_id: user.id,
    expires_at: expiresAt,
    ip: meta.ip,
    user_agent: meta.userAgent,
  });
  return signToken(config.jwtSecret, { sub: user.id, tid: tenant.id, role: user.role, jti }, expiresAt);
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

/**
 * POST /auth/login — lockout exactly as DESIGN §4 and the spec's login error catalogue:
 * - failures are counted per tenant + username (lower-cased; unknown usernames count too, and cost
 *   the same scrypt time, so nothing tells an existing account from a missing one);
 * - a failure below the limit → 401 INVALID_CREDENTIALS with `remainingAttempts`;
 * - the failure that reaches the tenant's `max_login_attempts` (default 5) locks the username for
 *   15 minutes → 401 with `lockedOut: true`, `remainingTime` (ms) and `remainingAttempts: 0`;
 * - while locked → 429 ACCOUNT_LOCKED with `remainingTime`, even with the right password (the
 *   password is not even checked);
 * - after the lock expires counting starts again; a success clears the counter.
 */
export async function login(
  db: Kysely<Database>,
  config: Config,
  tenant: Tenant,
  body: LoginBody,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const usernameKey = body.username.trim().toLowerCase();
  const now = new Date();
  const state = await readLoginAttempts(db, tenant.id, usernameKey);
  if (state?.locked_until && state.locked_until.getTime() > now.getTime()) {
    throw new AppError(429, 'ACCOUNT_LOCKED', MESSAGES.accountLocked, {
      lockedOut: true,
      remainingTime: state.locked_until.getTime() - now.getTime(),
    });
  }

  const account = await findUserByUsername(db, tenant.id, usernameKey);
  const passwordOk = await verifyPassword(
    body.password,
    account?.password_hash ?? (await dummyPasswordHash()),
  );
  if (!account || !passwordOk) {
    const limit = tenant.max_login_attempts;
    const after = await recordLoginFailure(db, tenant.id, usernameKey, now, limit, LOGIN_LOCKOUT_MS);
    await insertAuditLog(db, tenant.id, {
      action: 'auth.login_failed',
      level: 'warning',
      entity: 'user',
      entity_id: account?.id ?? null,
      message: `Başarısız giriş denemesi: ${usernameKey}`,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    if (after.locked_until && after.locked_until.getTime() > now.getTime()) {
      throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.accountLocked, {
        lockedOut: true,
        remainingTime: after.locked_until.getTime() - now.getTime(),
        remainingAttempts: 0,
      });
    }
    throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials, {
      remainingAttempts: Math.max(0, limit - after.failed_count),
    });
  }
  if (!account.is_active) throw new AppError(403, 'FORBIDDEN', MESSAGES.userInactive);

  const { user, token } = await db.transaction().execute(async (trx) => {
    await clearLoginAttempts(trx, tenant.id, usernameKey);
    const updated = (await setLastLogin(trx, tenant.id, account.id, now)) ?? account;
    const u = toUser(updated);
    const t = await issueSession(trx, config, tenant, u, meta);
    await insertAuditLog(trx, tenant.id, {
      action: 'auth.login',
      entity: 'user',
      entity_id: u.id,
      user_id: u.id,
      user_name: u.full_name,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    return { user: u, token: t };
  });
  housekeeping(db, tenant.id);
  return { success: true, user, token };
}

/**
 * POST /auth/register: self-service sign-up of a salesperson in this tenant, when the tenant's
 * settings allow it (`registration_enabled`, off by default; admins create the other roles).
 */
export async function register(
  db: Kysely<Database>,
  config: Config,
  tenant: Tenant,
  body: RegisterBody,
  meta: RequestMeta,
): Promise<AuthResponse> {
  if (!tenant.registration_enabled) throw forbidden(MESSAGES.registrationDisabled);
  if (body.password.length < tenant.password_min_length) {
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      `Şifre en az ${tenant.password_min_length} karakter olmalıdır`,
      { field: 'password' },
    );
  }
  const passwordHash = await hashPassword(body.password);
  const result = await db.transaction().execute(async (trx) => {
    const id = randomUUID();
    const created = await insertUserIfFree(trx, tenant.id, {
      id,
      username: body.username,
      password_hash: passwordHash,
      full_name: body.full_name,
      email: body.email,
      phone: body.phone ?? null,
      role: 'salesperson',
    });
    if (!created) throw new AppError(409, 'USERNAME_TAKEN', MESSAGES.usernameTaken, { field: 'username' });
    const account = await setLastLogin(trx, tenant.id, id, new Date());
    if (!account) throw new Error('registered user vanished');
    const user = toUser(account);
    const token = await issueSession(trx, config, tenant, user, meta);
    await insertAuditLog(trx, tenant.id, {
      action: 'auth.register',
      entity: 'user',
      entity_id: user.id,
      user_id: user.id,
      user_name: user.full_name,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    return { user, token };
  });
  return { success: true, ...result };
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
 * Checks the current password and hashes the new one BEFORE the transaction (scrypt takes ~0.3 s;
 * on PGlite a transaction holds the only connection, so no slow work belongs inside one).
 */
export async function prepareProfileUpdate(
  db: Kysely<Database>,
  tenant: Tenant,
  userId: string,
  body: ProfileUpdateBody,
): Promise<{ newPasswordHash: string | undefined }> {
  if (!body.new_password) return { newPasswordHash: undefined };
  if (body.new_password.length < tenant.password_min_length) {
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      `Yeni şifre en az ${tenant.password_min_length} karakter olmalıdır`,
      {
        field: 'new_password',
      },
    );
  }
  const account = await findUserById(db, tenant.id, userId);
  if (!account) throw unauthorized();
  if (!body.current_password || !(await verifyPassword(body.current_password, account.password_hash))) {
    throw new AppError(400, 'VALIDATION_ERROR', MESSAGES.currentPasswordWrong, { field: 'current_password' });
  }
  return { newPasswordHash: await hashPassword(body.new_password) };
}

/** PUT /auth/profile: own name, email, phone; a new password revokes the user's other sessions. */
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
  const patch: Parameters<typeof updateUser>[3] = {};
  if (body.full_name !== undefined) patch.full_name = body.full_name;
  if (body.email !== undefined) patch.email = body.email;
  if (body.phone !== undefined) patch.phone = body.phone === '' ? null : body.phone;
  if (prepared.newPasswordHash) patch.password_hash = prepared.newPasswordHash;
  const updated = await updateUser(trx, tenantId, userId, patch);
  if (!updated) throw notFound();
  if (prepared.newPasswordHash) await revokeOtherSessions(trx, tenantId, userId, sessionId, new Date());
  return { data: toUser(updated), entityId: userId, changed: Object.keys(patch).length > 0 };
}
