import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { dayIn } from '../../shared/domain/time';
import type { LocalCustomer, LocalDb } from '../local/database';
import { useCompanyTimeZone, useT } from '../shared-ui/i18n';
import { useLocalDb } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { showsAccount } from './account';
import { AccountSection } from './account-section';

// 'Tahsilat Al' (the one payment form, shared with the driver's step) loads when first opened.
const PaymentDialog = lazy(() =>
  import('../shared-ui/payments/payment-dialog').then((m) => ({ default: m.PaymentDialog })),
);

/**
 * Whether the customer is this user's own as far as the device knows: their account is mirrored
 * (the server sends a field role only those), or one of the user's own orders on the device is
 * theirs (a customer with no movements yet has no account to mirror). The server decides again.
 */
async function ownCustomer(
  db: LocalDb,
  customerId: string,
  role: string | undefined,
  userId: string | null,
): Promise<boolean> {
  if (await db.accounts.get(customerId)) return true;
  if (!userId || (role !== 'salesperson' && role !== 'driver')) return false;
  const index = role === 'driver' ? 'driver_id' : 'salesperson_id';
  const order = await db.orders
    .where(index)
    .equals(userId)
    .filter((o) => o.customer_id === customerId)
    .first();
  return order !== undefined;
}

/** The customer's facts as label/value pairs (a description list: read in pairs by a screen reader). */
function Facts({ customer: c }: { customer: LocalCustomer }) {
  const t = useT();
  const facts: [string, string | null | undefined, string][] = [
    [t('cust_number'), c.customer_number, 'customer-fact-number'],
    [t('cust_fullName'), c.full_name, 'customer-fact-name'],
    [t('cust_companyName'), c.company_name, 'customer-fact-company'],
    [t('cust_phone'), c.phone, 'customer-fact-phone'],
    [t('cust_email'), c.email, 'customer-fact-email'],
    [t('cust_city'), c.city, 'customer-fact-city'],
    [t('cust_address'), c.address, 'customer-fact-address'],
    [t('cust_taxOffice'), c.tax_office, 'customer-fact-tax-office'],
    [t('cust_taxNumber'), c.tax_number, 'customer-fact-tax-number'],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      {facts.map(([label, value, testId]) => (
        <Box key={testId} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body1"
            sx={{ m: 0, overflowWrap: 'anywhere' }}
            data-testid={testId}
          >
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * /customers/{id}: the customer's facts from the device's copy (offline too) and, for those who may
 * see it, the customer's account (AccountSection): balance and ageing as last synced, payments,
 * and online the ledger, the statement and the office's terms and reversals. A salesperson or a
 * driver sees the account of a customer of their own orders — the accounts their device mirrors.
 */
export default function CustomerDetailPage() {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const db = useLocalDb();
  const role = useSession((s) => s.user?.role);
  const userId = useSession((s) => s.user?.id ?? null);
  const [collecting, setCollecting] = useState(false);
  const timeZone = useCompanyTimeZone();
  const today = dayIn(new Date(), timeZone);
  const read = useLiveQuery(
    async () =>
      db && id
        ? {
            customer: (await db.customers.get(id)) ?? null,
            account: (await db.accounts.get(id)) ?? null,
            own: await ownCustomer(db, id, role, userId),
          }
        : null,
    [db, id, role, userId],
  );

  const back = (
    <Button
      startIcon={<ArrowBack />}
      onClick={() =>
        (window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/customers')
      }
      data-testid="customer-back"
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('cust_back')}
    </Button>
  );

  if (read === undefined)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('cust_loading')} />
      </Box>
    );
  if (!read?.customer)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning" data-testid="customer-not-found">
          {t('cust_notFound')}
        </Alert>
      </Stack>
    );

  const { customer, account, own } = read;
  return (
    <Stack spacing={2} data-testid="customer-detail" data-id={customer.id}>
      {back}
      <Typography
        variant="h5"
        component="h2"
        sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        data-testid="customer-detail-name"
      >
        {customer.company_name || customer.full_name}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Facts customer={customer} />
      </Paper>
      {customer.pending_sync === 1 ? (
        <Alert severity="info" data-testid="customer-pending">
          {t('cust_pendingNumber')}
        </Alert>
      ) : null}
      {showsAccount(role, own) ? (
        <AccountSection
          customerId={customer.id}
          account={account}
          today={today}
          onTakePayment={() => setCollecting(true)}
        />
      ) : null}
      {collecting ? (
        <Suspense fallback={null}>
          <PaymentDialog
            customer={{ id: customer.id, name: customer.company_name || customer.full_name }}
            suggested={
              account && account.balance_kurus > 0
                ? { kurus: account.balance_kurus, source: 'balance' }
                : null
            }
            onClose={() => setCollecting(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
