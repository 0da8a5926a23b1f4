import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { INVOICE_LIMITS } from '../../shared/api/invoices';
import { dayIn } from '../../shared/domain/time';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { companyTimeZone, type MessageKey, useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { downloadInvoiceExport } from './invoice-ui';

const DAY_MS = 86_400_000;

/**
 * The first and last day of the current month (YYYY-MM-DD), the usual period an accountant asks
 * for — the month it is now in the company's time zone, not the device's.
 */
function thisMonth(now = new Date()): { from: string; to: string } {
  const [y, m] = dayIn(now, companyTimeZone()).split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(last)}` };
}

/** Why the period cannot be exported, or null (the server checks the same). */
export function exportPeriodProblem(from: string, to: string): { key: MessageKey; n?: number } | null {
  if (!from || !to) return { key: 'invc_exportDates' };
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return { key: 'invc_exportDates' };
  if (end < start) return { key: 'invc_exportOrder' };
  if ((end - start) / DAY_MS + 1 > INVOICE_LIMITS.exportDays)
    return { key: 'invc_exportTooLong', n: INVOICE_LIMITS.exportDays };
  return null;
}

/**
 * The accountant's period export: from/to days (in the tenant's time zone, inclusive) → the ZIP of
 * GET /invoices/export. It needs the server (the XML files are made there), so it is disabled
 * offline with the reason.
 */
export function ExportDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const [period, setPeriod] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const problem = exportPeriodProblem(period.from, period.to);

  const submit = async () => {
    setBusy(true);
    const ok = await downloadInvoiceExport(period.from, period.to);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="invoice-export-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="invoice-export-title">{t('invc_exportTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('invc_exportHint')}</DialogContentText>
          <TextField
            size="small"
            type="date"
            label={t('invc_from')}
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invoice-export-from' } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('invc_to')}
            value={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invoice-export-to' } }}
          />
          {problem ? (
            <Alert severity="warning" data-testid="invoice-export-problem">
              {t(problem.key, problem.n !== undefined ? { n: problem.n } : undefined)}
            </Alert>
          ) : null}
          {!online ? <Alert severity="info">{t('invc_exportOffline')}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={!!problem || !online}
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="invoice-export-download"
      >
        {t('invc_exportDownload')}
      </DialogSubmitActions>
    </Dialog>
  );
}
