import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import type { LocalOrder } from '../local/database';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useT } from '../shared-ui/i18n';
import { deleteOrderAction } from './orders-data';

/**
 * Confirms deleting an order (admin only: canDeleteOrder). The order disappears locally at once
 * and the deletion goes through the outbox; the server keeps it as a soft delete and every other
 * device gets it as a removal with its next pull.
 */
export function DeleteOrderDialog({
  order,
  open,
  onClose,
  onDeleted,
}: {
  order: LocalOrder;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const entry = await deleteOrderAction(order.id);
    setBusy(false);
    if (entry) onDeleted();
    else onClose();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('deleteOrderTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('deleteOrderText', { number: order.order_number, customer: order.customer_name })}
        </DialogContentText>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        onCancel={onClose}
        onSubmit={() => void confirm()}
        color="error"
        testId="order-delete-confirm"
      >
        {t('delete')}
      </DialogSubmitActions>
    </Dialog>
  );
}
