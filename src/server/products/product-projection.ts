import type { Product } from '../../shared/api/entities';
import type { Role } from '../../shared/domain/roles';

/**
 * Least data (a role sees only what its work needs): what a product costs the company
 * (`cost_price`, its margin) is for the
 * roles that price and buy — admin and manager. Everyone else gets the product WITHOUT the keys
 * (not null: absent), in every response that carries products: GET /products and the sync feed.
 * Both go through productForRole, so the rule lives in one place.
 */
export const COST_PRICE_ROLES: readonly Role[] = ['admin', 'manager'];

export function productForRole(product: Product, role: Role): Product {
  if (COST_PRICE_ROLES.includes(role)) return product;
  const { cost_price: _cost, cost_price_kurus: _costKurus, ...visible } = product;
  return visible;
}
