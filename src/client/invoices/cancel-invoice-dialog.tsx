import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { INVOICE_LIMITS } from '../../shared/api/invoices';
import type { LocalInvoice } from '../local/database';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { t as translate, useT } from '../shared-ui/i18n';
import { runLocalAction } from '../shared-ui/local-action';
import { useSession } from '../state/session';
import { cancelInvoice } from './mutations';

/**
 * 'İptal et' (admin): the reason (at least 3 characters, as the server requires) and the version
 * of the invoice the admin saw, sent through the outbox (offline too). The invoice shows as
 * cancelled at once; if the server refuses (someone changed it meanwhile), it returns to its
 * server state and the sync panel says why.
 */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: LocalInvoice; onClose: () => void }) {
  const t = useT();
  const userName = useSession((s) => s.user?.full_name ?? null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const { min, max } = INVOICE_LIMITS.cancelReason;
  const tooShort = reason.trim().length < min;

  const submit = async () => {
    setTouched(true);
    if (tooShort) return;
    setBusy(true);
    const done = await runLocalAction(
      () => cancelInvoice(invoice.id, reason, userName),
      translate('invc_cancelQueued'),
      translate('invc_cancel'),
    );
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="cancel-invoice-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="cancel-invoice-title">{t('invc_cancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('invc_cancelText', { number: invoice.invoice_number ?? '' })}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          required
          label={t('invc_cancelReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && tooShort}
          helperText={`${t('invc_cancelReasonHint', { n: min })} · ${reason.length}/${max}`}
          slotProps={{ htmlInput: { maxLength: max, 'data-testid': 'invoice-cancel-reason' } }}
        />
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={tooShort}
        color="error"
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="invoice-cancel-confirm"
      >
        {t('invc_cancelConfirm')}
      </DialogSubmitActions>
    </Dialog>
  );
}
