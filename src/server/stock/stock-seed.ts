import type { Transaction } from 'kysely';
import { orderStockMovements, type StockLine } from '../../shared/domain/stock';
import type { Database } from '../db/schema';
import * as repo from './stock.repository';

/**
 * The demo seed's ledger, written in the seed's transaction after its products and orders: each
 * seeded order holds what its status holds (an approved or prepared order reserves its lines), and
 * each product opens with its seeded figure AVAILABLE — the opening on-hand quantity is the seeded
 * figure plus what the seeded orders reserve (plus what the orders awaiting approval ask) — so the
 * demo's mix of in-stock, low and empty products is what a salesperson sees, every seeded order
 * can be approved, and the ledger sums to the stored figures.
 * Change numbers are not touched: the seed numbers its rows itself, before any device pulled.
 */
export async function seedStockLedger(
  trx: Transaction<Database>,
  tenantId: string,
  products: readonly { id: string; current_stock: number }[],
  orders: readonly { id: string; status: string; items: readonly StockLine[] }[],
  at: Date,
): Promise<void> {
  const reservations = orders.flatMap((o) =>
    orderStockMovements({ status: 'pending_approval', lines: [] }, { status: o.status, lines: o.items })
      .filter((m) => m.reason === 'reservation')
      .map((m) => ({ ...m, order_id: o.id })),
  );
  const reserved = new Map<string, number>();
  for (const r of reservations)
    reserved.set(r.product_id, (reserved.get(r.product_id) ?? 0) + r.reserved_delta);

  // Orders awaiting approval: the shelf holds enough for all of them at once, so every seeded
  // order can be approved in the demo (an approval beyond the available stock is refused).
  const awaiting = new Map<string, number>();
  for (const o of orders)
    if (o.status === 'pending_approval')
      for (const line of o.items)
        if (line.product_id)
          awaiting.set(line.product_id, (awaiting.get(line.product_id) ?? 0) + line.quantity);

  const openings = products
    .map((p) => ({
      id: p.id,
      current: p.current_stock + (reserved.get(p.id) ?? 0) + (awaiting.get(p.id) ?? 0),
    }))
    .filter((p) => p.current !== 0);
  const movements: repo.NewMovement[] = [
    ...openings.map((p) => ({
      product_id: p.id,
      quantity: p.current,
      reserved_delta: 0,
      reason: 'opening' as const,
      user_id: null,
      created_at: at,
    })),
    ...reservations.map((r) => ({
      product_id: r.product_id,
      quantity: 0,
      reserved_delta: r.reserved_delta,
      reason: 'reservation' as const,
      order_id: r.order_id,
      user_id: null,
      created_at: at,
    })),
  ];
  const seqs = await repo.insertMovements(trx, tenantId, movements);
  const last = new Map<string, number>();
  for (const [i, m] of movements.entries()) last.set(m.product_id, seqs[i] as number);
  const currentOf = new Map(openings.map((p) => [p.id, p.current]));
  for (const [id, stockSeq] of last)
    await trx
      .updateTable('products')
      .set({
        current_stock: currentOf.get(id) ?? 0,
        reserved_stock: reserved.get(id) ?? 0,
        stock_seq: stockSeq,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
}
