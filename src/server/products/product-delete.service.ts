import type { Transaction } from 'kysely';
import { PRODUCT_DELETE_ORDERS_SHOWN, PRODUCT_MESSAGES } from '../../shared/api/products';
import { ORDER_STATUSES_HOLDING_PRODUCT, writeOffMovement } from '../../shared/domain/stock';
import type { Database } from '../db/schema';
import { AppError } from '../lib/errors';
import { applyStockMovements } from '../stock/stock.service';
import { ordersHoldingProducts } from './product-writes.repository';
import type { ProductRecord } from './products.repository';

/**
 * What deleting products does to the orders and the stock ledger (the single delete and the bulk
 * delete share it; both call it with the products already locked, in the delete's transaction):
 *
 * - REFUSED while open orders still take the product from the shelf (the rule and why:
 *   shared/domain/stock.ts `ORDER_STATUSES_HOLDING_PRODUCT`): the reason names the orders by
 *   number, a few and then how many more, so the admin knows what to finish, cancel or edit first.
 *   Awaiting approval counts too, so an approval running at the same time changes nothing: the
 *   order holds the product before and after it. An order created while the delete commits (or
 *   made offline naming a product deleted since) can still be rejected, cancelled or edited; its
 *   approval is refused with the product named as deleted (stock.service.ts).
 * - WRITTEN OFF otherwise: what is still on hand (and any reservation left) becomes one
 *   'write_off' movement, so a deleted product holds no stock and current_stock stays the sum of
 *   its movements.
 */

type Trx = Transaction<Database>;

export interface DeleteRefusal {
  reason: string;
  order_numbers: string[];
  order_count: number;
}

/** Per product among `records`: why it may not be deleted (absent: it may). */
export async function deleteRefusals(
  trx: Trx,
  tenantId: string,
  records: readonly ProductRecord[],
): Promise<Map<string, DeleteRefusal>> {
  const holding = await ordersHoldingProducts(
    trx,
    tenantId,
    records.map((r) => r.id),
    ORDER_STATUSES_HOLDING_PRODUCT,
    PRODUCT_DELETE_ORDERS_SHOWN,
  );
  const refusals = new Map<string, DeleteRefusal>();
  for (const record of records) {
    const held = holding.get(record.id);
    if (!held) continue;
    refusals.set(record.id, {
      reason: PRODUCT_MESSAGES.inOpenOrders(record.name, held.numbers, held.total),
      order_numbers: held.numbers,
      order_count: held.total,
    });
  }
  return refusals;
}

/** The single delete's refusal: 409 PRODUCT_IN_USE naming the orders. */
export function inUse(productId: string, refusal: DeleteRefusal): AppError {
  return new AppError(409, 'PRODUCT_IN_USE', refusal.reason, {
    product_id: productId,
    order_numbers: refusal.order_numbers,
    order_count: refusal.order_count,
  });
}

/**
 * Writes off the stock of products being deleted (one movement each that has any), before their
 * delete takes its own change number. Returns the units on hand written off, per product.
 */
export async function writeOffStock(
  trx: Trx,
  tenantId: string,
  userId: string,
  records: readonly ProductRecord[],
  at: Date,
): Promise<Map<string, number>> {
  const units = new Map<string, number>();
  const movements = [];
  for (const record of records) {
    const reserved = record.current_stock - record.available_stock;
    const movement = writeOffMovement(record.id, { current: record.current_stock, reserved });
    units.set(record.id, record.current_stock);
    if (movement) movements.push({ ...movement, notes: PRODUCT_MESSAGES.writeOffNote });
  }
  await applyStockMovements(trx, tenantId, userId, movements, { at });
  return units;
}
