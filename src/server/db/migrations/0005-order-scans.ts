import { type Kysely, sql } from 'kysely';

/**
 * `order_scans`: every barcode scan counted on an order line (POST /warehouse/scan-barcode).
 *
 * Why a table and not only `order_items.scanned_quantity`: a scan is queued in the device's
 * outbox and may be sent again after its Idempotency-Key record expired (30 days) or under
 * another key (a reinstalled app, a retried entry). The scan's client-made id (`scan_id`, the
 * primary key here) makes the second arrival the first one: the server finds the row, counts
 * nothing and answers as the first time. It is also the warehouse's audit trail (who scanned
 * what, as scanned, when) without one order event per scan.
 *
 * `tenant_id` leads the primary key and every index (Citus distribution by tenant).
 */
export async function up0005(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE order_scans (
    tenant_id text NOT NULL,
    id uuid NOT NULL,
    order_id uuid NOT NULL,
    item_id uuid NOT NULL,
    product_id uuid,
    barcode text NOT NULL,
    quantity integer NOT NULL CHECK (quantity > 0),
    user_id uuid,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE
  )`.execute(db);
  await sql`CREATE INDEX order_scans_order_idx ON order_scans (tenant_id, order_id, created_at)`.execute(db);
}

export async function down0005(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS order_scans`.execute(db);
}
