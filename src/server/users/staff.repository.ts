import type { Kysely, Transaction } from 'kysely';
import type { Role } from '../../shared/domain/roles';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

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
    .executeTakeFirst();
  return row ? { ...row, role: row.role as Role } : undefined;
}
