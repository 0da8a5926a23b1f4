import type { salesTr } from './messages-tr';

/** This feature's screen texts in English; combined by app/catalogue-en.ts (loaded on demand). */
export const salesEn: Record<keyof typeof salesTr, string> = {
  offlineOrdersSaved:
    'You are offline: orders are saved on this device and sent to the server when the connection returns.',
  om_salesCustomerAndCart: 'Please select a customer and add products to the cart',
  productSearch: 'Search products',
  productSearchPlaceholder: 'Name, code, barcode or brand',
  customerNotFound: 'No customer found',
  cart: 'Cart',
  noProductsOnDevice:
    'There are no products on this device yet. The catalogue syncs from the server when you are online.',
  noProductsMatch: 'No products match your search',
  cartCustomer: 'Customer:',
  notSelected: 'not selected',
  cartEmpty: 'Your cart is empty',
  totalColon: 'Total:',
  createTheOrder: 'Create the Order',
  outOfStock: 'Out of stock',
  inCartN: 'In cart: {n}',
  addToCart: 'Add to Cart',
};
