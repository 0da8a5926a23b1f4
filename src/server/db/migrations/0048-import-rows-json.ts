import { type Kysely, sql } from 'kysely';

/**
 * A preview's checked rows (`product_imports.rows`) are stored as `json` instead of `jsonb`: they
 * are only ever written whole and read back whole (the server pages and stages them in its own
 * code), never queried inside, so the binary form bought nothing and cost its conversion both
 * ways. On the embedded database the one INSERT of a 10,000-row preview held the one connection
 * about twice as long as `json`'s syntax check and text copy do (and reading it back, likewise),
 * which is time every other user's request waited.
 */
export async function up0048(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE product_imports ALTER COLUMN rows TYPE json USING rows::json`.execute(db);
}

export async function down0048(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE product_imports ALTER COLUMN rows TYPE jsonb USING rows::jsonb`.execute(db);
}
