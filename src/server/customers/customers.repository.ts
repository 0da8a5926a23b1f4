import { type Kysely, sql, type Transaction } from 'kysely';
import type { Customer } from '../../shared/api/entities';
import type { CustomerRow, Database } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';

type Executor = Kysely<Database> | Transaction<Database>;

export interface CustomerRecord extends Omit<Customer, 'version' | 'applied_on_version'> {
  change_seq: number;
  deleted: boolean;
  created_by: string | null;
}

const COLUMNS = [
  'id',
  'customer_number',
  'full_name',
  'company_name',
  'phone',
  'email',
  'address',
  'city',
  'tax_office',
  'tax_number',
  'created_by',
  'created_at',
  'updated_at',
  'deleted_at',
  'change_seq',
] as const;

type SelectedRow = Pick<CustomerRow, (typeof COLUMNS)[number]>;

function toRecord(row: SelectedRow): CustomerRecord {
  return {
    id: row.id,
    customer_number: row.customer_number,
    full_name: row.full_name,
    company_name: row.company_name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    city: row.city,
    tax_office: row.tax_office,
    tax_number: row.tax_number,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    change_seq: Number(row.change_seq),
    deleted: row.deleted_at !== null,
    created_by: row.created_by,
  };
}

export function toWireCustomer(record: CustomerRecord): Customer {
  const { change_seq, deleted: _deleted, created_by: _by, ...customer } = record;
  return { ...customer, version: change_seq };
}

/** Customers by id, as they are now (deleted ones too). */
export async function findCustomersByIds(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<CustomerRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toRecord);
}

/** One customer (deleted too), or undefined. */
export async function findCustomer(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<CustomerRecord | undefined> {
  const row = await db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The customer row locked for this transaction (SELECT … FOR UPDATE), or undefined. */
export async function lockCustomer(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
): Promise<CustomerRecord | undefined> {
  const row = await trx
    .selectFrom('customers')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * Serializes concurrent creates of one client-made id (a transaction-scoped advisory lock): the
 * second waits, then finds the first's row instead of failing on the primary key.
 */
export async function lockCustomerId(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`customer:${tenantId}:${id}`}, 0))`.execute(trx);
}

export interface NewCustomerInput {
  id: string;
  customer_number: string;
  full_name: string;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  city?: string | null;
  tax_office?: string | null;
  tax_number?: string | null;
  created_by?: string | null;
  created_at: Date;
  change_seq: number;
}

export async function insertCustomers(
  trx: Executor,
  tenantId: string,
  customers: NewCustomerInput[],
): Promise<void> {
  if (customers.length === 0) return;
  await trx
    .insertInto('customers')
    .values(customers.map((c) => ({ tenant_id: tenantId, ...c, updated_at: c.created_at, deleted_at: null })))
    .execute();
}

export type CustomerChange = Partial<
  Pick<
    CustomerRow,
    'full_name' | 'company_name' | 'phone' | 'email' | 'address' | 'city' | 'tax_office' | 'tax_number'
  >
>;

export async function updateCustomer(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  change: CustomerChange,
  changeSeq: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ ...change, change_seq: changeSeq, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function softDeleteCustomer(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  changeSeq: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ deleted_at: at, updated_at: at, change_seq: changeSeq })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export interface CustomerListOptions {
  search?: string | undefined;
  /** With `limit`: one page (offset = (page − 1) × limit). */
  page?: number | undefined;
  limit?: number | undefined;
}

/**
 * GET /customers: the tenant's live customers by name (then id), optionally those whose name,
 * company, number, phone, city, tax number or e-mail contains `search`, with Turkish case folding
 * on both sides (tr_fold: 'istanbul' finds 'İstanbul').
 */
export async function listCustomers(
  db: Executor,
  tenantId: string,
  options: CustomerListOptions = {},
): Promise<{ records: CustomerRecord[]; total: number }> {
  let query = db.selectFrom('customers').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  if (options.search) {
    const pattern = containsPattern(options.search);
    query = query.where(sql<boolean>`search_text LIKE tr_fold(${pattern})`);
  }
  let page = query.select(COLUMNS).orderBy('full_name').orderBy('id');
  if (options.limit !== undefined) {
    page = page.limit(options.limit).offset(((options.page ?? 1) - 1) * options.limit);
  }
  const rows = await page.execute();
  const total =
    options.limit === undefined
      ? rows.length
      : Number((await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  return { records: rows.map(toRecord), total };
}

/**
 * Live customers with this tax number or this phone (compared by its last 10 digits, as the
 * generated `phone_key`), other than `excludeId`; at most 20.
 */
export async function findDuplicates(
  db: Executor,
  tenantId: string,
  taxNumber: string | null,
  phoneKey: string | null,
  excludeId: string | undefined,
): Promise<{ record: CustomerRecord; tax: boolean; phone: boolean }[]> {
  if (!taxNumber && !phoneKey) return [];
  let query = db
    .selectFrom('customers')
    .select([...COLUMNS, 'phone_key'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where((eb) => {
      const any = [];
      if (taxNumber) any.push(eb('tax_number', '=', taxNumber));
      if (phoneKey) any.push(eb('phone_key', '=', phoneKey));
      return eb.or(any);
    });
  if (excludeId) query = query.where('id', '!=', excludeId);
  const rows = await query.orderBy('full_name').orderBy('id').limit(20).execute();
  return rows.map((row) => ({
    record: toRecord(row),
    tax: taxNumber !== null && row.tax_number === taxNumber,
    phone: phoneKey !== null && row.phone_key === phoneKey,
  }));
}

/** Whether `customerId` is a customer of this tenant (a soft-deleted one still counts: an order made offline may name it). */
export async function customerExists(db: Executor, tenantId: string, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}
