import { type Kysely, sql, type Transaction } from 'kysely';
import { ident, tenantTables } from '../backups/tenant-tables';
import type { Database, TenantRow } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';
import { toAccount, type UserAccount } from '../users/users.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/** Every query of tenant management. Tenants are few (one row per company): plain scans are fine. */

export async function findTenantRow(db: Executor, id: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockTenantRow(trx: Transaction<Database>, id: string): Promise<TenantRow | undefined> {
  return trx.selectFrom('tenants').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Is the subdomain (or the id, which is the same slug) another tenant's? */
export async function subdomainTaken(db: Executor, subdomain: string): Promise<TenantRow | undefined> {
  return db
    .selectFrom('tenants')
    .selectAll()
    .where((eb) => eb.or([eb('subdomain', '=', subdomain), eb('id', '=', subdomain)]))
    .executeTakeFirst();
}

/**
 * A page of tenants, newest first. `search` matches the company name or the subdomain with
 * Turkish case folding (tr_fold, the database function the other searches use).
 */
export async function listTenantRows(
  db: Executor,
  options: { offset: number; limit: number; search?: string },
): Promise<{ rows: TenantRow[]; total: number }> {
  let query = db.selectFrom('tenants');
  if (options.search) {
    const pattern = containsPattern(options.search);
    query = query.where(
      sql<boolean>`(tr_fold(company_name) LIKE tr_fold(${pattern}) OR tr_fold(subdomain) LIKE tr_fold(${pattern}))`,
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface TenantChange {
  company_name: string;
  subscription_plan: string;
  is_active: boolean;
  logo_url: string | null;
  primary_color: string;
  secondary_color: string;
  company_description: string;
}

export interface TenantSettingsChange {
  timezone: string;
  currency: string;
  language: string;
  order_number_prefix: string;
  customer_number_prefix: string;
}

/** Writes the change and the next company version (the company profile shares it). */
export async function updateTenantRow(
  trx: Transaction<Database>,
  id: string,
  change: Partial<TenantChange & TenantSettingsChange>,
  version: number,
  at: Date,
): Promise<TenantRow> {
  return trx
    .updateTable('tenants')
    .set({ ...change, company_version: version, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setTenantActive(db: Executor, id: string, active: boolean): Promise<void> {
  await db.updateTable('tenants').set({ is_active: active }).where('id', '=', id).execute();
}

/** The tables holding a tenant's rows (every public table with a tenant_id column), read from the catalogue. */
export async function tablesWithTenantId(db: Executor): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id'
    ORDER BY c.table_name`.execute(db);
  return result.rows.map((r) => r.table_name);
}

/** Rows and bytes (pg_column_size of each whole row) of the tenant in each of those tables. */
export async function measureTenant(
  db: Executor,
  tenantId: string,
): Promise<{ rows: Record<string, number>; bytes: number }> {
  const rows: Record<string, number> = {};
  let bytes = 0;
  for (const table of await tablesWithTenantId(db)) {
    const result = await sql<{ n: string | number; b: string | number | null }>`
      SELECT count(*) AS n, coalesce(sum(pg_column_size(t.*)), 0) AS b
      FROM ${sql.raw(ident(table))} t WHERE t.tenant_id = ${tenantId}`.execute(db);
    rows[table] = Number(result.rows[0]?.n ?? 0);
    bytes += Number(result.rows[0]?.b ?? 0);
  }
  const own = await sql<{ b: string | number | null }>`
    SELECT pg_column_size(t.*) AS b FROM tenants t WHERE t.id = ${tenantId}`.execute(db);
  bytes += Number(own.rows[0]?.b ?? 0);
  return { rows, bytes };
}

/**
 * Removes every row of the tenant (inside the caller's transaction): each table with a tenant_id,
 * children before parents (the reverse of the backup's restore order, so no foreign key is ever
 * violated whether or not it cascades), then the tenants row. A second pass catches rows that a
 * trigger wrote while the first ran (the order counters follow deleted orders). Only rows whose
 * tenant_id is this tenant's are touched.
 */
export async function deleteTenantRows(
  trx: Transaction<Database>,
  tenantId: string,
): Promise<Record<string, number>> {
  const ordered = (await tenantTables(trx)).map((t) => t.name).filter((name) => name !== 'tenants');
  const all = await tablesWithTenantId(trx);
  // Tables the backup leaves out (its own catalogue of archives) are removed too, first.
  const names = [...all.filter((name) => !ordered.includes(name)), ...ordered.reverse()];
  const removed: Record<string, number> = {};
  for (let pass = 0; pass < 2; pass++) {
    for (const table of names) {
      const result = await sql`DELETE FROM ${sql.raw(ident(table))} WHERE tenant_id = ${tenantId}`.execute(
        trx,
      );
      removed[table] = (removed[table] ?? 0) + Number(result.numAffectedRows ?? 0);
    }
  }
  const tenant = await trx.deleteFrom('tenants').where('id', '=', tenantId).executeTakeFirst();
  removed.tenants = Number(tenant.numDeletedRows);
  return removed;
}

/** The company's live admins by name (then id), for the platform admin's list. */
export async function listTenantAdminAccounts(db: Executor, tenantId: string): Promise<UserAccount[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'admin')
    .where('deleted_at', 'is', null)
    .orderBy('full_name')
    .orderBy('id')
    .execute();
  return rows.map(toAccount);
}
