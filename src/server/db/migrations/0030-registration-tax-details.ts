import { type Kysely, sql } from 'kysely';

/**
 * A company's sign-up asks for what its invoices will print: the legal name (ticari unvan), the
 * VKN (or a sole proprietor's TCKN) and the tax office. Approval carries them into the new
 * tenant's company profile, so its first invoice is not refused for a profile nobody was asked
 * to fill in. Nullable: registrations made before the form asked for them have none.
 */
const UP = [
  'ALTER TABLE company_registrations ADD COLUMN legal_name text',
  'ALTER TABLE company_registrations ADD COLUMN tax_number text',
  'ALTER TABLE company_registrations ADD COLUMN tax_office text',
];

const DOWN = [
  'ALTER TABLE company_registrations DROP COLUMN IF EXISTS tax_office',
  'ALTER TABLE company_registrations DROP COLUMN IF EXISTS tax_number',
  'ALTER TABLE company_registrations DROP COLUMN IF EXISTS legal_name',
];

export async function up0030(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0030(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
