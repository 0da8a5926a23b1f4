import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  type AdminUser,
  type AdminUsersPage,
  type CreateUserInput,
  changedUserFields,
  type UpdateUserInput,
  USER_MESSAGES,
} from '../../shared/api/admin-users';
import { auditChanges } from '../../shared/api/audit-fields';
import { checkPassword } from '../auth/auth.service';
import { clearLoginAttempts, readLoginAttempts, runningLocks } from '../auth/login-attempts.repository';
import { oneTimePassword } from '../auth/one-time-password';
import { revokeUserSessions } from '../auth/sessions.repository';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import { hashPassword } from '../lib/password';
import type { Tenant } from '../tenants/tenants.repository';
import * as adminRepo from './admin-users.repository';
import {
  findUserById,
  findUserByIdForUpdate,
  insertUserIfFree,
  toUser,
  type UserAccount,
  type UserPatch,
  updateUser,
} from './users.repository';

/**
 * User management by the tenant's admin (the entries' access says admin; the tenant boundary is
 * every query's tenant_id). The rules that hold here:
 * - a user who is deactivated, deleted, given another role or a new password is signed out at once:
 *   every session of theirs is revoked in the same transaction (their next request is a 401), and
 *   the caller (the route) ends their open event streams once it has committed;
 * - the tenant always keeps an active admin: the last one can be neither deleted, deactivated nor
 *   given another role, also when two admins try it on each other at the same moment (the
 *   active admins' rows are locked first, see lockActiveAdmins);
 * - an admin can neither delete nor deactivate their own account (they would lock themselves out
 *   half-way through their work; another admin can);
 * - a deleted user's username may be given to a new account (unique among live accounts only);
 *   the deleted row stays, so orders keep showing its name.
 * Passwords follow the tenant's rule (shared/domain/password-rules.ts) and are hashed before the
 * transaction (scrypt takes ~165 ms; no slow work holds a transaction's connection).
 * A password the admin sets — creating the user or resetting their password — is a ONE-TIME
 * password (shared/domain/one-time-password.ts): the admin knows it, so it only lets its user set
 * their own, and it expires unused after the tenant's `temp_password_days`.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface AdminActor {
  id: string;
}

/** A write's result, and whose sessions (and event streams) it ended. */
export type UserMutation<T> = MutationResult<T> & { signedOut?: string };

const userNotFound = () => notFound(USER_MESSAGES.notFound);
const usernameKey = (account: { username: string }) => account.username.trim().toLowerCase();

function toAdminUser(account: UserAccount, lockedUntil: Date | null = null): AdminUser {
  return {
    ...toUser(account),
    version: account.version,
    locked_until: lockedUntil ? lockedUntil.toISOString() : null,
  };
}

async function withLock(db: Db | Trx, tenantId: string, account: UserAccount): Promise<AdminUser> {
  const state = await readLoginAttempts(db, tenantId, usernameKey(account));
  const until = state?.locked_until && state.locked_until.getTime() > Date.now() ? state.locked_until : null;
  return toAdminUser(account, until);
}

// ------------------------------------------------------------------------------- reads ---

export async function list(
  db: Db,
  tenantId: string,
  query: {
    page: number;
    limit: number;
    search?: string | undefined;
    role?: AdminUser['role'] | undefined;
    is_active?: boolean | undefined;
  },
): Promise<AdminUsersPage> {
  const { accounts, total } = await adminRepo.listUsers(db, tenantId, {
    search: query.search || undefined,
    role: query.role,
    is_active: query.is_active,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const locks = await runningLocks(db, tenantId, [...new Set(accounts.map(usernameKey))], new Date());
  return {
    users: accounts.map((a) => toAdminUser(a, locks.get(usernameKey(a)) ?? null)),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      pages: Math.ceil(total / query.limit),
    },
  };
}

// ------------------------------------------------------------------------------ create ---

/** Before the transaction: the tenant's password rule, then the hash. */
export async function preparePassword(tenant: Tenant, password: string): Promise<string> {
  checkPassword(tenant, password, 'Şifre', 'password');
  return hashPassword(password);
}

/**
 * POST /admin/users. A client-made `id` that exists already: the same live account (same
 * username) is answered as created (a replay, 200, nothing written); any other is 409. A username
 * a live account has (any case) is 409 naming the field. The admin typed the password: it is a
 * one-time password the user replaces at their first sign-in.
 */
export async function create(
  trx: Trx,
  tenant: Pick<Tenant, 'id' | 'temp_password_days'>,
  body: CreateUserInput,
  passwordHash: string,
  /** The tenant's language and time zone for a new user (its settings' defaults). */
  defaults: { language: string | null; timezone: string | null },
): Promise<UserMutation<AdminUser>> {
  const tenantId = tenant.id;
  const id = body.id ?? randomUUID();
  const replayOf = async () => {
    const existing = await adminRepo.findAnyUser(trx, tenantId, id);
    if (!existing) return undefined;
    if (existing.deleted || usernameKey(existing) !== usernameKey(body))
      throw new AppError(409, 'CONFLICT', USER_MESSAGES.idTaken, { field: 'id' });
    return { data: await withLock(trx, tenantId, existing), statusCode: 200, entityId: id, changed: false };
  };
  if (body.id) {
    const replay = await replayOf();
    if (replay) return replay;
  }
  const inserted = await insertUserIfFree(trx, tenantId, {
    id,
    username: body.username,
    password_hash: passwordHash,
    full_name: body.full_name,
    email: body.email,
    phone: body.phone,
    role: body.role,
    ...defaults,
    ...oneTimePassword(tenant, new Date()),
  });
  if (!inserted) {
    const replay = body.id ? await replayOf() : undefined;
    if (replay) return replay;
    throw new AppError(409, 'USERNAME_TAKEN', USER_MESSAGES.usernameTaken, { field: 'username' });
  }
  // A username used before (by a deleted account) starts with no failed sign-ins against it.
  await clearLoginAttempts(trx, tenantId, usernameKey(body));
  const created = await findUserById(trx, tenantId, id);
  if (!created) throw userNotFound();
  return { data: toAdminUser(created), statusCode: 201, entityId: id, changed: true };
}

// ------------------------------------------------------------------------------ update ---

/** Does this change take admin rights away from an active admin? */
function removesAdmin(account: UserAccount, next: { role: string; is_active: boolean }): boolean {
  return account.role === 'admin' && account.is_active && (next.role !== 'admin' || !next.is_active);
}

function lastAdminRefusal(): AppError {
  return new AppError(409, 'CONFLICT', USER_MESSAGES.lastAdmin, { reason: 'last_admin' });
}

/**
 * PUT /admin/users/{id}. A stale `expected_version` is 409 with `current`, unless every sent
 * field already has its value (200, nothing written). Deactivation or a new role signs the user
 * out everywhere.
 */
export async function update(
  trx: Trx,
  tenantId: string,
  actor: AdminActor,
  id: string,
  body: UpdateUserInput,
): Promise<UserMutation<AdminUser>> {
  const admins = await adminRepo.lockActiveAdmins(trx, tenantId);
  const locked = await findUserByIdForUpdate(trx, tenantId, id);
  if (!locked) throw userNotFound();
  const changed = changedUserFields(body, locked);
  if (changed.length === 0)
    return { data: await withLock(trx, tenantId, locked), entityId: id, changed: false };
  if (body.expected_version !== undefined && body.expected_version !== locked.version) {
    throw new AppError(409, 'CONFLICT', USER_MESSAGES.versionConflict, {
      current: await withLock(trx, tenantId, locked),
    });
  }
  const next = { role: body.role ?? locked.role, is_active: body.is_active ?? locked.is_active };
  if (id === actor.id && locked.is_active && !next.is_active)
    throw new AppError(409, 'CONFLICT', USER_MESSAGES.selfDeactivate, { reason: 'self', field: 'is_active' });
  if (removesAdmin(locked, next) && admins.every((adminId) => adminId === id)) throw lastAdminRefusal();

  const patch: UserPatch = {};
  for (const field of changed) {
    if (field === 'email') patch.email = body.email ?? null;
    else if (field === 'full_name') patch.full_name = body.full_name as string;
    else if (field === 'role') patch.role = body.role as UserAccount['role'];
    else if (field === 'phone') patch.phone = body.phone ?? null;
    else if (field === 'is_active') patch.is_active = body.is_active as boolean;
  }
  const updated = await updateUser(trx, tenantId, id, patch);
  if (!updated) throw userNotFound();
  const signsOut = next.role !== locked.role || (locked.is_active && !next.is_active);
  if (signsOut) await revokeUserSessions(trx, tenantId, id, new Date());
  return {
    data: await withLock(trx, tenantId, updated),
    entityId: id,
    changed: true,
    audit: { changes: auditChanges('user', locked, updated) },
    ...(signsOut ? { signedOut: id } : {}),
  };
}

// ------------------------------------------------------------------------------ delete ---

/**
 * DELETE /admin/users/{id}: a soft delete. The account can no longer sign in, its sessions end,
 * it leaves every list; orders keep its name. Deleting it again is success, nothing written.
 */
export async function remove(
  trx: Trx,
  tenantId: string,
  actor: AdminActor,
  id: string,
): Promise<UserMutation<{ id: string; deleted: true }>> {
  if (id === actor.id) throw new AppError(409, 'CONFLICT', USER_MESSAGES.selfDelete, { reason: 'self' });
  const admins = await adminRepo.lockActiveAdmins(trx, tenantId);
  const locked = await findUserByIdForUpdate(trx, tenantId, id);
  if (!locked) {
    const any = await adminRepo.findAnyUser(trx, tenantId, id);
    if (any?.deleted) return { data: { id, deleted: true }, entityId: id, changed: false };
    throw userNotFound();
  }
  if (removesAdmin(locked, { role: 'none', is_active: false }) && admins.every((adminId) => adminId === id))
    throw lastAdminRefusal();
  const now = new Date();
  await adminRepo.softDeleteUser(trx, tenantId, id, now);
  await revokeUserSessions(trx, tenantId, id, now);
  await clearLoginAttempts(trx, tenantId, usernameKey(locked));
  return {
    data: { id, deleted: true },
    entityId: id,
    changed: true,
    signedOut: id,
    audit: { params: { name: locked.full_name, username: locked.username } },
  };
}

// ----------------------------------------------------------------- password and lockout ---

/**
 * POST /admin/users/{id}/reset-password: the new password (hashed before), every session ends.
 * The password is one-time: the user signs in with it only to set their own, within the tenant's
 * `temp_password_days` (the answer says until when).
 */
export async function resetPassword(
  trx: Trx,
  tenant: Pick<Tenant, 'id' | 'temp_password_days'>,
  id: string,
  passwordHash: string,
): Promise<UserMutation<{ id: string; message: string; password_expires_at: string | null }>> {
  const tenantId = tenant.id;
  const locked = await findUserByIdForUpdate(trx, tenantId, id);
  if (!locked) throw userNotFound();
  const now = new Date();
  const origin = oneTimePassword(tenant, now);
  await updateUser(trx, tenantId, id, { password_hash: passwordHash, ...origin });
  await revokeUserSessions(trx, tenantId, id, now);
  return {
    data: {
      id,
      message: USER_MESSAGES.passwordReset,
      password_expires_at: origin.password_expires_at.toISOString(),
    },
    entityId: id,
    changed: true,
    signedOut: id,
    audit: { params: { name: locked.full_name, username: locked.username } },
  };
}

/** POST /admin/users/{id}/unlock: the failed sign-ins are forgotten; the user may sign in now. */
export async function unlock(
  trx: Trx,
  tenantId: string,
  id: string,
): Promise<UserMutation<{ id: string; message: string }>> {
  const account = await findUserById(trx, tenantId, id);
  if (!account) throw userNotFound();
  const state = await readLoginAttempts(trx, tenantId, usernameKey(account));
  await clearLoginAttempts(trx, tenantId, usernameKey(account));
  return {
    data: { id, message: USER_MESSAGES.unlocked },
    entityId: id,
    changed: state !== undefined,
    audit: { params: { name: account.full_name, username: account.username } },
  };
}
