import { sellableStock } from '../../shared/domain/order-lines';
import type { LocalProduct } from '../local/database';

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
 * The stock a sale is capped at: `available_stock` (on hand minus what approved orders reserve),
 * read through the shared rule (src/shared/domain/order-lines.ts `sellableStock`), so /sales and
 * /create-order never offer goods already promised to someone else.
 */
export function productStock(product: Pick<LocalProduct, 'available_stock'>): number {
  return sellableStock(product.available_stock);
}
