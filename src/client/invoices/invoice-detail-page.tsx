import ArrowBack from '@mui/icons-material/ArrowBack';
import Block from '@mui/icons-material/BlockOutlined';
import Code from '@mui/icons-material/CodeOutlined';
import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import Print from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { canCancelInvoice, canSeeInvoices } from '../../shared/domain/invoice-access';
import { dateTimeLabel, useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { ReasonTooltip } from '../shared-ui/reason-tooltip';
import { usePhone } from '../shared-ui/responsive';
import { useSession } from '../state/session';
import { CancelInvoiceDialog } from './cancel-invoice-dialog';
import { InvoiceDocument } from './invoice-document';
import {
  downloadInvoiceFile,
  InvoiceStatusChip,
  useBlockingReturnInvoice,
  useInvoice,
  useTenantTimeZone,
} from './invoice-ui';
import { shownInvoiceNumber } from './local';

/** The print page of an invoice (works offline, from the device's copy). */
export function invoicePrintPath(id: string): string {
  return `/invoice-print/${id}`;
}

/**
 * /invoices/{id}: the invoice from the device's copy (offline too) with everything the PDF shows,
 * and its actions: 'PDF indir' and 'XML indir' (the server's files: online, once numbered),
 * 'Yazdır' (the print page, offline too) and, for the admin, 'İptal et' with a reason — disabled,
 * with why, while the invoice has no number or its return invoice stands (a sale a return invoice
 * refers to is never cancelled: blockingReturnInvoice).
 */
export default function InvoiceDetailPage() {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const phone = usePhone();
  const online = useOnline();
  const role = useSession((s) => s.user?.role);
  const timeZone = useTenantTimeZone();
  const invoice = useInvoice(id);
  const blockingReturn = useBlockingReturnInvoice(invoice);
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState<'pdf' | 'xml' | null>(null);

  const back = (
    <Button
      startIcon={<ArrowBack />}
      onClick={() =>
        (window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/invoices')
      }
      data-testid="invoice-back"
    >
      {t('invc_back')}
    </Button>
  );

  if (!canSeeInvoices(role))
    return (
      <Alert severity="info" data-testid="invoices-no-access">
        {t('invc_noAccess')}
      </Alert>
    );
  if (invoice === undefined)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('invc_loading')} />
      </Box>
    );
  if (invoice === null)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <Alert severity="warning" data-testid="invoice-not-found" sx={{ alignSelf: 'stretch' }}>
          {t('invc_notFound')}
        </Alert>
      </Stack>
    );

  const pending = invoice.invoice_number === null || invoice.pending_sync === 1;
  // Why 'İptal et' is disabled: no number yet, or a return invoice still refers to this sale.
  const cancelReason = pending
    ? t('invc_pendingNoCancel')
    : blockingReturn
      ? t('invc_returnBlocksCancel', { number: shownInvoiceNumber(blockingReturn) })
      : '';
  const fileReason = !online ? t('invc_onlineOnly') : pending ? t('invc_pendingNoFile') : '';
  const download = async (kind: 'pdf' | 'xml') => {
    setDownloading(kind);
    await downloadInvoiceFile(invoice, kind);
    setDownloading(null);
  };

  return (
    <Stack spacing={2} data-testid="invoice-detail" data-status={invoice.status}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        {back}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: 'flex-end' }}>
          <ReasonTooltip title={fileReason}>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdf />}
              disabled={!!fileReason || downloading !== null}
              onClick={() => void download('pdf')}
              data-testid="invoice-pdf"
            >
              {t('invc_pdf')}
            </Button>
          </ReasonTooltip>
          <ReasonTooltip title={fileReason}>
            <Button
              variant="outlined"
              startIcon={<Code />}
              disabled={!!fileReason || downloading !== null}
              onClick={() => void download('xml')}
              data-testid="invoice-xml"
            >
              {t('invc_xml')}
            </Button>
          </ReasonTooltip>
          <Button
            variant="outlined"
            startIcon={<Print />}
            onClick={() => navigate(invoicePrintPath(invoice.id))}
            data-testid="invoice-print"
          >
            {t('invc_print')}
          </Button>
          {canCancelInvoice(role) && invoice.status === 'issued' ? (
            <ReasonTooltip title={cancelReason}>
              <Button
                variant="outlined"
                color="error"
                startIcon={<Block />}
                disabled={!!cancelReason || blockingReturn === undefined}
                aria-describedby={blockingReturn ? 'invoice-cancel-blocked' : undefined}
                onClick={() => setCancelling(true)}
                data-testid="invoice-cancel"
              >
                {t('invc_cancel')}
              </Button>
            </ReasonTooltip>
          ) : null}
        </Stack>
      </Stack>

      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }} data-testid="invoice-detail-number">
          {invoice.invoice_number ?? t('invc_numberPending')}
        </Typography>
        <InvoiceStatusChip status={invoice.status} />
      </Stack>
      {pending ? (
        <Alert severity="info" data-testid="invoice-pending">
          {t('invc_pendingBanner')}
        </Alert>
      ) : null}
      {invoice.status === 'cancelled' ? (
        <Alert severity="warning" data-testid="invoice-cancelled">
          {t('invc_cancelledBanner', {
            time: dateTimeLabel(invoice.cancelled_at),
            reason: invoice.cancel_reason ?? '—',
          })}
        </Alert>
      ) : null}
      {canCancelInvoice(role) && invoice.status === 'issued' && blockingReturn ? (
        <Typography
          id="invoice-cancel-blocked"
          variant="caption"
          color="text.secondary"
          data-testid="invoice-cancel-blocked"
        >
          {t('invc_cancel')}: {cancelReason}
        </Typography>
      ) : null}
      {(!online || pending) && fileReason ? (
        <Typography variant="caption" color="text.secondary" data-testid="invoice-file-reason">
          {t('invc_pdf')} / {t('invc_xml')}: {fileReason}
        </Typography>
      ) : null}

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, bgcolor: '#fff' }}>
        <InvoiceDocument invoice={invoice} timeZone={timeZone} compact={phone} />
      </Paper>

      {cancelling ? <CancelInvoiceDialog invoice={invoice} onClose={() => setCancelling(false)} /> : null}
    </Stack>
  );
}
