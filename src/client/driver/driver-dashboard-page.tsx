import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import Payments from '@mui/icons-material/PaymentsOutlined';
import Phone from '@mui/icons-material/PhoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PAYMENT_METHODS, totalsByMethod } from '../../shared/domain/account';
import { formatTL } from '../../shared/domain/money';
import { dayIn } from '../../shared/domain/time';
import { type LocalOrder, parseRecordKey } from '../local/database';
import { invoiceOfOrder as invoiceOfOrderHere } from '../local/invoices';
import { paymentsOfDay } from '../local/payments';
import { changeOrderStatus } from '../local/shared-mutations';
import { dateTimeLabel, statusLabel, t as translate, useCompanyTimeZone, useT } from '../shared-ui/i18n';
import { runLocalAction } from '../shared-ui/local-action';
import { useLocalDb, useLocalStore } from '../shared-ui/local-store';
import { mapsLink } from '../shared-ui/maps-link';
import { methodLabel } from '../shared-ui/payments/payment-labels';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { splitDeliveries, telLink } from './driver-ui';

// The dialogs (and signature_pad) load when first opened: the list paints first. The service
// worker precaches them, so they open offline too.
const DeliveryDialog = lazy(() => import('./delivery-dialog').then((m) => ({ default: m.DeliveryDialog })));
const FailedDeliveryDialog = lazy(() =>
  import('./failed-delivery-dialog').then((m) => ({ default: m.FailedDeliveryDialog })),
);
const PaymentDialog = lazy(() =>
  import('../shared-ui/payments/payment-dialog').then((m) => ({ default: m.PaymentDialog })),
);

/**
 * The driver's work list (/dashboard for a driver): the orders assigned to them,
 * read from the local store (works offline). To do first (out_for_delivery, then in_transit),
 * each card with the customer, a tap-to-call link, the address with a maps link, the items and
 * the actions the status machine gives the driver: 'Teslimata Çık', 'Teslim Edildi' (with proof),
 * 'Teslim Edilemedi' (with a reason). Finished deliveries are on the second tab.
 */
export default function DriverDashboardPage() {
  const t = useT();
  const db = useLocalDb();
  const { error } = useLocalStore();
  const userId = useSession((s) => s.user?.id ?? null);
  const [tab, setTab] = useState<'todo' | 'done'>('todo');
  const [delivering, setDelivering] = useState<LocalOrder | null>(null);
  const [failing, setFailing] = useState<LocalOrder | null>(null);
  // 'Tahsilat': after 'Teslim Edildi' (or later, from a delivered card), for the order's customer.
  const [collecting, setCollecting] = useState<LocalOrder | null>(null);
  // Their orders, and what this device has not sent (or the server refused) about each of them.
  const data = useLiveQuery(async () => {
    if (!db || !userId) return undefined;
    const [orders, entries] = await Promise.all([
      db.orders.where('driver_id').equals(userId).toArray(),
      db.outbox.orderBy('seq').toArray(),
    ]);
    const sync = new Map<string, { pending: boolean; failed: string | null }>();
    for (const entry of entries) {
      for (const key of entry.records) {
        const parsed = parseRecordKey(key);
        if (parsed?.collection !== 'orders') continue;
        const state = sync.get(parsed.id) ?? { pending: false, failed: null };
        if (entry.status === 'failed') state.failed = entry.error ?? entry.code ?? '';
        else state.pending = true;
        sync.set(parsed.id, state);
      }
    }
    return { orders, sync };
  }, [db, userId]);

  if (error) return <Alert severity="error">{t('orderStoreUnavailable')}</Alert>;
  if (!data || !userId)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('loadingAria')} />
      </Box>
    );
  const { todo, done } = splitDeliveries(data.orders, userId);
  const list = tab === 'todo' ? todo : done;

  return (
    <Stack spacing={2} data-testid="driver-dashboard" sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {t('driverTitle')}
      </Typography>
      <TodayCollections userId={userId} />
      <Tabs
        value={tab}
        onChange={(_e, value: 'todo' | 'done') => setTab(value)}
        variant="fullWidth"
        aria-label={t('driverTitle')}
      >
        <Tab value="todo" label={t('driverTabTodo', { count: todo.length })} data-testid="driver-tab-todo" />
        <Tab value="done" label={t('driverTabDone', { count: done.length })} data-testid="driver-tab-done" />
      </Tabs>
      {list.length === 0 ? (
        <Alert severity="info" data-testid="driver-empty">
          {tab === 'todo' ? t('driverEmptyTodo') : t('driverEmptyDone')}
        </Alert>
      ) : (
        <Stack spacing={1.5} data-testid={`driver-list-${tab}`}>
          {list.map((order) => (
            <DeliveryCard
              key={order.id}
              order={order}
              sync={data.sync.get(order.id) ?? null}
              onDeliver={setDelivering}
              onFail={setFailing}
              onCollect={setCollecting}
            />
          ))}
        </Stack>
      )}
      <Suspense fallback={null}>
        {delivering ? (
          <DeliveryDialog
            order={delivering}
            onClose={() => setDelivering(null)}
            onDelivered={(order) => {
              if (order.customer_id) setCollecting(order);
            }}
          />
        ) : null}
        {collecting?.customer_id ? (
          <CollectDialog order={collecting} onClose={() => setCollecting(null)} />
        ) : null}
        {failing ? <FailedDeliveryDialog order={failing} onClose={() => setFailing(null)} /> : null}
      </Suspense>
    </Stack>
  );
}

/**
 * The payment step for an order's customer: the amount due is the order's invoice when this device
 * has it (issued, not cancelled), else the order's total.
 */
function CollectDialog({ order, onClose }: { order: LocalOrder; onClose: () => void }) {
  const db = useLocalDb();
  const invoice = useLiveQuery(async () => {
    if (!db) return undefined;
    const found = await invoiceOfOrderHere(db, order.id);
    return found?.status === 'issued' ? found : null;
  }, [db, order.id]);
  if (invoice === undefined) return null;
  return (
    <PaymentDialog
      customer={{ id: order.customer_id as string, name: order.customer_name }}
      orderId={order.id}
      suggested={
        invoice
          ? { kurus: invoice.gross_total_kurus, source: 'invoice' }
          : { kurus: order.total_amount_kurus, source: 'order' }
      }
      onClose={onClose}
    />
  );
}

/** What the driver collected today, by method (from this device: offline too, pending ones included). */
function TodayCollections({ userId }: { userId: string }) {
  const t = useT();
  const db = useLocalDb();
  const english = useUi((s) => s.language === 'en');
  const zone = useCompanyTimeZone();
  const today = dayIn(new Date(), zone);
  const payments = useLiveQuery(
    async () => (db ? await paymentsOfDay(db, today, userId) : undefined),
    [db, today, userId],
  );
  if (!payments) return null;
  const totals = totalsByMethod(payments.map((p) => ({ ...p, reversed: p.reversed_at !== null })));
  const count = payments.filter((p) => p.reversed_at === null).length;
  return (
    <Card variant="outlined" data-testid="driver-collections">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          {t('pay_todayTitle')}
        </Typography>
        {count === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('pay_todayNone')}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="driver-collections-total">
              {t('pay_todayTotal', { amount: formatTL(totals.total_kurus), count })}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {PAYMENT_METHODS.filter((m) => totals[m] > 0).map((m) => (
                <Chip
                  key={m}
                  size="small"
                  label={`${methodLabel(m, english)}: ${formatTL(totals[m])}`}
                  data-testid={`driver-collections-${m}`}
                />
              ))}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DeliveryCard({
  order,
  sync,
  onDeliver,
  onFail,
  onCollect,
}: {
  order: LocalOrder;
  sync: { pending: boolean; failed: string | null } | null;
  onDeliver: (order: LocalOrder) => void;
  onFail: (order: LocalOrder) => void;
  onCollect: (order: LocalOrder) => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    await runLocalAction(
      () => changeOrderStatus(order.id, 'out_for_delivery'),
      translate('driverStarted'),
      translate('driverStartError'),
    );
    setBusy(false);
  };
  return (
    <Card variant="outlined" data-testid="driver-order" data-order-id={order.id} data-status={order.status}>
      <CardContent sx={{ pb: 1, '&:last-child': { pb: 1 } }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {order.order_number}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip
              size="small"
              label={statusLabel(order.status)}
              color={
                order.status === 'delivered'
                  ? 'success'
                  : order.status === 'out_for_delivery'
                    ? 'warning'
                    : 'default'
              }
              data-testid="driver-order-status"
            />
            {sync?.failed !== null && sync?.failed !== undefined ? (
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('serverRejected')}
                title={sync.failed}
                data-testid="sync-failed"
              />
            ) : sync?.pending || order.pending_sync === 1 ? (
              <Chip size="small" variant="outlined" label={t('syncPending')} data-testid="pending-sync" />
            ) : null}
          </Stack>
        </Stack>
        <Typography
          variant="body1"
          sx={{ fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}
          data-testid="driver-order-customer"
        >
          {order.customer_name}
        </Typography>
        <Stack spacing={0.5} sx={{ mt: 0.5 }}>
          {order.customer_phone ? (
            <Link
              href={telLink(order.customer_phone)}
              aria-label={t('driverCall', { phone: order.customer_phone })}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 1,
                minHeight: 44,
                alignSelf: 'flex-start',
              }}
              data-testid="driver-order-phone"
            >
              <Phone fontSize="small" />
              {order.customer_phone}
            </Link>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('driverNoPhone')}
            </Typography>
          )}
          {order.customer_address ? (
            <Link
              href={mapsLink(order.customer_address)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('driverOpenMap', { address: order.customer_address })}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 1,
                minHeight: 44,
                overflowWrap: 'anywhere',
              }}
              data-testid="driver-order-map"
            >
              <MapIcon fontSize="small" sx={{ flexShrink: 0 }} />
              {order.customer_address}
            </Link>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('driverNoAddress')}
            </Typography>
          )}
        </Stack>
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="driver-order-items">
          {order.items.map((item) => (
            <Typography component="li" variant="body2" key={item.id} sx={{ overflowWrap: 'anywhere' }}>
              {t('driverItemLine', { quantity: item.quantity, name: item.product_name })}
            </Typography>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {formatTL(order.total_amount_kurus)} · {dateTimeLabel(order.updated_at)}
        </Typography>
      </CardContent>
      <CardActions
        sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        {order.status === 'in_transit' ? (
          <Button
            variant="contained"
            startIcon={<LocalShipping />}
            onClick={() => void start()}
            disabled={busy}
            sx={{ minHeight: 44 }}
            data-testid="driver-start"
          >
            {t('driverStartDelivery')}
          </Button>
        ) : null}
        {order.status === 'out_for_delivery' ? (
          <>
            <Button
              variant="contained"
              color="success"
              onClick={() => onDeliver(order)}
              sx={{ minHeight: 44 }}
              data-testid="driver-deliver"
            >
              {t('driverDeliver')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => onFail(order)}
              sx={{ minHeight: 44 }}
              data-testid="driver-fail"
            >
              {t('driverFail')}
            </Button>
          </>
        ) : null}
        {order.status === 'delivered' && order.customer_id ? (
          <Button
            variant="outlined"
            startIcon={<Payments />}
            onClick={() => onCollect(order)}
            sx={{ minHeight: 44 }}
            data-testid="driver-collect"
          >
            {t('pay_take')}
          </Button>
        ) : null}
        <Button
          component={RouterLink}
          to={`/orders/${order.id}`}
          sx={{ minHeight: 44 }}
          data-testid="driver-details"
        >
          {t('driverDetails')}
        </Button>
      </CardActions>
    </Card>
  );
}
