import type { Kysely, Transaction } from 'kysely';
import { auditChanges } from '../../shared/api/audit-fields';
import {
  type CreateCustomerInput,
  CUSTOMER_MESSAGES,
  type CustomerDuplicatesResponse,
  type CustomerListResponse,
  changedCustomerFields,
  phoneKey,
  type UpdateCustomerInput,
} from '../../shared/api/customers';
import type { Customer } from '../../shared/api/entities';
import { nextTenantNumber, reserveChangeSeqs } from '../db/change-seq';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import type { Tenant } from '../tenants/tenants.repository';
import * as repo from './customers.repository';

/**
 * Customers: the tenant's shared customer book. Who may read, write and delete is the role list of
 * each endpoint (src/shared/domain/customer-access.ts), enforced by the route table; this file
 * holds the rules of the records themselves.
 *
 * Writes run inside app.mutate's transaction (audit row + Idempotency-Key outcome in the same
 * commit) and follow the project's lock order: the customer row (or, for a create, its client-made
 * id) first, then the tenant counter last (customer number, change number).
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface CustomerActor {
  id: string;
  role: string;
}

const customerNotFound = () => notFound(CUSTOMER_MESSAGES.notFound);

/** The customer number: the tenant's prefix and its own sequence ('CUST-0025'). */
export function customerNumber(prefix: string, n: number): string {
  return `${prefix}-${String(n).padStart(4, '0')}`;
}

function withAppliedOn(customer: Customer, version: number): Customer {
  return { ...customer, applied_on_version: version };
}

// -------------------------------------------------------------------------------- reads ---

export async function list(
  db: Db,
  tenantId: string,
  query: { search?: string | undefined; page?: number | undefined; limit?: number | undefined },
): Promise<CustomerListResponse> {
  const paged = query.page !== undefined || query.limit !== undefined;
  const limit = paged ? (query.limit ?? 50) : undefined;
  const page = query.page ?? 1;
  const { records, total } = await repo.listCustomers(db, tenantId, {
    search: query.search || undefined,
    page,
    limit,
  });
  const customers = records.map(repo.toWireCustomer);
  if (!paged || limit === undefined) return { customers };
  return { customers, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}

export async function get(db: Db, tenantId: string, id: string): Promise<Customer> {
  const record = await repo.findCustomer(db, tenantId, id);
  if (!record || record.deleted) throw customerNotFound();
  return repo.toWireCustomer(record);
}

export async function duplicates(
  db: Db,
  tenantId: string,
  query: { tax_number?: string | undefined; phone?: string | undefined; exclude_id?: string | undefined },
): Promise<CustomerDuplicatesResponse> {
  const tax = query.tax_number?.replace(/\s/g, '') || null;
  const phone = query.phone ? phoneKey(query.phone) : '';
  // A phone key shorter than a whole number would match unrelated numbers ending alike.
  const key = phone.length === 10 ? phone : null;
  const rows = await repo.findDuplicates(db, tenantId, tax, key, query.exclude_id);
  return {
    duplicates: rows.map((r) => ({
      customer: repo.toWireCustomer(r.record),
      matches: [...(r.tax ? (['tax_number'] as const) : []), ...(r.phone ? (['phone'] as const) : [])],
    })),
  };
}

// ------------------------------------------------------------------------------ create ---

/**
 * POST /customers. A client-made `id` makes an offline creation happen once whatever the
 * Idempotency-Key (a reinstalled app, a replay after the key expired): the same user sending an id
 * that exists gets the stored customer (200, nothing written); another user's id, or a deleted
 * customer's, is 409.
 */
export async function create(
  trx: Trx,
  tenant: Tenant,
  actor: CustomerActor,
  body: CreateCustomerInput,
): Promise<MutationResult<Customer>> {
  const tenantId = tenant.id;
  const id = body.id ?? crypto.randomUUID();
  if (body.id) {
    await repo.lockCustomerId(trx, tenantId, id);
    const existing = await repo.findCustomer(trx, tenantId, id);
    if (existing) {
      if (existing.deleted || existing.created_by !== actor.id) {
        throw new AppError(409, 'CONFLICT', CUSTOMER_MESSAGES.idTaken, { field: 'id' });
      }
      return { data: repo.toWireCustomer(existing), statusCode: 200, entityId: id, changed: false };
    }
  }
  // The tenant counter, last: the customer number, then the change number.
  const n = await nextTenantNumber(trx, tenantId, 'customer_seq');
  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  await repo.insertCustomers(trx, tenantId, [
    {
      id,
      customer_number: customerNumber(tenant.settings.customer_number_prefix, n),
      full_name: body.full_name,
      company_name: body.company_name,
      phone: body.phone,
      email: body.email,
      address: body.address,
      city: body.city,
      tax_office: body.tax_office,
      tax_number: body.tax_number,
      created_by: actor.id,
      created_at: new Date(),
      change_seq: seq as number,
    },
  ]);
  const created = await repo.findCustomer(trx, tenantId, id);
  if (!created) throw customerNotFound();
  return {
    data: withAppliedOn(repo.toWireCustomer(created), 0),
    statusCode: 201,
    entityId: id,
    changed: true,
  };
}

// ------------------------------------------------------------------------------ update ---

/**
 * PUT /customers/{id}: the sent fields (absent = unchanged). A stale `expected_version` is 409
 * with `current` — unless every sent field already has its value (a replay, or two users making
 * the same fix): then 200 and nothing written.
 */
export async function update(
  trx: Trx,
  tenantId: string,
  id: string,
  body: UpdateCustomerInput,
): Promise<MutationResult<Customer>> {
  const locked = await repo.lockCustomer(trx, tenantId, id);
  if (!locked || locked.deleted) throw customerNotFound();
  const changed = changedCustomerFields(body, locked);
  const current = repo.toWireCustomer(locked);
  if (body.expected_version !== undefined && body.expected_version !== locked.change_seq) {
    if (changed.length === 0)
      return { data: withAppliedOn(current, locked.change_seq), entityId: id, changed: false };
    throw new AppError(409, 'CONFLICT', CUSTOMER_MESSAGES.versionConflict, { current });
  }
  if (changed.length === 0)
    return { data: withAppliedOn(current, locked.change_seq), entityId: id, changed: false };
  const change: repo.CustomerChange = {};
  for (const field of changed) {
    const value = body[field];
    if (field === 'full_name') change.full_name = value as string;
    else change[field] = value ?? null;
  }
  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  await repo.updateCustomer(trx, tenantId, id, change, seq as number, new Date());
  const updated = await repo.findCustomer(trx, tenantId, id);
  if (!updated) throw customerNotFound();
  const after = repo.toWireCustomer(updated);
  return {
    data: withAppliedOn(after, locked.change_seq),
    entityId: id,
    changed: true,
    audit: { changes: auditChanges('customer', current, after) },
  };
}

// ------------------------------------------------------------------------------ delete ---

/**
 * DELETE /customers/{id}: a soft delete (orders keep pointing at the customer; devices get a
 * removal). Deleting a deleted customer again is success with nothing written (a replay).
 */
export async function remove(
  trx: Trx,
  tenantId: string,
  id: string,
): Promise<MutationResult<{ id: string; deleted: true }>> {
  const locked = await repo.lockCustomer(trx, tenantId, id);
  if (!locked) throw customerNotFound();
  const audit = { params: { name: locked.full_name } };
  if (locked.deleted) return { data: { id, deleted: true }, entityId: id, changed: false, audit };
  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  await repo.softDeleteCustomer(trx, tenantId, id, seq as number, new Date());
  return { data: { id, deleted: true }, entityId: id, changed: true, audit };
}
