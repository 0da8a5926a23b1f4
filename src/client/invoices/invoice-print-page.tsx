import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { canSeeInvoices } from '../local/invoices';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { PrintSheet } from '../shared-ui/print-sheet';
import { useSession } from '../state/session';
import { InvoiceDocument } from './invoice-document';
import { useInvoice, useTenantTimeZone } from './invoice-ui';

/**
 * /invoice-print/:id — the invoice from the LOCAL store as a print-styled page of its own (no
 * menu), so it prints with no connection, like the delivery note. The same blocks as the PDF
 * (InvoiceDocument); an invoice still waiting for its number prints with a draft mark. It opens
 * the print dialog once the invoice is on screen; the buttons are not printed.
 */
export default function InvoicePrintPage() {
  const t = useT();
  const { id } = useParams();
  const online = useOnline();
  const role = useSession((s) => s.user?.role);
  const timeZone = useTenantTimeZone();
  const invoice = useInvoice(id);
  return (
    <PrintSheet
      ready={invoice !== undefined}
      printable={!!invoice && canSeeInvoices(role)}
      loadingLabel={t('invc_loading')}
      backLabel={t('invc_back')}
      printLabel={t('invc_print')}
      printTestId="invoice-print-again"
      margin="12mm"
      maxWidth={960}
    >
      {!online ? (
        <Alert severity="info" className="no-print" sx={{ mb: 2 }} data-testid="invoice-print-offline">
          {t('invc_printOffline')}
        </Alert>
      ) : null}
      {!canSeeInvoices(role) ? (
        <Alert severity="info">{t('invc_noAccess')}</Alert>
      ) : invoice === null ? (
        <Alert severity="warning" data-testid="invoice-not-found">
          {t('invc_notFound')}
        </Alert>
      ) : invoice ? (
        <Box data-testid="invoice-print">
          <InvoiceDocument
            invoice={invoice}
            timeZone={timeZone}
            orderLink={false}
            titleAs="h1"
            compact="screen"
          />
        </Box>
      ) : null}
    </PrintSheet>
  );
}
