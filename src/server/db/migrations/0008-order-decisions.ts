import { type Kysely, sql } from 'kysely';

/**
 * An order's DECISION on the order row (issue 10, GET /dashboard/stats): `decided_at`,
 * `decided_by`, `decision` (approved | rejected | cancelled). The definition is
 * `orderDecision()` in src/shared/domain/dashboard-stats.ts: the order's FIRST status_changed event
 * from pending / pending_approval to approved / rejected / cancelled made by a user other than
 * the order's salesperson. The dashboard's decision figures (approval rate, mean response time,
 * team performance, each manager's record) are then aggregates over columns of the orders
 * themselves instead of a search through every order's history (100,000 orders).
 *
 * Existing orders are backfilled here from their events, in their wire order (created_at, id);
 * new events set the columns in the writer's transaction (orders.repository.ts
 * `insertOrderEvents` → `recordDecisions`, the same statement restricted to the orders written).
 * The status lists are literals on purpose: an applied migration never changes; a new definition
 * would be a new migration.
 *
 * The index `orders_live_scope_idx` (migration 0003: tenant, status, salesperson, driver over the
 * live orders) is recreated with the columns the dashboard's one aggregate reads as INCLUDEd
 * payload, so that aggregate over the caller's scope is an index-only scan like the list totals
 * (a second index with the same keys would double the writes for nothing).
 */
export async function up0008(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders
    ADD COLUMN decided_at timestamptz,
    ADD COLUMN decided_by uuid,
    ADD COLUMN decision text CHECK (decision IN ('approved', 'rejected', 'cancelled'))`.execute(db);
  await sql`UPDATE orders o SET decided_at = d.created_at, decided_by = d.user_id, decision = d.to_status
    FROM (
      SELECT DISTINCT ON (e.tenant_id, e.order_id) e.tenant_id, e.order_id, e.created_at, e.user_id, e.to_status
      FROM order_events e
      JOIN orders s ON s.tenant_id = e.tenant_id AND s.id = e.order_id
      WHERE e.event_type = 'status_changed' AND e.user_id IS NOT NULL
        AND e.from_status IN ('pending', 'pending_approval')
        AND e.to_status IN ('approved', 'rejected', 'cancelled')
        AND e.user_id IS DISTINCT FROM s.salesperson_id
      ORDER BY e.tenant_id, e.order_id, e.created_at, e.id
    ) d
    WHERE o.tenant_id = d.tenant_id AND o.id = d.order_id`.execute(db);
  await sql`DROP INDEX orders_live_scope_idx`.execute(db);
  await sql`CREATE INDEX orders_live_scope_idx ON orders (tenant_id, status, salesperson_id, driver_id)
    INCLUDE (total_amount, created_at, decided_at, decided_by, decision) WHERE deleted_at IS NULL`.execute(
    db,
  );
}

export async function down0008(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_live_scope_idx`.execute(db);
  await sql`CREATE INDEX orders_live_scope_idx ON orders (tenant_id, status, salesperson_id, driver_id) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`ALTER TABLE orders DROP COLUMN decided_at, DROP COLUMN decided_by, DROP COLUMN decision`.execute(
    db,
  );
}
