import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';

/**
 * Adds `count` orders (each with two lines and a creation event) to a tenant in three
 * INSERT … SELECT statements: big tenants for the backup tests and benchmarks in seconds.
 * Order numbers start with `prefix`, so several batches never collide.
 */
export async function insertBulkOrders(
  db: Kysely<Database>,
  tenantId: string,
  count: number,
  prefix = 'BULK',
): Promise<void> {
  const seller = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'salesperson')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO orders (tenant_id, id, order_number, customer_name, customer_phone, customer_address,
                        status, total_amount, salesperson_id, notes, created_at, updated_at, change_seq)
    SELECT ${tenantId}, gen_random_uuid(), ${prefix} || '-' || lpad(g::text, 7, '0'),
           'Müşteri ' || g, '0532 000 ' || lpad((g % 10000)::text, 4, '0'), 'İstanbul, Kadıköy ' || g,
           (ARRAY['pending_approval','approved','prepared','in_transit','delivered'])[1 + g % 5],
           (g % 997) * 12.5 + 0.75, ${seller.id}::uuid, CASE WHEN g % 3 = 0 THEN 'Not ' || g END,
           now() - (g || ' minutes')::interval, now(), 0
    FROM generate_series(1, ${count}) AS g`.execute(db);
  await sql`
    INSERT INTO order_items (tenant_id, id, order_id, position, product_name, barcode, quantity,
                             unit_price, total_price, created_at)
    SELECT o.tenant_id, gen_random_uuid(), o.id, p, 'Ürün ' || p, '869' || lpad(p::text, 10, '0'),
           p, 6.25, 6.25 * p, o.created_at
    FROM orders o CROSS JOIN generate_series(1, 2) AS p
    WHERE o.tenant_id = ${tenantId} AND o.order_number LIKE ${`${prefix}-%`}`.execute(db);
  await sql`
    INSERT INTO order_events (tenant_id, id, order_id, event_type, to_status, user_id, user_name, created_at)
    SELECT o.tenant_id, gen_random_uuid(), o.id, 'created', 'pending_approval', o.salesperson_id, 'Satış', o.created_at
    FROM orders o
    WHERE o.tenant_id = ${tenantId} AND o.order_number LIKE ${`${prefix}-%`}`.execute(db);
}
