import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { API } from '../../../shared/api/endpoints';
import {
  type CompanyRegistration,
  REGISTRATION_LIMITS,
  type RegistrationActionResult,
} from '../../../shared/api/registrations';
import {
  REGISTRATION_REASON_REQUIRED,
  type RegistrationAction,
  registrationReasonMissing,
} from '../../../shared/domain/company-registration';
import { ApiError } from '../../api/errors';
import { apiMutationFn } from '../../api/query';
import { DialogSubmitActions } from '../../shared-ui/dialog-submit-actions';
import { dateTimeLabel, type MessageKey, useT } from '../../shared-ui/i18n';
import { useSameNameTenants } from '../../shared-ui/same-company-name';

const TITLES: Record<RegistrationAction, MessageKey> = {
  approve: 'reg_approveTitle',
  reject: 'reg_rejectTitle',
  suspend: 'reg_suspendTitle',
};
const INFOS: Record<RegistrationAction, MessageKey> = {
  approve: 'reg_approveInfo',
  reject: 'reg_rejectInfo',
  suspend: 'reg_suspendInfo',
};
const BUTTONS: Record<RegistrationAction, MessageKey> = {
  approve: 'reg_approve',
  reject: 'reg_reject',
  suspend: 'reg_suspend',
};

const send = apiMutationFn(API.adminRegistrationAction);

/**
 * Asks for a decision's reason and sends it. The approval dialog says what approval does: it
 * creates a tenant and an admin user. A final decision (reject, suspend) needs its reason: the
 * field is required and the button stays off until one is typed (the server refuses it too). A refusal is shown in the dialog ('İşlem sırasında hata
 * oluştu' and the server's reason); the answer goes to `onDone`.
 */
export function ActionDialog({
  target,
  onClose,
  onDone,
}: {
  target: { registration: CompanyRegistration; action: RegistrationAction } | null;
  onClose: () => void;
  onDone: (result: RegistrationActionResult, action: RegistrationAction) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (target) {
      setReason('');
      setError(null);
      setTouched(false);
    }
  }, [target]);
  const action = target?.action ?? 'approve';
  const r = target?.registration;
  const needsReason = REGISTRATION_REASON_REQUIRED[action];
  const missing = registrationReasonMissing(action, reason);
  // Another company already has this name: said before approving (names need not be unique).
  const sameName = useSameNameTenants(target && action === 'approve' ? (r?.company_name ?? '') : '', null);

  async function submit() {
    if (!target || busy) return;
    if (missing) {
      setTouched(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await send({
        params: { id: target.registration.id, action: target.action },
        body: { reason: reason.trim() || null },
      });
      onDone(result, target.action);
    } catch (caught) {
      setError(caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={!!target}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="registration-action-title"
      aria-describedby="registration-action-text"
      data-testid="registration-action-dialog"
    >
      <DialogTitle id="registration-action-title">{t(TITLES[action])}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id="registration-action-text">
            {r ? t(INFOS[action], { company: r.company_name, sub: r.subdomain }) : null}
          </DialogContentText>
          {sameName.length > 0 ? (
            <Alert severity="warning" data-testid="registration-same-name">
              {t('reg_sameName', {
                tenants: sameName.map((s) => `${s.company_name} (${s.subdomain})`).join(', '),
              })}
            </Alert>
          ) : null}
          {error ? (
            <Alert severity="error" data-testid="registration-action-error">
              {t('reg_actionError')}: {error}
            </Alert>
          ) : null}
          <TextField
            id="registration-reason"
            label={t('reg_reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            required={needsReason}
            error={touched && missing}
            helperText={needsReason ? t('reg_reasonRequired') : undefined}
            multiline
            minRows={2}
            fullWidth
            slotProps={{
              htmlInput: { maxLength: REGISTRATION_LIMITS.reason, 'data-testid': 'registration-reason' },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={missing}
        onCancel={onClose}
        onSubmit={() => void submit()}
        color={action === 'approve' ? 'primary' : 'error'}
        testId="registration-action-confirm"
      >
        {t(BUTTONS[action])}
      </DialogSubmitActions>
    </Dialog>
  );
}

const DNS_KEYS: Record<string, MessageKey> = { active: 'reg_dnsActive', inactive: 'reg_dnsInactive' };

/**
 * What an approval made: the company code, its sign-in address, the admin's username and — ONCE —
 * the first password (or that it was e-mailed), and what became of the DNS record. Closing the
 * dialog forgets the password: the server never stored it in clear.
 */
export function ApprovalResultDialog({
  result,
  onClose,
}: {
  result: NonNullable<RegistrationActionResult['tenant']> | null;
  onClose: () => void;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  // A new result starts with its password not yet copied.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the result is the trigger
  useEffect(() => setCopied(false), [result]);
  if (!result) return null;
  const loginAddress = `${window.location.origin}/login?tenant=${encodeURIComponent(result.tenant_id)}`;
  const dnsKey = DNS_KEYS[result.dns_status];
  const row = (label: string, value: string, testId: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography
        variant="body1"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="registration-result-title"
      data-testid="registration-result-dialog"
    >
      <DialogTitle id="registration-result-title">{t('reg_resultTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {row(t('reg_resultTenant'), result.tenant_id, 'registration-result-tenant')}
          {row(t('reg_resultLogin'), loginAddress, 'registration-result-login')}
          {row(t('reg_resultUser'), result.admin_username, 'registration-result-username')}
          {result.one_time_password ? (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
                {row(t('reg_resultPassword'), result.one_time_password, 'registration-result-password')}
                <Button
                  size="small"
                  startIcon={<ContentCopy />}
                  onClick={() => {
                    void navigator.clipboard
                      ?.writeText(result.one_time_password ?? '')
                      .then(() => setCopied(true))
                      .catch(() => {});
                  }}
                >
                  {copied ? t('reg_copied') : t('reg_copy')}
                </Button>
              </Stack>
              <Alert severity="warning" data-testid="registration-result-password-note">
                {t('reg_resultPasswordNote', { date: dateTimeLabel(result.password_expires_at) })}
              </Alert>
            </>
          ) : (
            <Alert severity="info">
              {t('reg_resultEmailed', { date: dateTimeLabel(result.password_expires_at) })}
            </Alert>
          )}
          <Alert
            severity={
              result.dns_status === 'active' ? 'success' : result.dns_status === 'error' ? 'error' : 'info'
            }
            data-testid="registration-result-dns"
          >
            {t('reg_resultDns')}: {dnsKey ? t(dnsKey) : t('reg_dnsError', { message: result.dns_message })}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="registration-result-close">
          {t('reg_close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
