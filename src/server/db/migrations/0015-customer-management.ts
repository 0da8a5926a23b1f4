import { type Kysely, sql } from 'kysely';

/**
 * Customer management: customers gain city, tax office and tax number (invoices need them), and
 * what searching and duplicate detection read.
 *
 * - `tr_fold(text)`: Turkish case folding as a plain character translation (İ, I, ı→i, Ş→ş, …,
 *   ASCII A–Z), independent of the database's locale — PGlite runs with the C locale, whose
 *   lower() leaves 'İ' alone, so 'istanbul' would not find 'İstanbul'. IMMUTABLE, so a generated
 *   column may use it.
 * - `search_text`: the folded name, company, number, phone, city, tax number and e-mail in one
 *   generated column; a search is `search_text LIKE tr_fold('%…%')` over the tenant's rows.
 * - `phone_key`: the last 10 digits of the phone ('+90 (532) 123 45 67' and '0532 123 4567' are one
 *   number), for the duplicate check; indexed with the tax number, both per tenant over live rows.
 */
// Every I-variant (I, İ, ı) folds to 'i', as shared/domain/turkish-text.ts `searchFold` folds the
// typed text on the device: 'isparta' finds 'ISPARTA' and 'ışık' finds 'IŞIK', on both sides alike.
const UPPER = 'ABCÇDEFGĞHIİıJKLMNOÖPQRSŞTUÜVWXYZÂÎÛ';
const LOWER = 'abcçdefgğhiiijklmnoöpqrsştuüvwxyzâîû';

const UP = [
  `CREATE FUNCTION tr_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
     AS $$ SELECT translate(value, '${UPPER}', '${LOWER}') $$`,
  'ALTER TABLE customers ADD COLUMN city text',
  'ALTER TABLE customers ADD COLUMN tax_office text',
  'ALTER TABLE customers ADD COLUMN tax_number text',
  // Who created it (a replayed create with the same client-made id is theirs; another user's is 409).
  'ALTER TABLE customers ADD COLUMN created_by uuid',
  `ALTER TABLE customers ADD COLUMN search_text text GENERATED ALWAYS AS (tr_fold(
     full_name || ' ' || coalesce(company_name, '') || ' ' || customer_number || ' ' ||
     coalesce(phone, '') || ' ' || coalesce(city, '') || ' ' || coalesce(tax_number, '') || ' ' ||
     coalesce(email, ''))) STORED`,
  `ALTER TABLE customers ADD COLUMN phone_key text GENERATED ALWAYS AS (
     nullif(right(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), 10), '')) STORED`,
  `CREATE INDEX customers_tax_number_idx ON customers (tenant_id, tax_number)
     WHERE deleted_at IS NULL AND tax_number IS NOT NULL`,
  `CREATE INDEX customers_phone_key_idx ON customers (tenant_id, phone_key)
     WHERE deleted_at IS NULL AND phone_key IS NOT NULL`,
  // The list's order (GET /customers and the screens: by name) within a tenant.
  'CREATE INDEX customers_name_idx ON customers (tenant_id, full_name, id) WHERE deleted_at IS NULL',
];

const DOWN = [
  'DROP INDEX IF EXISTS customers_name_idx',
  'DROP INDEX IF EXISTS customers_phone_key_idx',
  'DROP INDEX IF EXISTS customers_tax_number_idx',
  'ALTER TABLE customers DROP COLUMN IF EXISTS phone_key',
  'ALTER TABLE customers DROP COLUMN IF EXISTS search_text',
  'ALTER TABLE customers DROP COLUMN IF EXISTS created_by',
  'ALTER TABLE customers DROP COLUMN IF EXISTS tax_number',
  'ALTER TABLE customers DROP COLUMN IF EXISTS tax_office',
  'ALTER TABLE customers DROP COLUMN IF EXISTS city',
  'DROP FUNCTION IF EXISTS tr_fold(text)',
];

export async function up0015(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0015(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
