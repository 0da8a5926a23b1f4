import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Invoice } from '../../shared/api/invoices';
import { formatTL } from '../../shared/domain/money';
import { dateTimeLabel, unitLabel, useT } from '../shared-ui/i18n';
import { invoiceDate, invoiceTime, inWords, sellerLogoUrl, TYPE_KEYS } from './invoice-ui';

const cell = {
  border: '1px solid #555',
  padding: '4px 6px',
  textAlign: 'left' as const,
  verticalAlign: 'top' as const,
};
const num = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

/**
 * The invoice as the PDF shows it, from the device's copy (so it is shown and printed offline):
 * the seller with its logo, the buyer with VKN/TCKN and tax office, number, ETTN, date and time of
 * issue in the tenant's time zone, the order it was issued from (a link on screen), the lines
 * (quantity, unit, unit price, KDV rate, KDV amount, line total), the totals per KDV rate, the
 * grand total and the amount in words. `compact` (a phone) lists the lines as blocks instead of
 * a wide table. `compact="screen"` (the print page): blocks on a phone's screen, the table on a
 * wider screen and always on paper — eight columns of amounts cannot fit a phone's width, and
 * a table scrolled sideways would hide its totals past the window's edge.
 */
export function InvoiceDocument({
  invoice,
  timeZone,
  compact = false,
  orderLink = true,
  titleAs = 'h3',
}: {
  invoice: Invoice;
  timeZone: string;
  compact?: boolean | 'screen';
  orderLink?: boolean;
  /** The title's heading level: h1 on the print page (the page's own title), h3 inside the detail. */
  titleAs?: 'h1' | 'h3';
}) {
  const t = useT();
  const logo = sellerLogoUrl(invoice.seller.logo_hash);
  const pending = invoice.invoice_number === null;
  const { seller, buyer } = invoice;

  const lineBlocks = (testId: string) => (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid={testId}>
      {invoice.lines.map((line) => (
        <Box key={line.line_no} sx={{ border: '1px solid #999', p: 1 }} data-testid="invoice-line">
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {line.line_no}. {line.product_name}
            {line.product_code ? ` (${line.product_code})` : ''}
          </Typography>
          <Typography variant="body2">
            {line.quantity} {unitLabel(line.unit)} × {formatTL(line.unit_price_kurus)}
          </Typography>
          <Typography variant="body2">
            {t('invc_vatRate')}: %{line.vat_rate} · {t('invc_vatAmount')}: {formatTL(line.vat_kurus)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
            {formatTL(line.gross_kurus)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
  const lineTable = (
    <Box sx={{ mt: 2, overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.85rem' }}
        data-testid="invoice-lines"
      >
        <thead>
          <tr>
            <th scope="col" style={num}>
              {t('invc_lineNo')}
            </th>
            <th scope="col" style={cell}>
              {t('invc_product')}
            </th>
            <th scope="col" style={num}>
              {t('invc_quantity')}
            </th>
            <th scope="col" style={cell}>
              {t('invc_unit')}
            </th>
            <th scope="col" style={num}>
              {t('invc_unitPrice')}
            </th>
            <th scope="col" style={num}>
              {t('invc_vatRate')}
            </th>
            <th scope="col" style={num}>
              {t('invc_vatAmount')}
            </th>
            <th scope="col" style={num}>
              {t('invc_lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.line_no} data-testid="invoice-line">
              <td style={num}>{line.line_no}</td>
              <td style={cell}>
                {line.product_name}
                {line.product_code ? <div style={{ fontSize: '0.75rem' }}>{line.product_code}</div> : null}
              </td>
              <td style={num}>{line.quantity}</td>
              <td style={cell}>{unitLabel(line.unit)}</td>
              <td style={num}>{formatTL(line.unit_price_kurus)}</td>
              <td style={num}>%{line.vat_rate}</td>
              <td style={num}>{formatTL(line.vat_kurus)}</td>
              <td style={num}>{formatTL(line.gross_kurus)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );

  return (
    <Box
      data-testid="invoice-document"
      data-id={invoice.id}
      sx={{ bgcolor: '#fff', color: '#000', fontSize: '0.9rem', '& a': { color: '#0b4f9c' } }}
    >
      {pending ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="invoice-draft-mark">
          {t('invc_draftMark')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box>
          {logo ? (
            <Box
              component="img"
              src={logo}
              alt=""
              data-testid="invoice-logo"
              sx={{ height: 56, width: 'auto', maxWidth: 200, objectFit: 'contain', display: 'block', mb: 1 }}
            />
          ) : null}
          <Typography variant="caption" component="p" sx={{ fontWeight: 700, color: '#333' }}>
            {t('invc_seller')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="invoice-seller-name">
            {seller.legal_name}
          </Typography>
          <Lines
            values={[
              seller.address,
              seller.city,
              seller.phone ? `${t('invc_phone')}: ${seller.phone}` : null,
              seller.email ? `${t('invc_email')}: ${seller.email}` : null,
              seller.website ? `${t('invc_website')}: ${seller.website}` : null,
              seller.tax_office ? `${t('invc_taxOffice')}: ${seller.tax_office}` : null,
              seller.tax_number ? `${t('invc_taxNumber')}: ${seller.tax_number}` : null,
            ]}
          />
        </Box>
        <Box sx={{ textAlign: { sm: 'right' } }}>
          <Typography component={titleAs} sx={{ fontWeight: 700, fontSize: '1.5rem', letterSpacing: 1 }}>
            {t(invoice.type === 'IADE' ? 'invc_docTitleIade' : 'invc_docTitle')}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.25 }}
          >
            <Meta label={t('invc_number')}>
              <strong data-testid="invoice-doc-number">
                {invoice.invoice_number ?? t('invc_numberPending')}
              </strong>
            </Meta>
            <Meta label={t('invc_ettn')}>
              <span data-testid="invoice-ettn" style={{ overflowWrap: 'anywhere' }}>
                {invoice.ettn || t('invc_ettnPending')}
              </span>
            </Meta>
            <Meta label={t('invc_issuedAt')}>{invoiceDate(invoice.issued_at, timeZone)}</Meta>
            <Meta label={t('invc_issuedTime')}>{invoiceTime(invoice.issued_at, timeZone)}</Meta>
            <Meta label={t('invc_invoiceType')}>{t(TYPE_KEYS[invoice.type])}</Meta>
            <Meta label={t('invc_profile')}>{invoice.profile}</Meta>
            <Meta label={t('invc_orderNumber')}>
              {orderLink ? (
                <Link
                  component={RouterLink}
                  to={`/orders/${invoice.order_id}`}
                  data-testid="invoice-order-link"
                >
                  {invoice.order_number}
                </Link>
              ) : (
                invoice.order_number
              )}
            </Meta>
            {invoice.original_invoice_number ? (
              <Meta label={t('invc_originalInvoice')}>{invoice.original_invoice_number}</Meta>
            ) : null}
          </Box>
        </Box>
      </Box>

      <Box sx={{ mt: 2, p: 1.5, border: '1px solid #555' }}>
        <Typography variant="caption" component="p" sx={{ fontWeight: 700, color: '#333' }}>
          {t('invc_buyer')}
        </Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="invoice-buyer-name">
          {buyer.company_name || buyer.name}
        </Typography>
        <Lines
          values={[
            buyer.company_name ? buyer.name : null,
            buyer.address,
            buyer.city,
            buyer.phone ? `${t('invc_phone')}: ${buyer.phone}` : null,
            buyer.email ? `${t('invc_email')}: ${buyer.email}` : null,
            buyer.tax_office ? `${t('invc_taxOffice')}: ${buyer.tax_office}` : null,
            buyer.tax_number ? `${t('invc_taxNumber')}: ${buyer.tax_number}` : null,
          ]}
        />
      </Box>

      {compact === true ? (
        lineBlocks('invoice-lines')
      ) : compact === 'screen' ? (
        <>
          <Box
            sx={{
              '@media screen and (min-width: 600px)': { display: 'none' },
              '@media print': { display: 'none' },
            }}
          >
            {lineBlocks('invoice-lines-phone')}
          </Box>
          <Box sx={{ '@media screen and (max-width: 599.95px)': { display: 'none' } }}>{lineTable}</Box>
        </>
      ) : (
        lineTable
      )}

      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
        <Box
          component="table"
          sx={{ borderCollapse: 'collapse', fontSize: '0.85rem', width: { xs: '100%', sm: 'auto' } }}
          data-testid="invoice-totals"
        >
          <tbody>
            {invoice.rate_totals.map((r) => (
              <RateRows key={r.rate} rate={r.rate} net={r.net_kurus} vat={r.vat_kurus} />
            ))}
            <TotalRow label={t('invc_netTotal')} value={formatTL(invoice.net_total_kurus)} />
            <TotalRow label={t('invc_vatTotal')} value={formatTL(invoice.vat_total_kurus)} />
            <TotalRow
              label={t('invc_grandTotal')}
              value={formatTL(invoice.gross_total_kurus)}
              strong
              testId="invoice-grand-total"
            />
          </tbody>
        </Box>
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5, fontStyle: 'italic' }} data-testid="invoice-in-words">
        {inWords(invoice, t('invc_inWords'))}
      </Typography>
      {invoice.created_by_name ? (
        <Typography variant="caption" component="p" sx={{ mt: 1, color: '#333' }}>
          {t('invc_createdBy')}: {invoice.created_by_name} · {dateTimeLabel(invoice.created_at)}
        </Typography>
      ) : null}
    </Box>
  );
}

function Lines({ values }: { values: (string | null | undefined)[] }) {
  return (
    <>
      {values
        .filter((v): v is string => !!v)
        .map((v) => (
          <Typography key={v} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        ))}
    </>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600, textAlign: 'left' }}>
        {label}:
      </Box>
      <Box component="dd" sx={{ m: 0, textAlign: { xs: 'left', sm: 'right' }, minWidth: 0 }}>
        {children}
      </Box>
    </>
  );
}

function RateRows({ rate, net, vat }: { rate: number; net: number; vat: number }) {
  const t = useT();
  return (
    <>
      <TotalRow label={t('invc_rateNet', { rate })} value={formatTL(net)} />
      <TotalRow label={t('invc_rateVat', { rate })} value={formatTL(vat)} />
    </>
  );
}

function TotalRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  const weight = strong ? 700 : 400;
  return (
    <tr>
      <th scope="row" style={{ ...cell, fontWeight: weight }}>
        {label}
      </th>
      <td style={{ ...num, fontWeight: weight }} data-testid={testId}>
        {value}
      </td>
    </tr>
  );
}
