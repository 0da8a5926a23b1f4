import { type Kysely, sql } from 'kysely';

/**
 * What the order read paths need. (1) and (2) are kept by triggers, so that EVERY writer of
 * `orders` (the services, the seed, a bulk import, a hand-written UPDATE) keeps them right without
 * knowing about them:
 *
 * 1. `order_counts`: how many LIVE orders each (tenant, status, salesperson, driver) group has.
 *    Why: `GET /orders` answers with a pagination total, count(*) over the caller's scope and
 *    filters. Even as an index-only scan that reads every matching index entry: on PGlite, 10,000
 *    orders cost ~4 ms per request — more than the rest of the request together. Every scope and
 *    every filter except the text search is a condition on these four columns, so the total is a
 *    sum over a few group rows instead (orders.repository.ts, listOrders). NULL salesperson/driver
 *    are stored as the nil UUID so the four columns can be the primary key.
 *    Lock order (db/change-seq.ts): the trigger locks a group row when an order row is written,
 *    and every writer writes orders only AFTER it has taken the tenant counter — so whoever waits
 *    for a group row waits for a writer that already holds the counter, i.e. is committing; two
 *    writers cannot each hold what the other waits for.
 *
 * 2. `status_history` / `driver_history` on orders: every status the order has been in and every
 *    driver it has had (current values included). Why: the sync feed sends a removal for a changed
 *    order the caller may no longer see only if the caller COULD have seen it before (sync.service.ts);
 *    otherwise a salesperson's feed would name the ids of other salespeople's orders. A driver
 *    taken off an order must still get its removal, and the warehouse must get one for an order
 *    that left the statuses it sees — these columns are what "could have seen" is decided on.
 *    Existing orders start from their events (statuses) and their current driver (earlier drivers
 *    were not recorded before this migration).
 *
 * 3. `order_wire(tenant, ids)` / `order_summary_wire(tenant, ids)`: the wire order
 *    (src/shared/api/entities.ts `orderSchema`, and `orderSummarySchema` = without `events`) of each
 *    id, in the order of `ids`, as ONE JSON text per order built by the database. Why a function:
 *    the statement that builds an order's JSON (four user names, lines, history) takes PGlite
 *    ~0.7 ms to PLAN and ~0.1 ms to run; PL/pgSQL keeps the plan of its query for the session
 *    (per connection on PostgreSQL), so every later call only runs it (force_generic_plan: left
 *    to itself the plan cache re-plans every call, as a plan for the actual ids always looks
 *    cheaper). Why JSON built by the database: PGlite decodes every value it hands to JavaScript
 *    in JS (a few µs each), one text per order instead of ~40 values; and the sync feed passes the text into its response unparsed.
 *    Exactness (checked against the former JS mapping): money is the numeric(12,2) text, which
 *    JSON.parse reads as the same number kurusToTl gives, plus `*_kurus` = value × 100 as an
 *    integer; timestamps are written as Date#toISOString() writes them (UTC, milliseconds, `Z`).
 *    row_to_json over a sub-select, not json_build_object: it resolves the column types once per
 *    query rather than once per value. Lines and events are aggregated from an ordered sub-select
 *    (an aggregate over a plain sorted scan keeps its order). A change of the wire order is a new
 *    migration that replaces these functions.
 */
const NIL = `'00000000-0000-0000-0000-000000000000'::uuid`;

/** toISOString() in SQL: UTC, milliseconds, `Z`. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ITEMS = `(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT i.id, i.product_id, i.product_name, i.barcode, i.quantity, i.scanned_quantity,
             i.unit_price, (i.unit_price * 100)::bigint AS unit_price_kurus,
             i.total_price, (i.total_price * 100)::bigint AS total_price_kurus
      FROM order_items i WHERE i.tenant_id = o.tenant_id AND i.order_id = o.id
      ORDER BY i.position) x)`;

const EVENTS = `(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT e.id, e.order_id, e.event_type, e.from_status, e.to_status, e.user_id, e.user_name, e.notes,
             ${iso('e.created_at')} AS created_at
      FROM order_events e WHERE e.tenant_id = o.tenant_id AND e.order_id = o.id
      ORDER BY e.created_at, e.id) x)`;

/** The fields of orderSchema, in its order; `events` only in the full order; `version` = change_seq. */
const wireColumns = (events: boolean) => `
    o.id, o.order_number, o.customer_id, o.customer_name, o.customer_phone, o.customer_email,
    o.customer_address, o.status, o.total_amount, (o.total_amount * 100)::bigint AS total_amount_kurus,
    o.salesperson_id, s.full_name AS salesperson_name, o.manager_id, m.full_name AS manager_name,
    o.warehouse_id, w.full_name AS warehouse_name, o.driver_id, d.full_name AS driver_name,
    o.vehicle_plate, o.notes, ${ITEMS} AS items,${events ? ` ${EVENTS} AS events,` : ''}
    ${iso('o.created_at')} AS created_at, ${iso('o.updated_at')} AS updated_at,
    o.change_seq AS version`;

const wireFunction = (name: string, events: boolean) => `
  CREATE FUNCTION ${name}(p_tenant text, p_ids uuid[])
  RETURNS TABLE (id uuid, change_seq bigint, deleted boolean, wire text)
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
  AS $$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY
    SELECT o.id, o.change_seq, o.deleted_at IS NOT NULL,
           (SELECT row_to_json(x)::text FROM (SELECT ${wireColumns(events)}) x)
    FROM unnest(p_ids) WITH ORDINALITY AS k(id, n)
    JOIN orders o ON o.tenant_id = p_tenant AND o.id = k.id
    LEFT JOIN users s ON s.tenant_id = o.tenant_id AND s.id = o.salesperson_id
    LEFT JOIN users m ON m.tenant_id = o.tenant_id AND m.id = o.manager_id
    LEFT JOIN users w ON w.tenant_id = o.tenant_id AND w.id = o.warehouse_id
    LEFT JOIN users d ON d.tenant_id = o.tenant_id AND d.id = o.driver_id
    ORDER BY k.n;
  END $$`;

const up: string[] = [
  `ALTER TABLE orders ADD COLUMN status_history text[] NOT NULL DEFAULT '{}'`,
  `ALTER TABLE orders ADD COLUMN driver_history uuid[] NOT NULL DEFAULT '{}'`,
  `UPDATE orders o SET
     status_history = ARRAY(
       SELECT DISTINCT s FROM (
         SELECT o.status AS s
         UNION SELECT e.to_status FROM order_events e WHERE e.tenant_id = o.tenant_id AND e.order_id = o.id
         UNION SELECT e.from_status FROM order_events e
               WHERE e.tenant_id = o.tenant_id AND e.order_id = o.id AND e.from_status IS NOT NULL
       ) statuses ORDER BY s),
     driver_history = CASE WHEN o.driver_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[o.driver_id] END`,
  `CREATE FUNCTION orders_track_history() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NOT (NEW.status = ANY (NEW.status_history)) THEN
       NEW.status_history := NEW.status_history || NEW.status;
     END IF;
     IF NEW.driver_id IS NOT NULL AND NOT (NEW.driver_id = ANY (NEW.driver_history)) THEN
       NEW.driver_history := NEW.driver_history || NEW.driver_id;
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER orders_track_history BEFORE INSERT OR UPDATE OF status, driver_id ON orders
   FOR EACH ROW EXECUTE FUNCTION orders_track_history()`,

  `CREATE TABLE order_counts (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    status text NOT NULL,
    salesperson_id uuid NOT NULL,
    driver_id uuid NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (tenant_id, status, salesperson_id, driver_id)
  )`,
  `INSERT INTO order_counts (tenant_id, status, salesperson_id, driver_id, n)
   SELECT tenant_id, status, coalesce(salesperson_id, ${NIL}), coalesce(driver_id, ${NIL}), count(*)
   FROM orders WHERE deleted_at IS NULL
   GROUP BY 1, 2, 3, 4`,
  `CREATE FUNCTION orders_track_counts() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'UPDATE'
        AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL)
        AND OLD.status = NEW.status
        AND OLD.salesperson_id IS NOT DISTINCT FROM NEW.salesperson_id
        AND OLD.driver_id IS NOT DISTINCT FROM NEW.driver_id THEN
       RETURN NULL;
     END IF;
     IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
       UPDATE order_counts SET n = n - 1
       WHERE tenant_id = OLD.tenant_id AND status = OLD.status
         AND salesperson_id = coalesce(OLD.salesperson_id, ${NIL})
         AND driver_id = coalesce(OLD.driver_id, ${NIL});
     END IF;
     IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
       INSERT INTO order_counts AS c (tenant_id, status, salesperson_id, driver_id, n)
       VALUES (NEW.tenant_id, NEW.status, coalesce(NEW.salesperson_id, ${NIL}), coalesce(NEW.driver_id, ${NIL}), 1)
       ON CONFLICT (tenant_id, status, salesperson_id, driver_id) DO UPDATE SET n = c.n + 1;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER orders_track_counts
   AFTER INSERT OR DELETE OR UPDATE OF status, salesperson_id, driver_id, deleted_at ON orders
   FOR EACH ROW EXECUTE FUNCTION orders_track_counts()`,
  // TRUNCATE fires no row trigger: an emptied orders table empties its counts.
  `CREATE FUNCTION orders_truncate_counts() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM order_counts;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER orders_truncate_counts AFTER TRUNCATE ON orders
   FOR EACH STATEMENT EXECUTE FUNCTION orders_truncate_counts()`,

  // The history in exactly the order the wire sends it: read straight off the index, no sort per
  // order (the former index ended at created_at; two events of one instant needed a sort by id).
  'CREATE INDEX order_events_history_idx ON order_events (tenant_id, order_id, created_at, id)',
  'DROP INDEX order_events_order_idx',

  wireFunction('order_wire', true),
  wireFunction('order_summary_wire', false),
];

const down: string[] = [
  'DROP FUNCTION IF EXISTS order_summary_wire(text, uuid[])',
  'DROP FUNCTION IF EXISTS order_wire(text, uuid[])',
  'CREATE INDEX IF NOT EXISTS order_events_order_idx ON order_events (tenant_id, order_id, created_at)',
  'DROP INDEX IF EXISTS order_events_history_idx',
  'DROP TRIGGER IF EXISTS orders_truncate_counts ON orders',
  'DROP FUNCTION IF EXISTS orders_truncate_counts()',
  'DROP TRIGGER IF EXISTS orders_track_counts ON orders',
  'DROP FUNCTION IF EXISTS orders_track_counts()',
  'DROP TABLE IF EXISTS order_counts',
  'DROP TRIGGER IF EXISTS orders_track_history ON orders',
  'DROP FUNCTION IF EXISTS orders_track_history()',
  'ALTER TABLE orders DROP COLUMN IF EXISTS driver_history',
  'ALTER TABLE orders DROP COLUMN IF EXISTS status_history',
];

export async function up0004(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0004(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
