import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';

/**
 * Asks before a bulk status change of the selected products (deletes have their own dialog,
 * delete-products-dialog.tsx, which says what a delete writes off and what refuses it). While the
 * action is being applied both buttons are off, so a double click cannot queue it twice.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  /** Runs the action; the dialog closes when it settles. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        onCancel={onClose}
        onSubmit={() => void confirm()}
        color={danger ? 'error' : 'primary'}
        testId={`${testId}-confirm`}
      >
        {confirmLabel}
      </DialogSubmitActions>
    </Dialog>
  );
}
