import { API } from '../../../shared/api/endpoints';
import { stockStatusOf } from '../../../shared/domain/stock';
import { parseRecordKey } from '../database';
import { defineMutation, type Row } from './define';

/**
 * The local effects of the stock writes on the mirrored product rows (records `product:<id>`).
 * Pure functions of (row, entry), re-applied on top of every newer server version until the server
 * acknowledges the write.
 */

/** The row with its on-hand figure moved by `delta` and its stock status recomputed. */
function withOnHand(row: Row, delta: number): Row {
  const current = Number(row.current_stock ?? 0) + delta;
  const available = Number(row.available_stock ?? 0) + delta;
  return {
    ...row,
    current_stock: current,
    available_stock: available,
    stock_status: stockStatusOf(available, Number(row.min_stock ?? 0)),
  };
}

export const stockMutations = {
  /** PATCH /products/{id}/stock: a manual adjustment (versioned: the row's version it was made on). */
  'product.stock_adjust': defineMutation(API.productStockAdjust, {
    apply: (row, entry) => (row ? withOnHand(row, entry.body.adjustment) : row),
    fromResponse: (data, entry) => ({ [entry.record_key]: data as unknown as Row }),
  }),
  /**
   * POST /inventory/counts: the entry's records are the counted products (`product:<id>`). The
   * server posts, per line, counted − on hand as of the movement the device had seen. When the
   * entry carries what the device showed as on hand then (`local.expected`, by product id — the
   * inventory screen's counts do), that difference is known exactly and is added on top of
   * whatever the row says now: movements pulled since (a shipment during the count) still count,
   * as on the server. Without it: while the row is still the one the line was counted on (its
   * stock_seq is the line's seen_stock_seq) the device shows the counted quantity; once the product
   * moved since, it keeps the server's figures and the product's next version brings the result.
   */
  'inventory.count': defineMutation(API.inventoryCount, {
    apply: (row, entry, key) => {
      if (!row) return row;
      const id = parseRecordKey(key)?.id;
      const line = entry.body.lines.find((l) => l.product_id === id);
      if (!line) return row;
      const expected = id ? (entry.local?.expected as Record<string, number> | undefined)?.[id] : undefined;
      if (typeof expected === 'number') return withOnHand(row, line.counted - expected);
      if (Number(row.stock_seq ?? -1) !== line.seen_stock_seq) return row;
      return withOnHand(row, line.counted - Number(row.current_stock ?? 0));
    },
  }),
};
