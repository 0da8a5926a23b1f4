import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from '../shared-ui/i18n';
import { useLocalDb, useOnline } from '../shared-ui/local-store';
import { ReceiptBody } from '../shared-ui/payments/receipt-body';
import { PrintSheet } from '../shared-ui/print-sheet';
import { useSession } from '../state/session';

/**
 * /payment-receipt/:id — the collection receipt (tahsilat makbuzu) from the LOCAL store, as a
 * print-styled page, so a driver with no signal prints or shows it at the door (the server's PDF,
 * GET /payments/{id}/receipt, is the online path). A5, or the 80 mm roll of a thermal printer.
 * Until the server has numbered the payment the receipt says 'Numara bekleniyor'.
 */
export default function PaymentReceiptPage() {
  const t = useT();
  const { id } = useParams();
  const db = useLocalDb();
  const online = useOnline();
  const company = useSession((s) => s.tenantInfo.company_name);
  const [narrow, setNarrow] = useState(false);
  const payment = useLiveQuery(
    async () => (db && id ? ((await db.payments.get(id)) ?? null) : undefined),
    [db, id],
  );
  return (
    <PrintSheet
      ready={payment !== undefined}
      printable={!!payment}
      loadingLabel={t('loadingAria')}
      backLabel={t('pay_back')}
      printLabel={t('pay_print')}
      printTestId="receipt-print"
      margin={narrow ? '2mm' : '10mm'}
      maxWidth={narrow ? 340 : 640}
    >
      <Stack direction="row" spacing={1} className="no-print" sx={{ mb: 2 }}>
        <Button
          variant={narrow ? 'text' : 'outlined'}
          onClick={() => setNarrow(false)}
          sx={{ minHeight: 44 }}
        >
          {t('pay_wide')}
        </Button>
        <Button variant={narrow ? 'outlined' : 'text'} onClick={() => setNarrow(true)} sx={{ minHeight: 44 }}>
          {t('pay_narrow')}
        </Button>
      </Stack>
      {!online ? (
        <Alert severity="info" className="no-print" sx={{ mb: 2 }}>
          {t('pay_receiptOffline')}
        </Alert>
      ) : null}
      {payment ? (
        <ReceiptBody payment={payment} company={company} narrow={narrow} />
      ) : (
        <Alert severity="warning">{t('pay_receiptNotFound')}</Alert>
      )}
    </PrintSheet>
  );
}
