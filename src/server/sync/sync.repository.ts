import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The page boundary of a pull: over the change numbers after `cursor` of every collection the
 * caller's feed draws from (the user's own notifications only), the `limit`-th smallest (or the
 * largest, when there are fewer) and whether a larger one exists — ONE statement (so one snapshot,
 * and one round trip for the frequent "anything new?" poll) answering ONE row: each branch walks
 * its (tenant_id, change_seq) index for at most limit + 1 numbers, and the database, not
 * JavaScript, picks the boundary (handing ~2,000 numbers to JS cost more than finding them on
 * PGlite). `boundary` is null when nothing changed after the cursor. The pull uses it to find its
 * page before it loads any row.
 */
export async function pageBoundary(
  db: Executor,
  tenantId: string,
  userId: string,
  cursor: number,
  limit: number,
): Promise<{ boundary: number | null; hasMore: boolean }> {
  const take = limit + 1;
  const branch = (table: 'orders' | 'products' | 'customers') =>
    sql`(SELECT change_seq FROM ${sql.table(table)} WHERE tenant_id = ${tenantId} AND change_seq > ${cursor} ORDER BY change_seq LIMIT ${take})`;
  const result = await sql<{ boundary: number | string | null; last: number | string | null }>`
    SELECT max(change_seq) FILTER (WHERE n <= ${limit}) AS boundary, max(change_seq) AS last
    FROM (
      SELECT change_seq, row_number() OVER (ORDER BY change_seq) AS n FROM (
        ${branch('orders')}
        UNION ALL ${branch('products')}
        UNION ALL ${branch('customers')}
        UNION ALL (SELECT change_seq FROM notifications WHERE tenant_id = ${tenantId} AND user_id = ${userId}
                   AND change_seq > ${cursor} ORDER BY change_seq LIMIT ${take})) changes) numbered`.execute(
    db,
  );
  const row = result.rows[0];
  if (row?.boundary == null) return { boundary: null, hasMore: false };
  const boundary = Number(row.boundary);
  return { boundary, hasMore: Number(row.last) > boundary };
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
