import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { orderStatusBody } from '../../shared/api/orders';
import type { OrderStatus } from '../../shared/domain/order-status';
import type { LocalOrder } from '../local/database';
import { DialogSubmitActions } from './dialog-submit-actions';
import { statusLabel, useT } from './i18n';
import { OrderStatusChip } from './order-status-chip';

/** One status change to confirm: its target, its button label, whether a reason is required. */
export interface StatusChoice {
  to: OrderStatus;
  label: string;
  requiresNotes: boolean;
}

export interface StatusChangeDialogProps {
  order: LocalOrder | null;
  /** The transition to confirm (null: closed). */
  action: StatusChoice | null;
  onClose: () => void;
  /** Applies the change with the notes (null: none); a truthy answer closes the dialog. */
  onConfirm: (order: LocalOrder, action: StatusChoice, notes: string | null) => Promise<unknown>;
}

/**
 * Confirms one status change with notes: a manager approves or rejects a pending_approval order
 * "through a dialog with optional notes", on the order detail and on the dashboards alike — the
 * same word does the same thing after the same question wherever it is pressed. Notes are
 * optional unless the machine's transition requires a reason (a failed delivery). The caller's
 * `onConfirm` applies the change locally and queues it in the outbox, so it works offline.
 */
export function StatusChangeDialog({ order, action, onClose, onConfirm }: StatusChangeDialogProps) {
  return (
    <Dialog open={!!order && !!action} onClose={onClose} fullWidth maxWidth="sm" data-testid="status-dialog">
      {order && action ? (
        <StatusChangeForm order={order} action={action} onClose={onClose} onConfirm={onConfirm} />
      ) : null}
    </Dialog>
  );
}

function StatusChangeForm({
  order,
  action,
  onClose,
  onConfirm,
}: {
  order: LocalOrder;
  action: StatusChoice;
  onClose: () => void;
  onConfirm: StatusChangeDialogProps['onConfirm'];
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
    const entry = await onConfirm(order, action, parsed.data.notes ?? null);
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
