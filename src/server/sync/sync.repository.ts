import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The first `limit` change numbers after `cursor` of each collection the caller's feed draws from
 * (the user's own notifications only), merged ascending — ONE statement (so one snapshot, and one
 * round trip for the frequent "anything new?" poll). Each branch walks its (tenant_id, change_seq)
 * index. The pull uses them to find its page boundary before it loads any row.
 */
export async function changeSeqsAfter(
  db: Executor,
  tenantId: string,
  userId: string,
  cursor: number,
  limit: number,
): Promise<number[]> {
  const branch = (table: 'orders' | 'products' | 'customers') =>
    sql`(SELECT change_seq FROM ${sql.table(table)} WHERE tenant_id = ${tenantId} AND change_seq > ${cursor} ORDER BY change_seq LIMIT ${limit})`;
  const result = await sql<{ change_seq: number | string }>`
    ${branch('orders')}
    UNION ALL ${branch('products')}
    UNION ALL ${branch('customers')}
    UNION ALL (SELECT change_seq FROM notifications WHERE tenant_id = ${tenantId} AND user_id = ${userId}
               AND change_seq > ${cursor} ORDER BY change_seq LIMIT ${limit})`.execute(db);
  return result.rows.map((r) => Number(r.change_seq)).sort((a, b) => a - b);
}

/**
 * Runs `fn` in ONE repeatable-read snapshot. The pull must see every collection as of the same
 * instant: with read committed, the orders query could miss a transaction that commits just before
 * the notifications query sees it, and the cursor would then move past the order's change.
 */
export function inSnapshot<T>(
  db: Kysely<Database>,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
}
