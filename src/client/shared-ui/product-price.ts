import type { LocalProduct } from '../local';

/*
 * Product price rules shared by /sales and /create-order (here, so neither feature imports the
 * other).
 */

/**
 * The unit price a salesperson sells a product at, in integer kuruş: the discounted price when the
 * product has one, otherwise the selling price — the same rule the seeded orders follow, so an
 * order taken on the sales screen or picked on /create-order prices a product as the catalogue does.
 */
export function productPriceKurus(
  product: Pick<LocalProduct, 'selling_price_kurus' | 'discounted_price_kurus'>,
): number {
  return product.discounted_price_kurus ?? product.selling_price_kurus;
}

/**
 * The stock the sales screen checks: `current_stock` ("add to cart is disabled when stock
 * is 0 or less; cart quantity cannot exceed current stock"). `available_stock` is not used: the
 * spec names current stock, and the server does not reserve stock for orders in this issue.
 */
export function productStock(product: Pick<LocalProduct, 'current_stock'>): number {
  return product.current_stock;
}
