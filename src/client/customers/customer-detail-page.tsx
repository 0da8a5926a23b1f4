import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate, useParams } from 'react-router-dom';
import { dayIn } from '../../shared/domain/time';
import type { LocalCustomer } from '../local/database';
import { useCompanyTimeZone, useT } from '../shared-ui/i18n';
import { useLocalDb } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { showsAccount } from './account';
import { AccountSection } from './account-section';

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
  const timeZone = useCompanyTimeZone();
  const today = dayIn(new Date(), timeZone);
  const read = useLiveQuery(
    async () =>
      db && id
        ? {
            customer: (await db.customers.get(id)) ?? null,
            account: (await db.accounts.get(id)) ?? null,
          }
        : null,
    [db, id],
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

  const { customer, account } = read;
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
      {showsAccount(role, !!account) ? (
        <AccountSection
          customerId={customer.id}
          account={account}
          today={today}
          // 'Tahsilat Al': the shared payment dialog (src/client/payments/) is opened from here —
          // pass its opener as `onTakePayment` (the button data-testid="take-payment" then shows
          // for whoever may take this customer's payments). Until it is wired, no button.
          onTakePayment={undefined}
        />
      ) : null}
    </Stack>
  );
}
