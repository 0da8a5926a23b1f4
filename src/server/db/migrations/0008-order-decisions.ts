import { type Kysely, sql } from 'kysely';

/** The response target the maintained counts measure against (dashboard-stats.ts RESPONSE_TARGET_MINUTES; a unit test holds them equal — a new target is a new migration). */
export const STATS_TARGET_MS = 60 * 60_000;

const NIL = `'00000000-0000-0000-0000-000000000000'::uuid`;

/** One order's response time in whole milliseconds (each timestamp truncated to the ms, as the wire's toISOString), never negative; NULL when undecided. */
const responseMs = (r: string) =>
  `CASE WHEN ${r}.decided_at IS NOT NULL THEN greatest(0, floor(extract(epoch FROM ${r}.decided_at) * 1000) - floor(extract(epoch FROM ${r}.created_at) * 1000))::bigint END`;

/**
 * One order's contribution to `order_stats` as VALUES columns (n, total_sum, decided, approved,
 * response_ms, within_target), `sign` = 1 to add it, -1 to take it away.
 */
const contribution = (r: string, sign: string) => `${sign}, ${sign} * ${r}.total_amount,
       ${sign} * (${r}.decided_at IS NOT NULL)::int, ${sign} * (${r}.decision IS NOT DISTINCT FROM 'approved')::int,
       ${sign} * coalesce(${responseMs(r)}, 0), ${sign} * coalesce((${responseMs(r)} <= ${STATS_TARGET_MS})::int, 0)`;

const key = (r: string) =>
  `${r}.tenant_id, ${r}.status, coalesce(${r}.salesperson_id, ${NIL}), coalesce(${r}.driver_id, ${NIL}), coalesce(${r}.decided_by, ${NIL})`;

/**
 * An order's DECISION on the order row, and the dashboard's counts kept as they change, so that
 * GET /dashboard/stats sums a few hundred rows whatever the number of orders.
 *
 * `decided_at`, `decided_by`, `decision` (approved | rejected | cancelled): the definition is
 * `orderDecision()` in src/shared/domain/dashboard-stats.ts — the order's FIRST status_changed
 * event from pending / pending_approval to approved / rejected / cancelled made by a user other
 * than the order's salesperson. Existing orders are backfilled here from their events, in their
 * wire order (created_at, id); since then the status change records each new decision, by the
 * same rule in TypeScript (orders/order-decisions.service.ts). The status lists are literals on
 * purpose: an applied migration never changes; a new definition would be a new migration.
 *
 * `order_stats`: the raw counts of dashboard-stats.ts (`StatsTotals`) per (tenant, status,
 * salesperson, driver, decider) over the LIVE orders, kept by a trigger like `order_counts`
 * (migration 0004). The scope condition reads only status, salesperson and driver, so
 * GET /dashboard/stats sums a few hundred rows of this table instead of the tenant's orders.
 * Its rows are hot (every writer of a tenant touches them) but cannot deadlock: every order write
 * comes after the writer took the tenant counter (db/change-seq.ts), so writers of one tenant
 * reach these rows one at a time, as for `order_counts`.
 * Measured first with one aggregate over the orders (an index-only scan of a covering index): on
 * PostgreSQL with 10,000 orders 45 req/s for a manager (~4 % of /api/health), i.e. a linear cost
 * that 100,000 orders would take to a few req/s; PGlite 8 req/s.
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
  await sql`CREATE TABLE order_stats (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    status text NOT NULL,
    salesperson_id uuid NOT NULL,
    driver_id uuid NOT NULL,
    decided_by uuid NOT NULL,
    n integer NOT NULL,
    total_sum numeric(16,2) NOT NULL,
    decided integer NOT NULL,
    approved integer NOT NULL,
    response_ms bigint NOT NULL,
    within_target integer NOT NULL,
    PRIMARY KEY (tenant_id, status, salesperson_id, driver_id, decided_by)
  )`.execute(db);
  await sql
    .raw(`INSERT INTO order_stats AS c (tenant_id, status, salesperson_id, driver_id, decided_by,
           n, total_sum, decided, approved, response_ms, within_target)
     SELECT k.*, sum(v.n), sum(v.total_sum), sum(v.decided), sum(v.approved), sum(v.response_ms), sum(v.within_target)
     FROM orders o,
       LATERAL (VALUES (${key('o')})) k (tenant_id, status, salesperson_id, driver_id, decided_by),
       LATERAL (VALUES (${contribution('o', '1')})) v (n, total_sum, decided, approved, response_ms, within_target)
     WHERE o.deleted_at IS NULL
     GROUP BY 1, 2, 3, 4, 5`)
    .execute(db);
  await sql
    .raw(`CREATE FUNCTION orders_track_stats() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
       UPDATE order_stats c SET n = c.n + v.n, total_sum = c.total_sum + v.total_sum, decided = c.decided + v.decided,
         approved = c.approved + v.approved, response_ms = c.response_ms + v.response_ms,
         within_target = c.within_target + v.within_target
       FROM (VALUES (${contribution('OLD', '-1')})) v (n, total_sum, decided, approved, response_ms, within_target)
       WHERE (c.tenant_id, c.status, c.salesperson_id, c.driver_id, c.decided_by) = (${key('OLD')});
     END IF;
     IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
       INSERT INTO order_stats AS c (tenant_id, status, salesperson_id, driver_id, decided_by,
         n, total_sum, decided, approved, response_ms, within_target)
       SELECT ${key('NEW')}, ${contribution('NEW', '1')}
       ON CONFLICT (tenant_id, status, salesperson_id, driver_id, decided_by) DO UPDATE SET
         n = c.n + EXCLUDED.n, total_sum = c.total_sum + EXCLUDED.total_sum, decided = c.decided + EXCLUDED.decided,
         approved = c.approved + EXCLUDED.approved, response_ms = c.response_ms + EXCLUDED.response_ms,
         within_target = c.within_target + EXCLUDED.within_target;
     END IF;
     RETURN NULL;
   END $$`)
    .execute(db);
  await sql`CREATE TRIGGER orders_track_stats
    AFTER INSERT OR DELETE OR UPDATE OF status, salesperson_id, driver_id, deleted_at, total_amount, created_at,
      decided_at, decided_by, decision ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_track_stats()`.execute(db);
  // TRUNCATE fires no row trigger: an emptied orders table empties its counts.
  await sql`CREATE FUNCTION orders_truncate_stats() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM order_stats;
     RETURN NULL;
   END $$`.execute(db);
  await sql`CREATE TRIGGER orders_truncate_stats AFTER TRUNCATE ON orders
    FOR EACH STATEMENT EXECUTE FUNCTION orders_truncate_stats()`.execute(db);
}

export async function down0008(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER orders_truncate_stats ON orders`.execute(db);
  await sql`DROP FUNCTION orders_truncate_stats()`.execute(db);
  await sql`DROP TRIGGER orders_track_stats ON orders`.execute(db);
  await sql`DROP FUNCTION orders_track_stats()`.execute(db);
  await sql`DROP TABLE order_stats`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN decided_at, DROP COLUMN decided_by, DROP COLUMN decision`.execute(
    db,
  );
}
