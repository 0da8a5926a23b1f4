import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import type { LocalOrder } from '../local/database';
import { dateLabel, type Translate } from '../shared-ui/i18n';
import type { Column } from '../shared-ui/kit/entity-list';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import type { OrderSyncState } from './order-ui';
import { PendingSyncChip } from './pending-sync-chip';

/**
 * What /orders and /my-orders show of an order, the same on both: the columns of the desktop
 * table — number, customer, amount, status, date — and the phone's card with the same facts. Only
 * the amount column's head differs ('Toplam' on /orders, 'Tutar' on /my-orders). The order's
 * unsent or refused changes are marked beside its number (table) or its status (card). The test
 * ids are the same on both layouts, so a check reads the same on a desktop and on a phone.
 */
export function orderColumns(
  t: Translate,
  amountLabel: string,
  sync: (order: LocalOrder) => OrderSyncState,
): Column<LocalOrder>[] {
  return [
    {
      key: 'number',
      header: t('colOrderNo'),
      nowrap: true,
      sx: { p: 0 },
      cell: (order) => {
        const { pending, failedReason } = sync(order);
        return (
          // The whole first cell is a real link (open in a new tab, copy address).
          <Link
            component={RouterLink}
            to={`/orders/${order.id}`}
            variant="body2"
            color="inherit"
            underline="hover"
            sx={{ display: 'block', px: 2, py: 0.75, fontWeight: 600 }}
            data-testid="order-link"
          >
            <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span data-testid="order-number">{order.order_number}</span>
              <PendingSyncChip pending={pending} failedReason={failedReason} />
            </Stack>
          </Link>
        );
      },
    },
    {
      key: 'customer',
      header: t('colCustomer'),
      cell: (order) => order.customer_name,
      testId: 'order-customer',
    },
    {
      key: 'total',
      header: amountLabel,
      cell: (order) => formatTL(order.total_amount_kurus),
      align: 'right',
      nowrap: true,
      testId: 'order-total',
    },
    { key: 'status', header: t('status'), cell: (order) => <OrderStatusChip status={order.status} /> },
    { key: 'date', header: t('colDate'), cell: (order) => dateLabel(order.created_at), nowrap: true },
  ];
}

/**
 * An order as a phone's card (below `sm`): the table row's facts on three short lines, so nothing
 * needs a sideways swipe. The number never wraps (it shrinks with an ellipsis only if a phone is
 * narrower than any we target); the total and the status stay on screen.
 */
export function OrderCardFacts({ order, sync }: { order: LocalOrder; sync: OrderSyncState }) {
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          data-testid="order-number"
        >
          {order.order_number}
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', flexShrink: 0 }}
          data-testid="order-total"
        >
          {formatTL(order.total_amount_kurus)}
        </Typography>
      </Stack>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 0.25, overflowWrap: 'anywhere' }}
        data-testid="order-customer"
      >
        {order.customer_name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <OrderStatusChip status={order.status} />
        <PendingSyncChip pending={sync.pending} failedReason={sync.failedReason} />
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ ml: 'auto !important', whiteSpace: 'nowrap' }}
        >
          {dateLabel(order.created_at)}
        </Typography>
      </Stack>
    </>
  );
}
