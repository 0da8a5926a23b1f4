import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { applyStockMovements } from '../stock/stock.service';

/**
 * A new product's opening stock (the `current_stock` of the create form): the product's first
 * movement of the stock ledger (reason 'opening'), in the product's own transaction, so the
 * figure on the product and the sum of its movements agree from the start. The product is
 * inserted with 0 and the movement brings it to the opening figure.
 */
export async function recordOpeningStock(
  trx: Transaction<Database>,
  tenantId: string,
  opening: { productId: string; quantity: number; userId: string; at: Date },
): Promise<void> {
  await applyStockMovements(
    trx,
    tenantId,
    opening.userId,
    [{ product_id: opening.productId, quantity: opening.quantity, reserved_delta: 0, reason: 'opening' }],
    { at: opening.at, field: 'current_stock' },
  );
}
