import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Order } from '../../shared/api/entities';
import type { DecisionOutcome } from '../../shared/domain/dashboard-stats';
import { DEFAULT_KDV_RATE } from '../../shared/domain/invoice';
import { kurusToDecimal } from '../../shared/domain/money';
import type { OrderScope, OrderStatus } from '../../shared/domain/order-status';
import type { Database } from '../db/schema';
import type { WireCache, WireKind } from './wire-cache';

type Executor = Kysely<Database> | Transaction<Database>;

/** An order as the server's rules see it: the wire order plus what sync needs. */
export interface OrderRecord extends Omit<Order, 'version'> {
  change_seq: number;
  deleted: boolean;
}

// ------------------------------------------------------------------- the wire order in SQL ---

/*
 * Orders are read as the wire order itself: ONE JSON text per order, made by the database
 * functions `order_wire` (with `events`) and `order_summary_wire` (without) of migration 0004,
 * which also says why (PGlite plans and decodes expensively; the plan of a function's query is
 * kept) and how the values stay exactly what the former JS mapping produced. Every read below is
 * one statement; reads that need objects parse the text once, the sync feed does not parse it.
 * `order_wire` answers the text stored when the order last changed (order_wires, migration 0050)
 * while the order keeps that change number, and builds it otherwise.
 */

export function toWireOrder(record: OrderRecord): Order {
  const { change_seq, deleted: _deleted, ...order } = record;
  // The change number is the order's version on the wire: edits send it back as expected_version.
  return { ...order, version: change_seq };
}

/** One order (deleted or not) with its items and events, in ONE statement. */
export async function findOrder(
  db: Executor,
  tenantId: string,
  orderId: string,
): Promise<OrderRecord | undefined> {
  const { rows } = await sql<{ change_seq: number | string; deleted: boolean; wire: string }>`
    SELECT change_seq, deleted, wire FROM order_wire(${tenantId}, ARRAY[${orderId}]::uuid[])`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const order = JSON.parse(row.wire) as Order;
  // A deleted order is never shown (404, or a removal): its lines and history are not sent.
  if (row.deleted) {
    order.items = [];
    order.events = [];
  }
  return { ...order, change_seq: Number(row.change_seq), deleted: row.deleted };
}

/** What a single read needs before the order's JSON: its version and who may see it. */
export interface OrderHead {
  change_seq: number;
  deleted: boolean;
  status: string;
  salesperson_id: string | null;
  driver_id: string | null;
}

/** One order's version and visibility columns (an index lookup; no JSON built). */
export async function findOrderHead(
  db: Executor,
  tenantId: string,
  orderId: string,
): Promise<OrderHead | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['change_seq', 'deleted_at', 'status', 'salesperson_id', 'driver_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    change_seq: Number(row.change_seq),
    deleted: row.deleted_at !== null,
    status: row.status,
    salesperson_id: row.salesperson_id,
    driver_id: row.driver_id,
  };
}

/**
 * The wire JSON of one order at version `seq` when `wires` holds it, else as the database builds
 * it now (with the version it was built at). A read path only (wire-cache.ts).
 */
export async function findOrderWire(
  db: Executor,
  tenantId: string,
  orderId: string,
  seq: number,
  wires: WireCache | undefined,
): Promise<{ wire: string; seq: number } | undefined> {
  const hit = wires?.get('full', tenantId, orderId, seq);
  if (hit !== undefined) return { wire: hit, seq };
  const { rows } = await sql<{ change_seq: number | string; deleted: boolean; wire: string }>`
    SELECT change_seq, deleted, wire FROM order_wire(${tenantId}, ARRAY[${orderId}]::uuid[])`.execute(db);
  const row = rows[0];
  if (!row || row.deleted) return undefined;
  wires?.set('full', tenantId, orderId, Number(row.change_seq), row.wire);
  return { wire: row.wire, seq: Number(row.change_seq) };
}

/** A changed order as the sync feed needs it (changedOrdersJson + ordersWithWire). */
export interface ChangedOrder {
  id: string;
  /** Its change number in the page. */
  seq: number;
  /** The caller may see it now (not deleted, within their scope). */
  visible: boolean;
  /** Some state the order has had was within the caller's scope (seenCondition). */
  seen: boolean;
  /** The wire order as JSON text in UTF-8, only when visible. */
  wire: Buffer | null;
}

/**
 * The orders whose change_seq is in (after, upTo], oldest change first, as a JSON array text of
 * `[id, change_seq, visible, seen]` — a sub-select for the sync page's ONE statement
 * (sync.repository.ts `changedPage`); `upTo` is an expression of that statement. No order's JSON
 * is built here: the page takes those from the wire cache (ordersWithWire).
 */
export function changedOrdersJson(
  tenantId: string,
  scope: OrderScope,
  after: number,
  upTo: Expression<number | null>,
): RawBuilder<string> {
  return sql<string>`(SELECT coalesce(json_agg(json_build_array(o.id, o.change_seq,
      o.deleted_at IS NULL AND ${scopeCondition(scope)}, ${seenCondition(scope)}) ORDER BY o.change_seq), '[]')::text
    FROM orders o
    WHERE o.tenant_id = ${tenantId} AND o.change_seq > ${after} AND o.change_seq <= ${upTo})`;
}

/** Decodes changedOrdersJson's text (wire still to be filled). */
export function parseChangedOrders(text: string): ChangedOrder[] {
  return (JSON.parse(text) as [string, number, boolean, boolean][]).map(([id, seq, visible, seen]) => ({
    id,
    seq: Number(seq),
    visible,
    seen,
    wire: null,
  }));
}

/** ASCII record separator: never raw in JSON text (control characters are escaped there). */
const RECORD_SEPARATOR = 0x1e;

/**
 * Fills in the wire JSON of the visible orders, as UTF-8 bytes: from `wires` where it holds that
 * version, the rest read from the database (order_wire: the stored texts) in ONE statement as ONE
 * text, the orders' texts joined by a record separator, split here into byte ranges. Why one
 * text: 2,000 texts read one by one became 2,000 JS strings and 2,000 buffers, ~0.5 s of the
 * embedded database's thread and its garbage collector per first sync of 10,000 orders; one text
 * is one string and one buffer. Returns false when the database's text of some order is of
 * ANOTHER version than the page's (the order changed after the page's statement, which ran
 * outside a transaction): the caller then builds the page again inside one snapshot.
 */
export async function ordersWithWire(
  db: Executor,
  tenantId: string,
  orders: ChangedOrder[],
  wires: WireCache | undefined,
): Promise<boolean> {
  const missing = new Map<string, ChangedOrder>();
  for (const order of orders) {
    if (!order.visible) continue;
    order.wire = wires?.getBytes('full', tenantId, order.id, order.seq) ?? null;
    if (order.wire === null) missing.set(order.id, order);
  }
  if (missing.size === 0) return true;
  const { rows } = await sql<{ ids: string | null; seqs: string | null; body: string | null }>`
    SELECT string_agg(w.id::text, ',' ORDER BY w.n) AS ids,
           string_agg(w.change_seq::text, ',' ORDER BY w.n) AS seqs,
           string_agg(w.wire, chr(30) ORDER BY w.n) AS body
    FROM order_wire(${tenantId}, ${[...missing.keys()]}::uuid[]) WITH ORDINALITY AS w(id, change_seq, deleted, wire, n)`.execute(
    db,
  );
  const row = rows[0];
  const ids = row?.ids?.split(',') ?? [];
  const seqs = row?.seqs?.split(',').map(Number) ?? [];
  if (!row?.body || ids.length !== missing.size) return false;
  const body = Buffer.from(row.body, 'utf8');
  let start = 0;
  for (let i = 0; i < ids.length; i++) {
    const end = i === ids.length - 1 ? body.length : body.indexOf(RECORD_SEPARATOR, start);
    const order = missing.get(ids[i] ?? '');
    if (end < 0 || !order || seqs[i] !== order.seq) return false;
    // A copy of its own: a kept entry must not hold the whole page's buffer.
    order.wire = Buffer.from(body.subarray(start, end));
    wires?.setBytes('full', tenantId, order.id, order.seq, order.wire);
    start = end + 1;
  }
  return true;
}

/**
 * The wire JSON of each (id, change number): from `wires` (wire-cache.ts) where it holds that
 * version, the rest built by the database in ONE statement and kept for the next reader. Call it
 * only from read paths (see wire-cache.ts: a write's change number may still roll back). The
 * lists (order-lists.repository.ts) read their summaries through it too.
 */
export async function wireTexts(
  db: Executor,
  tenantId: string,
  kind: WireKind,
  orders: readonly { id: string; seq: number }[],
  wires: WireCache | undefined,
): Promise<Map<string, { seq: number; wire: string }>> {
  const texts = new Map<string, { seq: number; wire: string }>();
  const missing: string[] = [];
  for (const { id, seq } of orders) {
    const hit = wires?.get(kind, tenantId, id, seq);
    if (hit !== undefined) texts.set(id, { seq, wire: hit });
    else missing.push(id);
  }
  if (missing.length === 0) return texts;
  const fn = kind === 'full' ? sql.raw('order_wire') : sql.raw('order_summary_wire');
  const { rows } = await sql<{ id: string; change_seq: number | string; wire: string }>`
    SELECT id, change_seq, wire FROM ${fn}(${tenantId}, ${missing}::uuid[])`.execute(db);
  for (const row of rows) {
    const seq = Number(row.change_seq);
    texts.set(row.id, { seq, wire: row.wire });
    wires?.set(kind, tenantId, row.id, seq, row.wire);
  }
  return texts;
}

/**
 * Stores the wire text of every order of a tenant (`order_wires_store`, the function the COMMIT
 * trigger uses too), for rows written while the triggers that store them were off (a backup's
 * restore).
 */
export async function storeOrderWires(trx: Transaction<Database>, tenantId: string): Promise<void> {
  await sql`SELECT order_wires_store(${tenantId}, ARRAY(SELECT id FROM orders WHERE tenant_id = ${tenantId}))`.execute(
    trx,
  );
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
      'change_seq',
      'decided_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const { deleted_at, change_seq, decided_at, ...rest } = row;
  return { ...rest, version: Number(change_seq), deleted: deleted_at !== null, decided: decided_at !== null };
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
  /** The row's change number when it was locked (what `expected_version` is compared with). */
  version: number;
  deleted: boolean;
  /** The order's decision is recorded already (only the first one counts). */
  decided: boolean;
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
  /** The order's decision, recorded by the status change that makes it (order-decisions.service.ts). */
  decision?: { at: Date; by: string; outcome: DecisionOutcome };
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
  const { total_amount_kurus, decision, ...columns } = change;
  await trx
    .updateTable('orders')
    .set({
      ...columns,
      ...(total_amount_kurus === undefined ? {} : { total_amount: kurusToDecimal(total_amount_kurus) }),
      ...(decision === undefined
        ? {}
        : { decided_at: decision.at, decided_by: decision.by, decision: decision.outcome }),
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
    /** The product's KDV percent when the line was made (DEFAULT_KDV_RATE when absent: the general rate). */
    vat_rate?: number;
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
  /** What `notes` says, as JSON text (src/shared/api/stored-texts.ts `storedEventNote`). */
  params?: string | null;
  created_at: Date;
  /** A status event: the change number of the order update it came with. */
  change_seq?: number | null;
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
      vat_rate: item.vat_rate ?? DEFAULT_KDV_RATE,
      created_at: o.created_at,
    })),
  );
  for (let i = 0; i < items.length; i += 500)
    await trx
      .insertInto('order_items')
      .values(items.slice(i, i + 500))
      .execute();
}

/**
 * Inserts events — only that: an order's DECISION is not derived here. A status change records it
 * as its own step (orders.service.ts changeStatus), and a writer of whole histories (the seed)
 * back-fills it afterwards (order-decisions.service.ts), both by the one rule of dashboard-stats.ts.
 */
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

/**
 * Whether the order left `status` by a change numbered after `version` (a status event's
 * `change_seq`); `status` null: any status change after it.
 */
export async function leftStatusSince(
  trx: Executor,
  tenantId: string,
  orderId: string,
  status: string | null,
  version: number,
): Promise<boolean> {
  let query = trx
    .selectFrom('order_events')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('event_type', '=', 'status_changed')
    .where('change_seq', '>', version);
  if (status !== null) query = query.where('from_status', '=', status);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

// --------------------------------------------------------------------------- the scope ---

const ref = (column: 'status' | 'salesperson_id' | 'driver_id') => sql.ref(`o.${column}`);
const inList = (values: readonly string[]) =>
  values.length > 0 ? sql<SqlBool>`${ref('status')} IN (${sql.join([...values])})` : sql<SqlBool>`false`;

/**
 * THE translation of `orderScope` (src/shared/domain/order-status.ts) into SQL: every list of
 * orders, its total and the sync feed go through it, and `canSeeOrder` evaluates the same data
 * for one order (single reads), so a list can never show an order the detail or the feed would
 * refuse. It reads only `o.status`, `o.salesperson_id` and `o.driver_id`, so it applies to
 * `orders` and to `order_counts` alike.
 */
export function scopeCondition(scope: OrderScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'salesperson':
      return sql<SqlBool>`${ref('salesperson_id')} = ${scope.salesperson_id}`;
    case 'driver':
      return sql<SqlBool>`${ref('driver_id')} = ${scope.driver_id}`;
    case 'statuses':
      return inList(scope.statuses);
    default:
      return sql<SqlBool>`false`;
  }
}

/**
 * Could the caller have had this order in their mirror, i.e. was SOME state it has been in within
 * `scope`? The sync feed sends a removal for a changed order the caller may not see now only
 * when this holds (sync.service.ts). Why not for every invisible change: a removal names the
 * order's id, and a salesperson's feed would then list every other salesperson's order ids. Why
 * it must hold for every earlier state: a driver taken off an order, or the warehouse after an
 * order left its statuses, still has the order and must be told to drop it — even if they did
 * not pull in between (the feed only sees an order's latest state, so the histories keep every
 * driver and every status, migration 0004). The salesperson of an order never changes; admins
 * and managers see every order, so every change that hides one (a deletion) is theirs.
 */
export function seenCondition(scope: OrderScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'salesperson':
      return sql<SqlBool>`o.salesperson_id = ${scope.salesperson_id}`;
    case 'driver':
      return sql<SqlBool>`${scope.driver_id}::uuid = ANY (o.driver_history)`;
    case 'statuses':
      return scope.statuses.length > 0
        ? sql<SqlBool>`o.status_history && ARRAY[${sql.join([...scope.statuses])}]::text[]`
        : sql<SqlBool>`false`;
    default:
      return sql<SqlBool>`false`;
  }
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
        vat_rate: item.vat_rate ?? DEFAULT_KDV_RATE,
        created_at: at,
      })),
    )
    .execute();
}
