import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import type { LocalOrder } from '../local/database';
import { dateLabel, useT } from '../shared-ui/i18n';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { PendingSyncChip } from './pending-sync-chip';

/**
 * One order of /orders or /my-orders as a stacked card, for phones (below `sm`): the same facts as
 * the desktop table's row — number, customer, total, status, date — on three short lines, so
 * nothing needs a sideways swipe. The number never wraps (it shrinks with an ellipsis only if a
 * phone is narrower than any we target); the total and the status stay on screen.
 *
 * With `to`, the card's body is a real link (`<a href>`, so open-in-new-tab and long-press work);
 * the actions (edit, assign driver, view) sit below it, outside the link, as their own buttons.
 * The test ids are the table row's, so a check reads the same on both layouts.
 */
export function OrderCard({
  order,
  pending,
  failedReason,
  to,
  actions,
  testId,
  data,
}: {
  order: LocalOrder;
  pending: boolean;
  failedReason: string | null;
  to?: string;
  actions?: ReactNode;
  testId: string;
  /** Extra data-* attributes for the card. */
  data?: Record<`data-${string}`, string>;
}) {
  useT(); // re-render when the language changes
  const body = (
    <Box sx={{ p: 1.5 }}>
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
        <PendingSyncChip pending={pending} failedReason={failedReason} />
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ ml: 'auto !important', whiteSpace: 'nowrap' }}
        >
          {dateLabel(order.created_at)}
        </Typography>
      </Stack>
    </Box>
  );
  return (
    <Card
      variant="outlined"
      data-testid={testId}
      data-order-id={order.id}
      data-status={order.status}
      {...data}
    >
      {to ? (
        <CardActionArea component={Link} to={to} data-testid="order-link">
          {body}
        </CardActionArea>
      ) : (
        body
      )}
      {actions ? (
        <CardActions sx={{ px: 1.5, pt: 0, pb: 1.5, gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {actions}
        </CardActions>
      ) : null}
    </Card>
  );
}
