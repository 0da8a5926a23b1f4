import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { canAssignDriver, canDeleteOrder, canEditOrder } from '../../shared/domain/order-status';
import type { OutboxEntry } from '../local/database';
import { discardEntry, retryEntry } from '../local/store';
import { failedAction } from '../shared-ui/conflict-view';
import { DELIVERY_NOTE_STATUSES, deliveryNotePagePath, printDeliveryNote } from '../shared-ui/delivery-note';
import { DeliveryProofBlock } from '../shared-ui/delivery-proof';
import { dateTimeLabel, useT } from '../shared-ui/i18n';
import { useLocalStore } from '../shared-ui/local-store';
import { OrderInvoiceBlock } from '../shared-ui/order-invoice';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { outboxSummary } from '../shared-ui/outbox-summary';
import { StatusChangeDialog } from '../shared-ui/status-change-dialog';
import { AssignDriverDialog } from './assign-driver-dialog';
import { DeleteOrderDialog } from './delete-order-dialog';
import { OrderEditDialog } from './order-edit-dialog';
import { OrderHistory } from './order-history';
import { OrderItemsTable } from './order-items-table';
import { type StatusAction, statusActions, syncStateOf, useStoreWarmingUp } from './order-ui';
import { changeStatusAction, useActingUser, useOrder, useOrderEntries } from './orders-data';
import { PendingSyncChip } from './pending-sync-chip';

/**
 * /orders/{id}, the order detail: the order from the local store (works offline) with its
 * status, customer, lines, grand total, notes, the people on it, its history, and what this
 * device has not yet sent about it (or what the server refused, with the server's reason).
 *
 * The status buttons are exactly the transitions the machine allows this user on this order
 * (allowedNextStatuses), labelled as the spec names them ('Onayla', 'Reddet', 'Hazırla',
 * 'Kargoya Ver'); each opens a dialog with notes (optional unless the machine requires a reason)
 * and is applied at once locally, then sent through the outbox. A move the order is not ready for
 * ('Kargoya Ver' with no driver) is a disabled button with its reason written under the buttons.
 */
export default function OrderDetailPage() {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const user = useActingUser();
  const { error } = useLocalStore();
  const warmingUp = useStoreWarmingUp();
  const order = useOrder(id);
  const entries = useOrderEntries(id);
  const [action, setAction] = useState<StatusAction | null>(null);
  const [editing, setEditing] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const back = (
    <Button
      startIcon={<ArrowBack />}
      // Back to where the user came from (the list keeps its ?status= filter); opened directly
      // (a notification, a link), to the list.
      onClick={() =>
        (window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/orders')
      }
      data-testid="order-back"
    >
      {t('back')}
    </Button>
  );

  if (error) return <Alert severity="error">{t('orderStoreUnavailable')}</Alert>;
  // Not loaded yet (store opening, first pull on its way): a spinner, never a premature "not found".
  if (order === undefined || (order === null && warmingUp))
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="order-loading">
        <CircularProgress aria-label={t('loadingAria')} />
      </Box>
    );
  if (order === null)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <Alert severity="warning" data-testid="order-not-found" sx={{ alignSelf: 'stretch' }}>
          {t('orderNotFound')}
        </Alert>
      </Stack>
    );

  const actions = statusActions(user, order);
  const editable = !!user && canEditOrder(user, order);
  const assignable = !!user && canAssignDriver(user, order);
  const deletable = !!user && canDeleteOrder(user);
  const sync = syncStateOf(entries, order.pending_sync === 1);

  return (
    <Stack spacing={2} data-testid="order-detail" data-status={order.status}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        {back}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: 'flex-end' }}>
          {actions.map((a) => (
            <Button
              key={a.to}
              variant={a.to === 'rejected' || a.to === 'cancelled' ? 'outlined' : 'contained'}
              color={a.to === 'rejected' || a.to === 'cancelled' ? 'error' : 'primary'}
              disabled={a.blocked !== null}
              aria-describedby={a.blocked ? `order-action-${a.to}-reason` : undefined}
              onClick={() => setAction(a)}
              data-testid={`order-action-${a.to}`}
            >
              {a.label}
            </Button>
          ))}
          {DELIVERY_NOTE_STATUSES.includes(order.status) ? (
            <Button
              variant="outlined"
              startIcon={<PrintOutlined />}
              onClick={async () => {
                if ((await printDeliveryNote(order)) === 'offline') navigate(deliveryNotePagePath(order.id));
              }}
              data-testid="order-print-note"
            >
              {t('wh_printNote')}
            </Button>
          ) : null}
          {assignable ? (
            <Button
              variant="outlined"
              startIcon={<LocalShipping />}
              onClick={() => setAssigning(true)}
              data-testid="order-assign-driver"
            >
              {t('assignDriver')}
            </Button>
          ) : null}
          {editable ? (
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              onClick={() => setEditing(true)}
              data-testid="order-edit"
            >
              {t('edit')}
            </Button>
          ) : null}
          {deletable ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => setDeleting(true)}
              data-testid="order-delete"
            >
              {t('delete')}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      {/* Why a status button is disabled, in words (a disabled button takes no focus or hover). */}
      {actions
        .filter((a) => a.blocked)
        .map((a) => (
          <Typography
            key={a.to}
            id={`order-action-${a.to}-reason`}
            variant="body2"
            color="text.secondary"
            sx={{ textAlign: 'right' }}
            data-testid="order-action-blocked"
          >
            {a.label}: {a.blocked}
          </Typography>
        ))}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }} data-testid="order-detail-number">
            {order.order_number}
          </Typography>
          <Box data-testid="order-detail-status" data-status={order.status}>
            <OrderStatusChip status={order.status} size="medium" />
          </Box>
          <PendingSyncChip pending={sync.pending} failedReason={sync.failedReason} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('createdAtLabel', { time: dateTimeLabel(order.created_at) })}
        </Typography>

        <Box sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section title={t('customerInfo')}>
            <Field label={t('name')} value={order.customer_name} testId="order-customer-name" />
            <Field label={t('phone')} value={order.customer_phone} />
            <Field label={t('email')} value={order.customer_email} />
            <Field label={t('address')} value={order.customer_address} />
          </Section>
          <Section title={t('orderInfo')}>
            <Field label={t('salesperson')} value={order.salesperson_name} />
            <Field label={t('manager')} value={order.manager_name} />
            <Field label={t('warehouseOfficer')} value={order.warehouse_name} />
            <Field label={t('driver')} value={order.driver_name} testId="order-driver-name" />
            <Field label={t('vehiclePlate')} value={order.vehicle_plate} />
          </Section>
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('products')}
        </Typography>
        <OrderItemsTable items={order.items} totalKurus={order.total_amount_kurus} />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('notes')}
        </Typography>
        <Typography
          variant="body2"
          color={order.notes ? 'text.primary' : 'text.secondary'}
          sx={{ whiteSpace: 'pre-wrap' }}
          data-testid="order-notes"
        >
          {order.notes || t('noNotes')}
        </Typography>
      </Paper>

      <OrderInvoiceBlock order={order} />

      {entries.length > 0 ? <OrderOutbox entries={entries} /> : null}

      <DeliveryProofBlock orderId={order.id} status={order.status} />

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('orderHistory')}
        </Typography>
        <OrderHistory events={order.events ?? []} />
      </Paper>

      <StatusChangeDialog
        order={order}
        action={action}
        onClose={() => setAction(null)}
        onConfirm={(o, a, notes) => changeStatusAction(o.id, a.to, notes)}
      />
      <OrderEditDialog order={order} open={editing} onClose={() => setEditing(false)} />
      <AssignDriverDialog order={order} open={assigning} onClose={() => setAssigning(false)} />
      <DeleteOrderDialog
        order={order}
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate('/orders', { replace: true })}
      />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={0.75}>{children}</Stack>
    </Box>
  );
}

function Field({
  label,
  value,
  testId,
}: {
  label: string;
  value: string | null | undefined;
  testId?: string;
}) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid={testId}>
        {value || '—'}
      </Typography>
    </Stack>
  );
}

/**
 * This order's changes that have not reached the server, and those it refused with its reason
 * (e.g. 'Bu sipariş başka bir kullanıcı tarafından zaten "Onaylandı" durumuna getirildi'). A
 * refused change no longer shows in the order (it shows the server's state); the user may retry
 * or discard it here or in the sync panel.
 */
function OrderOutbox({ entries }: { entries: readonly OutboxEntry[] }) {
  const t = useT();
  const act = async (what: 'retry' | 'discard', id: string) => {
    await (what === 'retry' ? retryEntry(id) : discardEntry(id));
  };
  return (
    <Stack spacing={1} data-testid="order-outbox">
      {entries.map((entry) =>
        entry.status === 'failed' ? (
          <Alert
            key={entry.id}
            severity="error"
            data-testid="order-outbox-failed"
            action={
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5}>
                {/* The same choices as the sync panel: no retry for a refusal that cannot succeed. */}
                {failedAction(entry) && (
                  <Button color="inherit" size="small" onClick={() => void act('retry', entry.id)}>
                    {failedAction(entry) === 'applyAnyway' ? t('syncApplyAnyway') : t('retry')}
                  </Button>
                )}
                <Button color="inherit" size="small" onClick={() => void act('discard', entry.id)}>
                  {t('discard')}
                </Button>
              </Stack>
            }
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('serverRejectedChange', { summary: outboxSummary(entry) })}
            </Typography>
            <Typography variant="body2">{entry.error}</Typography>
          </Alert>
        ) : (
          <Alert key={entry.id} severity="info" data-testid="order-outbox-pending">
            {t('waitingToSend', { summary: outboxSummary(entry) })}
            {entry.last_error ? ` (${entry.last_error})` : ''}
          </Alert>
        ),
      )}
    </Stack>
  );
}
