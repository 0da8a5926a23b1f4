import { type Kysely, sql } from 'kysely';

/**
 * Proof of delivery (recipient, signature, photo, place): one row per delivered order, written in the same
 * transaction as the out_for_delivery → delivered status change and its event (`event_id`). The
 * images are stored as bytes (`bytea`), checked by the server before they get here: PNG signature
 * (MAX_PROOF_SIGNATURE_BYTES) and PNG/JPEG photo (MAX_PROOF_PHOTO_BYTES), magic numbers included.
 * `delivered_at` is the device's clock at the door (the driver may have been offline for hours),
 * `received_at` the server's. `(tenant_id, order_id)` is the key: an order is delivered once.
 */
export async function up0006(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE delivery_proofs (
    tenant_id text NOT NULL,
    order_id uuid NOT NULL,
    event_id uuid NOT NULL,
    recipient_name text NOT NULL,
    signature bytea NOT NULL,
    signature_type text NOT NULL,
    photo bytea,
    photo_type text,
    delivered_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    delivered_by uuid,
    delivered_by_name text,
    latitude double precision,
    longitude double precision,
    accuracy double precision,
    PRIMARY KEY (tenant_id, order_id),
    FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, event_id) REFERENCES order_events (tenant_id, id) ON DELETE CASCADE
  )`.execute(db);
}

export async function down0006(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE delivery_proofs`.execute(db);
}
