import type { Kysely, Transaction } from 'kysely';
import { TENANT_MESSAGES } from '../../shared/api/tenant-admin';
import {
  type CreateTenantAdminInput,
  TENANT_ADMIN_MESSAGES as M,
  type TenantAdmin,
} from '../../shared/api/tenant-admins';
import { recordAudit } from '../audit/audit.repository';
import { clearLoginAttempts, runningLocks } from '../auth/login-attempts.repository';
import { oneTimePassword } from '../auth/one-time-password';
import { revokeUserSessions } from '../auth/sessions.repository';
import type { Database, TenantRow } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import { findAnyUser } from '../users/admin-users.repository';
import {
  findUserById,
  findUserByIdForUpdate,
  insertUserIfFree,
  type UserAccount,
  updateUser,
} from '../users/users.repository';
import * as repo from './tenant-admin.repository';

/**
 * A company's admins, managed by the platform admin: the way back into a company that has no admin
 * who can sign in (added without a first admin; its only admin forgot the password and no e-mail
 * is configured for a reset link). Both writes set a ONE-TIME password the platform admin made
 * (it only lets its user set their own, and expires after the company's `temp_password_days`);
 * a reset also lifts a sign-in lock and ends the admin's sessions. Each write is logged in both
 * tenants: the platform's log (the mutation's own row) and the company's log (written here, in
 * the same transaction, naming the platform admin who did it).
 */

type Trx = Transaction<Database>;
export interface PlatformActor {
  id: string;
  full_name: string;
}
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

const usernameKey = (account: { username: string }) => account.username.trim().toLowerCase();
const tenantMissing = () => notFound(TENANT_MESSAGES.notFound);
const adminMissing = () => notFound(M.adminNotFound);

function toTenantAdmin(account: UserAccount, lockedUntil: Date | null): TenantAdmin {
  return {
    id: account.id,
    full_name: account.full_name,
    username: account.username,
    email: account.email,
    is_active: account.is_active,
    locked: lockedUntil !== null,
    locked_until: lockedUntil ? lockedUntil.toISOString() : null,
    one_time_password: account.must_change_password,
    password_expires_at: account.password_expires_at ? account.password_expires_at.toISOString() : null,
    last_login: account.last_login,
  };
}

async function withLocks(db: Kysely<Database> | Trx, tenantId: string, accounts: UserAccount[]) {
  const locks = await runningLocks(db, tenantId, [...new Set(accounts.map(usernameKey))], new Date());
  return accounts.map((a) => toTenantAdmin(a, locks.get(usernameKey(a)) ?? null));
}

/** GET /admin/tenants/{id}/admins. */
export async function listAdmins(db: Kysely<Database>, tenantId: string): Promise<TenantAdmin[]> {
  if (!(await repo.findTenantRow(db, tenantId))) throw tenantMissing();
  return withLocks(db, tenantId, await repo.listTenantAdminAccounts(db, tenantId));
}

/** The company's own log row: what was done to whom, by which platform admin. */
async function companyAudit(
  trx: Trx,
  tenant: TenantRow,
  action: 'user.create' | 'user.reset_password',
  account: { id: string; full_name: string; username: string },
  actor: PlatformActor,
  meta: RequestMeta,
): Promise<void> {
  await recordAudit(trx, {
    tenant_id: tenant.id,
    action,
    level: action === 'user.reset_password' ? 'warning' : 'info',
    entity: 'user',
    entity_id: account.id,
    params: { name: account.full_name, username: account.username },
    // The platform admin is no user of this company: named, not linked.
    user_name: `Platform: ${actor.full_name}`,
    ip: meta.ip,
    user_agent: meta.userAgent,
  });
}

/**
 * POST /admin/tenants/{id}/admins. The client-made id again with the same username is the same
 * admin (200, nothing written); the id of another account is 409; a username a live account of the
 * company has (any case) is 409 naming the field.
 */
export async function createAdmin(
  trx: Trx,
  tenantId: string,
  body: CreateTenantAdminInput,
  passwordHash: string,
  actor: PlatformActor,
  meta: RequestMeta,
): Promise<MutationResult<TenantAdmin>> {
  const tenant = await repo.lockTenantRow(trx, tenantId);
  if (!tenant) throw tenantMissing();
  const audit = {
    params: { name: tenant.company_name, subdomain: tenant.subdomain, username: body.username },
  };
  const replayOf = async () => {
    const existing = await findAnyUser(trx, tenantId, body.id);
    if (!existing) return undefined;
    if (existing.deleted || existing.role !== 'admin' || usernameKey(existing) !== usernameKey(body))
      throw new AppError(409, 'CONFLICT', M.idTaken, { field: 'id' });
    const [admin] = await withLocks(trx, tenantId, [existing]);
    return { data: admin as TenantAdmin, statusCode: 200, entityId: tenantId, changed: false, audit };
  };
  const replay = await replayOf();
  if (replay) return replay;
  const origin = oneTimePassword(tenant, new Date());
  const inserted = await insertUserIfFree(trx, tenantId, {
    id: body.id,
    username: body.username,
    password_hash: passwordHash,
    full_name: body.full_name,
    email: body.email,
    role: 'admin',
    language: tenant.language,
    timezone: tenant.timezone,
    ...origin,
  });
  if (!inserted) throw new AppError(409, 'USERNAME_TAKEN', M.usernameTaken, { field: 'username' });
  // A username used before (by a deleted account) starts with no failed sign-ins against it.
  await clearLoginAttempts(trx, tenantId, usernameKey(body));
  const created = await findUserById(trx, tenantId, body.id);
  if (!created) throw adminMissing();
  await companyAudit(trx, tenant, 'user.create', created, actor, meta);
  return { data: toTenantAdmin(created, null), statusCode: 201, entityId: tenantId, audit };
}

/**
 * POST /admin/tenants/{id}/admins/{userId}/reset-password: a new one-time password for one of the
 * company's admins (only an admin: the company's other users are its admins' to manage), the
 * sign-in lock lifted and the admin's sessions ended. `signedOut` names whose event streams end.
 */
export async function resetAdminPassword(
  trx: Trx,
  tenantId: string,
  userId: string,
  passwordHash: string,
  actor: PlatformActor,
  meta: RequestMeta,
): Promise<MutationResult<TenantAdmin> & { signedOut: string }> {
  const tenant = await repo.findTenantRow(trx, tenantId);
  if (!tenant) throw tenantMissing();
  const account = await findUserByIdForUpdate(trx, tenantId, userId);
  if (account?.role !== 'admin') throw adminMissing();
  const now = new Date();
  const origin = oneTimePassword(tenant, now);
  const after = await updateUser(trx, tenantId, userId, { password_hash: passwordHash, ...origin });
  if (!after) throw adminMissing();
  await revokeUserSessions(trx, tenantId, userId, now);
  await clearLoginAttempts(trx, tenantId, usernameKey(account));
  await companyAudit(trx, tenant, 'user.reset_password', account, actor, meta);
  return {
    data: toTenantAdmin(after, null),
    entityId: tenantId,
    signedOut: userId,
    audit: { params: { name: tenant.company_name, subdomain: tenant.subdomain, username: account.username } },
  };
}
