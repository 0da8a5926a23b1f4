import { type Kysely, sql } from 'kysely';

/**
 * The stock ledger.
 *
 * `stock_movements`: every change of a product's stock is one row — a signed on-hand delta
 * (`quantity`) and a signed reservation delta (`reserved_delta`), with its reason, the order or
 * count that caused it, who made it, the device's clock (when the change was made offline) and
 * the server's. `products.current_stock` / `reserved_stock` are the ledger's sums, kept in step in
 * the same transaction as each movement (src/server/stock/stock.service.ts), so reading a figure
 * never sums the ledger and the ledger can always recompute the figure.
 *
 * `seq`: one identity sequence over every tenant. A movement is written while its product row is
 * locked, so the movements of ONE product get increasing numbers in commit order — what the count
 * rule needs ("on hand as of movement N" = current − the quantities of the product's movements
 * after N). `products.stock_seq` is the seq of the last movement applied to the product (0: none);
 * it travels on the wire so a device names the movement it had seen when it counted.
 *
 * `stock_counts`: one row per posted inventory count, keyed by the count's client-made id, holding
 * the answer given the first time: a count replayed from a device's outbox applies nothing twice.
 *
 * Back-fill: a product whose stored figures are not zero gets one 'opening' movement that makes
 * the ledger sum to them; each live approved or prepared order gets the 'reservation' of its lines
 * (the rule of shared/domain/stock.ts, as of this migration); every product with a movement gets a
 * new change number so devices pull its `stock_seq` and figures.
 *
 * `tenant_id` leads every primary key and index (Citus distribution by tenant).
 */
export async function up0012(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN stock_seq bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE TABLE stock_movements (
    tenant_id text NOT NULL,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    product_id uuid NOT NULL,
    quantity integer NOT NULL,
    reserved_delta integer NOT NULL DEFAULT 0,
    reason text NOT NULL CHECK (reason IN ('manual_adjustment','shipment','return','import','count',
      'cancellation','reservation','release','opening')),
    order_id uuid,
    count_id uuid,
    user_id uuid,
    device_time timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    notes text,
    PRIMARY KEY (tenant_id, seq),
    FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id) ON DELETE CASCADE,
    CHECK (quantity <> 0 OR reserved_delta <> 0)
  )`.execute(db);
  await sql`CREATE INDEX stock_movements_product_idx ON stock_movements (tenant_id, product_id, seq)`.execute(
    db,
  );
  await sql`CREATE INDEX stock_movements_order_idx ON stock_movements (tenant_id, order_id)
    WHERE order_id IS NOT NULL`.execute(db);
  await sql`CREATE TABLE stock_counts (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    user_id uuid,
    notes text,
    result jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
  )`.execute(db);

  await sql`WITH opening AS (
      INSERT INTO stock_movements (tenant_id, product_id, quantity, reserved_delta, reason)
      SELECT tenant_id, id, current_stock, reserved_stock, 'opening' FROM products
       WHERE current_stock <> 0 OR reserved_stock <> 0
       ORDER BY tenant_id, id
      RETURNING tenant_id, product_id, seq
    )
    UPDATE products p SET stock_seq = o.seq
      FROM opening o WHERE p.tenant_id = o.tenant_id AND p.id = o.product_id`.execute(db);
  // Orders approved before the ledger existed reserved nothing: they reserve now, so releasing
  // or shipping them later takes back exactly what they hold.
  await sql`WITH held AS (
      SELECT i.tenant_id, i.product_id, i.order_id, sum(i.quantity)::int AS q
        FROM order_items i
        JOIN orders o ON o.tenant_id = i.tenant_id AND o.id = i.order_id
        JOIN products p ON p.tenant_id = i.tenant_id AND p.id = i.product_id
       WHERE o.deleted_at IS NULL AND o.status IN ('approved', 'prepared')
       GROUP BY i.tenant_id, i.product_id, i.order_id
      HAVING sum(i.quantity) <> 0
    ),
    reserved AS (
      INSERT INTO stock_movements (tenant_id, product_id, quantity, reserved_delta, reason, order_id)
      SELECT tenant_id, product_id, 0, q, 'reservation', order_id FROM held
       ORDER BY tenant_id, product_id, order_id
      RETURNING tenant_id, product_id, seq, reserved_delta
    )
    UPDATE products p SET reserved_stock = p.reserved_stock + x.r, stock_seq = greatest(p.stock_seq, x.s)
      FROM (SELECT tenant_id, product_id, sum(reserved_delta)::int AS r, max(seq) AS s
              FROM reserved GROUP BY tenant_id, product_id) x
     WHERE p.tenant_id = x.tenant_id AND p.id = x.product_id`.execute(db);
  await sql`WITH numbered AS (
      SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) AS rn
        FROM products WHERE stock_seq > 0
    ),
    bumped AS (
      UPDATE products p SET change_seq = c.change_seq + n.rn
        FROM numbered n JOIN tenant_counters c ON c.tenant_id = n.tenant_id
       WHERE p.tenant_id = n.tenant_id AND p.id = n.id
      RETURNING p.tenant_id
    )
    UPDATE tenant_counters c SET change_seq = c.change_seq + b.n
      FROM (SELECT tenant_id, count(*) AS n FROM bumped GROUP BY tenant_id) b
     WHERE c.tenant_id = b.tenant_id`.execute(db);
}

export async function down0012(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS stock_counts`.execute(db);
  await sql`DROP TABLE IF EXISTS stock_movements`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS stock_seq`.execute(db);
}
