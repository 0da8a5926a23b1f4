import { type Kysely, sql } from 'kysely';
import type { OrderScope } from '../../shared/domain/order-status';
import type { Database } from '../db/schema';
import { scopeCondition, seenCondition } from '../orders/orders.repository';

/**
 * The newest change number after `cursor` that the user's pull would carry something for (their
 * own notifications, products, customers, orders they may see now or could have seen: the same
 * conditions as the sync feed, sync.repository.ts), or null. A stream that opens with a cursor
 * (Last-Event-ID) or whose listener was away asks this once; live changes come by NOTIFY.
 * Each branch walks its (tenant_id, change_seq) index from the newest number down.
 */
export async function latestRelevantChange(
  db: Kysely<Database>,
  tenantId: string,
  user: { id: string; scope: OrderScope },
  cursor: number,
): Promise<number | null> {
  const newest = (table: 'products' | 'customers') =>
    sql`(SELECT change_seq FROM ${sql.table(table)} WHERE tenant_id = ${tenantId} AND change_seq > ${cursor}
         ORDER BY change_seq DESC LIMIT 1)`;
  const result = await sql<{ seq: number | string | null }>`
    SELECT greatest(
      ${newest('products')},
      ${newest('customers')},
      (SELECT change_seq FROM notifications WHERE tenant_id = ${tenantId} AND user_id = ${user.id}
         AND change_seq > ${cursor} ORDER BY change_seq DESC LIMIT 1),
      (SELECT o.change_seq FROM orders o WHERE o.tenant_id = ${tenantId} AND o.change_seq > ${cursor}
         AND ((o.deleted_at IS NULL AND ${scopeCondition(user.scope)}) OR ${seenCondition(user.scope)})
         ORDER BY o.change_seq DESC LIMIT 1)
    ) AS seq`.execute(db);
  const seq = result.rows[0]?.seq;
  return seq == null ? null : Number(seq);
}
