import ArrowBack from '@mui/icons-material/ArrowBack';
import Print from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { canSeeInvoices } from '../local';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
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
  const navigate = useNavigate();
  const online = useOnline();
  const role = useSession((s) => s.user?.role);
  const timeZone = useTenantTimeZone();
  const invoice = useInvoice(id);
  const printed = useRef(false);

  useEffect(() => {
    if (invoice && !printed.current) {
      printed.current = true;
      // After the first paint of the invoice.
      const timer = setTimeout(() => window.print(), 300);
      return () => clearTimeout(timer);
    }
  }, [invoice]);

  if (invoice === undefined)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('invc_loading')} />
      </Box>
    );

  return (
    <Box
      component="main"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 960, mx: 'auto', bgcolor: '#fff', color: '#000' }}
    >
      <GlobalStyles
        styles={{
          '@media print': {
            '.no-print': { display: 'none !important' },
            // A message still on screen (e.g. 'Fatura kesildi') is not part of the invoice.
            '.MuiSnackbar-root': { display: 'none !important' },
            body: { background: '#fff' },
            '@page': { size: 'A4', margin: '12mm' },
          },
        }}
      />
      <Stack direction="row" spacing={1} className="no-print" sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button startIcon={<ArrowBack />} onClick={() => navigate(-1)} sx={{ minHeight: 44 }}>
          {t('invc_back')}
        </Button>
        <Button
          variant="contained"
          startIcon={<Print />}
          onClick={() => window.print()}
          sx={{ minHeight: 44 }}
          data-testid="invoice-print-again"
        >
          {t('invc_print')}
        </Button>
      </Stack>
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
      ) : (
        <Box data-testid="invoice-print">
          <InvoiceDocument invoice={invoice} timeZone={timeZone} orderLink={false} titleAs="h1" />
        </Box>
      )}
    </Box>
  );
}
