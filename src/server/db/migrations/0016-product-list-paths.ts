import { type Kysely, sql } from 'kysely';

/**
 * The product list's read paths, for catalogues of 100,000 products:
 * - `search_text`: what a search compares — name, product code, barcode and brand, folded the way
 *   shared/domain/turkish-text.ts `searchFold` folds the typed text (every I-variant as 'i', then
 *   lower case) — kept by the database as a generated column, so a search reads one column per
 *   row instead of folding four on every request;
 * - the list's default order (newest first, then id) over the tenant's live products, so the first
 *   page reads ten index entries instead of sorting the catalogue.
 */
const UP = [
  `ALTER TABLE products ADD COLUMN search_text text GENERATED ALWAYS AS (lower(translate(
     name || ' ' || product_code || ' ' || coalesce(barcode, '') || ' ' || coalesce(brand, ''),
     'Iİı', 'iii'))) STORED`,
  `CREATE INDEX products_list_newest_idx ON products (tenant_id, created_at DESC, id DESC)
     WHERE deleted_at IS NULL`,
];

const DOWN = [
  'DROP INDEX IF EXISTS products_list_newest_idx',
  'ALTER TABLE products DROP COLUMN IF EXISTS search_text',
];

export async function up0016(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0016(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
