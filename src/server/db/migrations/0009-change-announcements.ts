import { type Kysely, sql } from 'kysely';

/**
 * Live push (GET /api/events, src/server/events/): every committed change of a syncable row is
 * ANNOUNCED on the channel `sys_changes`, by the database itself.
 *
 * Why triggers and not a call in each service: every write of an order, a notification, a product
 * or a customer already stamps the row with its change number (db/change-seq.ts); a trigger on
 * exactly those rows is the one place no write path (today's or a future one) can forget.
 * Why NOTIFY: PostgreSQL queues a NOTIFY made inside a transaction and delivers it at COMMIT (never
 * on ROLLBACK), to every process that LISTENs — several API processes behind a load balancer all
 * hear it. PGlite (one process) delivers it the same way, at commit, to its own listener.
 *
 * The payload carries only what deciding "is this for that user?" needs, never record data:
 *   {"t": tenant, "s": change number, "k": "o", "b": [status, salesperson, driver] | null,
 *                                              "a": [status, salesperson, driver] | null}
 *     an order before and after the change (null: did not exist / deleted), judged with the
 *     status machine's canSeeOrder on both states;
 *   {"t", "s", "k": "n", "u": user}  a notification of that user;
 *   {"t", "s", "k": "c"}             a product or customer: everyone of the tenant.
 * Well under NOTIFY's 8000-byte limit (ids are uuids). An UPDATE that does not move the change
 * number (none today) announces nothing: the feed would not carry it either.
 */
const up: string[] = [
  `CREATE FUNCTION announce_order_change() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     before_state json := NULL;
     after_state json := NULL;
   BEGIN
     IF TG_OP = 'UPDATE' THEN
       IF NEW.change_seq IS NOT DISTINCT FROM OLD.change_seq THEN RETURN NULL; END IF;
       IF OLD.deleted_at IS NULL THEN
         before_state := json_build_array(OLD.status, OLD.salesperson_id, OLD.driver_id);
       END IF;
     END IF;
     IF NEW.deleted_at IS NULL THEN
       after_state := json_build_array(NEW.status, NEW.salesperson_id, NEW.driver_id);
     END IF;
     PERFORM pg_notify('sys_changes', json_build_object(
       't', NEW.tenant_id, 's', NEW.change_seq, 'k', 'o', 'b', before_state, 'a', after_state)::text);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER orders_announce AFTER INSERT OR UPDATE ON orders
   FOR EACH ROW EXECUTE FUNCTION announce_order_change()`,
  `CREATE FUNCTION announce_notification_change() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'UPDATE' AND NEW.change_seq IS NOT DISTINCT FROM OLD.change_seq THEN RETURN NULL; END IF;
     PERFORM pg_notify('sys_changes', json_build_object(
       't', NEW.tenant_id, 's', NEW.change_seq, 'k', 'n', 'u', NEW.user_id)::text);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER notifications_announce AFTER INSERT OR UPDATE ON notifications
   FOR EACH ROW EXECUTE FUNCTION announce_notification_change()`,
  `CREATE FUNCTION announce_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'UPDATE' AND NEW.change_seq IS NOT DISTINCT FROM OLD.change_seq THEN RETURN NULL; END IF;
     PERFORM pg_notify('sys_changes', json_build_object(
       't', NEW.tenant_id, 's', NEW.change_seq, 'k', 'c')::text);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER products_announce AFTER INSERT OR UPDATE ON products
   FOR EACH ROW EXECUTE FUNCTION announce_catalogue_change()`,
  `CREATE TRIGGER customers_announce AFTER INSERT OR UPDATE ON customers
   FOR EACH ROW EXECUTE FUNCTION announce_catalogue_change()`,
];

const down: string[] = [
  'DROP TRIGGER IF EXISTS customers_announce ON customers',
  'DROP TRIGGER IF EXISTS products_announce ON products',
  'DROP FUNCTION IF EXISTS announce_catalogue_change()',
  'DROP TRIGGER IF EXISTS notifications_announce ON notifications',
  'DROP FUNCTION IF EXISTS announce_notification_change()',
  'DROP TRIGGER IF EXISTS orders_announce ON orders',
  'DROP FUNCTION IF EXISTS announce_order_change()',
];

export async function up0009(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0009(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
