import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Payment } from '../../shared/api/accounts';
import { API } from '../../shared/api/endpoints';
import { isDeferred, PAYMENT_LIMITS } from '../../shared/domain/account';
import { formatTL } from '../../shared/domain/money';
import { ApiError } from '../api/errors';
import { call } from '../api/http';
import { pullNow } from '../local/store';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { useUi } from '../state/ui';
import { reasonLongEnough } from './account';

/**
 * 'Tahsilatı İptal Et' (admin, manager): a payment taken by mistake is reversed with a reason
 * (at least the server's minimum); a cheque or a note that bounced is marked 'Karşılıksız' so the
 * ledger says so. Sent now (POST /payments/{id}/reverse naming the payment's version) — online
 * only: a reversal takes money back off a customer's account and must not wait on a device.
 */
export function ReversePaymentDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [returned, setReturned] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ reason?: string; form?: string }>({});
  const { reasonMinLength: min, reasonMaxLength: max } = PAYMENT_LIMITS;
  const tooShort = !reasonLongEnough(reason);
  const deferred = isDeferred(payment.method);

  const submit = async () => {
    setTouched(true);
    if (tooShort) return;
    setBusy(true);
    try {
      await call(API.paymentReverse, {
        params: { id: payment.id },
        body: {
          reason: reason.trim(),
          ...(deferred ? { returned } : {}),
          expected_version: payment.version,
        },
      });
      useUi.getState().showSuccess(t('acct_reversed'));
      void pullNow().catch(() => undefined);
      void client.invalidateQueries({ queryKey: ['api', 'GET', API.accountMovements.path] });
      onClose();
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      setError(
        caught instanceof ApiError && caught.body?.field === 'reason'
          ? { reason: message }
          : { form: message },
      );
    } finally {
      setBusy(false);
    }
  };

  const reasonError = error.reason ?? (touched && tooShort ? t('acct_reasonHint', { n: min }) : null);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="reverse-payment-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="reverse-payment-title">{t('acct_reverseTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t('acct_reverseText', {
              number: payment.receipt_number,
              amount: formatTL(payment.amount_kurus),
            })}
          </DialogContentText>
          {error.form ? (
            <Alert severity="error" data-testid="payment-reverse-error">
              {error.form}
            </Alert>
          ) : null}
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            required
            label={t('acct_reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError({});
            }}
            onBlur={() => setTouched(true)}
            error={!!reasonError}
            helperText={`${reasonError ?? t('acct_reasonHint', { n: min })} · ${reason.length}/${max}`}
            slotProps={{ htmlInput: { maxLength: max, 'data-testid': 'payment-reverse-reason' } }}
          />
          {deferred ? (
            <FormControlLabel
              control={
                <Checkbox
                  checked={returned}
                  onChange={(e) => setReturned(e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'payment-returned-hint' } }}
                  data-testid="payment-reverse-returned"
                />
              }
              label={t('acct_returned')}
            />
          ) : null}
          {deferred ? (
            <DialogContentText id="payment-returned-hint" variant="caption">
              {t('acct_returnedHint')}
            </DialogContentText>
          ) : null}
          {!online ? <Alert severity="info">{t('acct_onlineOnly')}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={tooShort || !online}
        color="error"
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="payment-reverse-confirm"
      >
        {t('acct_reverse')}
      </DialogSubmitActions>
    </Dialog>
  );
}
