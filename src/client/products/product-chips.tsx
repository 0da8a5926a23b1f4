import Chip from '@mui/material/Chip';
import type { Product } from '../../shared/api/entities';
import type { ProductStatus } from '../../shared/api/products';
import type { MessageKey } from '../shared-ui/i18n';
import { useT } from '../shared-ui/i18n';

/**
 * The product's chips in the spec's colours: status — active success, inactive default,
 * discontinued error, out_of_stock warning; stock status — in_stock success, low_stock warning,
 * out_of_stock error.
 */
const STATUS_COLOR = {
  active: 'success',
  inactive: 'default',
  discontinued: 'error',
  out_of_stock: 'warning',
} as const satisfies Record<ProductStatus, string>;

const STOCK_COLOR = {
  in_stock: 'success',
  low_stock: 'warning',
  out_of_stock: 'error',
} as const satisfies Record<Product['stock_status'], string>;

export const statusKey = (status: ProductStatus) => `prod_status_${status}` as MessageKey;
export const stockKey = (status: Product['stock_status']) => `prod_stock_${status}` as MessageKey;

export function ProductStatusChip({ status }: { status: ProductStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      label={t(statusKey(status))}
      data-testid="product-status"
      data-status={status}
    />
  );
}

export function StockStatusChip({ status }: { status: Product['stock_status'] }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STOCK_COLOR[status] ?? 'default'}
      label={t(stockKey(status))}
      data-testid="stock-status"
      data-stock-status={status}
    />
  );
}
