import type { AssignDriverBody, Driver, UpdateOrderBody } from '../../shared/api/orders';
import { orderRecordKey } from '../local/customers';
import { type LocalDb, type OutboxEntry, recordKey } from '../local/database';
import { actor, requireOrder } from '../local/orders';
import { enqueue } from '../local/outbox';

/**
 * The orders screens' own order actions (edit, assign a driver, delete): like those of
 * local/orders.ts (create and status changes, which other features' screens make too), each changes
 * the local mirror at once and queues the request in the outbox in one Dexie transaction, under the
 * order's record key `order:<id>`. Their local effects are in local/mutations/orders.ts.
 */

/**
 * Edit an order's fields (PUT /orders/{id}); send only what changed. The request names the version
 * of the order its user saw (`expected_version`): if someone else changed the order meanwhile, the
 * server refuses it (409 with the order as it is now) instead of silently overwriting their change.
 */
export async function updateOrder(db: LocalDb, id: string, changes: UpdateOrderBody): Promise<OutboxEntry> {
  const row = await requireOrder(db, id);
  return enqueue(db, {
    kind: 'order.update',
    summary: `Sipariş güncellendi: ${row.order_number}`,
    params: { id },
    body: { ...changes, expected_version: row.version },
    // A customer made on this device and not sent yet goes first (see orderRecordKey).
    record_key: await orderRecordKey(db, id, changes.customer_id),
    records: [recordKey('orders', id)],
    local: { actor: await actor(db) },
  });
}

/**
 * Assign a driver (manager/admin; before shipping or while on the way: canAssignDriver), naming the
 * version the user saw.
 */
export async function assignDriver(
  db: LocalDb,
  id: string,
  driver: Pick<Driver, 'id' | 'full_name'>,
  vehiclePlate?: string | null,
): Promise<OutboxEntry> {
  const row = await requireOrder(db, id);
  const body: AssignDriverBody = { driver_id: driver.id, expected_version: row.version };
  if (vehiclePlate?.trim()) body.vehicle_plate = vehiclePlate.trim();
  return enqueue(db, {
    kind: 'order.assign-driver',
    summary: `${row.order_number}: sürücü ${driver.full_name}`,
    params: { id },
    body,
    records: [recordKey('orders', id)],
    local: { actor: await actor(db), driver_name: driver.full_name },
  });
}

/** Delete an order (admin; a soft delete on the server). */
export async function deleteOrder(db: LocalDb, id: string): Promise<OutboxEntry> {
  const row = await requireOrder(db, id);
  return enqueue(db, {
    kind: 'order.delete',
    summary: `Sipariş silindi: ${row.order_number}`,
    params: { id },
    records: [recordKey('orders', id)],
  });
}
