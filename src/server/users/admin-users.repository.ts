import { type Kysely, sql, type Transaction } from 'kysely';
import type { Role } from '../../shared/domain/roles';
import type { Database } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';
import { toAccount, type UserAccount } from './users.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * The admin's queries on `users` (user management). Deleted accounts are left out everywhere
 * except where a client-made id is checked (an id is never given twice, deleted or not).
 */

export interface UserListFilter {
  search?: string | undefined;
  role?: Role | undefined;
  is_active?: boolean | undefined;
  offset: number;
  limit: number;
}

/**
 * A page of the tenant's live users by full name (then id, so the order is total), with the total.
 * `search` is compared with Turkish case folding on both sides (tr_fold, as the customer search):
 * 'ışık' finds 'IŞIK', 'istanbul' finds 'İstanbul'.
 */
export async function listUsers(
  db: Executor,
  tenantId: string,
  filter: UserListFilter,
): Promise<{ accounts: UserAccount[]; total: number }> {
  let query = db.selectFrom('users').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where(
      sql<boolean>`tr_fold(username || ' ' || full_name || ' ' || coalesce(email, '')) LIKE tr_fold(${pattern})`,
    );
  }
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.is_active !== undefined) query = query.where('is_active', '=', filter.is_active);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('full_name').orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { accounts: rows.map(toAccount), total: Number(count.n) };
}

/** One account by id, deleted ones too (the client-made id of a replayed create). */
export async function findAnyUser(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<(UserAccount & { deleted: boolean }) | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...toAccount(row), deleted: row.deleted_at !== null } : undefined;
}

/**
 * Locks the rows of the tenant's active admins (in id order, so two writers take them in the same
 * order) and returns their ids. Every write that could take admin rights away from someone takes
 * this lock FIRST, then the target's row: two such writers of one tenant run one after the other,
 * and the second sees the first's outcome — so two admins demoting each other at the same moment
 * leave one admin, never none. (On PostgreSQL a row changed meanwhile is re-checked: an admin
 * demoted by the first writer is no longer in the second's list.)
 */
export async function lockActiveAdmins(trx: Transaction<Database>, tenantId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** Soft delete: the account is closed (inactive, deleted); its row stays for the records naming it. */
export async function softDeleteUser(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ deleted_at: at, is_active: false, updated_at: at, version: sql<number>`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}
