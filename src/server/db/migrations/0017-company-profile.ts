import { type Kysely, sql } from 'kysely';

/**
 * The company profile (admin 'Şirket Bilgileri'):
 *
 * 1. `tenants.company_version`: the profile's version. Every applied edit adds one; an edit names
 *    the version its user saw, and a stale one is refused with the company as it is now, so two
 *    admins editing at once never overwrite each other unseen.
 *
 * 2. `tenant_logos`: the uploaded company logo, stored in the database once per content (sha256)
 *    per tenant — a backup holds it and any number of server processes serve it. Only PNG, JPEG
 *    and WebP (never SVG, which can carry script).
 *
 * 3. The demo seed's tax numbers had wrong check digits ('9876543210', '5554443332'); a VKN with
 *    a wrong check digit is refused by the profile's own form, so the demo tenants could not be
 *    saved unchanged. Those two known values are replaced by the same digits with the right check
 *    digit — only on tenants made by the demo seed that still hold them.
 */
const DEMO_TAX_FIXES: readonly [tenant: string, from: string, to: string][] = [
  ['demo', '9876543210', '9876543217'],
  ['client1', '5554443332', '5554443334'],
];

export async function up0017(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenants ADD COLUMN company_version integer NOT NULL DEFAULT 1`.execute(db);
  await sql`CREATE TABLE tenant_logos (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
    content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
    bytes bytea NOT NULL,
    size integer NOT NULL CHECK (size > 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, hash)
  )`.execute(db);
  for (const [tenant, from, to] of DEMO_TAX_FIXES) {
    await sql`UPDATE tenants SET tax_number = ${to}
      WHERE id = ${tenant} AND demo_data AND tax_number = ${from}`.execute(db);
  }
}

export async function down0017(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS tenant_logos`.execute(db);
  await sql`ALTER TABLE tenants DROP COLUMN IF EXISTS company_version`.execute(db);
}
