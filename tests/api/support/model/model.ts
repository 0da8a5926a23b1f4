import {
  type ActingUser,
  canSeeOrder,
  checkTransition,
  editableGroups,
  type OrderRef,
  type ProducedStatus,
  TRANSITIONS,
} from '../../../../src/shared/domain/order-status';
import { orderStockState } from '../../../../src/shared/domain/stock';
import { ROLE_OF, type Staff } from './world';

/**
 * The model: what the company's records SHOULD be after the steps so far, kept by rules written
 * here (the status machine of src/shared/domain is the specification they read; everything else
 * is stated in this file). Records are named by their place in the sequence — products P1, P2…,
 * orders #1, #2…, invoices F1, F2… — so a failing sequence reads as steps a person can replay.
 *
 * The behaviour modelled is the INTENDED one, including rules the code did not follow when this
 * test was written: shipping needs a driver, a driver may be re-assigned on the road, a sales
 * invoice with a return invoice cannot be cancelled, a product reserved by open orders cannot be
 * deleted (and deleting one writes its stock on hand off through the ledger), an import whose
 * file has an over-long cell still confirms (that row refused).
 */

export interface MProduct {
  label: string;
  id: string;
  code: string;
  barcode: string;
  name: string;
  priceKurus: number;
  active: boolean;
  deleted: boolean;
  /**
   * What stands on the shelf apart from orders: opening stock, adjustments, counts, imports,
   * write-offs. On hand = base − the lines of orders that hold it as shipped.
   */
  base: number;
}

export interface MLine {
  product: number;
  qty: number;
}

export interface MOrder {
  label: string;
  id: string;
  status: ProducedStatus;
  salesperson: Staff;
  driver: Staff | null;
  plate: string | null;
  lines: MLine[];
  scanned: number[];
  /** Delivered with its proof (one proof per order, whatever the replays). */
  proof: boolean;
}

export interface MInvoice {
  label: string;
  id: string;
  order: number;
  type: 'SATIS' | 'IADE';
  status: 'issued' | 'cancelled';
  /** IADE: the sales invoice it returns. */
  original: number | null;
}

export interface Model {
  ids: Record<Staff, string>;
  /** Customers on record the orders are for (their invoices post to their accounts); every other order is for a name only. */
  customers: string[];
  products: MProduct[];
  orders: MOrder[];
  invoices: MInvoice[];
  /** The tenant's last invoice sequence number per year when the sequence began. */
  invoiceStart: Map<number, number>;
}

/** The statuses an order rests in for good: nothing is owed to anyone. */
export const FINAL_STATUSES: readonly ProducedStatus[] = ['delivered', 'rejected', 'cancelled', 'refunded'];

/** Where a manager or admin may (re-)assign a driver: before shipping, and on the road. */
export const DRIVER_ASSIGNABLE: readonly ProducedStatus[] = [
  'approved',
  'prepared',
  'in_transit',
  'out_for_delivery',
];

export const DRIVER_PLATE: Partial<Record<Staff, string>> = { driver: '34 MDL 01', driver2: '34 MDL 02' };

export const user = (m: Model, who: Staff): ActingUser => ({ id: m.ids[who], role: ROLE_OF[who] });

export const ref = (m: Model, o: MOrder): OrderRef => ({
  status: o.status,
  salesperson_id: m.ids[o.salesperson],
  driver_id: o.driver ? m.ids[o.driver] : null,
});

export const sees = (m: Model, who: Staff, o: MOrder) => canSeeOrder(user(m, who), ref(m, o));

/** Could `who` have moved this order into `status` from some state? (a repeated change is satisfied) */
export function couldHaveMade(m: Model, who: Staff, o: MOrder, status: ProducedStatus): boolean {
  return TRANSITIONS.some(
    (t) => t.to === status && checkTransition(user(m, who), { ...ref(m, o), status: t.from }, status).ok,
  );
}

export function canEditItems(m: Model, who: Staff, o: MOrder) {
  const groups = editableGroups(user(m, who), ref(m, o));
  return { any: groups.length > 0, items: groups.includes('items') };
}

export interface Figures {
  onHand: number;
  reserved: number;
}

/** What the stock of product `p` must be: the ledger's rule, from the orders' statuses and lines. */
export function stockOf(m: Model, p: number): Figures {
  let onHand = (m.products[p] as MProduct).base;
  let reserved = 0;
  for (const o of m.orders) {
    const state = orderStockState(o.status);
    for (const l of o.lines) {
      if (l.product !== p) continue;
      if (state === 'reserved') reserved += l.qty;
      else if (state === 'shipped') onHand -= l.qty;
    }
  }
  return { onHand, reserved };
}

export const allStock = (m: Model): Figures[] => m.products.map((_, i) => stockOf(m, i));

/**
 * Would reserving `extra` more of each product take its available stock below zero? A reservation
 * (an approval, a reserved order's larger lines) is refused then; nothing else is.
 */
export function shortOf(m: Model, extra: Map<number, number>): string | null {
  for (const [p, q] of extra) {
    if (q <= 0) continue;
    const f = stockOf(m, p);
    if (f.onHand - f.reserved - q < 0)
      return `${(m.products[p] as MProduct).label} available ${f.onHand - f.reserved} < ${q}`;
  }
  return null;
}

/** Per product, what an order's lines hold. */
export function linesByProduct(lines: readonly MLine[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.product, (out.get(l.product) ?? 0) + l.qty);
  return out;
}

/** Orders that hold product `p` reserved now. */
export const reservingOrders = (m: Model, p: number) =>
  m.orders.filter((o) => orderStockState(o.status) === 'reserved' && o.lines.some((l) => l.product === p));

/**
 * The open orders that hold a product against its deletion: those reserving it, and those awaiting
 * approval (approving them would reserve a product that no longer exists).
 */
export const holdingOrders = (m: Model, p: number) =>
  m.orders.filter(
    (o) =>
      (orderStockState(o.status) === 'reserved' || o.status === 'pending_approval') &&
      o.lines.some((l) => l.product === p),
  );

export const standingSale = (m: Model, order: number) =>
  m.invoices.find((i) => i.order === order && i.type === 'SATIS' && i.status === 'issued');

export const returnOf = (m: Model, sale: number) =>
  m.invoices.find((i) => i.type === 'IADE' && i.original === sale);

/** The invoice a status change brings: a return invoice for the standing sale (once per order). */
export function returnInvoiceDue(m: Model, order: number, target: ProducedStatus): number | null {
  if (target !== 'returned' && target !== 'refunded') return null;
  const sale = standingSale(m, order);
  if (!sale) return null;
  if (m.invoices.some((i) => i.order === order && i.type === 'IADE')) return null;
  return m.invoices.indexOf(sale);
}

export const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

export const sameLines = (a: readonly MLine[], b: readonly MLine[]) =>
  a.length === b.length && a.every((l, i) => l.product === b[i]?.product && l.qty === b[i]?.qty);

/** Distinct products for an order's lines, from generated picks. */
export function resolveLines(m: Model, picks: readonly { p: number; qty: number }[]): MLine[] {
  const out: MLine[] = [];
  for (const { p, qty } of picks) {
    const product = p % m.products.length;
    if (!out.some((l) => l.product === product)) out.push({ product, qty });
  }
  return out;
}

export const linesText = (m: Model, lines: readonly MLine[]) =>
  lines.map((l) => `${(m.products[l.product] as MProduct).label}×${l.qty}`).join(', ');
