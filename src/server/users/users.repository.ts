import { type Kysely, sql, type Transaction } from 'kysely';
import type { User } from '../../shared/api/auth';
import type { Role } from '../../shared/domain/roles';
import type { Database, UserRow } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * THE repository of the `users` table: the accounts sign-in and the profile read and write, and
 * the staff the order features look up (drivers to assign, whom a change notifies).
 */

/** A user account as services see it: the wire user plus the password hash. */
export interface UserAccount extends User {
  password_hash: string;
  /** Raised by every change of the account (an admin's edit names it). */
  version: number;
  /** The password in use is a one-time password (made by someone else): it must be replaced. */
  must_change_password: boolean;
  /** When the one-time password in use stops signing in (null: none, or no expiry). */
  password_expires_at: Date | null;
}

export function toAccount(row: UserRow): UserAccount {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    role: row.role as Role,
    email: row.email,
    phone: row.phone,
    is_active: row.is_active,
    last_login: row.last_login ? row.last_login.toISOString() : null,
    created_at: row.created_at.toISOString(),
    language: row.language ?? null,
    timezone: row.timezone ?? null,
    must_change_password: row.password_must_change,
    password_hash: row.password_hash,
    version: row.version,
    password_expires_at: row.password_expires_at,
  };
}

export function toUser(account: UserAccount): User {
  const { password_hash: _ignored, version: _version, password_expires_at: _expiry, ...user } = account;
  return user;
}

/*
 * A DELETED account (deleted_at set) is gone for everything that reads accounts: sign-in, the
 * session check, the profile, the staff lists. Its row stays only for the records that name it
 * (orders, stock movements, the audit log keep showing its name). Every query below says so.
 */

/** Case-insensitive username lookup (usernames are unique per tenant regardless of case). */
export async function findUserByUsername(
  db: Executor,
  tenantId: string,
  username: string,
): Promise<UserAccount | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

export async function findUserById(
  db: Executor,
  tenantId: string,
  userId: string,
): Promise<UserAccount | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/** Locks the user row (PUT /auth/profile) so concurrent profile edits apply one after the other. */
export async function findUserByIdForUpdate(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
): Promise<UserAccount | undefined> {
  const row = await trx
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

export interface NewUserInput {
  id: string;
  username: string;
  password_hash: string;
  full_name: string;
  email?: string | null;
  phone?: string | null;
  role: Role;
  is_active?: boolean;
  created_at?: Date;
  /** The tenant's defaults for a new user (tenants/user-defaults.ts newUserDefaults). */
  language?: string | null;
  timezone?: string | null;
  /** A password made by someone else: one-time, and when it expires (auth/one-time-password.ts). */
  password_must_change?: boolean;
  password_expires_at?: Date | null;
}

export async function insertUsers(db: Executor, tenantId: string, users: NewUserInput[]): Promise<void> {
  if (users.length === 0) return;
  await db
    .insertInto('users')
    .values(
      users.map((u) => ({
        tenant_id: tenantId,
        id: u.id,
        username: u.username,
        password_hash: u.password_hash,
        full_name: u.full_name,
        email: u.email ?? null,
        phone: u.phone ?? null,
        role: u.role,
        is_active: u.is_active ?? true,
        last_login: null,
        password_must_change: u.password_must_change ?? false,
        password_expires_at: u.password_expires_at ?? null,
        ...(u.created_at ? { created_at: u.created_at, updated_at: u.created_at } : {}),
      })),
    )
    .execute();
}

/** Inserts one user; returns false when the username is taken (unique index, any case). */
export async function insertUserIfFree(
  trx: Transaction<Database>,
  tenantId: string,
  user: NewUserInput,
): Promise<boolean> {
  const result = await trx
    .insertInto('users')
    .values({
      tenant_id: tenantId,
      id: user.id,
      username: user.username,
      password_hash: user.password_hash,
      full_name: user.full_name,
      email: user.email ?? null,
      phone: user.phone ?? null,
      role: user.role,
      is_active: user.is_active ?? true,
      last_login: null,
      language: user.language ?? null,
      timezone: user.timezone ?? null,
      password_must_change: user.password_must_change ?? false,
      password_expires_at: user.password_expires_at ?? null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!result;
}

export interface UserPatch {
  full_name?: string;
  email?: string | null;
  phone?: string | null;
  password_hash?: string;
  is_active?: boolean;
  role?: Role;
  /** Set with every new password: whether it is a one-time one, and its expiry. */
  password_must_change?: boolean;
  password_expires_at?: Date | null;
}

export async function updateUser(
  trx: Executor,
  tenantId: string,
  userId: string,
  patch: UserPatch,
): Promise<UserAccount | undefined> {
  const row = await trx
    .updateTable('users')
    .set({ ...patch, updated_at: new Date(), version: sql<number>`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

export async function setLastLogin(
  trx: Executor,
  tenantId: string,
  userId: string,
  at: Date,
): Promise<UserAccount | undefined> {
  const row = await trx
    .updateTable('users')
    .set({ last_login: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/**
 * Swaps a password hash for an equivalent one (same password, current scrypt parameters) unless
 * it changed in the meantime (a password change won): compare-and-set on the old hash. Not a
 * change of the user, so updated_at stays.
 */
export async function replacePasswordHash(
  trx: Executor,
  tenantId: string,
  userId: string,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('password_hash', '=', oldHash)
    .execute();
}

// ------------------------------------------------------------------------------- staff ---

/** A member of a tenant's staff as the order features need them: who they are and what they do. */
export interface StaffMember {
  id: string;
  username: string;
  full_name: string;
  role: Role;
}

/**
 * The ACTIVE users of a tenant with one of `roles`, by name (then id, so the order is total).
 * Used for the drivers an order can be given to and for the managers and admins an order change
 * notifies. Deactivated users are left out: they can neither drive nor read a notification.
 */
export async function listActiveStaff(
  db: Executor,
  tenantId: string,
  roles: readonly Role[],
): Promise<StaffMember[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .where('role', 'in', [...roles])
    .orderBy('full_name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, role: r.role as Role }));
}

/** One active user of the tenant, or undefined (unknown, another tenant's, or deactivated). */
export async function findActiveStaff(
  db: Executor,
  tenantId: string,
  userId: string,
): Promise<StaffMember | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { ...row, role: row.role as Role } : undefined;
}

/** Every user of the tenant, active or not, by name: the system log's user filter. */
export async function listUserNames(
  db: Executor,
  tenantId: string,
): Promise<Array<{ id: string; username: string; full_name: string }>> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'full_name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('full_name')
    .orderBy('id')
    .limit(1000)
    .execute();
}
