import type { Order } from '../../shared/api/entities';
import { ORDER_MESSAGES } from '../../shared/api/order-messages';
import type { CreateOrderBody } from '../../shared/api/orders';
import {
  findTransition,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  transitionBlock,
} from '../../shared/domain/order-status';
import { orderRecordKey } from './customers';
import { type LocalDb, type LocalOrder, META, type OutboxEntry, recordKey } from './database';
import { type Actor, toItems, totalOf } from './mutations/orders';
import { enqueue, uuid } from './outbox';

/**
 * Order actions: each one changes the local mirror at once and queues the request in
 * the outbox, in one Dexie transaction (outbox.ts `enqueue`). The screens call these and nothing
 * else; they work the same with the network off.
 *
 * Every entry of one order uses the record key `order:<id>`, so the sync engine sends them in the
 * order they were made (create → edit → approve), and a refused one holds back only the later
 * entries of THAT order, never another order's.
 *
 * Their local effects are in ./mutations/orders.ts.
 */

/** The number an order shows until the server assigns the real one. */
export function pendingOrderNumber(id: string): string {
  return `GEÇİCİ-${id.slice(0, 8).toUpperCase()}`;
}

/** Who makes a change on this device (the signed-in user), as an entry records it. */
export async function actor(db: LocalDb): Promise<Actor> {
  const user = await db.getMeta<{ id: string; full_name?: string | null; username?: string | null }>(
    META.user,
  );
  return { id: db.userId, name: user?.full_name ?? user?.username ?? null };
}

// ------------------------------------------------------------------------------- actions ---

/**
 * Create an order. The client makes its UUID, so the order exists locally at once (with a
 * pending number, `pending_sync: 1`) and the server creates it exactly once however often the
 * request is sent. The entry's Idempotency-Key is the order id as well.
 */
export async function createOrder(db: LocalDb, input: CreateOrderBody): Promise<LocalOrder> {
  const id = input.id ?? uuid();
  const who = await actor(db);
  const now = new Date().toISOString();
  const items = toItems(input.items, `local-${id}`);
  const body: CreateOrderBody = { ...input, id };
  const order: Order & { pending_sync: 1 } = {
    id,
    order_number: pendingOrderNumber(id),
    // Not on the server yet: version 0 until the server's row (with its change number) replaces it.
    version: 0,
    customer_id: input.customer_id ?? null,
    customer_name: input.customer_name.trim(),
    customer_phone: input.customer_phone?.trim() || null,
    customer_email: input.customer_email?.trim() || null,
    customer_address: input.customer_address?.trim() || null,
    status: 'pending_approval',
    ...totalOf(items),
    salesperson_id: who.id,
    salesperson_name: who.name,
    manager_id: null,
    manager_name: null,
    warehouse_id: null,
    warehouse_name: null,
    driver_id: null,
    driver_name: null,
    vehicle_plate: null,
    notes: input.notes?.trim() || null,
    items,
    events: [
      {
        id: `local-${id}`,
        order_id: id,
        event_type: 'created',
        from_status: null,
        to_status: 'pending_approval',
        user_id: who.id,
        user_name: who.name,
        notes: null,
        created_at: now,
      },
    ],
    created_at: now,
    updated_at: now,
    pending_sync: 1,
  };
  await enqueue(db, {
    id,
    kind: 'order.create',
    summary: `Sipariş oluşturuldu: ${order.customer_name}`,
    body,
    // Behind the customer's create when that customer was made on this device and is not sent yet.
    record_key: await orderRecordKey(db, id, input.customer_id),
    records: [recordKey('orders', id)],
    local: { order, actor: who },
  });
  return order;
}

/** The order in the mirror; throws when this device does not hold it. */
export async function requireOrder(db: LocalDb, id: string): Promise<LocalOrder> {
  const row = await db.orders.get(id);
  if (!row) throw new Error('Sipariş bulunamadı');
  return row;
}

/**
 * Change an order's status. The request names the status and the version the user saw
 * (`expected_status`, `expected_version`: a status can come back, and a move must not be made
 * twice when it does): if someone else moved the order on meanwhile, the server answers 409 with the order as it is now,
 * the entry is marked failed with the server's reason and the order shows the server's state.
 * A move whose precondition the order does not meet here (shipping without a driver:
 * transitionBlock, the rule the server applies) is refused at once and nothing is queued, offline
 * too: the server would only refuse it later.
 */
export async function changeOrderStatus(
  db: LocalDb,
  id: string,
  status: OrderStatus,
  notes?: string | null,
): Promise<OutboxEntry> {
  const row = await requireOrder(db, id);
  const transition = findTransition(row.status, status);
  if (transition && transitionBlock(transition, row) === 'driver_required')
    throw new Error(ORDER_MESSAGES.driverRequired(ORDER_STATUS_LABELS[status]));
  return enqueue(db, {
    kind: 'order.status',
    summary: `${row.order_number}: ${ORDER_STATUS_LABELS[row.status]} → ${ORDER_STATUS_LABELS[status]}`,
    params: { id },
    body: {
      status,
      notes: notes?.trim() ? notes.trim() : null,
      expected_status: row.status,
      expected_version: row.version,
    },
    records: [recordKey('orders', id)],
    local: { actor: await actor(db) },
  });
}
