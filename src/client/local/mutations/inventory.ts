import { API } from '../../../shared/api/endpoints';
import { stockStatusOf } from '../../../shared/domain/stock';
import { defineMutation, type Row } from './define';

/**
 * The local effects of the inventory's stock changes: a manual adjustment
 * (PATCH /products/{id}/stock) and a posted count (POST /inventory/counts). Both move the product's
 * on-hand figure at once on the device (offline too) and are re-applied on top of every newer
 * server version until the server acknowledges them; then the server's product replaces the
 * optimistic one at the next pull.
 */

/** The product row with `delta` more on hand: available and the stock status follow. */
export function withStockDelta(row: Row, delta: number): Row {
  const current = Number(row.current_stock ?? 0) + delta;
  const available = Number(row.available_stock ?? 0) + delta;
  return {
    ...row,
    current_stock: current,
    available_stock: available,
    stock_status: stockStatusOf(available, Number(row.min_stock ?? 0)),
  };
}

export const inventoryMutations = {
  'inventory.adjust': defineMutation(API.productStockAdjust, {
    apply: (row, entry) => (row ? withStockDelta(row, entry.body.adjustment) : null),
    fromResponse: (data, entry) => ({ [entry.record_key]: data as unknown as Row }),
  }),
  /**
   * A count posts, per line, `counted − on-hand as of the movement its device had seen`. The
   * device knows that on-hand figure: it is what it showed as expected (`local.expected`, the
   * product as the server last sent it when the line was first counted). So the optimistic
   * effect adds exactly the difference the server will post, on top of whatever the product's
   * row says now (movements pulled since still count, as on the server).
   */
  'inventory.count': defineMutation(API.inventoryCount, {
    apply: (row, entry, key) => {
      if (!row) return null;
      const id = key.slice(key.indexOf(':') + 1);
      const line = entry.body.lines.find((l) => l.product_id === id);
      const expected = (entry.local?.expected as Record<string, number> | undefined)?.[id];
      if (!line || expected === undefined) return row;
      return withStockDelta(row, line.counted - expected);
    },
  }),
};
