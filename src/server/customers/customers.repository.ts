import type { Kysely, Transaction } from 'kysely';
import type { Customer } from '../../shared/api/entities';
import type { CustomerRow, Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface CustomerRecord extends Customer {
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
  const { change_seq: _seq, deleted: _deleted, ...customer } = record;
  return customer;
}

export async function findCustomersChanged(
  db: Executor,
  tenantId: string,
  after: number,
  upTo: number,
): Promise<CustomerRecord[]> {
  const rows = await db
    .selectFrom('customers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('change_seq', '>', after)
    .where('change_seq', '<=', upTo)
    .orderBy('change_seq')
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

/** Soft delete (the sync feed sends a removal). */
export async function softDeleteCustomer(
  trx: Transaction<Database>,
  tenantId: string,
  customerId: string,
  changeSeq: number,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('customers')
    .set({ deleted_at: at, updated_at: at, change_seq: changeSeq })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
