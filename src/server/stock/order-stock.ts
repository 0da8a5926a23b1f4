import type { Transaction } from 'kysely';
import { orderStockMovements, type StockLine } from '../../shared/domain/stock';
import type { Database } from '../db/schema';
import { applyStockMovements } from './stock.service';

type Trx = Transaction<Database>;

/** An order's lines as stock sees them (product and quantity). */
export async function orderStockLines(trx: Trx, tenantId: string, orderId: string): Promise<StockLine[]> {
  return trx
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .execute();
}

/**
 * Applies what an order's change does to stock (the rule: shared/domain/stock.ts
 * `orderStockMovements` — approving reserves, cancelling releases, shipping takes the goods out,
 * a return puts them back, an edit of a reserved order moves the reservation by the difference),
 * as movements linked to the order, in the caller's transaction. Call it after locking the order
 * and before taking the transaction's own change number (the lock order of db/change-seq.ts).
 * A reservation beyond the available stock throws 409 INSUFFICIENT_STOCK naming the product, and
 * the caller's transaction writes nothing.
 */
export async function moveOrderStock(
  trx: Trx,
  tenantId: string,
  userId: string,
  orderId: string,
  before: { status: string; lines: readonly StockLine[] },
  after: { status: string; lines: readonly StockLine[] },
  at?: Date,
): Promise<void> {
  const deltas = orderStockMovements(before, after);
  if (deltas.length === 0) return;
  await applyStockMovements(
    trx,
    tenantId,
    userId,
    deltas.map((d) => ({ ...d, order_id: orderId })),
    at ? { at } : {},
  );
}
