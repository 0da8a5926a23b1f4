import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A new product's opening stock (the `current_stock` of the create form), written in the
 * product's own transaction.
 * TODO: record it as the product's 'opening' movement of the stock ledger once that ledger exists
 * on this branch; until then the figure is written to the product directly.
 */
export async function recordOpeningStock(
  trx: Transaction<Database>,
  tenantId: string,
  opening: { productId: string; quantity: number; userId: string; at: Date },
): Promise<void> {
  if (opening.quantity === 0) return;
  await trx
    .updateTable('products')
    .set({ current_stock: opening.quantity })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', opening.productId)
    .execute();
}
