import { type Kysely, sql } from 'kysely';

/**
 * `tenants.demo_data`: the tenant was created by the demo seed (invented companies, users that
 * share a printed password). Demo mode — the debug calls and their buttons — is on only for a
 * database that holds such a tenant, never merely because the embedded database is used: a real
 * company started on PGlite gets no debug calls.
 *
 * A database seeded before this column existed: the demo seed is the only writer that gives a
 * tenant both `full_domain = '<id>.orderapp.com.tr'` and the description
 * '<company name> sipariş yönetim sistemi' (the first-install seed of a production database sets
 * neither), so those tenants are marked.
 */
export async function up0011(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenants ADD COLUMN demo_data boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE tenants SET demo_data = true
    WHERE full_domain = id || '.orderapp.com.tr'
      AND company_description = company_name || ' sipariş yönetim sistemi'`.execute(db);
}

export async function down0011(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenants DROP COLUMN demo_data`.execute(db);
}
