import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { API } from '../../shared/api/endpoints';
import { MAX_DUE_DAYS } from '../../shared/domain/account';
import { formatMoneyInput, formatQuantityInput } from '../../shared/domain/number-input';
import { ApiError } from '../api/errors';
import { call } from '../api/http';
import { pullNow } from '../local/store';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useFieldErrors } from '../shared-ui/field-errors';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { NumberField } from '../shared-ui/number-field';
import { useUi } from '../state/ui';
import { type TermsField, termsBody, termsFieldOf } from './account';

/**
 * 'Vade ve Risk Limiti' (admin, manager): the customer's due days and risk limit, sent now
 * (PUT /customers/{id}/account naming the terms' version the user saw) — online only, since the
 * limit decides approvals on the server at once. A refusal that names a field is shown under it;
 * a stale version (someone changed the terms meanwhile) above the fields. The device's copy of the
 * account follows with the next pull, asked for at once.
 */
export function TermsDialog({
  customerId,
  dueDays,
  creditLimitKurus,
  termsVersion,
  onClose,
}: {
  customerId: string;
  dueDays: number;
  creditLimitKurus: number | null;
  termsVersion: number;
  onClose: () => void;
}) {
  const t = useT();
  const online = useOnline();
  const client = useQueryClient();
  const [due, setDue] = useState(formatQuantityInput(dueDays));
  const [limit, setLimit] = useState(creditLimitKurus === null ? '' : formatMoneyInput(creditLimitKurus));
  const { errors, setErrors, edited } = useFieldErrors<TermsField | 'form'>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const read = termsBody(due, limit, termsVersion);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setBusy(true);
    try {
      await call(API.accountTermsUpdate, { params: { id: customerId }, body: read.body });
      useUi.getState().showSuccess(t('acct_termsSaved'));
      void pullNow().catch(() => undefined);
      void client.invalidateQueries({ queryKey: ['api', 'GET', API.accountMovements.path] });
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? termsFieldOf(error.body?.field) : null;
      const message = error instanceof Error ? error.message : String(error);
      setErrors(field ? { [field]: message } : { form: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="account-terms-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="account-terms-title">{t('acct_termsTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {errors.form ? (
            <Alert severity="error" data-testid="account-terms-error">
              {errors.form}
            </Alert>
          ) : null}
          <NumberField
            kind="quantity"
            label={t('acct_dueDays')}
            value={due}
            onChange={(text) => {
              setDue(text);
              edited('due_days', 'form');
            }}
            max={MAX_DUE_DAYS}
            required
            errorText={errors.due_days}
            helperText={t('acct_dueDaysHint', { n: MAX_DUE_DAYS })}
            testId="account-terms-due-days"
          />
          <NumberField
            kind="money"
            label={t('acct_creditLimit')}
            value={limit}
            onChange={(text) => {
              setLimit(text);
              edited('credit_limit', 'form');
            }}
            errorText={errors.credit_limit}
            helperText={t('acct_creditLimitHint')}
            testId="account-terms-credit-limit"
          />
          {!online ? <Alert severity="info">{t('acct_onlineOnly')}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={!online}
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="account-terms-save"
      >
        {t('cust_save')}
      </DialogSubmitActions>
    </Dialog>
  );
}
