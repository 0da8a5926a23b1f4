import { type Kysely, sql } from 'kysely';

/**
 * Each order's wire JSON (the full order as GET /orders/{id} and the sync feed send it) is kept
 * in `order_wires`, written when the order changes, so reading it costs a row instead of a build.
 *
 * Why: building the text (the order, its lines, its history, four user names) is most of what a
 * device's first sync costs the server — 10,000 orders took ~0.7 s of the embedded database's
 * one thread on a quick machine, several seconds on a busy one — and every first sync of every
 * device asks for the same versions again after each restart (the process's own cache of texts is
 * empty then). Read back as stored text: ~0.28 s for the same 10,000.
 *
 * The rules that keep a stored text exact:
 * - It is keyed by (order, change number) and used only while the order still has that number.
 *   Every change of an order, its lines or its history gives the order a new change number
 *   (db/change-seq.ts), so a stored text is never shown for another version: at worst it is not
 *   used, and the text is built as before.
 * - It is written by DEFERRED triggers on `orders`, `order_items` and `order_events`: at COMMIT,
 *   after every statement of the transaction (lines and history are often written after the
 *   order's row), from what the transaction leaves; a transaction that rolls back rolls its text
 *   back with it. An order touched many times in one transaction is built once: the later firings
 *   find a text built by this transaction (`built_by`, its id) of the order's number. A change
 *   written without a new number (which the application never does, but a hand-made fix or a
 *   test's set-up may) still stores the text its transaction leaves.
 * - The names of the users an order mentions (salesperson, manager, warehouse, driver) live in
 *   `users`: a rename (or a removed user) deletes the stored texts of the orders that name them
 *   (a trigger on `users`); those are built on read until the order changes again.
 * - Derived data: not in a tenant's backup; a restore stores the texts of what it restored.
 *
 * `order_wire(tenant, ids)` keeps its shape (every caller unchanged): the stored text where it is
 * of the order's current number, else the text built as before (`order_wire_build`).
 * Existing orders get their text here, once.
 */

/** toISOString() in SQL: UTC, milliseconds, `Z`. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ITEMS = `(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT i.id, i.product_id, i.product_name, i.barcode, i.quantity, i.scanned_quantity,
             i.unit_price, (i.unit_price * 100)::bigint AS unit_price_kurus,
             i.total_price, (i.total_price * 100)::bigint AS total_price_kurus, i.vat_rate
      FROM order_items i WHERE i.tenant_id = o.tenant_id AND i.order_id = o.id
      ORDER BY i.position) x)`;

const EVENTS = `(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT e.id, e.order_id, e.event_type, e.from_status, e.to_status, e.user_id, e.user_name, e.notes, e.params,
             ${iso('e.created_at')} AS created_at
      FROM order_events e WHERE e.tenant_id = o.tenant_id AND e.order_id = o.id
      ORDER BY e.created_at, e.id) x)`;

/** The full order's text, built (the fields of orderSchema, in its order; `version` = change_seq). */
const BUILT = `(SELECT row_to_json(x)::text FROM (SELECT
    o.id, o.order_number, o.customer_id, o.customer_name, o.customer_phone, o.customer_email,
    o.customer_address, o.status, o.total_amount, (o.total_amount * 100)::bigint AS total_amount_kurus,
    o.salesperson_id, s.full_name AS salesperson_name, o.manager_id, m.full_name AS manager_name,
    o.warehouse_id, w.full_name AS warehouse_name, o.driver_id, d.full_name AS driver_name,
    o.vehicle_plate, o.notes, ${ITEMS} AS items, ${EVENTS} AS events,
    ${iso('o.created_at')} AS created_at, ${iso('o.updated_at')} AS updated_at,
    o.change_seq AS version) x)`;

const USER_JOINS = `
    LEFT JOIN users s ON s.tenant_id = o.tenant_id AND s.id = o.salesperson_id
    LEFT JOIN users m ON m.tenant_id = o.tenant_id AND m.id = o.manager_id
    LEFT JOIN users w ON w.tenant_id = o.tenant_id AND w.id = o.warehouse_id
    LEFT JOIN users d ON d.tenant_id = o.tenant_id AND d.id = o.driver_id`;

/** `stored`: read the kept text where it is of the order's current number (CASE: built only if not). */
const wireFunction = (name: string, stored: boolean) => `
  CREATE OR REPLACE FUNCTION ${name}(p_tenant text, p_ids uuid[])
  RETURNS TABLE (id uuid, change_seq bigint, deleted boolean, wire text)
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
  AS $$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY
    SELECT o.id, o.change_seq, o.deleted_at IS NOT NULL,
           ${stored ? `CASE WHEN ow.wire IS NOT NULL THEN ow.wire ELSE ${BUILT} END` : BUILT}
    FROM unnest(p_ids) WITH ORDINALITY AS k(id, n)
    JOIN orders o ON o.tenant_id = p_tenant AND o.id = k.id
    ${stored ? 'LEFT JOIN order_wires ow ON ow.tenant_id = o.tenant_id AND ow.order_id = o.id AND ow.change_seq = o.change_seq' : ''}
    ${USER_JOINS}
    ORDER BY k.n;
  END $$`;

/** The text of every order there is (the restore stores those of what it restored the same way). */
const STORE_ALL = `INSERT INTO order_wires (tenant_id, order_id, change_seq, wire, built_by)
  SELECT t.tenant_id, b.id, b.change_seq, b.wire, txid_current()
  FROM (SELECT DISTINCT tenant_id FROM orders) t
  CROSS JOIN LATERAL order_wire_build(t.tenant_id, ARRAY(SELECT id FROM orders WHERE tenant_id = t.tenant_id)) b`;

const up: string[] = [
  `CREATE TABLE order_wires (
    tenant_id text NOT NULL,
    order_id uuid NOT NULL,
    change_seq bigint NOT NULL,
    wire text NOT NULL,
    built_by bigint NOT NULL,
    PRIMARY KEY (tenant_id, order_id),
    FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE
  )`,
  wireFunction('order_wire_build', false),
  wireFunction('order_wire', true),
  // At COMMIT: the order's text as the transaction leaves it, once per transaction and order.
  `CREATE FUNCTION order_wire_store() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    v_tenant text;
    v_order uuid;
  BEGIN
    IF TG_TABLE_NAME = 'orders' THEN
      v_tenant := NEW.tenant_id; v_order := NEW.id;
    ELSIF TG_OP = 'DELETE' THEN
      v_tenant := OLD.tenant_id; v_order := OLD.order_id;
    ELSE
      v_tenant := NEW.tenant_id; v_order := NEW.order_id;
    END IF;
    IF EXISTS (SELECT 1 FROM order_wires ow JOIN orders o
                 ON o.tenant_id = ow.tenant_id AND o.id = ow.order_id AND o.change_seq = ow.change_seq
               WHERE ow.tenant_id = v_tenant AND ow.order_id = v_order AND ow.built_by = txid_current()) THEN
      RETURN NULL;
    END IF;
    INSERT INTO order_wires (tenant_id, order_id, change_seq, wire, built_by)
      SELECT v_tenant, b.id, b.change_seq, b.wire, txid_current() FROM order_wire_build(v_tenant, ARRAY[v_order]) b
    ON CONFLICT (tenant_id, order_id) DO UPDATE
      SET change_seq = EXCLUDED.change_seq, wire = EXCLUDED.wire, built_by = EXCLUDED.built_by;
    RETURN NULL;
  END $$`,
  ...['orders', 'order_items', 'order_events'].map(
    (
      table,
    ) => `CREATE CONSTRAINT TRIGGER ${table}_store_order_wire AFTER INSERT OR UPDATE${table === 'orders' ? '' : ' OR DELETE'} ON ${table}
     DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_wire_store()`,
  ),
  // A user's name is in the text of every order naming them: those texts go (built on read).
  `CREATE FUNCTION order_wires_forget_user() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM order_wires ow USING orders o
    WHERE o.tenant_id = OLD.tenant_id AND ow.tenant_id = o.tenant_id AND ow.order_id = o.id
      AND OLD.id IN (o.salesperson_id, o.manager_id, o.warehouse_id, o.driver_id);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER users_forget_order_wires AFTER UPDATE OF full_name ON users
     FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name)
     EXECUTE FUNCTION order_wires_forget_user()`,
  `CREATE TRIGGER users_forget_order_wires_delete AFTER DELETE ON users
     FOR EACH ROW EXECUTE FUNCTION order_wires_forget_user()`,
  // The texts of the orders there are.
  STORE_ALL,
];

const down: string[] = [
  'DROP TRIGGER IF EXISTS users_forget_order_wires_delete ON users',
  'DROP TRIGGER IF EXISTS users_forget_order_wires ON users',
  'DROP FUNCTION IF EXISTS order_wires_forget_user()',
  ...['orders', 'order_items', 'order_events'].map(
    (table) => `DROP TRIGGER IF EXISTS ${table}_store_order_wire ON ${table}`,
  ),
  'DROP FUNCTION IF EXISTS order_wire_store()',
  // order_wire as migration 0013 made it: built every time.
  wireFunction('order_wire', false),
  'DROP FUNCTION IF EXISTS order_wire_build(text, uuid[])',
  'DROP TABLE IF EXISTS order_wires',
];

export async function up0050(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0050(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
