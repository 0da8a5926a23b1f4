import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import { dateLabel, useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { PHONE_SCREEN_TABLE, PrintSheet } from '../shared-ui/print-sheet';
import { useSession } from '../state/session';
import { useWarehouseOrder } from './warehouse-data';

const cell = { border: '1px solid #444', padding: '6px 8px', textAlign: 'left' as const };
const num = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

/**
 * /delivery-notes/:orderId — the delivery note (irsaliye) from the LOCAL store, as a print-styled
 * page, so a warehouse with no connection can still print it (the server's PDF is the online
 * path, GET /delivery-notes/generate/:orderId). The same blocks as the PDF: company, title, order
 * number and date, customer, lines with quantities and prices, total, notes, signature boxes.
 * It opens the print dialog once the order is on screen; the buttons are not printed.
 */
export default function DeliveryNotePage() {
  const t = useT();
  const { orderId } = useParams();
  const online = useOnline();
  const order = useWarehouseOrder(orderId);
  const company = useSession((s) => s.tenantInfo.company_name);
  const logoUrl = useSession((s) => s.tenantInfo.branding?.logo_url ?? null);
  return (
    <PrintSheet
      ready={order !== undefined}
      printable={!!order}
      loadingLabel={t('loadingAria')}
      backLabel={t('wh_back')}
      printLabel={t('wh_notePrint')}
      margin="15mm"
      maxWidth={900}
    >
      {!online ? (
        <Alert severity="info" className="no-print" sx={{ mb: 2 }}>
          {t('wh_noteOffline')}
        </Alert>
      ) : null}
      {!order ? (
        <Alert severity="warning">{t('wh_noteNotFound')}</Alert>
      ) : (
        <Box data-testid="delivery-note" data-order-id={order.id}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
            <Stack spacing={1}>
              {logoUrl ? (
                <Box
                  component="img"
                  src={logoUrl}
                  alt=""
                  data-testid="delivery-note-logo"
                  sx={{
                    height: 56,
                    width: 'auto',
                    maxWidth: 200,
                    objectFit: 'contain',
                    alignSelf: 'flex-start',
                  }}
                />
              ) : null}
              <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{company}</Typography>
            </Stack>
            <Box sx={{ textAlign: 'right' }}>
              <Typography component="h1" sx={{ fontWeight: 700, fontSize: '1.8rem', letterSpacing: 1 }}>
                {t('wh_noteTitle')}
              </Typography>
              <Typography variant="body2">
                {t('wh_noteOrderNo')}:{' '}
                <strong data-testid="delivery-note-number">{order.order_number}</strong>
              </Typography>
              <Typography variant="body2">
                {t('wh_noteDate')}: {dateLabel(new Date())}
              </Typography>
            </Box>
          </Stack>
          <Box sx={{ mt: 3, p: 1.5, border: '1px solid #444' }}>
            <Typography variant="subtitle2">{t('wh_noteCustomer')}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {order.customer_name}
            </Typography>
            {order.customer_address ? (
              <Typography variant="body2">{order.customer_address}</Typography>
            ) : null}
            {order.customer_phone ? <Typography variant="body2">{order.customer_phone}</Typography> : null}
          </Box>
          <Box sx={{ mt: 3, overflowX: 'auto' }}>
            <Box
              component="table"
              sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.9rem', ...PHONE_SCREEN_TABLE }}
            >
              <thead>
                <tr>
                  <th style={cell}>{t('wh_noteProduct')}</th>
                  <th style={num}>{t('wh_noteQty')}</th>
                  <th style={num}>{t('wh_noteUnitPrice')}</th>
                  <th style={num}>{t('wh_noteAmount')}</th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => (
                  <tr key={item.id}>
                    <td style={cell}>
                      {item.product_name}
                      {item.barcode ? <div style={{ fontSize: '0.75rem' }}>{item.barcode}</div> : null}
                    </td>
                    <td style={num}>{item.quantity}</td>
                    <td style={num}>{formatTL(item.unit_price_kurus)}</td>
                    <td style={num}>{formatTL(item.total_price_kurus)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th style={{ ...num }} colSpan={3}>
                    {t('wh_noteGrandTotal')}
                  </th>
                  <th style={num}>{formatTL(order.total_amount_kurus)}</th>
                </tr>
              </tfoot>
            </Box>
          </Box>
          {order.notes ? (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2">{t('wh_noteNotes')}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {order.notes}
              </Typography>
            </Box>
          ) : null}
          <Box sx={{ mt: 6, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }}>
            {[t('wh_noteDeliveredBy'), t('wh_noteReceivedBy')].map((label) => (
              <Box key={label} sx={{ border: '1px solid #444', minHeight: 110, p: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </PrintSheet>
  );
}
