import {
  type CreateCustomerBody,
  CUSTOMER_EDIT_FIELDS,
  type UpdateCustomerBody,
} from '../../shared/api/customers';
import type { Customer } from '../../shared/api/entities';
import { type LocalCustomer, type LocalDb, type OutboxEntry, recordKey } from './database';
import { enqueue, uuid } from './outbox';

/**
 * Customer actions: each changes the local mirror at once and queues its request in the outbox,
 * in one Dexie transaction (outbox.ts `enqueue`), so they work the same with the network off.
 * Every entry of one customer uses the record key `customer:<id>`, so create → edit → delete go
 * in the order they were made. Their local effects are in ./mutations/customers.ts.
 */

/** The number a customer created on this device shows until the server assigns the real one. */
export function pendingCustomerNumber(id: string): string {
  return `GEÇİCİ-${id.slice(0, 8).toUpperCase()}`;
}

const blank = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/**
 * Create a customer. The device makes its UUID, so the customer exists locally at once (with a
 * provisional number, `pending_sync: 1`) — an order can name it right away, offline — and the
 * server creates it once however often the request is sent. The entry's key is the id too.
 */
export async function createCustomer(db: LocalDb, input: CreateCustomerBody): Promise<LocalCustomer> {
  const id = input.id ?? uuid();
  const now = new Date().toISOString();
  const body: CreateCustomerBody = { ...input, id };
  const customer: Customer & { pending_sync: 1 } = {
    id,
    customer_number: pendingCustomerNumber(id),
    full_name: input.full_name.trim(),
    company_name: blank(input.company_name),
    phone: blank(input.phone),
    email: blank(input.email),
    address: blank(input.address),
    city: blank(input.city),
    tax_office: blank(input.tax_office),
    tax_number: blank(input.tax_number)?.replace(/\s/g, '') ?? null,
    created_at: now,
    updated_at: now,
    // Not on the server yet: version 0 until the server's row replaces it.
    version: 0,
    pending_sync: 1,
  };
  await enqueue(db, {
    id,
    kind: 'customer.create',
    summary: `Müşteri oluşturuldu: ${customer.full_name}`,
    body,
    records: [recordKey('customers', id)],
    local: { customer },
  });
  return customer;
}

/**
 * Edit a customer (PUT /customers/{id}), sending only the fields that changed and the version its
 * user saw (`expected_version`): an edit made on an older version is refused with the customer as
 * it is now, never applied over someone else's change.
 */
export async function updateCustomer(
  db: LocalDb,
  id: string,
  values: Omit<UpdateCustomerBody, 'expected_version'>,
): Promise<OutboxEntry | null> {
  const row = await db.customers.get(id);
  if (!row) throw new Error('Müşteri bulunamadı');
  const changes: Record<string, string | null> = {};
  for (const field of CUSTOMER_EDIT_FIELDS) {
    const value = values[field];
    if (value === undefined) continue;
    const next = field === 'tax_number' ? (blank(value)?.replace(/\s/g, '') ?? null) : blank(value);
    if (next !== ((row as Record<string, unknown>)[field] ?? null)) changes[field] = next;
  }
  if (Object.keys(changes).length === 0) return null;
  return enqueue(db, {
    kind: 'customer.update',
    summary: `Müşteri güncellendi: ${row.customer_number}`,
    params: { id },
    body: { ...changes, expected_version: row.version } as UpdateCustomerBody,
    records: [recordKey('customers', id)],
  });
}

/**
 * The ordering key of an order that names `customerId`: when the customer's create is still in
 * this device's outbox, the order is ordered behind it (`order:<id> customer:<id>`) — it is sent
 * only after the customer was created, and held (never linked to nothing) while that create is
 * refused. Otherwise the order's own key.
 */
export async function orderRecordKey(db: LocalDb, orderId: string, customerId: string | null | undefined) {
  const own = recordKey('orders', orderId);
  if (!customerId) return own;
  const key = recordKey('customers', customerId);
  const waiting = await db.outbox.where('records').equals(key).count();
  return waiting > 0 ? `${own} ${key}` : own;
}
