import { type Kysely, sql } from 'kysely';
import { listNameKey } from '../../../shared/domain/turkish-text';

/**
 * Product management:
 *
 * 1. `products.vat_rate` (KDV percent: 0, 1, 10 or 20; default 20) and `order_items.vat_rate`:
 *    a line copies its product's rate when the order is made or edited, so a later change of the
 *    rate never changes an order already taken (invoices print what was sold). Existing lines get
 *    20, the rate every product had until now.
 *    Every product is stamped with a new change number, so every device pulls it again with its
 *    rate (the catalogue is small next to the orders; orders keep their number — a line mirrored
 *    before simply has no rate yet).
 *
 * 2. `product_categories` and `product_brands`: the tenant's lists, which the product dialog
 *    offers and an admin extends. Names are unique per tenant under Turkish case folding
 *    (`name_key`, computed in JS as the service computes it: 'ELEKTRONİK' is 'Elektronik').
 *    Existing tenants start with the default lists plus every name their products already use.
 *
 * 3. `product_images`: uploaded images, stored in the database once per content (sha256) per
 *    tenant, so a backup holds them and any number of server processes serve them.
 *
 * 4. The order's wire form carries each line's `vat_rate`: `order_wire` and `order_summary_wire`
 *    are replaced by the same functions with that column added to the lines.
 *
 * 5. `products.edit_seq`: the change number of the product's last catalogue edit (create, edit,
 *    status, delete). Stock movements give the product a new change number too (devices pull the
 *    new figures), but an edit of the name or price made on an older version did not overwrite
 *    anything its user had not seen when only the stock moved since: edits are checked against
 *    this number, so a busy product's dialog is not refused for every order approved meanwhile.
 *
 * Product codes and barcodes are already unique among a tenant's live products
 * (products_code_key, products_barcode_key): a deleted product's code may be used again.
 */
export const DEFAULT_CATEGORIES = ['Elektronik', 'Bilgisayar', 'Giyim', 'Ev & Yaşam'] as const;
export const DEFAULT_BRANDS = ['Apple', 'Samsung', 'Dell'] as const;

/** toISOString() in SQL: UTC, milliseconds, `Z`. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const items = (withVat: boolean) => `(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT i.id, i.product_id, i.product_name, i.barcode, i.quantity, i.scanned_quantity,
             i.unit_price, (i.unit_price * 100)::bigint AS unit_price_kurus,
             i.total_price, (i.total_price * 100)::bigint AS total_price_kurus${withVat ? ', i.vat_rate' : ''}
      FROM order_items i WHERE i.tenant_id = o.tenant_id AND i.order_id = o.id
      ORDER BY i.position) x)`;

const EVENTS = `(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT e.id, e.order_id, e.event_type, e.from_status, e.to_status, e.user_id, e.user_name, e.notes, e.params,
             ${iso('e.created_at')} AS created_at
      FROM order_events e WHERE e.tenant_id = o.tenant_id AND e.order_id = o.id
      ORDER BY e.created_at, e.id) x)`;

/** The fields of orderSchema, in its order; `events` only in the full order; `version` = change_seq. */
const wireColumns = (events: boolean, withVat: boolean) => `
    o.id, o.order_number, o.customer_id, o.customer_name, o.customer_phone, o.customer_email,
    o.customer_address, o.status, o.total_amount, (o.total_amount * 100)::bigint AS total_amount_kurus,
    o.salesperson_id, s.full_name AS salesperson_name, o.manager_id, m.full_name AS manager_name,
    o.warehouse_id, w.full_name AS warehouse_name, o.driver_id, d.full_name AS driver_name,
    o.vehicle_plate, o.notes, ${items(withVat)} AS items,${events ? ` ${EVENTS} AS events,` : ''}
    ${iso('o.created_at')} AS created_at, ${iso('o.updated_at')} AS updated_at,
    o.change_seq AS version`;

const wireFunction = (name: string, events: boolean, withVat: boolean) => `
  CREATE OR REPLACE FUNCTION ${name}(p_tenant text, p_ids uuid[])
  RETURNS TABLE (id uuid, change_seq bigint, deleted boolean, wire text)
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
  AS $$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY
    SELECT o.id, o.change_seq, o.deleted_at IS NOT NULL,
           (SELECT row_to_json(x)::text FROM (SELECT ${wireColumns(events, withVat)}) x)
    FROM unnest(p_ids) WITH ORDINALITY AS k(id, n)
    JOIN orders o ON o.tenant_id = p_tenant AND o.id = k.id
    LEFT JOIN users s ON s.tenant_id = o.tenant_id AND s.id = o.salesperson_id
    LEFT JOIN users m ON m.tenant_id = o.tenant_id AND m.id = o.manager_id
    LEFT JOIN users w ON w.tenant_id = o.tenant_id AND w.id = o.warehouse_id
    LEFT JOIN users d ON d.tenant_id = o.tenant_id AND d.id = o.driver_id
    ORDER BY k.n;
  END $$`;

const listTable = (table: string) => `CREATE TABLE ${table} (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    name text NOT NULL,
    name_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
  )`;

const up: string[] = [
  'ALTER TABLE products ADD COLUMN vat_rate integer NOT NULL DEFAULT 20 CHECK (vat_rate IN (0, 1, 10, 20))',
  'ALTER TABLE order_items ADD COLUMN vat_rate integer NOT NULL DEFAULT 20 CHECK (vat_rate IN (0, 1, 10, 20))',
  // Every product once more under a new change number (in its old order), the counter moved past them.
  `WITH numbered AS (
     SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY change_seq, id) AS n
     FROM products)
   UPDATE products p SET change_seq = c.change_seq + numbered.n
   FROM numbered, tenant_counters c
   WHERE p.tenant_id = numbered.tenant_id AND p.id = numbered.id AND c.tenant_id = p.tenant_id`,
  `UPDATE tenant_counters c SET change_seq = c.change_seq + counts.n
   FROM (SELECT tenant_id, count(*) AS n FROM products GROUP BY tenant_id) counts
   WHERE c.tenant_id = counts.tenant_id`,
  'ALTER TABLE products ADD COLUMN edit_seq bigint NOT NULL DEFAULT 0',
  'UPDATE products SET edit_seq = change_seq',
  listTable('product_categories'),
  'CREATE UNIQUE INDEX product_categories_name_key ON product_categories (tenant_id, name_key)',
  listTable('product_brands'),
  'CREATE UNIQUE INDEX product_brands_name_key ON product_brands (tenant_id, name_key)',
  `CREATE TABLE product_images (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
    content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
    bytes bytea NOT NULL,
    size integer NOT NULL CHECK (size > 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, hash)
  )`,
  wireFunction('order_wire', true, true),
  wireFunction('order_summary_wire', false, true),
];

const down: string[] = [
  wireFunction('order_summary_wire', false, false),
  wireFunction('order_wire', true, false),
  'DROP TABLE IF EXISTS product_images',
  'DROP TABLE IF EXISTS product_brands',
  'DROP TABLE IF EXISTS product_categories',
  'ALTER TABLE order_items DROP COLUMN IF EXISTS vat_rate',
  'ALTER TABLE products DROP COLUMN IF EXISTS edit_seq',
  'ALTER TABLE products DROP COLUMN IF EXISTS vat_rate',
];

/** Each tenant's default names plus the names its products use, one row per folded name. */
async function seedLists(db: Kysely<unknown>): Promise<void> {
  const lists = [
    { table: 'product_categories', column: 'category', defaults: DEFAULT_CATEGORIES },
    { table: 'product_brands', column: 'brand', defaults: DEFAULT_BRANDS },
  ] as const;
  const tenants = await sql<{ id: string }>`SELECT id FROM tenants`.execute(db);
  for (const list of lists) {
    const used = await sql<{ tenant_id: string; name: string }>`
      SELECT DISTINCT tenant_id, ${sql.ref(list.column)} AS name FROM products
      WHERE ${sql.ref(list.column)} IS NOT NULL AND deleted_at IS NULL`.execute(db);
    for (const tenant of tenants.rows) {
      const names = [
        ...list.defaults,
        ...used.rows.filter((r) => r.tenant_id === tenant.id).map((r) => r.name),
      ];
      const byKey = new Map<string, string>();
      for (const name of names) {
        const trimmed = name.trim();
        if (trimmed && !byKey.has(listNameKey(trimmed))) byKey.set(listNameKey(trimmed), trimmed);
      }
      for (const [key, name] of byKey) {
        await sql`INSERT INTO ${sql.table(list.table)} (tenant_id, name, name_key)
          VALUES (${tenant.id}, ${name}, ${key})`.execute(db);
      }
    }
  }
}

export async function up0013(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
  await seedLists(db);
}

export async function down0013(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
