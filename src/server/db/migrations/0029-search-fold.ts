import { type Kysely, sql } from 'kysely';

/**
 * One search fold for every search, on the device and on the server (shared/domain/turkish-text.ts
 * `searchFold`): every I-variant (I, ı, İ, i) is 'i', ş ç ğ ö ü and â î û (either case) are
 * s c g o u a i u, A–Z is lower case, and the combining marks of a letter written decomposed are
 * left out — so 'ISTANBUL', 'Istanbul' and 'ıstanbul' find 'İstanbul', and 'sahin' finds 'Şahin',
 * whichever list is searched.
 *
 * - `tr_fold(text)` becomes that fold: `translate` with the two strings below (the characters of
 *   FROM past the end of TO are left out). A plain character translation, independent of the
 *   database's locale (PGlite's C locale lower() leaves 'İ' alone). A test runs it on the database
 *   against the device's fold.
 * - Every stored `search_text` (customers, products, system log, invoices) is made again with it:
 *   a generated column keeps what its expression gave when the row was written, so each is
 *   dropped and added back (products and the log used their own I-only fold before).
 */
const FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÇçĞğİıÖöŞşÜüÂâÎîÛû\u0302\u0306\u0307\u0308\u0327';
const TO = 'abcdefghijklmnopqrstuvwxyzccggiioossuuaaiiuu';

// The previous fold (migration 0015), for going back down.
const OLD_FROM = 'ABCÇDEFGĞHIİıJKLMNOÖPQRSŞTUÜVWXYZÂÎÛ';
const OLD_TO = 'abcçdefgğhiiijklmnoöpqrsştuüvwxyzâîû';

const fold = (from: string, to: string) =>
  `CREATE OR REPLACE FUNCTION tr_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
     AS $$ SELECT translate(value, '${from}', '${to}') $$`;

const CUSTOMERS = `full_name || ' ' || coalesce(company_name, '') || ' ' || customer_number || ' ' ||
     coalesce(phone, '') || ' ' || coalesce(city, '') || ' ' || coalesce(tax_number, '') || ' ' ||
     coalesce(email, '')`;
const PRODUCTS = `name || ' ' || product_code || ' ' || coalesce(barcode, '') || ' ' || coalesce(brand, '')`;
const LOGS = `coalesce(message, '') || ' ' || action || ' ' || coalesce(user_name, '') || ' ' || coalesce(ip, '')`;
const INVOICES = `invoice_number || ' ' || order_number || ' ' || coalesce(buyer->>'name', '') || ' ' ||
     coalesce(buyer->>'company_name', '') || ' ' || coalesce(buyer->>'tax_number', '')`;

const column = (table: string, expression: string) => [
  `ALTER TABLE ${table} DROP COLUMN search_text`,
  `ALTER TABLE ${table} ADD COLUMN search_text text GENERATED ALWAYS AS (${expression}) STORED`,
];

const UP = [
  fold(FROM, TO),
  ...column('customers', `tr_fold(${CUSTOMERS})`),
  ...column('products', `tr_fold(${PRODUCTS})`),
  ...column('audit_logs', `tr_fold(${LOGS})`),
  ...column('invoices', `tr_fold(${INVOICES})`),
];

const DOWN = [
  fold(OLD_FROM, OLD_TO),
  ...column('customers', `tr_fold(${CUSTOMERS})`),
  ...column('products', `lower(translate(${PRODUCTS}, 'Iİı', 'iii'))`),
  ...column('audit_logs', `lower(translate(${LOGS}, 'Iİı', 'iii'))`),
  ...column('invoices', `tr_fold(${INVOICES})`),
];

export async function up0029(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0029(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
