import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import type { LocalOrder } from '../local/database';
import { dateTimeLabel, useT } from '../shared-ui/i18n';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { OrderItemsTable } from './order-items-table';
import { useOrder, useOrderEntries } from './orders-data';
import { PendingSyncChip } from './pending-sync-chip';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/**
 * The /my-orders view dialog, which lists the items: the order's customer, its
 * lines and total, read live from the local store — so it follows the order while it is open
 * (e.g. the real number replacing 'GEÇİCİ-…' when the server accepts it).
 */
export function OrderViewDialog({
  order,
  open,
  onClose,
}: {
  order: LocalOrder | null;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const live = useOrder(order?.id);
  const shown = live ?? order;
  const entries = useOrderEntries(order?.id);
  const failed = entries.find((e) => e.status === 'failed');

  return (
    <Dialog open={open && !!shown} onClose={onClose} maxWidth="md" fullWidth data-testid="order-view-dialog">
      {shown ? (
        <>
          <DialogTitle>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <span data-testid="order-view-number">{shown.order_number}</span>
              <OrderStatusChip status={shown.status} />
              <PendingSyncChip
                pending={shown.pending_sync === 1 || entries.some((e) => e.status === 'pending')}
                failedReason={failed?.error ?? null}
              />
            </Stack>
          </DialogTitle>
          <DialogContent dividers>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                gap: 1.5,
                mb: 2,
              }}
            >
              <Field label={t('customer')} value={shown.customer_name} />
              <Field label={t('date')} value={dateTimeLabel(shown.created_at)} />
              <Field label={t('phone')} value={shown.customer_phone} />
              <Field label={t('email')} value={shown.customer_email} />
              <Field label={t('address')} value={shown.customer_address} />
              <Field label={t('notes')} value={shown.notes} />
            </Box>
            <Divider />
            <OrderItemsTable items={shown.items} totalKurus={shown.total_amount_kurus} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => navigate(`/orders/${shown.id}`)}>{t('goToDetail')}</Button>
            <Button variant="contained" onClick={onClose}>
              {t('close')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
