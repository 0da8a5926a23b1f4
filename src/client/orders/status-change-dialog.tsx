import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { orderStatusBody } from '../../shared/api/orders';
import type { LocalOrder } from '../local';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { statusLabel, useT } from '../shared-ui/i18n';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import type { StatusAction } from './order-ui';
import { changeStatusAction } from './orders-data';

export interface StatusChangeDialogProps {
  order: LocalOrder | null;
  /** The transition to confirm (null: closed). */
  action: StatusAction | null;
  onClose: () => void;
}

/**
 * Confirms one status change with notes (spec §2 order detail: a manager approves or rejects a
 * pending_approval order "through a dialog with optional notes"). Notes are optional unless the
 * machine's transition requires a reason (a failed delivery). The change is applied locally and
 * queued in the outbox, so it works offline; the snackbar carries the spec's text per action.
 */
export function StatusChangeDialog({ order, action, onClose }: StatusChangeDialogProps) {
  return (
    <Dialog open={!!order && !!action} onClose={onClose} fullWidth maxWidth="sm" data-testid="status-dialog">
      {order && action ? <StatusChangeForm order={order} action={action} onClose={onClose} /> : null}
    </Dialog>
  );
}

function StatusChangeForm({
  order,
  action,
  onClose,
}: {
  order: LocalOrder;
  action: StatusAction;
  onClose: () => void;
}) {
  const t = useT();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const trimmed = notes.trim();
    if (action.requiresNotes && !trimmed) {
      setError(t('om_notesRequired'));
      return;
    }
    const parsed = orderStatusBody.safeParse({ status: action.to, notes: trimmed || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('invalidValue'));
      return;
    }
    setBusy(true);
    const entry = await changeStatusAction(order.id, action.to, parsed.data.notes);
    setBusy(false);
    if (entry) onClose();
  };

  const destructive = action.to === 'rejected' || action.to === 'cancelled';
  return (
    <>
      <DialogTitle>
        {action.label}: {order.order_number}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <OrderStatusChip status={order.status} />
            <Typography color="text.secondary">→</Typography>
            <OrderStatusChip status={action.to} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('statusWillChange', { customer: order.customer_name, status: statusLabel(action.to) })}
          </Typography>
          <TextField
            label={action.requiresNotes ? t('explanation') : t('noteOptional')}
            required={action.requiresNotes}
            multiline
            minRows={2}
            value={notes}
            onChange={(e) => {
              setNotes(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'status-notes', maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        color={destructive ? 'error' : 'primary'}
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="status-confirm"
      >
        {action.label}
      </DialogSubmitActions>
    </>
  );
}
