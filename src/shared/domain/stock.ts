import { ORDER_STATUSES, type OrderStatus, TRANSITIONS } from './order-status';

/**
 * STOCK RULES, as data and pure functions. The server applies them (src/server/stock/) in the
 * transaction of each cause; the client reads the same thresholds to show a product's state.
 *
 * The ledger: every change of a product's stock is a movement with a signed on-hand delta
 * (`quantity`) and a signed reservation delta (`reserved_delta`). A product's stored figures are
 * the sums of its movements:
 *   current_stock  = Σ quantity          (goods on the shelf)
 *   reserved_stock = Σ reserved_delta    (promised to approved orders, not yet shipped)
 *   available      = current − reserved  (what can still be sold)
 */

export const STOCK_REASONS = [
  'manual_adjustment',
  'shipment',
  'return',
  'import',
  'count',
  'cancellation',
  'reservation',
  'release',
  'opening',
  'write_off',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Reasons a person may give to a manual adjustment (PATCH /products/{id}/stock). */
export const ADJUSTMENT_REASONS = ['manual_adjustment', 'return', 'count'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** Bounds of what a client may send. */
export const STOCK_LIMITS = {
  /** |adjustment| of one manual adjustment. */
  maxAdjustment: 1_000_000,
  /** A counted quantity. */
  maxCounted: 1_000_000,
  /** Lines of one inventory count. */
  maxCountLines: 5000,
  /** Characters of a movement's or count's notes. */
  maxNotes: 500,
} as const;

export interface StockFigures {
  current: number;
  reserved: number;
}

export const availableOf = (f: StockFigures): number => f.current - f.reserved;

/**
 * Stock status from the AVAILABLE quantity (what a salesperson can still sell — goods promised to
 * approved orders are not for sale): out_of_stock at 0 or less, low_stock at or below min_stock,
 * else in_stock.
 */
export type StockStatus = 'in_stock' | 'low_stock' | 'out_of_stock';
export function stockStatusOf(available: number, minStock: number): StockStatus {
  if (available <= 0) return 'out_of_stock';
  if (available <= minStock) return 'low_stock';
  return 'in_stock';
}

/**
 * What an order holds of the stock, by its status:
 *  - none: nothing (awaiting approval, rejected, cancelled — and returned: the goods came back);
 *  - reserved: its lines are promised (approved, being prepared);
 *  - shipped: its lines left the shelf (on the road, delivered).
 * Every stock effect of an order is the difference between what it holds before and after a
 * change (a status move, an edit of its lines, a deletion), so the rule has one copy.
 */
export type OrderStockState = 'none' | 'reserved' | 'shipped';
export const ORDER_STOCK_STATE: Record<OrderStatus, OrderStockState> = {
  pending: 'none',
  pending_approval: 'none',
  approved: 'reserved',
  rejected: 'none',
  assigned: 'reserved',
  prepared: 'reserved',
  preparing: 'reserved',
  ready_for_shipping: 'reserved',
  in_production: 'reserved',
  ready_for_delivery: 'shipped',
  shipped: 'shipped',
  in_transit: 'shipped',
  out_for_delivery: 'shipped',
  delivered: 'shipped',
  cancelled: 'none',
  returned: 'none',
  refunded: 'none',
};

export function orderStockState(status: string): OrderStockState {
  return ORDER_STOCK_STATE[status as OrderStatus] ?? 'none';
}

/**
 * THE DELETE RULE. A product may not be deleted while an order still takes its goods from the
 * shelf: an order that reserves it now (approved, being prepared), or one a move of the order
 * machine would make reserve (awaiting approval: approving reserves). Deleting it would strand
 * that order: its reservation would point at a product no screen shows, and an approval would be
 * refused for a product nobody can restock. Orders whose goods already left (on the road,
 * delivered) and finished ones (cancelled, rejected, returned) do not stand in the way; a return
 * of a deleted product's goods is still posted to its ledger.
 * Derived from the stock holdings and the transitions, so it follows both.
 */
export const ORDER_STATUSES_HOLDING_PRODUCT: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => {
  if (ORDER_STOCK_STATE[status] === 'reserved') return true;
  if (ORDER_STOCK_STATE[status] !== 'none') return false;
  const seen = new Set<string>([status]);
  const queue: string[] = [status];
  while (queue.length > 0) {
    const from = queue.shift() as string;
    for (const t of TRANSITIONS) {
      if (t.from !== from || seen.has(t.to)) continue;
      if (ORDER_STOCK_STATE[t.to] !== 'none') return true;
      seen.add(t.to);
      queue.push(t.to);
    }
  }
  return false;
});

export function orderHoldsProduct(status: string): boolean {
  return (ORDER_STATUSES_HOLDING_PRODUCT as readonly string[]).includes(status);
}

/**
 * The movement that writes a deleted product's stock off: on hand and any reservation left go to
 * zero (a deleted product keeps no stock, and its figures stay the sums of its ledger). Null when
 * there is nothing to write off.
 */
export function writeOffMovement(
  productId: string,
  f: StockFigures,
): { product_id: string; quantity: number; reserved_delta: number; reason: 'write_off' } | null {
  if (f.current === 0 && f.reserved === 0) return null;
  // 0 − x rather than −x: a zero delta is 0, never −0.
  return {
    product_id: productId,
    quantity: 0 - f.current,
    reserved_delta: 0 - f.reserved,
    reason: 'write_off',
  };
}

export interface StockLine {
  product_id: string | null;
  quantity: number;
}

export interface StockDelta {
  product_id: string;
  quantity: number;
  reserved_delta: number;
  reason: StockReason;
}

/** Per product: what an order in `state` with `lines` holds (reserved and shipped quantities). */
function holdings(state: OrderStockState, lines: readonly StockLine[]): Map<string, StockFigures> {
  const held = new Map<string, StockFigures>();
  if (state === 'none') return held;
  for (const line of lines) {
    if (!line.product_id || line.quantity === 0) continue;
    const h = held.get(line.product_id) ?? { current: 0, reserved: 0 };
    // `current` here: goods the order took off the shelf.
    if (state === 'reserved') h.reserved += line.quantity;
    else h.current += line.quantity;
    held.set(line.product_id, h);
  }
  return held;
}

/**
 * The movements that take an order from `before` to `after` (status and/or lines), one per
 * product whose holding changes, in product-id order:
 *  - approving reserves (reserved +q) → 'reservation';
 *  - rejecting/cancelling/deleting a reserved order releases (reserved −q) → 'cancellation' when
 *    the order ends cancelled, else 'release';
 *  - shipping turns the reservation into an outgoing movement (on hand −q, reserved −q) → 'shipment';
 *  - a return puts the goods back (on hand +q) → 'return';
 *  - an edit of a reserved order's lines moves the reservation by the difference.
 */
export function orderStockMovements(
  before: { status: string; lines: readonly StockLine[] },
  after: { status: string; lines: readonly StockLine[] },
): StockDelta[] {
  const from = holdings(orderStockState(before.status), before.lines);
  const to = holdings(orderStockState(after.status), after.lines);
  const ids = [...new Set([...from.keys(), ...to.keys()])].sort();
  const out: StockDelta[] = [];
  for (const id of ids) {
    const a = from.get(id) ?? { current: 0, reserved: 0 };
    const b = to.get(id) ?? { current: 0, reserved: 0 };
    const quantity = a.current - b.current;
    const reserved = b.reserved - a.reserved;
    if (quantity === 0 && reserved === 0) continue;
    const reason: StockReason =
      quantity < 0
        ? 'shipment'
        : quantity > 0
          ? 'return'
          : reserved > 0
            ? 'reservation'
            : after.status === 'cancelled'
              ? 'cancellation'
              : 'release';
    out.push({ product_id: id, quantity, reserved_delta: reserved, reason });
  }
  return out;
}

/** Figures after applying a movement. */
export function applyMovement(
  f: StockFigures,
  m: { quantity: number; reserved_delta: number },
): StockFigures {
  return { current: f.current + m.quantity, reserved: f.reserved + m.reserved_delta };
}

/**
 * Why a movement may not be applied, or null.
 *
 * - A new reservation may not take AVAILABLE below zero: 'insufficient'. An approval that promises
 *   goods the warehouse does not have is refused, not allowed with a warning: the promise is what
 *   the salesperson tells the customer, the warehouse would be asked to prepare what is not on the
 *   shelf, and the shortfall would surface only at shipping. A manager who wants to approve anyway
 *   corrects the stock first (a count or an adjustment) — an explicit, recorded act.
 * - A person's adjustment (manual, return, import) may not take ON HAND below zero: 'negative'.
 * - Shipping, releasing and counting are never refused: shipping consumes what approval already
 *   checked, a release only frees, and a count states what is on the shelf.
 */
export function movementRefusal(
  before: StockFigures,
  m: { quantity: number; reserved_delta: number; reason: StockReason },
): 'insufficient' | 'negative' | null {
  const after = applyMovement(before, m);
  if (m.reserved_delta > 0 && availableOf(after) < 0) return 'insufficient';
  if (
    m.quantity < 0 &&
    (m.reason === 'manual_adjustment' || m.reason === 'return' || m.reason === 'import') &&
    after.current < 0
  )
    return 'negative';
  return null;
}

/**
 * THE COUNT RULE. A device counts a product while the stock keeps moving (an order ships from the
 * same shelf). Each counted line names `seen` — the product's `stock_seq` (its last movement) the
 * device had when the line was counted. The goods on hand at that moment were
 *   onHandAsOf = current − Σ quantity of the product's movements with seq > seen
 * and the count posts `counted − onHandAsOf`: movements made after the count started still count
 * (a shipment during the count is not silently overwritten) and nothing is blocked.
 */
export function onHandAsOf(current: number, quantitiesAfterSeen: readonly number[]): number {
  return quantitiesAfterSeen.reduce((on, q) => on - q, current);
}

export function countDelta(counted: number, current: number, quantitiesAfterSeen: readonly number[]): number {
  return counted - onHandAsOf(current, quantitiesAfterSeen);
}

/** Turkish error texts of the stock rules. */
export const STOCK_MESSAGES = {
  insufficient: (product: string, available: number) => `Yetersiz stok: ${product} (mevcut ${available})`,
  negative: (product: string, current: number) =>
    `Stok sıfırın altına düşemez: ${product} (eldeki ${current})`,
  productNotFound: 'Ürün bulunamadı',
  deleted: (product: string) =>
    `Ürün silinmiş: ${product}. Bu satırı siparişten çıkarın ya da siparişi reddedin.`,
  conflict: 'Ürün başka biri tarafından değiştirildi; güncel hâli yüklendi',
  returnedToDeleted: 'Silinmiş ürüne geri gelen mal zayi olarak kaydedildi',
} as const;
