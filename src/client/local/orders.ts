import type { Order, OrderEvent, OrderItem } from '../../shared/api/entities';
import type {
  AssignDriverBody,
  CreateOrderBody,
  Driver,
  OrderItemInput,
  UpdateOrderBody,
} from '../../shared/api/orders';
import { PATHS } from '../../shared/api/paths';
import { kurusToTl, toKurus } from '../../shared/domain/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../shared/domain/order-status';
import { type LocalDb, type LocalOrder, META, type OutboxEntry, recordKey } from './database';
import { defineMutation, enqueue, uuid } from './outbox';

/**
 * Order actions (DESIGN §6): each one changes the local mirror at once and queues the request in
 * the outbox, in one Dexie transaction (outbox.ts `enqueue`). The screens call these and nothing
 * else; they work the same with the network off.
 *
 * Every entry of one order uses the record key `order:<id>`, so the sync engine sends them in the
 * order they were made (create → edit → approve), and a refused one holds back only the later
 * entries of THAT order, never another order's.
 *
 * The local effects below are pure functions of (row, entry): the outbox re-applies them on top of
 * every newer server version of the order until the server acknowledges them (see outbox.ts), so
 * they must derive everything from the entry (body + `local`), never from the clock or the store.
 */

type Row = Record<string, unknown>;

/** The number an order shows until the server assigns the real one. */
export function pendingOrderNumber(id: string): string {
  return `GEÇİCİ-${id.slice(0, 8).toUpperCase()}`;
}

/** Who is acting, for the order's history (local effects may not read the store). */
interface Actor {
  id: string;
  name: string | null;
}

async function actor(db: LocalDb): Promise<Actor> {
  const user = await db.getMeta<{ id: string; full_name?: string | null; username?: string | null }>(
    META.user,
  );
  return { id: db.userId, name: user?.full_name ?? user?.username ?? null };
}

/** Lines as the wire order carries them, computed in integer kuruş. */
function toItems(lines: OrderItemInput[], idPrefix: string, previous: OrderItem[] = []): OrderItem[] {
  return lines.map((line, index) => {
    const unit = toKurus(line.unit_price);
    const total = unit * line.quantity;
    const before = previous.find((p) => p.product_id && p.product_id === line.product_id);
    return {
      id: `${idPrefix}-${index}`,
      product_id: line.product_id ?? null,
      product_name: line.product_name.trim(),
      barcode: before?.barcode ?? (line as { barcode?: string | null }).barcode ?? null,
      quantity: line.quantity,
      scanned_quantity: 0,
      unit_price: kurusToTl(unit),
      unit_price_kurus: unit,
      total_price: kurusToTl(total),
      total_price_kurus: total,
    };
  });
}

function totalOf(items: OrderItem[]): { total_amount: number; total_amount_kurus: number } {
  const kurus = items.reduce((sum, item) => sum + item.total_price_kurus, 0);
  return { total_amount: kurusToTl(kurus), total_amount_kurus: kurus };
}

function localEvent(
  entry: OutboxEntry,
  orderId: string,
  event: Pick<OrderEvent, 'event_type' | 'from_status' | 'to_status' | 'notes'>,
): OrderEvent {
  const who = (entry.local?.actor ?? {}) as Partial<Actor>;
  return {
    id: `local-${entry.id}`,
    order_id: orderId,
    user_id: who.id ?? entry.user_id,
    user_name: who.name ?? null,
    created_at: entry.created_at,
    ...event,
  };
}

function withEvent(row: Row, event: OrderEvent): Row {
  const events = Array.isArray(row.events) ? (row.events as OrderEvent[]) : [];
  return { ...row, events: [...events, event] };
}

const fromOrderResponse = (data: unknown, entry: OutboxEntry): Record<string, Row | null> =>
  typeof data === 'object' && data !== null && 'id' in data ? { [entry.record_key]: data as Row } : {};

// ------------------------------------------------------------------------- local effects ---

defineMutation('order.create', {
  // Absent → the optimistic order; present (a pull already brought the server's copy) → as is.
  apply: (row, entry) => row ?? (entry.local?.order as Row | undefined) ?? null,
  fromResponse: fromOrderResponse,
});

defineMutation('order.update', {
  apply: (row, entry) => {
    if (!row) return null;
    const body = entry.body as UpdateOrderBody;
    const next: Row = { ...row };
    for (const [field, value] of Object.entries(body)) {
      if (field !== 'items' && value !== undefined) next[field] = value === '' ? null : value;
    }
    if (body.items) {
      const items = toItems(body.items, `local-${entry.id}`, (row.items as OrderItem[]) ?? []);
      Object.assign(next, { items }, totalOf(items));
    }
    return withEvent(
      next,
      localEvent(entry, String(row.id), {
        event_type: 'updated',
        from_status: String(row.status),
        to_status: String(row.status),
        notes: null,
      }),
    );
  },
  fromResponse: fromOrderResponse,
});

defineMutation('order.status', {
  apply: (row, entry) => {
    if (!row) return null;
    const body = entry.body as { status: OrderStatus; notes?: string | null };
    return withEvent(
      { ...row, status: body.status },
      localEvent(entry, String(row.id), {
        event_type: 'status_changed',
        from_status: String(row.status),
        to_status: body.status,
        notes: body.notes ?? null,
      }),
    );
  },
  fromResponse: fromOrderResponse,
});

defineMutation('order.assign-driver', {
  apply: (row, entry) => {
    if (!row) return null;
    const body = entry.body as AssignDriverBody;
    return withEvent(
      {
        ...row,
        driver_id: body.driver_id,
        driver_name: (entry.local?.driver_name as string | undefined) ?? null,
        vehicle_plate: body.vehicle_plate ? body.vehicle_plate : (row.vehicle_plate ?? null),
      },
      localEvent(entry, String(row.id), {
        event_type: 'driver_assigned',
        from_status: String(row.status),
        to_status: String(row.status),
        notes: null,
      }),
    );
  },
  fromResponse: fromOrderResponse,
});

defineMutation('order.delete', {
  apply: () => null,
  fromResponse: (_data, entry) => ({ [entry.record_key]: null }),
});

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
    method: 'POST',
    path: PATHS.orders,
    body,
    records: [recordKey('orders', id)],
    local: { order, actor: who },
  });
  return order;
}

async function requireOrder(db: LocalDb, id: string): Promise<LocalOrder> {
  const row = await db.orders.get(id);
  if (!row) throw new Error('Sipariş bulunamadı');
  return row;
}

/** Edit an order's fields (PUT /orders/{id}); send only what changed. */
export async function updateOrder(db: LocalDb, id: string, changes: UpdateOrderBody): Promise<OutboxEntry> {
  const row = await requireOrder(db, id);
  return enqueue(db, {
    kind: 'order.update',
    summary: `Sipariş güncellendi: ${row.order_number}`,
    method: 'PUT',
    path: PATHS.order(id),
    body: changes,
    records: [recordKey('orders', id)],
    local: { actor: await actor(db) },
  });
}

/**
 * Change an order's status. The request names the status the user saw (`expected_status`): if
 * someone else moved the order on meanwhile, the server answers 409 with the order as it is now,
 * the entry is marked failed with the server's reason and the order shows the server's state.
 */
export async function changeOrderStatus(
  db: LocalDb,
  id: string,
  status: OrderStatus,
  notes?: string | null,
): Promise<OutboxEntry> {
  const row = await requireOrder(db, id);
  return enqueue(db, {
    kind: 'order.status',
    summary: `${row.order_number}: ${ORDER_STATUS_LABELS[row.status]} → ${ORDER_STATUS_LABELS[status]}`,
    method: 'PATCH',
    path: PATHS.orderStatus(id),
    body: { status, notes: notes?.trim() ? notes.trim() : null, expected_status: row.status },
    records: [recordKey('orders', id)],
    local: { actor: await actor(db) },
  });
}

/** Assign a driver (manager/admin; approved or prepared orders). */
export async function assignDriver(
  db: LocalDb,
  id: string,
  driver: Pick<Driver, 'id' | 'full_name'>,
  vehiclePlate?: string | null,
): Promise<OutboxEntry> {
  const row = await requireOrder(db, id);
  const body: AssignDriverBody = { driver_id: driver.id };
  if (vehiclePlate?.trim()) body.vehicle_plate = vehiclePlate.trim();
  return enqueue(db, {
    kind: 'order.assign-driver',
    summary: `${row.order_number}: sürücü ${driver.full_name}`,
    method: 'PATCH',
    path: PATHS.orderAssignDriver(id),
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
    method: 'DELETE',
    path: PATHS.order(id),
    records: [recordKey('orders', id)],
  });
}
