import type { Kysely, Transaction } from 'kysely';
import type { Customer } from '../../shared/api/entities';
import type { CustomerRow, Database } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';

type Executor = Kysely<Database> | Transaction<Database>;

export interface CustomerRecord extends Omit<Customer, 'version'> {
  change_seq: number;
  deleted: boolean;
}

function toRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    customer_number: row.customer_number,
    full_name: row.full_name,
    company_name: row.company_name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    change_seq: Number(row.change_seq),
    deleted: row.deleted_at !== null,
  };
}

export function toWireCustomer(record: CustomerRecord): Customer {
  const { change_seq, deleted: _deleted, ...customer } = record;
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
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toRecord);
}

export interface NewCustomerInput {
  id: string;
  customer_number: string;
  full_name: string;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
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

/**
 * GET /customers: the tenant's live customers by name (then id), optionally those whose name,
 * company, number, phone or e-mail contains `search` (case-insensitive).
 */
export async function listCustomers(
  db: Executor,
  tenantId: string,
  search: string | undefined,
): Promise<CustomerRecord[]> {
  let query = db
    .selectFrom('customers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('full_name', 'ilike', pattern),
        eb('company_name', 'ilike', pattern),
        eb('customer_number', 'ilike', pattern),
        eb('phone', 'ilike', pattern),
        eb('email', 'ilike', pattern),
      ]),
    );
  }
  const rows = await query.orderBy('full_name').orderBy('id').execute();
  return rows.map(toRecord);
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
