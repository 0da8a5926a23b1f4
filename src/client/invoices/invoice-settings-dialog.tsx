import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { API } from '../../shared/api/endpoints';
import {
  INVOICE_VKN_PROFILES,
  type InvoiceSettings,
  updateInvoiceSettingsBody,
} from '../../shared/api/invoices';
import { useApiMutation, useApiQuery } from '../api/query';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { useUi } from '../state/ui';

type Draft = Pick<InvoiceSettings, 'invoice_number_prefix' | 'invoice_profile' | 'auto_invoice_on_delivery'>;

/**
 * The company's invoice settings (admin; the server refuses everyone else): the number prefix
 * (3 characters A–Z 0–9; the year's sequence goes on under a new prefix, so numbers stay unique),
 * the UBL-TR profile for buyers with a VKN (buyers without one always get EARSIVFATURA), and
 * whether a delivery issues its sales invoice by itself. Saved with the version it was read at;
 * the same rules as the server (one schema).
 */
export function InvoiceSettingsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const showSuccess = useUi((s) => s.showSuccess);
  const query = useApiQuery(API.invoiceSettings);
  const mutation = useApiMutation(API.invoiceSettingsUpdate);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    if (query.data && draft === null)
      setDraft({
        invoice_number_prefix: query.data.invoice_number_prefix,
        invoice_profile: query.data.invoice_profile,
        auto_invoice_on_delivery: query.data.auto_invoice_on_delivery,
      });
  }, [query.data, draft]);

  const body = draft && query.data ? { ...draft, expected_version: query.data.version } : null;
  const parsed = body ? updateInvoiceSettingsBody.safeParse(body) : null;
  const problem = parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : null;

  const submit = async () => {
    if (!body || problem) return;
    try {
      await mutation.mutateAsync({ body });
      showSuccess(t('invc_settingsSaved'));
      onClose();
    } catch {
      // shown by the mutation (a stale version, a refusal, no connection); the dialog stays open
      setDraft(null);
    }
  };

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby="invoice-settings-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="invoice-settings-title">{t('invc_settingsTitle')}</DialogTitle>
      <DialogContent>
        {!draft ? (
          query.isError ? (
            <Alert severity="error">{query.error.message}</Alert>
          ) : (
            <CircularProgress aria-label={t('invc_settingsTitle')} />
          )
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              size="small"
              label={t('invc_settingsPrefix')}
              helperText={problem ?? t('invc_settingsPrefixHint')}
              error={!!problem}
              value={draft.invoice_number_prefix}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  invoice_number_prefix: e.target.value.toLocaleUpperCase('en').slice(0, 3),
                })
              }
              slotProps={{ htmlInput: { maxLength: 3, 'data-testid': 'invoice-settings-prefix' } }}
            />
            <TextField
              select
              size="small"
              label={t('invc_settingsProfile')}
              helperText={t('invc_settingsProfileHint')}
              value={draft.invoice_profile}
              onChange={(e) =>
                setDraft({ ...draft, invoice_profile: e.target.value as Draft['invoice_profile'] })
              }
              slotProps={{ htmlInput: { 'data-testid': 'invoice-settings-profile' } }}
            >
              {INVOICE_VKN_PROFILES.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.auto_invoice_on_delivery}
                  onChange={(e) => setDraft({ ...draft, auto_invoice_on_delivery: e.target.checked })}
                  slotProps={{ input: { 'data-testid': 'invoice-settings-auto' } as object }}
                />
              }
              label={t('invc_settingsAuto')}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
              {t('invc_settingsAutoHint')}
            </Typography>
            {!online ? <Alert severity="info">{t('invc_settingsOffline')}</Alert> : null}
          </Stack>
        )}
      </DialogContent>
      <DialogSubmitActions
        busy={mutation.isPending}
        disabled={!draft || !!problem || !online}
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="invoice-settings-save"
      >
        {t('invc_settingsSave')}
      </DialogSubmitActions>
    </Dialog>
  );
}
