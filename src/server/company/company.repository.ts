import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** The tenant's columns the company profile reads. */
export interface CompanyRow {
  id: string;
  company_name: string;
  legal_name: string | null;
  tax_number: string | null;
  tax_office: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  currency: string;
  timezone: string;
  language: string;
  logo_url: string | null;
  subdomain: string;
  company_version: number;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'company_name',
  'legal_name',
  'tax_number',
  'tax_office',
  'address',
  'phone',
  'email',
  'website',
  'currency',
  'timezone',
  'language',
  'logo_url',
  'subdomain',
  'company_version',
  'updated_at',
] as const;

export async function findCompany(db: Executor, tenantId: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('tenants').select(COLUMNS).where('id', '=', tenantId).executeTakeFirst();
}

/** The row, locked until the transaction ends (two edits at once are checked one after the other). */
export async function lockCompany(
  trx: Transaction<Database>,
  tenantId: string,
): Promise<CompanyRow | undefined> {
  return trx.selectFrom('tenants').select(COLUMNS).where('id', '=', tenantId).forUpdate().executeTakeFirst();
}

export interface CompanyChange {
  company_name: string;
  legal_name: string;
  tax_number: string;
  tax_office: string;
  address: string;
  phone: string;
  email: string;
  website: string | null;
  currency: string;
  timezone: string;
  language: string;
}

/** Writes the profile under the next version. */
export async function updateCompany(
  trx: Transaction<Database>,
  tenantId: string,
  change: CompanyChange,
  version: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('tenants')
    .set({ ...change, company_version: version, updated_at: at })
    .where('id', '=', tenantId)
    .execute();
}

export async function setLogoUrl(
  trx: Transaction<Database>,
  tenantId: string,
  url: string | null,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('tenants')
    .set({ logo_url: url, updated_at: at })
    .where('id', '=', tenantId)
    .execute();
}

/** Stores a logo once per content: a second upload of the same bytes changes nothing. */
export async function insertLogo(
  trx: Transaction<Database>,
  tenantId: string,
  logo: { hash: string; content_type: string; bytes: Uint8Array },
  at: Date,
): Promise<void> {
  await trx
    .insertInto('tenant_logos')
    .values({
      tenant_id: tenantId,
      hash: logo.hash,
      content_type: logo.content_type,
      bytes: logo.bytes,
      size: logo.bytes.byteLength,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
    .execute();
}

/** Drops the tenant's stored logos other than `keep` (a tenant keeps only the logo it shows). */
export async function deleteLogosExcept(
  trx: Transaction<Database>,
  tenantId: string,
  keep: string | null,
): Promise<void> {
  let q = trx.deleteFrom('tenant_logos').where('tenant_id', '=', tenantId);
  if (keep) q = q.where('hash', '<>', keep);
  await q.execute();
}

export async function findLogo(
  db: Executor,
  tenantId: string,
  hash: string,
): Promise<{ content_type: string; bytes: Uint8Array } | undefined> {
  return db
    .selectFrom('tenant_logos')
    .select(['content_type', 'bytes'])
    .where('tenant_id', '=', tenantId)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** Live records of the tenant: active users; orders, products and customers not deleted. */
export async function countStatistics(
  db: Executor,
  tenantId: string,
): Promise<{ users: number; orders: number; products: number; customers: number }> {
  const [users, orders, products, customers] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: Number(users.n),
    orders: Number(orders.n),
    products: Number(products.n),
    customers: Number(customers.n),
  };
}
