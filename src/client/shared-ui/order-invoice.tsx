import ReceiptLong from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { InvoiceSeller } from '../../shared/api/invoices';
import { canIssueInvoice, canSeeInvoices } from '../../shared/domain/invoice-access';
import { formatTL } from '../../shared/domain/money';
import type { LocalOrder } from '../local/database';
import { invoiceOfOrder } from '../local/invoices';
import { issueInvoice } from '../local/shared-mutations';
import { useSession } from '../state/session';
import { DialogSubmitActions } from './dialog-submit-actions';
import { t as translate, useT } from './i18n';
import { InvoiceNotReadyNote, useInvoiceReadiness } from './invoice-readiness';
import { runLocalAction } from './local-action';
import { useLocalDb } from './local-store';

/** The detail page of an invoice (the list's rows and the order's invoice link go there). */
export function invoicePath(id: string): string {
  return `/invoices/${id}`;
}

/** The logo's content hash in a tenant logo address (`…/tenants/logo/<hash>?tenant=…`), or null. */
export function logoHashOf(url: string | null | undefined): string | null {
  return /\/tenants\/logo\/([^/?#]+)/.exec(url ?? '')?.[1] ?? null;
}

/**
 * The seller as this device knows it, for the optimistic invoice only: the company name and logo
 * of the tenant info. The server writes the full seller (legal name, VKN, tax office) into the
 * invoice it numbers, and that row replaces the optimistic one.
 */
function deviceSeller(): InvoiceSeller {
  const info = useSession.getState().tenantInfo;
  return {
    legal_name: info.company_name,
    tax_number: '',
    tax_office: '',
    address: null,
    city: null,
    phone: null,
    email: null,
    website: null,
    logo_hash: logoHashOf(info.branding?.logo_url),
  };
}

/**
 * The invoice part of an order's detail. A delivered order's admin or manager sees 'Fatura Kes',
 * which issues the sales invoice through the outbox (offline too: an optimistic invoice waits for
 * its number). Once the order has an invoice on this device the button is replaced by a link to
 * it ('Numara bekleniyor' until the server numbers it), so one device never queues a second
 * issue. Other roles see the link when the invoice is theirs to see; warehouse and driver nothing.
 * While the company profile lacks what an invoice prints (the server's rule, as this device last
 * learnt it: invoice-readiness.tsx), 'Fatura Kes' is greyed out and the fields are named under it.
 */
export function OrderInvoiceBlock({ order }: { order: LocalOrder }) {
  const t = useT();
  const db = useLocalDb();
  const role = useSession((s) => s.user?.role);
  const userName = useSession((s) => s.user?.full_name ?? null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const readiness = useInvoiceReadiness();
  const missing = readiness?.missing ?? [];
  const invoice = useLiveQuery(
    async () => (db ? ((await invoiceOfOrder(db, order.id)) ?? null) : null),
    [db, order.id],
  );

  if (!canSeeInvoices(role) || invoice === undefined) return null;
  const issuable = order.status === 'delivered' && canIssueInvoice(role);
  if (!invoice && !issuable) return null;

  // Said by the one rule (local-action.ts): 'Fatura kesildi' only once the server issued it;
  // offline, that it is saved on the device; a refusal alone.
  const issue = async () => {
    setBusy(true);
    await runLocalAction(
      () => issueInvoice(order.id, { seller: deviceSeller(), createdByName: userName }),
      t('invc_issueQueued'),
      translate('invc_issue'),
      { offlineText: t('invc_issueQueuedOffline') },
    );
    setBusy(false);
    setConfirming(false);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="order-invoice">
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, justifyContent: 'space-between' }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('invc_orderInvoice')}
        </Typography>
        {invoice && invoice.status === 'issued' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Link
              component={RouterLink}
              to={invoicePath(invoice.id)}
              data-testid="order-invoice-link"
              sx={{ fontWeight: 600 }}
            >
              {invoice.invoice_number ?? t('invc_numberPending')}
            </Link>
            {invoice.pending_sync === 1 ? (
              <Chip size="small" variant="outlined" color="warning" label={t('invc_numberPending')} />
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {formatTL(invoice.gross_total_kurus)}
            </Typography>
          </Stack>
        ) : issuable ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            {invoice ? (
              // A cancelled invoice: it stays linked, and a new one may be issued.
              <Link component={RouterLink} to={invoicePath(invoice.id)} data-testid="order-invoice-link">
                {`${invoice.invoice_number ?? t('invc_numberPending')} (${t('invc_status_cancelled')})`}
              </Link>
            ) : null}
            <Button
              variant="contained"
              startIcon={<ReceiptLong />}
              onClick={() => setConfirming(true)}
              disabled={missing.length > 0}
              aria-describedby={missing.length > 0 ? 'order-invoice-not-ready' : undefined}
              data-testid="order-issue-invoice"
            >
              {t('invc_issue')}
            </Button>
          </Stack>
        ) : invoice ? (
          <Link component={RouterLink} to={invoicePath(invoice.id)} data-testid="order-invoice-link">
            {`${invoice.invoice_number ?? t('invc_numberPending')} (${t('invc_status_cancelled')})`}
          </Link>
        ) : null}
      </Stack>
      {issuable && !(invoice && invoice.status === 'issued') && missing.length > 0 ? (
        <div id="order-invoice-not-ready">
          <InvoiceNotReadyNote missing={missing} />
        </div>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => (busy ? undefined : setConfirming(false))}
        aria-labelledby="issue-invoice-title"
      >
        <DialogTitle id="issue-invoice-title">{t('invc_issueTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('invc_issueText', { number: order.order_number })}</DialogContentText>
        </DialogContent>
        <DialogSubmitActions
          busy={busy}
          onCancel={() => setConfirming(false)}
          onSubmit={() => void issue()}
          testId="issue-invoice-confirm"
        >
          {t('invc_issueConfirm')}
        </DialogSubmitActions>
      </Dialog>
    </Paper>
  );
}
