import { type Kysely, sql } from 'kysely';

/**
 * A preview's checked rows are stored gzipped by the server (`product_imports.rows_gz`, bytea
 * kept uncompressed by PostgreSQL: STORAGE EXTERNAL) instead of as `json` that PostgreSQL
 * compresses itself. The rows are only ever written whole and read back whole; on the embedded
 * database a 10,000-row preview's one INSERT held the one connection 0.3–0.6 s (checking and
 * compressing ~5 MB of text inside it) and reading it back ~0.25 s, time every other user's
 * request waited. Gzipped by Node on libuv's thread pool, the database only copies ~1 MB.
 * Previews written before keep their `rows` (now nullable) and are read from there.
 */
export async function up0052(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE product_imports ADD COLUMN rows_gz bytea`.execute(db);
  await sql`ALTER TABLE product_imports ALTER COLUMN rows_gz SET STORAGE EXTERNAL`.execute(db);
  await sql`ALTER TABLE product_imports ALTER COLUMN rows DROP NOT NULL`.execute(db);
}

export async function down0052(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM product_imports WHERE rows IS NULL AND status = 'preview'`.execute(db);
  await sql`UPDATE product_imports SET rows = '[]' WHERE rows IS NULL`.execute(db);
  await sql`ALTER TABLE product_imports ALTER COLUMN rows SET NOT NULL`.execute(db);
  await sql`ALTER TABLE product_imports DROP COLUMN rows_gz`.execute(db);
}
