import { type Kysely, sql } from 'kysely';

/**
 * Texts stored with a record say what happened as data too (src/shared/api/stored-texts.ts): an
 * order event's `notes` and a notification's `title`/`message` stay the Turkish sentences, and a
 * `params` jsonb next to them holds the key and parameters a reader renders in their own language.
 * Rows written before stay without (null): readers show their Turkish text.
 *
 * The order's wire form (`order_wire`, made by migration 0004) carries each event's `params`:
 * the function is replaced by the same one with that column added after `notes` (the order of
 * src/shared/api/entities.ts `orderEventSchema`); `order_summary_wire` has no events and stays.
 */
/** toISOString() in SQL: UTC, milliseconds, `Z`. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ITEMS = `(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT i.id, i.product_id, i.product_name, i.barcode, i.quantity, i.scanned_quantity,
             i.unit_price, (i.unit_price * 100)::bigint AS unit_price_kurus,
             i.total_price, (i.total_price * 100)::bigint AS total_price_kurus
      FROM order_items i WHERE i.tenant_id = o.tenant_id AND i.order_id = o.id
      ORDER BY i.position) x)`;

const events = (withParams: boolean) => `(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT e.id, e.order_id, e.event_type, e.from_status, e.to_status, e.user_id, e.user_name, e.notes,${
        withParams ? ' e.params,' : ''
      }
             ${iso('e.created_at')} AS created_at
      FROM order_events e WHERE e.tenant_id = o.tenant_id AND e.order_id = o.id
      ORDER BY e.created_at, e.id) x)`;

const orderWire = (withParams: boolean) => `
  CREATE OR REPLACE FUNCTION order_wire(p_tenant text, p_ids uuid[])
  RETURNS TABLE (id uuid, change_seq bigint, deleted boolean, wire text)
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
  AS $$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY
    SELECT o.id, o.change_seq, o.deleted_at IS NOT NULL,
           (SELECT row_to_json(x)::text FROM (SELECT
    o.id, o.order_number, o.customer_id, o.customer_name, o.customer_phone, o.customer_email,
    o.customer_address, o.status, o.total_amount, (o.total_amount * 100)::bigint AS total_amount_kurus,
    o.salesperson_id, s.full_name AS salesperson_name, o.manager_id, m.full_name AS manager_name,
    o.warehouse_id, w.full_name AS warehouse_name, o.driver_id, d.full_name AS driver_name,
    o.vehicle_plate, o.notes, ${ITEMS} AS items, ${events(withParams)} AS events,
    ${iso('o.created_at')} AS created_at, ${iso('o.updated_at')} AS updated_at,
    o.change_seq AS version) x)
    FROM unnest(p_ids) WITH ORDINALITY AS k(id, n)
    JOIN orders o ON o.tenant_id = p_tenant AND o.id = k.id
    LEFT JOIN users s ON s.tenant_id = o.tenant_id AND s.id = o.salesperson_id
    LEFT JOIN users m ON m.tenant_id = o.tenant_id AND m.id = o.manager_id
    LEFT JOIN users w ON w.tenant_id = o.tenant_id AND w.id = o.warehouse_id
    LEFT JOIN users d ON d.tenant_id = o.tenant_id AND d.id = o.driver_id
    ORDER BY k.n;
  END $$`;

const up: string[] = [
  'ALTER TABLE order_events ADD COLUMN params jsonb',
  'ALTER TABLE notifications ADD COLUMN params jsonb',
  orderWire(true),
];

const down: string[] = [
  orderWire(false),
  'ALTER TABLE notifications DROP COLUMN IF EXISTS params',
  'ALTER TABLE order_events DROP COLUMN IF EXISTS params',
];

export async function up0010(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0010(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
