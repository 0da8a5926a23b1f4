import type { OrderItemInput } from '../../shared/api/orders';
import {
  canAddToOrder,
  capToAvailable,
  linesToItems,
  linesTotalKurus,
  type OrderLine,
} from '../../shared/domain/order-lines';

/**
 * The sales cart: a pure reducer, so its rules are plain
 * functions of (cart, action) —
 * - adding a product adds a line with quantity 1; adding the same product again raises it by 1;
 * - changing a quantity to 0 (or less) removes the line;
 * - a quantity never exceeds the product's AVAILABLE stock, and a product with ≤ 0 available is
 *   never added (the shared stock cap, src/shared/domain/order-lines.ts — /create-order uses it too);
 * - the cart is cleared after a successful order.
 * A line is the shared order line (src/shared/domain/order-lines.ts) of a catalogue product: prices
 * are integer kuruş; the stock is the one passed with the action (the live value the screen
 * shows), so a stock lowered by a sync caps the next change.
 */
export type CartLine = OrderLine & { product_id: string };

export interface CartProduct {
  id: string;
  name: string;
  price_kurus: number;
  stock: number;
}

export type CartAction =
  | { type: 'add'; product: CartProduct }
  | { type: 'set-quantity'; productId: string; quantity: number; stock: number }
  | { type: 'remove'; productId: string }
  | { type: 'clear' };

function cap(quantity: number, stock: number): number {
  return capToAvailable(quantity, stock);
}

export function cartReducer(cart: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add': {
      const { product } = action;
      if (!canAddToOrder(product.stock)) return cart;
      const existing = cart.find((line) => line.product_id === product.id);
      if (!existing)
        return [
          ...cart,
          {
            product_id: product.id,
            product_name: product.name,
            unit_price_kurus: product.price_kurus,
            quantity: 1,
          },
        ];
      const quantity = cap(existing.quantity + 1, product.stock);
      if (quantity === existing.quantity) return cart;
      return cart.map((line) => (line.product_id === product.id ? { ...line, quantity } : line));
    }
    case 'set-quantity': {
      if (!Number.isFinite(action.quantity)) return cart;
      const quantity = cap(action.quantity, action.stock);
      if (quantity <= 0) return cart.filter((line) => line.product_id !== action.productId);
      return cart.map((line) => (line.product_id === action.productId ? { ...line, quantity } : line));
    }
    case 'remove':
      return cart.filter((line) => line.product_id !== action.productId);
    case 'clear':
      return [];
  }
}

/** Number of pieces in the cart (the badge). */
export function cartCount(cart: CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

/** The cart's total in kuruş (sum of quantity × unit price, no floating point). */
export function cartTotalKurus(cart: CartLine[]): number {
  return linesTotalKurus(cart);
}

/** The cart as order lines (TL with two decimals on the wire). */
export function cartItems(cart: CartLine[]): OrderItemInput[] {
  return linesToItems(cart);
}
