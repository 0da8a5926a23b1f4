import Chip, { type ChipProps } from '@mui/material/Chip';
import { isOrderStatus, type OrderStatus } from '../../shared/domain/order-status';
import { statusLabel, useT } from './i18n';

/** Chip colour per status (pending_approval is a warning chip, as the admin panel's table shows it). */
const COLORS: Record<OrderStatus, ChipProps['color']> = {
  pending: 'default',
  pending_approval: 'warning',
  approved: 'info',
  rejected: 'error',
  assigned: 'info',
  prepared: 'primary',
  preparing: 'primary',
  ready_for_shipping: 'primary',
  shipped: 'secondary',
  in_production: 'default',
  ready_for_delivery: 'secondary',
  out_for_delivery: 'secondary',
  in_transit: 'secondary',
  delivered: 'success',
  cancelled: 'error',
  returned: 'warning',
  refunded: 'default',
};

/** The order's status as a chip (shared: the order screens and the dashboards) with its Turkish label (unknown values shown as they are). */
export function OrderStatusChip({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) {
  useT(); // re-render when the language changes
  const known = isOrderStatus(status);
  return (
    <Chip
      size={size}
      label={statusLabel(status)}
      color={known ? COLORS[status] : 'default'}
      data-status={status}
    />
  );
}
