import { type Kysely, sql } from 'kysely';

/**
 * The staging area of a bulk product import's confirmation. The confirmation writes the rows it
 * will apply here first, in chunks of short transactions (on the embedded database every other
 * request runs between two chunks), and then makes them live in ONE short transaction that moves
 * them into `products` and the stock ledger with set-based statements: either every row lands or
 * none does, and the one connection is never held for the whole file.
 *
 * One row per applied row of the file (create, update, unchanged), keyed by the confirmation
 * attempt (`run_id`): two attempts of the same import never share rows.
 * - `product_id`: the id the product gets (create) or has (update, unchanged);
 * - `seen_id`, `seen_seq`, `seen_stock`: the live product holding the row's code when the rows
 *   were staged (null for a create: none), its change number and its stock; `check_barcode` and
 *   `seen_holder`: the barcode the file gives and the live product holding it then. The final
 *   step refuses the import (409) when any of these differ from the catalogue then — they are what
 *   the preview's fingerprint covers, checked row by row in one statement;
 * - the product's fields as they will be after the import (for an update: the file's values over
 *   the product's current ones), `stock` the new stock (null: not given, unchanged);
 * - `apply_ord`: 0… over the rows that write (creates, then updates): each product's change
 *   number is the block's first + apply_ord.
 * Rows are deleted when their attempt ends; those of an attempt that never ended (the process
 * died) are never read by anything but the clean-up, which removes them (import.service.ts).
 * Not in tenant backups (nothing of the tenant's data: a step of a request under way).
 * `tenant_id` leads the key (Citus distribution by tenant).
 */
export async function up0042(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE product_import_staging (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    run_id uuid NOT NULL,
    ord integer NOT NULL,
    import_id uuid NOT NULL,
    action text NOT NULL CHECK (action IN ('create', 'update', 'unchanged')),
    product_code text NOT NULL,
    product_id uuid NOT NULL,
    seen_id uuid,
    seen_seq bigint,
    seen_stock integer,
    check_barcode text,
    seen_holder uuid,
    apply_ord integer,
    name text,
    barcode text,
    description text,
    category text,
    brand text,
    selling_price numeric(12, 2),
    vat_rate integer,
    min_stock integer,
    stock integer,
    staged_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, run_id, ord)
  )`.execute(db);
}

export async function down0042(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS product_import_staging`.execute(db);
}
