import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { Order, OrderEvent, OrderItem } from '../../shared/api/entities';
import { kurusToDecimal, kurusToTl, toKurus } from '../../shared/domain/money';
import type { OrderScope, OrderStatus } from '../../shared/domain/order-status';
import type { Database, OrderEventRow, OrderItemRow, OrderRow } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';

type Executor = Kysely<Database> | Transaction<Database>;

/** An order as the server's rules see it: the wire order plus what sync needs. */
export interface OrderRecord extends Order {
  change_seq: number;
  deleted: boolean;
}

type OrderRowWithNames = OrderRow & {
  salesperson_name: string | null;
  driver_name: string | null;
  manager_name: string | null;
  warehouse_name: string | null;
};

function toEvent(row: OrderEventRow): OrderEvent {
  return {
    id: row.id,
    order_id: row.order_id,
    event_type: row.event_type as OrderEvent['event_type'],
    from_status: row.from_status,
    to_status: row.to_status,
    user_id: row.user_id,
    user_name: row.user_name,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
  };
}

function toItem(row: OrderItemRow): OrderItem {
  const unit = toKurus(row.unit_price);
  const total = toKurus(row.total_price);
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    barcode: row.barcode,
    quantity: row.quantity,
    scanned_quantity: row.scanned_quantity,
    unit_price: kurusToTl(unit),
    unit_price_kurus: unit,
    total_price: kurusToTl(total),
    total_price_kurus: total,
  };
}

function toRecord(row: OrderRowWithNames, items: OrderItem[], events: OrderEvent[]): OrderRecord {
  const total = toKurus(row.total_amount);
  return {
    id: row.id,
    order_number: row.order_number,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    customer_email: row.customer_email,
    customer_address: row.customer_address,
    status: row.status as OrderStatus,
    total_amount: kurusToTl(total),
    total_amount_kurus: total,
    salesperson_id: row.salesperson_id,
    salesperson_name: row.salesperson_name,
    manager_id: row.manager_id,
    manager_name: row.manager_name,
    warehouse_id: row.warehouse_id,
    warehouse_name: row.warehouse_name,
    driver_id: row.driver_id,
    driver_name: row.driver_name,
    vehicle_plate: row.vehicle_plate,
    notes: row.notes,
    items,
    events,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    change_seq: Number(row.change_seq),
    deleted: row.deleted_at !== null,
  };
}

export function toWireOrder(record: OrderRecord): Order {
  const { change_seq: _seq, deleted: _deleted, ...order } = record;
  return order;
}

function ordersWithNames(db: Executor, tenantId: string) {
  return db
    .selectFrom('orders as o')
    .leftJoin('users as s', (join) =>
      join.onRef('s.tenant_id', '=', 'o.tenant_id').onRef('s.id', '=', 'o.salesperson_id'),
    )
    .leftJoin('users as d', (join) =>
      join.onRef('d.tenant_id', '=', 'o.tenant_id').onRef('d.id', '=', 'o.driver_id'),
    )
    .leftJoin('users as m', (join) =>
      join.onRef('m.tenant_id', '=', 'o.tenant_id').onRef('m.id', '=', 'o.manager_id'),
    )
    .leftJoin('users as w', (join) =>
      join.onRef('w.tenant_id', '=', 'o.tenant_id').onRef('w.id', '=', 'o.warehouse_id'),
    )
    .selectAll('o')
    .select([
      's.full_name as salesperson_name',
      'd.full_name as driver_name',
      'm.full_name as manager_name',
      'w.full_name as warehouse_name',
    ])
    .where('o.tenant_id', '=', tenantId);
}

/** Rows of a child table grouped by their order, in the order the query returned them. */
function byOrder<R extends { order_id: string }, T>(rows: R[], map: (row: R) => T): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.order_id) ?? [];
    list.push(map(row));
    grouped.set(row.order_id, list);
  }
  return grouped;
}

async function itemsFor(
  db: Executor,
  tenantId: string,
  orderIds: string[],
): Promise<Map<string, OrderItem[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  return byOrder(rows, toItem);
}

async function eventsFor(
  db: Executor,
  tenantId: string,
  orderIds: string[],
): Promise<Map<string, OrderEvent[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_events')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return byOrder(rows, toEvent);
}

/** Rows → records with their items and events (two queries for any number of orders). */
export async function withDetails(
  db: Executor,
  tenantId: string,
  rows: OrderRowWithNames[],
): Promise<OrderRecord[]> {
  const live = rows.filter((r) => r.deleted_at === null).map((r) => r.id);
  const [items, events] = await Promise.all([itemsFor(db, tenantId, live), eventsFor(db, tenantId, live)]);
  return rows.map((row) => toRecord(row, items.get(row.id) ?? [], events.get(row.id) ?? []));
}

/** Orders whose change_seq is in (after, upTo], oldest change first, with items. */
export async function findOrdersChanged(
  db: Executor,
  tenantId: string,
  after: number,
  upTo: number,
): Promise<OrderRecord[]> {
  const rows = await ordersWithNames(db, tenantId)
    .where('o.change_seq', '>', after)
    .where('o.change_seq', '<=', upTo)
    .orderBy('o.change_seq')
    .execute();
  return withDetails(db, tenantId, rows);
}

export async function findOrder(
  db: Executor,
  tenantId: string,
  orderId: string,
): Promise<OrderRecord | undefined> {
  const row = await ordersWithNames(db, tenantId).where('o.id', '=', orderId).executeTakeFirst();
  if (!row) return undefined;
  const [record] = await withDetails(db, tenantId, [row]);
  return record;
}

/**
 * Locks the order row (SELECT … FOR UPDATE). Every writer of an order takes this lock FIRST and
 * the tenant counter LAST (db/change-seq.ts), so writers cannot deadlock on PostgreSQL.
 */
export async function lockOrder(
  trx: Transaction<Database>,
  tenantId: string,
  orderId: string,
): Promise<LockedOrder | undefined> {
  const row = await trx
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'customer_name',
      'status',
      'salesperson_id',
      'driver_id',
      'vehicle_plate',
      'deleted_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const { deleted_at, ...rest } = row;
  return { ...rest, deleted: deleted_at !== null };
}

/** What a writer reads from the order row it locks. */
export interface LockedOrder {
  id: string;
  order_number: string;
  customer_name: string;
  status: string;
  salesperson_id: string | null;
  driver_id: string | null;
  vehicle_plate: string | null;
  deleted: boolean;
}

export interface OrderChange {
  customer_id?: string | null;
  customer_name?: string;
  customer_phone?: string | null;
  customer_email?: string | null;
  customer_address?: string | null;
  /** The new total, in kuruş (set together with replaced items). */
  total_amount_kurus?: number;
  status?: string;
  driver_id?: string | null;
  vehicle_plate?: string | null;
  manager_id?: string | null;
  warehouse_id?: string | null;
  notes?: string | null;
  deleted_at?: Date | null;
}

/** Applies a change to a locked order and stamps it with the transaction's change number. */
export async function updateOrder(
  trx: Transaction<Database>,
  tenantId: string,
  orderId: string,
  change: OrderChange,
  changeSeq: number,
  at: Date,
): Promise<void> {
  const { total_amount_kurus, ...columns } = change;
  await trx
    .updateTable('orders')
    .set({
      ...columns,
      ...(total_amount_kurus === undefined ? {} : { total_amount: kurusToDecimal(total_amount_kurus) }),
      change_seq: changeSeq,
      updated_at: at,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .execute();
}

export interface NewOrderInput {
  id: string;
  order_number: string;
  customer_id: string | null;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  customer_address: string | null;
  status: OrderStatus;
  salesperson_id: string | null;
  manager_id?: string | null;
  warehouse_id?: string | null;
  driver_id: string | null;
  vehicle_plate: string | null;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
  change_seq: number;
  items: {
    id: string;
    product_id: string | null;
    product_name: string;
    barcode: string | null;
    quantity: number;
    scanned_quantity: number;
    unit_price_kurus: number;
  }[];
}

export interface NewOrderEventInput {
  id: string;
  order_id: string;
  event_type: 'created' | 'status_changed' | 'driver_assigned' | 'updated' | 'item_scanned';
  from_status: string | null;
  to_status: string;
  user_id: string | null;
  user_name: string | null;
  notes: string | null;
  created_at: Date;
}

/** Inserts orders with their items (total computed here, in kuruş, from the lines). */
export async function insertOrders(trx: Executor, tenantId: string, orders: NewOrderInput[]): Promise<void> {
  if (orders.length === 0) return;
  await trx
    .insertInto('orders')
    .values(
      orders.map((o) => ({
        tenant_id: tenantId,
        id: o.id,
        order_number: o.order_number,
        customer_id: o.customer_id,
        customer_name: o.customer_name,
        customer_phone: o.customer_phone,
        customer_email: o.customer_email,
        customer_address: o.customer_address,
        status: o.status,
        total_amount: kurusToDecimal(
          o.items.reduce((sum, item) => sum + item.quantity * item.unit_price_kurus, 0),
        ),
        salesperson_id: o.salesperson_id,
        manager_id: o.manager_id ?? null,
        warehouse_id: o.warehouse_id ?? null,
        driver_id: o.driver_id,
        vehicle_plate: o.vehicle_plate,
        notes: o.notes,
        created_at: o.created_at,
        updated_at: o.updated_at,
        deleted_at: null,
        change_seq: o.change_seq,
      })),
    )
    .execute();
  const items = orders.flatMap((o) =>
    o.items.map((item, position) => ({
      tenant_id: tenantId,
      id: item.id,
      order_id: o.id,
      position,
      product_id: item.product_id,
      product_name: item.product_name,
      barcode: item.barcode,
      quantity: item.quantity,
      scanned_quantity: item.scanned_quantity,
      unit_price: kurusToDecimal(item.unit_price_kurus),
      total_price: kurusToDecimal(item.quantity * item.unit_price_kurus),
      created_at: o.created_at,
    })),
  );
  for (let i = 0; i < items.length; i += 500)
    await trx
      .insertInto('order_items')
      .values(items.slice(i, i + 500))
      .execute();
}

export async function insertOrderEvents(
  trx: Executor,
  tenantId: string,
  events: NewOrderEventInput[],
): Promise<void> {
  for (let i = 0; i < events.length; i += 500) {
    await trx
      .insertInto('order_events')
      .values(events.slice(i, i + 500).map((e) => ({ tenant_id: tenantId, ...e })))
      .execute();
  }
}

// --------------------------------------------------------------------------------- lists ---

type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

/**
 * THE translation of `orderScope` (src/shared/domain/order-status.ts) into SQL: every list of
 * orders goes through it, and `canSeeOrder` evaluates the same data for one order (single reads,
 * the sync feed), so a list can never show an order the detail or the feed would refuse.
 */
export function scopeCondition(eb: OrdersEb, scope: OrderScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'salesperson':
      return eb('o.salesperson_id', '=', scope.salesperson_id);
    case 'driver':
      return eb('o.driver_id', '=', scope.driver_id);
    case 'statuses':
      return scope.statuses.length > 0 ? eb('o.status', 'in', [...scope.statuses]) : sql<SqlBool>`false`;
    default:
      return sql<SqlBool>`false`;
  }
}

export interface OrderListFilter {
  status?: string;
  /** Any of these statuses (GET /orders/role/{role}). */
  statuses?: readonly string[];
  salesperson_id?: string;
  /** Order number or customer name contains it (case-insensitive; % and _ are literal). */
  search?: string;
}

function filteredOrders(db: Executor, tenantId: string, scope: OrderScope, filter: OrderListFilter) {
  let query = db
    .selectFrom('orders as o')
    .where('o.tenant_id', '=', tenantId)
    .where('o.deleted_at', 'is', null)
    .where((eb) => scopeCondition(eb, scope));
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.statuses) {
    const statuses = [...filter.statuses];
    query = statuses.length > 0 ? query.where('o.status', 'in', statuses) : query.where(sql<SqlBool>`false`);
  }
  if (filter.salesperson_id) query = query.where('o.salesperson_id', '=', filter.salesperson_id);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([eb('o.order_number', 'ilike', pattern), eb('o.customer_name', 'ilike', pattern)]),
    );
  }
  return query;
}

/**
 * Live orders within `scope` matching `filter`, newest first (created_at, then id: a total order,
 * so pages never overlap or skip), one page of them with items and events, and (when asked) how
 * many match in all.
 */
export async function listOrders(
  db: Executor,
  tenantId: string,
  scope: OrderScope,
  filter: OrderListFilter,
  page: { offset: number; limit: number; count: boolean },
): Promise<{ items: OrderRecord[]; total: number }> {
  const base = filteredOrders(db, tenantId, scope, filter);
  const pageIds = base
    .select('o.id')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const rows = await ordersWithNames(db, tenantId)
    .where('o.id', 'in', pageIds)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  const items = await withDetails(db, tenantId, rows);
  if (!page.count) return { items, total: items.length };
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { items, total: Number(count.n) };
}

// ------------------------------------------------------------------------------- writes ---

/**
 * Serializes the creations of one client-made order id (a transaction-scoped advisory lock), so
 * that two requests creating the same id — two devices, or a retry with a new key — cannot both
 * find it free: the second waits until the first commits and then finds the order. Taken before
 * the tenant counter (db/change-seq.ts lock order: the entity first, the counter last).
 */
export async function lockOrderId(
  trx: Transaction<Database>,
  tenantId: string,
  orderId: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`order:${tenantId}:${orderId}`}, 0))`.execute(
    trx,
  );
}

/** Who owns an existing order id of this tenant (deleted or not), for client-made ids. */
export async function findOrderOwner(
  db: Executor,
  tenantId: string,
  orderId: string,
): Promise<{ id: string; salesperson_id: string | null; deleted: boolean } | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'salesperson_id', 'deleted_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row
    ? { id: row.id, salesperson_id: row.salesperson_id, deleted: row.deleted_at !== null }
    : undefined;
}

/** Replaces the lines of a (locked) order; the caller sets the new total with updateOrder. */
export async function replaceOrderItems(
  trx: Transaction<Database>,
  tenantId: string,
  orderId: string,
  items: NewOrderInput['items'],
  at: Date,
): Promise<void> {
  await trx
    .deleteFrom('order_items')
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .execute();
  if (items.length === 0) return;
  await trx
    .insertInto('order_items')
    .values(
      items.map((item, position) => ({
        tenant_id: tenantId,
        id: item.id,
        order_id: orderId,
        position,
        product_id: item.product_id,
        product_name: item.product_name,
        barcode: item.barcode,
        quantity: item.quantity,
        scanned_quantity: item.scanned_quantity,
        unit_price: kurusToDecimal(item.unit_price_kurus),
        total_price: kurusToDecimal(item.quantity * item.unit_price_kurus),
        created_at: at,
      })),
    )
    .execute();
}
