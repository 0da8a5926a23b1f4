import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/client/local/database';
import { MUTATIONS } from '../../src/client/local/mutations';

/** The device's own view of its queued stock writes (re-applied until the server answers). */
const product = {
  id: 'p1',
  current_stock: 10,
  available_stock: 7,
  min_stock: 3,
  stock_status: 'in_stock',
  stock_seq: 41,
};
const entry = (body: unknown) => ({ body }) as unknown as OutboxEntry & { body: never };

describe('stock outbox kinds', () => {
  it('a queued adjustment moves on hand and available and recomputes the status', () => {
    const adjust = MUTATIONS['product.stock_adjust'];
    expect(adjust.apply(product, entry({ adjustment: -5 }), 'product:p1')).toMatchObject({
      current_stock: 5,
      available_stock: 2,
      stock_status: 'low_stock',
    });
    expect(adjust.apply(null, entry({ adjustment: 1 }), 'product:p1')).toBeNull();
  });

  it('a queued count shows the counted quantity while the row is the one counted on, else the server figures', () => {
    const count = MUTATIONS['inventory.count'];
    const body = { count_id: 'c', lines: [{ product_id: 'p1', counted: 4, seen_stock_seq: 41 }] };
    expect(count.apply(product, entry(body), 'product:p1')).toMatchObject({
      current_stock: 4,
      available_stock: 1,
      stock_status: 'low_stock',
    });
    const moved = { ...product, stock_seq: 42, current_stock: 8 };
    expect(count.apply(moved, entry(body), 'product:p1')).toEqual(moved);
    expect(count.apply(product, entry(body), 'product:other')).toEqual(product);
  });
});
