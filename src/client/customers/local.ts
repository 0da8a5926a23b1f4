import { type LocalDb, type OutboxEntry, recordKey } from '../local/database';
import { enqueue } from '../local/outbox';

/**
 * The customers screen's own customer action: like those of local/customers.ts (create and edit,
 * which the order and sales screens make too), it changes the local mirror at once and queues its
 * request in the outbox in one Dexie transaction, under the customer's record key `customer:<id>`.
 * Its local effect is in local/mutations/customers.ts.
 */

/** Delete a customer (soft, on the server; admin and manager). */
export async function deleteCustomer(db: LocalDb, id: string): Promise<OutboxEntry> {
  const row = await db.customers.get(id);
  return enqueue(db, {
    kind: 'customer.delete',
    summary: `Müşteri silindi: ${row?.customer_number ?? id}`,
    params: { id },
    records: [recordKey('customers', id)],
  });
}
