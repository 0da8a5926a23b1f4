import { idParam } from '../common';
import { endpoint } from '../endpoint';
import { productSchema } from '../entities';
import { ROUTES } from '../routes';
import {
  inventoryCountBody,
  inventoryCountResponse,
  lowStockResponse,
  stockAdjustBody,
  stockMovementListBody,
  stockMovementListQuery,
} from '../stock';

/** Stock: low stock, movements, adjustments, inventory counts. Spread into `API` (./index.ts). */
export const STOCK_ENDPOINTS = {
  productLowStock: endpoint({ ...ROUTES.productLowStock, response: lowStockResponse }),
  productStockMovements: endpoint({
    ...ROUTES.productStockMovements,
    params: idParam,
    query: stockMovementListQuery,
    response: stockMovementListBody,
    envelope: false,
  }),
  productStockAdjust: endpoint({
    ...ROUTES.productStockAdjust,
    params: idParam,
    body: stockAdjustBody,
    response: productSchema,
  }),
  inventoryCount: endpoint({
    ...ROUTES.inventoryCount,
    body: inventoryCountBody,
    response: inventoryCountResponse,
    statuses: [200, 201],
  }),
} as const;
