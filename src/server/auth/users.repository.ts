import { type Kysely, sql, type Transaction } from 'kysely';
import type { User } from '../../shared/api/auth';
import type { Role } from '../../shared/domain/roles';
import type { Database, UserRow } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A user account as services see it: the wire user plus the password hash. */
export interface UserAccount extends User {
  password_hash: string;
}

function toAccount(row: UserRow): UserAccount {
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
    password_hash: row.password_hash,
  };
}

export function toUser(account: UserAccount): User {
  const { password_hash: _ignored, ...user } = account;
  return user;
}

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
}

export async function updateUser(
  trx: Executor,
  tenantId: string,
  userId: string,
  patch: UserPatch,
): Promise<UserAccount | undefined> {
  const row = await trx
    .updateTable('users')
    .set({ ...patch, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
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

/** Active users of the given roles (whom a notification goes to). */
export async function listActiveUsersByRole(
  db: Executor,
  tenantId: string,
  roles: readonly Role[],
): Promise<User[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('role', 'in', [...roles])
    .where('is_active', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => toUser(toAccount(row)));
}
