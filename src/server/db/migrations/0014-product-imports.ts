import { type Kysely, sql } from 'kysely';

/**
 * Bulk product imports: one row per uploaded file, keyed by the import id the preview hands out.
 * `rows` holds every row of the file as validated at preview time (its action — create, update,
 * unchanged, error —, the values to apply, the changes shown, the errors), so the confirmation
 * applies exactly what the user saw, without reading the file again. `fingerprint` is the state of
 * the products the file touches at preview time (their ids and change numbers by product code,
 * and who holds each barcode): the confirmation recomputes it and refuses when it differs.
 * `status`: preview → applied (once; `report` is then the answer of every later confirmation).
 * Previews are deleted 24 hours after their creation; applied imports keep their report.
 * `tenant_id` leads the key (Citus distribution by tenant).
 */
export async function up0014(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE product_imports (
    tenant_id text NOT NULL,
    id uuid NOT NULL,
    user_id uuid,
    file_name text NOT NULL,
    kind text NOT NULL,
    encoding text,
    separator text,
    status text NOT NULL DEFAULT 'preview',
    columns jsonb NOT NULL,
    rows jsonb NOT NULL,
    counts jsonb NOT NULL,
    new_categories jsonb NOT NULL,
    new_brands jsonb NOT NULL,
    fingerprint text NOT NULL,
    report jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    applied_at timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id) REFERENCES tenants (id) ON DELETE CASCADE
  )`.execute(db);
  await sql`CREATE INDEX product_imports_expiry ON product_imports (tenant_id, created_at) WHERE status = 'preview'`.execute(
    db,
  );
}

export async function down0014(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE product_imports`.execute(db);
}
