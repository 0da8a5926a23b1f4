import { describe, expect, it } from 'vitest';
import {
  type CartLine,
  type CartProduct,
  cartCount,
  cartItems,
  cartReducer,
  cartTotalKurus,
} from '../../src/client/sales/sales-cart';

const phone: CartProduct = { id: 'p1', name: 'Telefon', price_kurus: 1_999_990, stock: 3 };
const shirt: CartProduct = { id: 'p2', name: 'Gömlek', price_kurus: 33_333, stock: 10 };
const gone: CartProduct = { id: 'p3', name: 'Tükendi', price_kurus: 1_000, stock: 0 };

function run(...actions: Parameters<typeof cartReducer>[1][]): CartLine[] {
  return actions.reduce(cartReducer, [] as CartLine[]);
}

describe('sales cart', () => {
  it('adds a product as a line of 1, and the same product again raises it by 1', () => {
    const cart = run(
      { type: 'add', product: phone },
      { type: 'add', product: shirt },
      { type: 'add', product: phone },
    );
    expect(cart).toEqual([
      { product_id: 'p1', product_name: 'Telefon', unit_price_kurus: 1_999_990, quantity: 2 },
      { product_id: 'p2', product_name: 'Gömlek', unit_price_kurus: 33_333, quantity: 1 },
    ]);
    expect(cartCount(cart)).toBe(3);
  });

  it('never adds a product whose stock is 0 or less', () => {
    expect(run({ type: 'add', product: gone })).toEqual([]);
    expect(run({ type: 'add', product: { ...gone, stock: -2 } })).toEqual([]);
  });

  it('caps the quantity at the current stock, by adding or by typing', () => {
    const added = run(...Array.from({ length: 5 }, () => ({ type: 'add' as const, product: phone })));
    expect(added[0]?.quantity).toBe(3);
    const typed = cartReducer(added, { type: 'set-quantity', productId: 'p1', quantity: 99, stock: 3 });
    expect(typed[0]?.quantity).toBe(3);
    // A stock lowered since (a sync) caps the next change.
    expect(
      cartReducer(typed, { type: 'set-quantity', productId: 'p1', quantity: 3, stock: 2 })[0]?.quantity,
    ).toBe(2);
  });

  it('removes a line when its quantity is set to 0 (or less), keeps it on junk input', () => {
    const cart = run({ type: 'add', product: phone }, { type: 'add', product: shirt });
    expect(
      cartReducer(cart, { type: 'set-quantity', productId: 'p1', quantity: 0, stock: 3 }).map(
        (l) => l.product_id,
      ),
    ).toEqual(['p2']);
    expect(
      cartReducer(cart, { type: 'set-quantity', productId: 'p2', quantity: -1, stock: 10 }).map(
        (l) => l.product_id,
      ),
    ).toEqual(['p1']);
    expect(
      cartReducer(cart, { type: 'set-quantity', productId: 'p2', quantity: Number.NaN, stock: 10 }),
    ).toBe(cart);
    expect(cartReducer(cart, { type: 'clear' })).toEqual([]);
  });

  it('totals in integer kuruş and sends TL with two decimals', () => {
    // 3 × 333,33 = 999,99 exactly (in floating point 3 * 333.33 = 999.9899999999999).
    const cart = run(
      { type: 'add', product: shirt },
      { type: 'add', product: shirt },
      { type: 'add', product: shirt },
    );
    expect(cartTotalKurus(cart)).toBe(99_999);
    expect(cartItems(cart)).toEqual([
      { product_id: 'p2', product_name: 'Gömlek', quantity: 3, unit_price: 333.33 },
    ]);
  });
});
