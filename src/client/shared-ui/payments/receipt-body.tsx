import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Payment } from '../../../shared/api/accounts';
import { PAYMENT_METHOD_FIELDS } from '../../../shared/domain/account';
import { amountInWords } from '../../../shared/domain/invoice';
import { formatTL } from '../../../shared/domain/money';
import { shownReceiptNumber } from '../../local/payments';
import { useUi } from '../../state/ui';
import { dateTimeLabel, useT } from '../i18n';
import { detailLabel, methodLabel } from './payment-labels';

/**
 * The collection receipt (tahsilat makbuzu) as the device shows and prints it, from the payment
 * it holds (offline too): the company, the receipt number (or 'Numara bekleniyor' until the
 * server assigns it), when it was taken, the customer, the amount in figures and in words, the
 * method and its details, who took it, and two signature places. The server's PDF
 * (GET /payments/{id}/receipt) has the same blocks. `narrow`: the 80 mm roll's width.
 */
export function ReceiptBody({
  payment,
  company,
  narrow = false,
}: {
  payment: Payment;
  company: string;
  narrow?: boolean;
}) {
  const t = useT();
  const english = useUi((s) => s.language === 'en');
  const row = (label: string, value: string | null, testId?: string) =>
    value ? (
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'inherit', opacity: 0.75, flexShrink: 0 }}>
          {label}
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}
          data-testid={testId}
        >
          {value}
        </Typography>
      </Stack>
    ) : null;
  return (
    <Box
      data-testid="payment-receipt"
      data-payment-id={payment.id}
      sx={{ maxWidth: narrow ? 302 : 560, mx: 'auto', fontSize: narrow ? '0.85rem' : undefined }}
    >
      <Stack spacing={0.75}>
        <Typography sx={{ fontWeight: 700, textAlign: 'center', overflowWrap: 'anywhere' }}>
          {company}
        </Typography>
        <Typography component="h2" sx={{ fontWeight: 700, textAlign: 'center', fontSize: '1.2rem' }}>
          {t('pay_receiptTitle')}
        </Typography>
        {row(t('pay_receiptNumber'), shownReceiptNumber(payment, english), 'receipt-number')}
        {row(t('pay_takenAt'), dateTimeLabel(payment.taken_at))}
        {row(t('pay_customer'), payment.customer_name, 'receipt-customer')}
        <Box sx={{ borderTop: '1px dashed currentColor', my: 0.5 }} />
        {row(t('pay_amount'), formatTL(payment.amount_kurus), 'receipt-amount')}
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {t('pay_inWords', { words: amountInWords(payment.amount_kurus) })}
        </Typography>
        {row(t('pay_method'), methodLabel(payment.method, english), 'receipt-method')}
        {PAYMENT_METHOD_FIELDS[payment.method].map((field) => (
          <Box key={field}>{row(detailLabel(field, english), payment[field])}</Box>
        ))}
        {row(t('pay_note'), payment.note)}
        {row(t('pay_takenBy'), payment.taken_by_name)}
        {payment.reversed_at ? (
          <Typography sx={{ fontWeight: 700, textAlign: 'center' }} data-testid="receipt-reversed">
            {t('pay_reversed')}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={2} sx={{ pt: 3 }}>
          {[t('pay_signTaker'), t('pay_signPayer')].map((label) => (
            <Box
              key={label}
              sx={{ flex: 1, borderTop: '1px solid currentColor', pt: 0.5, textAlign: 'center' }}
            >
              <Typography variant="caption">{label}</Typography>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
