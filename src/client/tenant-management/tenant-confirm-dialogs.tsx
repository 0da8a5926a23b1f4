import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useT } from '../shared-ui/i18n';

/**
 * A question before an action that cannot be taken back (delete a tenant with all its data, the
 * wildcard DNS record, DNS records for every tenant). While the action runs both buttons are off.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  note,
  confirmLabel,
  danger = false,
  busy,
  onConfirm,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  text: string;
  note?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${testId}-title`}
      aria-describedby={`${testId}-text`}
      data-testid={testId}
    >
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${testId}-text`}>{text}</DialogContentText>
        {note ? (
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {note}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        onCancel={onClose}
        onSubmit={onConfirm}
        color={danger ? 'error' : 'primary'}
        testId={`${testId}-confirm`}
      >
        {confirmLabel || t('tm_confirm')}
      </DialogSubmitActions>
    </Dialog>
  );
}
