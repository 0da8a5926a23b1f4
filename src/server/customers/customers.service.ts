import type { Kysely } from 'kysely';
import type { Customer } from '../../shared/api/entities';
import type { Database } from '../db/schema';
import * as repo from './customers.repository';

/** GET /customers: every signed-in user reads them (salespeople choose customers for orders). */
export async function list(
  db: Kysely<Database>,
  tenantId: string,
  query: { search?: string },
): Promise<{ customers: Customer[] }> {
  const records = await repo.listCustomers(db, tenantId, query.search || undefined);
  return { customers: records.map(repo.toWireCustomer) };
}
