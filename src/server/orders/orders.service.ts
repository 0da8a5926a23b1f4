import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { auditChanges } from '../../shared/api/audit-fields';
import type { Order, OrderSummary } from '../../shared/api/entities';
import { MESSAGES } from '../../shared/api/errors';
import {
  type CreateOrderInput,
  ORDER_MESSAGES,
  type OrderItemInput,
  type OrderListResponse,
  type UpdateOrderInput,
} from '../../shared/api/orders';
import { storedEventNote } from '../../shared/api/stored-texts';
import { DEFAULT_KDV_RATE } from '../../shared/domain/invoice';
import { toKurus } from '../../shared/domain/money';
import { changedOrderFields } from '../../shared/domain/order-lines';
import {
  type ActingUser,
  canAssignDriver,
  canDeleteOrder,
  canSeeOrder,
  editableGroups,
  editGroupOf,
  orderScope,
  ROLE_ORDER_STATUSES,
} from '../../shared/domain/order-status';
import type { Role } from '../../shared/domain/roles';
import { orderStockState } from '../../shared/domain/stock';
import { customerExists } from '../customers/customers.repository';
import { nextTenantNumber, reserveChangeSeqs } from '../db/change-seq';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, forbidden, notFound, validation } from '../lib/errors';
import { planDriverUnassignedNotice, planOrderNotices } from '../notifications/order-notices';
import { findProductsForLines } from '../products/products.repository';
import { moveOrderStock, orderStockLines } from '../stock/order-stock';
import type { Tenant } from '../tenants/tenants.repository';
import { findActiveStaff } from '../users/users.repository';
import { listOrders } from './order-lists.repository';
import * as repo from './orders.repository';
import type { WireCache } from './wire-cache';

/**
 * The orders API: reads, create, edit, driver assignment, delete (the status change is in
 * order-status.service.ts). Who may do what comes from the status machine in
 * src/shared/domain/order-status.ts — this file only applies it; it never restates a rule.
 *
 * Every mutation runs inside app.mutate's transaction (audit row + Idempotency-Key outcome in the
 * same commit) and follows one lock order (db/change-seq.ts):
 *   1. the order row (lockOrder, SELECT … FOR UPDATE) — or, for a create, the client-made id;
 *   2. reads and checks (visibility, machine, referenced rows);
 *   3. the tenant counter LAST (order number, change numbers), then only writes of the rows
 *      already locked and of brand-new rows (the order, its event, its notifications).
 * Each changed row gets its own change number (the order and every notification), so the sync
 * feed carries all of them and a page boundary never splits a group.
 *
 * Visibility: an order the caller may not see (orderScope / canSeeOrder), a deleted one and an
 * unknown id are the same 404 — a caller never learns that another tenant's or an invisible order
 * exists.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The signed-in user as the order services need them. */
export interface OrderActor extends ActingUser {
  full_name: string;
}

type LockedOrder = repo.LockedOrder;

const orderNotFound = () => notFound(ORDER_MESSAGES.notFound);

// -------------------------------------------------------------------------------- reads ---

export async function list(
  db: Db,
  tenantId: string,
  user: ActingUser,
  query: { page: number; limit: number; status?: string; salesperson_id?: string; search?: string },
  wires?: WireCache,
): Promise<string> {
  const { wires: orders, total } = await listOrders(
    db,
    tenantId,
    orderScope(user),
    { status: query.status, salesperson_id: query.salesperson_id, search: query.search || undefined },
    { offset: (query.page - 1) * query.limit, limit: query.limit, count: true },
    wires,
  );
  const pagination: OrderListResponse['pagination'] = {
    page: query.page,
    limit: query.limit,
    total,
    pages: Math.ceil(total / query.limit),
  };
  // The orders' JSON goes out as the database made it (unparsed): the route sends this text.
  return `{"orders":[${orders.join(',')}],"pagination":${JSON.stringify(pagination)}}`;
}

/** GET /orders/recent: the newest orders the caller may see. */
export async function recent(
  db: Db,
  tenantId: string,
  user: ActingUser,
  limit: number,
  wires?: WireCache,
): Promise<OrderSummary[]> {
  const { wires: orders } = await listOrders(
    db,
    tenantId,
    orderScope(user),
    {},
    { offset: 0, limit, count: false },
    wires,
  );
  return orders.map((text) => JSON.parse(text) as OrderSummary);
}

/** GET /orders/role/{role}: within the caller's scope, the statuses that role works with. */
export async function byRole(
  db: Db,
  tenantId: string,
  user: ActingUser,
  role: Role,
  limit: number,
  wires?: WireCache,
): Promise<OrderSummary[]> {
  const statuses = ROLE_ORDER_STATUSES[role];
  const { wires: orders } = await listOrders(
    db,
    tenantId,
    orderScope(user),
    statuses ? { statuses } : {},
    { offset: 0, limit, count: false },
    wires,
  );
  return orders.map((text) => JSON.parse(text) as OrderSummary);
}

export async function get(db: Db, tenantId: string, user: ActingUser, id: string): Promise<Order> {
  const record = await repo.findOrder(db, tenantId, id);
  if (!record || record.deleted || !canSeeOrder(user, record)) throw orderNotFound();
  return repo.toWireOrder(record);
}

/**
 * GET /orders/{id} as JSON text: the order's version and visibility first (one index lookup), then
 * its JSON from the wire cache when it holds that version (wire-cache.ts), else built by the
 * database. If the order changed in between, the JSON built is of the newer version: its
 * visibility is checked again on what is sent.
 */
export async function getText(
  db: Db,
  tenantId: string,
  user: ActingUser,
  id: string,
  wires: WireCache | undefined,
): Promise<string> {
  const head = await repo.findOrderHead(db, tenantId, id);
  if (!head || head.deleted || !canSeeOrder(user, head)) throw orderNotFound();
  const found = await repo.findOrderWire(db, tenantId, id, head.change_seq, wires);
  if (!found) throw orderNotFound();
  if (found.seq !== head.change_seq) {
    const now = JSON.parse(found.wire) as Order;
    if (!canSeeOrder(user, now)) throw orderNotFound();
  }
  return found.wire;
}

// ------------------------------------------------------------------------ shared helpers ---

export async function reload(trx: Trx, tenantId: string, id: string): Promise<Order> {
  const record = await repo.findOrder(trx, tenantId, id);
  if (!record) throw new Error(`order ${id} vanished inside its own transaction`);
  return repo.toWireOrder(record);
}

/** Locks the order and checks the caller may see it (else the 404 of an unknown order). */
export async function lockVisible(
  trx: Trx,
  tenantId: string,
  user: ActingUser,
  id: string,
): Promise<LockedOrder> {
  const locked = await repo.lockOrder(trx, tenantId, id);
  if (!locked || locked.deleted || !canSeeOrder(user, locked)) throw orderNotFound();
  return locked;
}

type LineInput = Pick<OrderItemInput, 'product_id' | 'product_name' | 'quantity' | 'unit_price'>;

/**
 * Order lines in kuruş, checked against the tenant: a product_id must be one of its products
 * (400 naming the line's field, as the schema names fields: `items[2].product_id`); the line keeps
 * that product's barcode (the warehouse scans it) and its KDV rate (a line without a product: the
 * general rate).
 */
async function buildLines(trx: Trx, tenantId: string, items: readonly LineInput[]) {
  const productIds = items.map((i) => i.product_id).filter((id): id is string => typeof id === 'string');
  const products = await findProductsForLines(trx, tenantId, productIds);
  return items.map((item, index) => {
    const productId = item.product_id ?? null;
    const product = productId ? products.get(productId) : undefined;
    if (productId && !product) {
      throw validation(`Ürün bulunamadı`, `items[${index}].product_id`);
    }
    return {
      id: randomUUID(),
      product_id: productId,
      product_name: item.product_name,
      barcode: product?.barcode ?? null,
      quantity: item.quantity,
      scanned_quantity: 0,
      unit_price_kurus: toKurus(item.unit_price),
      // The product's KDV rate as it is now: the order keeps it when the product's rate changes.
      vat_rate: product?.vat_rate ?? DEFAULT_KDV_RATE,
    };
  });
}

const sumLines = (lines: { quantity: number; unit_price_kurus: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity * line.unit_price_kurus, 0);

async function checkCustomer(
  trx: Trx,
  tenantId: string,
  customerId: string | null | undefined,
): Promise<void> {
  if (customerId && !(await customerExists(trx, tenantId, customerId))) {
    throw validation('Müşteri bulunamadı', 'customer_id');
  }
}

// ------------------------------------------------------------------------------ create ---

/**
 * POST /orders. The caller becomes the salesperson (any signed-in user may create an order),
 * status pending_approval, number `<prefix>-<6 digits>` from the tenant's own sequence.
 *
 * A client-made `id` makes an offline creation happen once even when its outbox entry is sent
 * again with another Idempotency-Key (a reinstalled app, a second tab): the same user creating
 * an id that exists is success with the existing order and nothing written; anyone else's id is
 * 409. Stock is not touched here.
 */
export async function create(
  trx: Trx,
  tenant: Tenant,
  actor: OrderActor,
  body: CreateOrderInput,
): Promise<MutationResult<Order>> {
  const tenantId = tenant.id;
  const id = body.id ?? randomUUID();
  if (body.id) {
    await repo.lockOrderId(trx, tenantId, id);
    const existing = await repo.findOrderOwner(trx, tenantId, id);
    if (existing) {
      if (existing.deleted || existing.salesperson_id !== actor.id) {
        throw new AppError(409, 'CONFLICT', ORDER_MESSAGES.idTaken, { field: 'id' });
      }
      return { data: await reload(trx, tenantId, id), statusCode: 200, entityId: id, changed: false };
    }
  }

  await checkCustomer(trx, tenantId, body.customer_id);
  const lines = await buildLines(trx, tenantId, body.items);
  const total = sumLines(lines);
  // The total the client sent (TL, or its kuruş companion; the schema holds the two to one amount)
  // must be the lines' sum.
  const sent = body.total_amount !== undefined ? toKurus(body.total_amount) : body.total_amount_kurus;
  if (sent !== undefined && sent !== total) {
    throw validation(ORDER_MESSAGES.totalMismatch, 'total_amount');
  }
  const notices = await planOrderNotices(
    trx,
    tenantId,
    { kind: 'created' },
    { salesperson_id: actor.id, driver_id: null },
    actor.id,
  );

  // The tenant counter, last: the order number, then one change number per written row.
  const number = await nextTenantNumber(trx, tenantId, 'order_seq');
  const orderNumber = `${tenant.settings.order_number_prefix}-${String(number).padStart(6, '0')}`;
  const seqs = await reserveChangeSeqs(trx, tenantId, 1 + notices.count);
  const at = new Date();
  await repo.insertOrders(trx, tenantId, [
    {
      id,
      order_number: orderNumber,
      customer_id: body.customer_id ?? null,
      customer_name: body.customer_name,
      customer_phone: body.customer_phone,
      customer_email: body.customer_email,
      customer_address: body.customer_address,
      status: 'pending_approval',
      salesperson_id: actor.id,
      driver_id: null,
      vehicle_plate: null,
      notes: body.notes,
      created_at: at,
      updated_at: at,
      change_seq: seqs[0] as number,
      items: lines,
    },
  ]);
  await repo.insertOrderEvents(trx, tenantId, [
    {
      id: randomUUID(),
      order_id: id,
      event_type: 'created',
      from_status: null,
      to_status: 'pending_approval',
      user_id: actor.id,
      user_name: actor.full_name,
      notes: null,
      created_at: at,
    },
  ]);
  await notices.write(
    { id, order_number: orderNumber, customer_name: body.customer_name },
    seqs.slice(1),
    at,
  );
  return { data: applied(await reload(trx, tenantId, id), 0), statusCode: 201, entityId: id, changed: true };
}

// ------------------------------------------------------------------------------ update ---

type Line = Awaited<ReturnType<typeof buildLines>>[number];

/**
 * PUT /orders/{id}. A field absent from the body is left as it is (the contract keeps it absent;
 * null or blank means "clear it"). A sent field outside the
 * caller's editable groups (editableGroups) is refused with 403 naming it — unless its value is
 * the current one (a form may send what it shows). Nothing different → success, nothing written.
 */
/**
 * The answer to a write names the version it was applied on (`applied_on_version`): a device that
 * queued more edits of the order on top of this one (all naming the version it saw before) can tell
 * that nothing else happened in between — then the new version is exactly what its user saw plus
 * their own change, and the queued edits move on to it. A create is applied on "nothing" (0).
 */
export function applied(order: Order, version: number): Order {
  return { ...order, applied_on_version: version };
}

/** No `expected_version` (a plain API client) edits unconditionally; otherwise it must be the locked row's. */
function versionMatches(expected: number | undefined, locked: LockedOrder): boolean {
  return expected === undefined || expected === locked.version;
}

function versionConflict(current: Order): AppError {
  return new AppError(409, 'CONFLICT', ORDER_MESSAGES.versionConflict, { current });
}

export async function update(
  trx: Trx,
  tenantId: string,
  actor: OrderActor,
  id: string,
  body: UpdateOrderInput,
): Promise<MutationResult<Order>> {
  const locked = await lockVisible(trx, tenantId, actor, id);
  const current = await reload(trx, tenantId, id);
  const differing = changedOrderFields(body, current);
  // Versioned write (an offline edit must not silently overwrite a newer one): the edit was made on
  // `expected_version` of the order. If the order
  // changed since, the user never saw what they would overwrite: refuse with the order as it is now
  // (the device shows it and the refusal), unless the edit is already satisfied — the same values
  // are in place (a replay of this very edit after its idempotency record expired, or two users
  // making the same change): then it succeeds and writes nothing.
  if (!versionMatches(body.expected_version, locked)) {
    if (differing.length === 0)
      return { data: applied(current, locked.version), entityId: id, changed: false };
    throw versionConflict(current);
  }
  const groups = editableGroups(actor, locked);
  if (groups.length === 0) throw new AppError(403, 'FORBIDDEN', ORDER_MESSAGES.cannotEdit);
  for (const field of differing) {
    if (!groups.includes(editGroupOf(field))) {
      throw new AppError(403, 'FORBIDDEN', ORDER_MESSAGES.fieldNotEditable(field), { field });
    }
  }
  const changed = differing;
  if (changed.length === 0) return { data: applied(current, locked.version), entityId: id, changed: false };

  const change: repo.OrderChange = {};
  let newLines: Line[] | undefined;
  for (const field of changed) {
    switch (field) {
      case 'items':
        newLines = await buildLines(trx, tenantId, body.items ?? []);
        change.total_amount_kurus = sumLines(newLines);
        break;
      case 'customer_id':
        await checkCustomer(trx, tenantId, body.customer_id);
        change.customer_id = body.customer_id ?? null;
        break;
      case 'customer_name':
        change.customer_name = body.customer_name as string;
        break;
      default:
        change[field] = body[field] ?? null;
    }
  }

  // New lines of an order that holds stock (reserved or shipped) move its holding by the
  // difference; more than is available refuses the edit (nothing written).
  if (newLines) {
    const lines = await orderStockLines(trx, tenantId, id);
    await moveOrderStock(
      trx,
      tenantId,
      actor.id,
      id,
      { status: locked.status, lines },
      { status: locked.status, lines: newLines },
    );
  }
  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  const at = new Date();
  if (newLines) await repo.replaceOrderItems(trx, tenantId, id, newLines, at);
  await repo.updateOrder(trx, tenantId, id, change, seq as number, at);
  await repo.insertOrderEvents(trx, tenantId, [
    {
      id: randomUUID(),
      order_id: id,
      event_type: 'updated',
      from_status: locked.status,
      to_status: locked.status,
      user_id: actor.id,
      user_name: actor.full_name,
      ...storedEventNote({ key: 'fields_updated', fields: changed }),
      created_at: at,
    },
  ]);
  const after = await reload(trx, tenantId, id);
  return {
    data: applied(after, locked.version),
    entityId: id,
    changed: true,
    audit: { changes: auditChanges('order', { ...current }, { ...after }) },
  };
}

// ------------------------------------------------------------------------ assign driver ---

/**
 * PATCH /orders/{id}/assign-driver: manager/admin on approved, prepared, in_transit or
 * out_for_delivery orders (canAssignDriver: re-assigning an order on its way is how a manager hands
 * the deliveries of an ill, deactivated or deleted driver to another). A right role at the wrong
 * status is 409 INVALID_TRANSITION; a wrong role is 403. The driver must be an active driver of
 * this tenant (the previous one need not be). The new driver is notified; the previous driver
 * loses sight of the order, which the sync feed turns into a removal for them (canSeeOrder).
 */
export async function assignDriver(
  trx: Trx,
  tenantId: string,
  actor: OrderActor,
  id: string,
  body: { driver_id: string; vehicle_plate: string | null; expected_version?: number | undefined },
): Promise<MutationResult<Order>> {
  const locked = await lockVisible(trx, tenantId, actor, id);
  // Versioned write: two managers assigning different drivers offline must not silently replace
  // each other; the second sees a conflict with the order as it is now (see update()).
  if (!versionMatches(body.expected_version, locked)) {
    const satisfied =
      locked.driver_id === body.driver_id &&
      (body.vehicle_plate ?? locked.vehicle_plate) === locked.vehicle_plate;
    const current = await reload(trx, tenantId, id);
    if (satisfied) return { data: applied(current, locked.version), entityId: id, changed: false };
    throw versionConflict(current);
  }
  if (!canAssignDriver(actor, locked)) {
    if (actor.role === 'manager' || actor.role === 'admin') {
      throw new AppError(409, 'INVALID_TRANSITION', ORDER_MESSAGES.cannotAssignDriver, {
        current: await reload(trx, tenantId, id),
      });
    }
    throw forbidden(MESSAGES.forbidden);
  }
  const driver = await findActiveStaff(trx, tenantId, body.driver_id);
  if (driver?.role !== 'driver') throw validation(ORDER_MESSAGES.driverInvalid, 'driver_id');

  const plate = body.vehicle_plate ?? locked.vehicle_plate;
  if (locked.driver_id === driver.id && locked.vehicle_plate === plate) {
    return { data: applied(await reload(trx, tenantId, id), locked.version), entityId: id, changed: false };
  }
  const notices = await planOrderNotices(
    trx,
    tenantId,
    { kind: 'driver_assigned', newDriver: locked.driver_id !== driver.id },
    { salesperson_id: locked.salesperson_id, driver_id: driver.id },
    actor.id,
  );
  const unassigned = await planDriverUnassignedNotice(trx, tenantId, locked.driver_id, driver.id, actor.id);

  const seqs = await reserveChangeSeqs(trx, tenantId, 1 + notices.count + unassigned.count);
  const at = new Date();
  await repo.updateOrder(
    trx,
    tenantId,
    id,
    { driver_id: driver.id, vehicle_plate: plate },
    seqs[0] as number,
    at,
  );
  await repo.insertOrderEvents(trx, tenantId, [
    {
      id: randomUUID(),
      order_id: id,
      event_type: 'driver_assigned',
      from_status: locked.status,
      to_status: locked.status,
      user_id: actor.id,
      user_name: actor.full_name,
      ...storedEventNote({ key: 'driver_assigned', driver: driver.full_name, ...(plate ? { plate } : {}) }),
      created_at: at,
    },
  ]);
  await notices.write(locked, seqs.slice(1, 1 + notices.count), at);
  await unassigned.write(locked, seqs.slice(1 + notices.count), at);
  return { data: applied(await reload(trx, tenantId, id), locked.version), entityId: id, changed: true };
}

// ------------------------------------------------------------------------------ delete ---

/**
 * DELETE /orders/{id}: admin only; a soft delete stamped with a change number, so every device's
 * next pull removes the order. Deleting a deleted order is success with nothing written.
 */
export async function remove(
  trx: Trx,
  tenantId: string,
  actor: OrderActor,
  id: string,
): Promise<MutationResult<{ id: string }>> {
  if (!canDeleteOrder(actor)) throw new AppError(403, 'FORBIDDEN', ORDER_MESSAGES.cannotDelete);
  const locked = await repo.lockOrder(trx, tenantId, id);
  if (!locked) throw orderNotFound();
  const audit = { params: { number: locked.order_number, customer: locked.customer_name } };
  if (locked.deleted) return { data: { id }, entityId: id, changed: false, audit };
  // A deleted order promises nothing: its reservation is released (goods it shipped stay shipped).
  if (orderStockState(locked.status) === 'reserved') {
    const lines = await orderStockLines(trx, tenantId, id);
    await moveOrderStock(
      trx,
      tenantId,
      actor.id,
      id,
      { status: locked.status, lines },
      { status: 'pending_approval', lines },
    );
  }
  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  const at = new Date();
  await repo.updateOrder(trx, tenantId, id, { deleted_at: at }, seq as number, at);
  return { data: { id }, entityId: id, changed: true, audit };
}
