import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The first `limit` change numbers after `cursor` of each collection the caller's feed draws from
 * (the user's own notifications only), merged ascending. The pull uses them to find its page
 * boundary before it loads any row.
 */
export async function changeSeqsAfter(
  db: Executor,
  tenantId: string,
  userId: string,
  cursor: number,
  limit: number,
): Promise<number[]> {
  const [orders, products, customers, notifications] = await Promise.all([
    db
      .selectFrom('orders')
      .select('change_seq')
      .where('tenant_id', '=', tenantId)
      .where('change_seq', '>', cursor)
      .orderBy('change_seq')
      .limit(limit)
      .execute(),
    db
      .selectFrom('products')
      .select('change_seq')
      .where('tenant_id', '=', tenantId)
      .where('change_seq', '>', cursor)
      .orderBy('change_seq')
      .limit(limit)
      .execute(),
    db
      .selectFrom('customers')
      .select('change_seq')
      .where('tenant_id', '=', tenantId)
      .where('change_seq', '>', cursor)
      .orderBy('change_seq')
      .limit(limit)
      .execute(),
    db
      .selectFrom('notifications')
      .select('change_seq')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('change_seq', '>', cursor)
      .orderBy('change_seq')
      .limit(limit)
      .execute(),
  ]);
  return [...orders, ...products, ...customers, ...notifications].map((r) => Number(r.change_seq)).sort((a, b) => a - b);
}

/**
 * Runs `fn` in ONE repeatable-read snapshot. The pull must see every collection as of the same
 * instant: with read committed, the orders query could miss a transaction that commits just before
 * the notifications query sees it, and the cursor would then move past the order's change.
 */
export function inSnapshot<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
}
