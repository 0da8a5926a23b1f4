import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { checkTransition, type ProducedStatus } from '../../../../src/shared/domain/order-status';
import { orderStockState } from '../../../../src/shared/domain/stock';
import {
  canEditItems,
  couldHaveMade,
  DRIVER_ASSIGNABLE,
  DRIVER_PLATE,
  linesByProduct,
  linesText,
  type MLine,
  type MOrder,
  type Model,
  type MProduct,
  ref,
  resolveLines,
  returnInvoiceDue,
  sameLines,
  sees,
  shortOf,
  user,
} from './model';
import { type Expect, hasOrders, type Real, Step, type StepSpec } from './step';
import { STAFF, type Staff } from './world';

/**
 * The order steps: create, edit, the status machine's moves (approve, reject, cancel, prepare,
 * ship, start delivery, fail a delivery, return, refund, and "delivered" without proof), deliver
 * with proof, assign a driver, scan. Each picks a user — mostly one whose role does such work,
 * sometimes anyone — and an order, mostly one where the step fits its status, sometimes any.
 */

export const actorArb = (usual: readonly Staff[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...usual) },
    { weight: 1, arbitrary: fc.constantFrom(...STAFF) },
  );

/** A target: `n` picks among the records; `fit` prefers those the step suits. */
export const targetArb = fc.record({
  n: fc.nat(),
  fit: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
});
export type Target = { n: number; fit: boolean };

export function choose<T>(list: readonly T[], t: Target, suits: (x: T) => boolean): T {
  const fitting = list.filter(suits);
  const from = t.fit && fitting.length > 0 ? fitting : list;
  return from[t.n % from.length] as T;
}

export const refuse = (why: string): Expect => ({ kind: 'refuse', why });
export const noop = (why: string): Expect => ({ kind: 'noop', why });
export const APPLY: Expect = { kind: 'apply' };

export const linesArb = fc.array(fc.record({ p: fc.nat(), qty: fc.integer({ min: 1, max: 4 }) }), {
  minLength: 1,
  maxLength: 3,
});

function itemsOf(m: Model, lines: readonly MLine[]) {
  return lines.map((l) => {
    const p = m.products[l.product] as Model['products'][number];
    return { product_id: p.id, product_name: p.name, quantity: l.qty, unit_price: p.priceKurus / 100 };
  });
}

async function orderVersion(r: Real, id: string): Promise<number> {
  const row = await r.world.api.db
    .selectFrom('orders')
    .select('change_seq')
    .where('tenant_id', '=', r.world.tenant)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.change_seq);
}

// ------------------------------------------------------------------------------ create ---

export const createOrder = fc
  .record({ actor: actorArb(['sales', 'sales2', 'manager', 'admin']), lines: linesArb })
  .map(
    (v) =>
      new Step(
        'create order',
        v,
        (m) => m.products.length > 0,
        (m, _r, value) => planCreate(m, value),
      ),
  );

export function planCreate(
  m: Model,
  { actor, lines: picks }: { actor: Staff; lines: readonly { p: number; qty: number }[] },
): StepSpec {
  const lines = resolveLines(m, picks);
  const id = randomUUID();
  const label = `#${m.orders.length + 1}`;
  return {
    kind: 'create order',
    text: `${actor} creates order ${label}: ${linesText(m, lines)}`,
    actor,
    request: {
      method: 'POST',
      path: '/orders',
      body: {
        id,
        // Two orders in three are for a customer on record (the account rules see them).
        ...(m.orders.length % 3 === 2 ? {} : { customer_id: m.customers[m.orders.length % 2] }),
        customer_name: `Model Müşterisi ${label}`,
        customer_address: 'Moda Cad. No:2 Kadıköy İstanbul',
        items: itemsOf(m, lines),
      },
    },
    // Anyone signed in may take an order; it waits for approval and holds no stock yet.
    expect: APPLY,
    apply: (model) => {
      model.orders.push({
        label,
        id,
        status: 'pending_approval',
        salesperson: actor,
        driver: null,
        plate: null,
        lines,
        scanned: lines.map(() => 0),
        proof: false,
      });
    },
    touches: { orders: [id] },
  };
}

// -------------------------------------------------------------------------------- edit ---

export const editOrder = fc
  .record({ actor: actorArb(['sales', 'sales2', 'manager', 'admin']), target: targetArb, lines: linesArb })
  .map(
    (v) =>
      new Step(
        'edit order',
        v,
        hasOrders,
        async (m, r, { actor, target, lines: picks }): Promise<StepSpec> => {
          const o = choose(m.orders, target, (x) => canEditItems(m, actor, x).items);
          const lines = resolveLines(m, picks);
          const version = await orderVersion(r, o.id);
          const rights = canEditItems(m, actor, o);
          let expect: Expect = APPLY;
          if (!sees(m, actor, o)) expect = refuse(`${actor} cannot see ${o.label}`);
          else if (!rights.any) expect = refuse(`${actor} may edit nothing of ${o.label} (${o.status})`);
          else if (sameLines(o.lines, lines)) expect = noop('the same lines');
          else if (!rights.items) expect = refuse(`${actor} may not change the lines of ${o.label}`);
          else if (o.status === 'approved' || o.status === 'prepared') {
            // A reserved order's larger lines reserve the difference: never beyond what is available.
            const old = linesByProduct(o.lines);
            const extra = new Map([...linesByProduct(lines)].map(([p, q]) => [p, q - (old.get(p) ?? 0)]));
            const short = shortOf(m, extra);
            if (short) expect = refuse(`insufficient stock: ${short}`);
          }
          return {
            kind: 'edit order',
            text: `${actor} changes the lines of order ${o.label} (${o.status}) to ${linesText(m, lines)}`,
            actor,
            request: {
              method: 'PUT',
              path: `/orders/${o.id}`,
              body: { items: itemsOf(m, lines), expected_version: version },
            },
            expect,
            apply: () => {
              o.lines = lines;
              o.scanned = lines.map(() => 0);
            },
            touches: { orders: [o.id] },
          };
        },
      ),
  );

// -------------------------------------------------------------------- status changes ---

/** What the server must answer to `who` moving `o` to `target` (PATCH …/status). */
export function statusExpect(
  m: Model,
  who: Staff,
  o: MOrder,
  target: ProducedStatus,
  notes: string | null,
): Expect {
  if (!sees(m, who, o)) return refuse(`${who} cannot see ${o.label}`);
  if (o.status === target && couldHaveMade(m, who, o, target)) return noop(`already ${target}`);
  const check = checkTransition(user(m, who), ref(m, o), target);
  if (!check.ok) return refuse(`${o.status} → ${target} by ${who}: ${check.reason}`);
  if (check.transition.requiresNotes && !notes) return refuse('a failed delivery needs its reason');
  if (check.transition.requiresProof) return refuse('a delivery needs its proof (POST …/deliver)');
  if (o.status === 'prepared' && target === 'in_transit' && !o.driver)
    return refuse('shipping needs an assigned driver');
  if (target === 'approved') {
    // An order that still names a deleted product cannot be approved (it can be edited or rejected).
    const gone = o.lines.find((l) => m.products[l.product]?.deleted);
    if (gone) return refuse(`${m.products[gone.product]?.label} is deleted`);
    const short = shortOf(m, linesByProduct(o.lines));
    if (short) return refuse(`insufficient stock: ${short}`);
  }
  return APPLY;
}

/** The model's change of a status move: the status, and the return invoice it brings. */
export function moveTo(m: Model, o: MOrder, target: ProducedStatus) {
  const sale = returnInvoiceDue(m, m.orders.indexOf(o), target);
  // Goods that come back to a deleted product (a return) are written off at once: a deleted
  // product holds no stock.
  if (orderStockState(o.status) === 'shipped' && orderStockState(target) !== 'shipped')
    for (const l of o.lines) {
      const p = m.products[l.product] as MProduct;
      if (p.deleted) p.base -= l.qty;
    }
  o.status = target;
  if (sale !== null)
    m.invoices.push({
      label: `F${m.invoices.length + 1}`,
      id: '',
      order: m.orders.indexOf(o),
      type: 'IADE',
      status: 'issued',
      original: sale,
    });
}

export interface Move {
  name: string;
  verb: string;
  from: readonly ProducedStatus[];
  to: ProducedStatus;
  usual: readonly Staff[];
  notes?: boolean;
}

export const MOVES: Move[] = [
  {
    name: 'approve',
    verb: 'approves',
    from: ['pending_approval'],
    to: 'approved',
    usual: ['manager', 'admin'],
  },
  { name: 'reject', verb: 'rejects', from: ['pending_approval'], to: 'rejected', usual: ['manager'] },
  {
    name: 'cancel',
    verb: 'cancels',
    from: ['pending_approval', 'approved'],
    to: 'cancelled',
    usual: ['manager', 'sales', 'sales2'],
  },
  { name: 'prepare', verb: 'marks prepared', from: ['approved'], to: 'prepared', usual: ['warehouse'] },
  { name: 'ship', verb: 'ships', from: ['prepared'], to: 'in_transit', usual: ['warehouse', 'admin'] },
  {
    name: 'start delivery',
    verb: 'starts delivering',
    from: ['in_transit'],
    to: 'out_for_delivery',
    usual: ['driver', 'driver2'],
  },
  {
    name: 'fail delivery',
    verb: 'reports a failed delivery of',
    from: ['out_for_delivery'],
    to: 'in_transit',
    usual: ['driver', 'driver2'],
    notes: true,
  },
  { name: 'return', verb: 'takes back', from: ['delivered'], to: 'returned', usual: ['manager'] },
  { name: 'refund', verb: 'refunds', from: ['returned'], to: 'refunded', usual: ['manager', 'admin'] },
  {
    name: 'deliver without proof',
    verb: 'sets delivered without proof',
    from: ['out_for_delivery'],
    to: 'delivered',
    usual: ['driver', 'driver2'],
  },
];

export const statusMove = (move: Move) =>
  fc
    .record({ actor: actorArb(move.usual), target: targetArb, notes: fc.boolean() })
    .map((v) => new Step(move.name, v, hasOrders, (m, r, value) => planMove(m, r, move, value)));

export async function planMove(
  m: Model,
  r: Real,
  move: Move,
  v: { actor: Staff; target: Target; notes: boolean },
): Promise<StepSpec> {
  const { actor, target, notes: withNotes } = v;
  const o = choose(m.orders, target, (x) => move.from.includes(x.status));
  // A failed delivery names its reason (and sometimes the driver forgets it).
  const notes = move.notes && withNotes ? 'Adreste bulunamadı: kapı kapalı' : null;
  const from = o.status;
  // The version the mover saw: a late replay after the order went round (in transit ↔ out for
  // delivery) must not move it again.
  const version = await orderVersion(r, o.id);
  return {
    kind: move.name,
    text: `${actor} ${move.verb} order ${o.label} (${from}${o.driver ? `, driver ${o.driver}` : ''})${move.notes && !notes ? ' without a reason' : ''}`,
    actor,
    request: {
      method: 'PATCH',
      path: `/orders/${o.id}/status`,
      body: {
        status: move.to,
        expected_status: from,
        expected_version: version,
        ...(notes ? { notes } : {}),
      },
    },
    expect: statusExpect(m, actor, o, move.to, notes),
    apply: (model) => moveTo(model, o, move.to),
    touches: { orders: [o.id] },
  };
}

// ------------------------------------------------------------------ deliver with proof ---

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const deliver = fc
  .record({ actor: actorArb(['driver', 'driver2']), target: targetArb })
  .map((v) => new Step('deliver', v, hasOrders, (m, _r, value) => planDeliver(m, value)));

export function planDeliver(m: Model, { actor, target }: { actor: Staff; target: Target }): StepSpec {
  const o = choose(m.orders, target, (x) => x.status === 'out_for_delivery');
  let expect: Expect = APPLY;
  const role = user(m, actor).role;
  if (role !== 'driver' && role !== 'admin') expect = refuse(`${actor} may not deliver`);
  else if (!sees(m, actor, o)) expect = refuse(`${actor} cannot see ${o.label}`);
  else if (o.status !== 'out_for_delivery')
    expect =
      o.status === 'delivered' &&
      checkTransition(user(m, actor), { ...ref(m, o), status: 'out_for_delivery' }, 'delivered').ok
        ? noop('already delivered')
        : refuse(`${o.label} is ${o.status}`);
  else if (!checkTransition(user(m, actor), ref(m, o), 'delivered').ok)
    expect = refuse(`not ${actor}'s delivery`);
  return {
    kind: 'deliver',
    text: `${actor} delivers order ${o.label} (${o.status}${o.driver ? `, driver ${o.driver}` : ''}) with proof`,
    actor,
    request: {
      method: 'POST',
      path: `/orders/${o.id}/deliver`,
      body: {
        expected_status: 'out_for_delivery',
        recipient_name: 'Ayşe Yılmaz',
        signature: `data:image/png;base64,${PNG_1PX}`,
        delivered_at: new Date().toISOString(),
      },
    },
    expect,
    apply: (model) => {
      moveTo(model, o, 'delivered');
      o.proof = true;
    },
    touches: { orders: [o.id] },
  };
}

// ------------------------------------------------------------------------ assign a driver ---

export const assignDriver = fc
  .record({
    actor: actorArb(['manager', 'admin']),
    target: targetArb,
    driver: fc.constantFrom<Staff>('driver', 'driver2'),
  })
  .map((v) => new Step('assign driver', v, hasOrders, (m, r, value) => planAssign(m, r, value)));

export async function planAssign(
  m: Model,
  r: Real,
  { actor, target, driver }: { actor: Staff; target: Target; driver: Staff },
): Promise<StepSpec> {
  const o = choose(m.orders, target, (x) => DRIVER_ASSIGNABLE.includes(x.status) && x.driver !== driver);
  const plate = DRIVER_PLATE[driver] as string;
  const version = await orderVersion(r, o.id);
  const role = user(m, actor).role;
  let expect: Expect = APPLY;
  if (role !== 'manager' && role !== 'admin') expect = refuse(`${actor} may not assign drivers`);
  else if (!DRIVER_ASSIGNABLE.includes(o.status)) expect = refuse(`${o.label} is ${o.status}`);
  else if (o.driver === driver && o.plate === plate) expect = noop(`${driver} already drives it`);
  return {
    kind: 'assign driver',
    text: `${actor} assigns ${driver} to order ${o.label} (${o.status}${o.driver ? `, driver ${o.driver}` : ''})`,
    actor,
    request: {
      method: 'PATCH',
      path: `/orders/${o.id}/assign-driver`,
      body: { driver_id: m.ids[driver], vehicle_plate: plate, expected_version: version },
    },
    expect,
    apply: () => {
      o.driver = driver;
      o.plate = plate;
    },
    touches: { orders: [o.id] },
  };
}

// ---------------------------------------------------------------------------------- scan ---

export const scan = fc
  .record({
    actor: actorArb(['warehouse']),
    target: targetArb,
    line: fc.nat(),
    qty: fc.integer({ min: 1, max: 3 }),
    foreign: fc.oneof(
      { weight: 6, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  })
  .map((v) => new Step('scan', v, hasOrders, (m, _r, value) => planScan(m, value)));

export function planScan(
  m: Model,
  v: { actor: Staff; target: Target; line: number; qty: number; foreign: boolean },
): StepSpec {
  const { actor, target, line, qty, foreign } = v;
  const o = choose(m.orders, target, (x) => x.status === 'approved');
  const i = line % o.lines.length;
  const l = o.lines[i] as MLine;
  // Sometimes a product that is on no line of the order.
  const other = m.products.findIndex((_, p) => !o.lines.some((x) => x.product === p));
  const product = foreign && other >= 0 ? other : l.product;
  const p = m.products[product] as Model['products'][number];
  const role = user(m, actor).role;
  let expect: Expect = APPLY;
  if (role !== 'warehouse' && role !== 'admin') expect = refuse(`${actor} may not scan`);
  else if (!sees(m, actor, o)) expect = refuse(`${actor} cannot see ${o.label}`);
  else if (o.status !== 'approved') expect = refuse(`${o.label} is ${o.status}`);
  else if (product !== l.product) expect = refuse(`${p.label} is not in ${o.label}`);
  else if ((o.scanned[i] ?? 0) + qty > l.qty)
    expect = refuse(`only ${l.qty - (o.scanned[i] ?? 0)} left to scan`);
  return {
    kind: 'scan',
    text: `${actor} scans ${p.label} +${qty} for order ${o.label} (${o.status}, ${o.scanned[i] ?? 0}/${l.qty} of its line scanned)`,
    actor,
    request: {
      method: 'POST',
      path: '/warehouse/scan-barcode',
      body: { barcode: p.barcode, order_id: o.id, scan_id: randomUUID(), quantity: qty },
    },
    expect,
    apply: () => {
      o.scanned[i] = (o.scanned[i] ?? 0) + qty;
    },
    touches: { orders: [o.id] },
  };
}
