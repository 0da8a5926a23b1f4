import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import Print from '@mui/icons-material/PrintOutlined';
import QrCodeScanner from '@mui/icons-material/QrCodeScannerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import type { LocalOrder } from '../local/database';
import { deliveryNotePagePath, printDeliveryNote } from '../shared-ui/delivery-note';
import { FIGURE_CONTAINER, figureSx } from '../shared-ui/figure';
import { dateLabel, statusLabel, useT } from '../shared-ui/i18n';
import { useLocalStore } from '../shared-ui/local-store';
import { usePhone } from '../shared-ui/responsive';
import { VisuallyHidden } from '../shared-ui/visually-hidden';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { DebugTools } from './debug-tools';
import { PrepareDialog } from './prepare-dialog';
import {
  shipBlockedText,
  shipOrderAction,
  usableDemoActions,
  useWarehouseOrder,
  useWarehouseOrders,
  useWarehouseRefresh,
} from './warehouse-data';

/** The status labels of this screen: Onaylandı / Hazırlandı / Yolda / Teslim Edildi. */
const STATUS_COLORS: Record<string, ChipProps['color']> = {
  approved: 'info',
  prepared: 'primary',
  in_transit: 'secondary',
  delivered: 'success',
};

function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={statusLabel(status)} color={STATUS_COLORS[status] ?? 'default'} />;
}

/**
 * /warehouse-dashboard, 'Depo Yönetimi'. Everything comes from the local store, so the screen
 * works with no connection: the summary cards, the approved orders with 'Hazırla' (the scan
 * dialog), the prepared ones with 'Kargoya Ver' (once a driver is assigned) and 'İrsaliye
 * Yazdır'. The spec's 10-second refresh and the refresh on returning to the tab ask the sync
 * engine to pull.
 */
export default function WarehouseDashboardPage() {
  const t = useT();
  const phone = usePhone();
  const navigate = useNavigate();
  const { error } = useLocalStore();
  const orders = useWarehouseOrders();
  const [preparingId, setPreparingId] = useState<string | null>(null);
  const preparing = useWarehouseOrder(preparingId);
  // The demo tools exist only in a tenant the demo seed made, on a server in demo mode (tenant info).
  const demo = useSession((s) => s.tenantInfo.demo_tools === true);
  const user = useSession((s) => s.user);
  const debugActions = useMemo(() => usableDemoActions(user), [user]);
  useWarehouseRefresh();

  const summary = useMemo(() => {
    const approved = orders?.approved ?? [];
    return {
      approved: approved.length,
      prepared: orders?.prepared.length ?? 0,
      value: approved.reduce((sum, o) => sum + o.total_amount_kurus, 0),
      quantity: approved.reduce((sum, o) => sum + o.items.reduce((s, i) => s + i.quantity, 0), 0),
    };
  }, [orders]);

  const print = async (order: LocalOrder) => {
    const result = await printDeliveryNote(order);
    if (result === 'offline') navigate(deliveryNotePagePath(order.id));
  };
  /** 'İrsaliye Yazdır' of a prepared or shipped order (the PDF online, the print page offline). */
  const printButton = (order: LocalOrder) => (
    <Button
      variant="outlined"
      startIcon={<Print />}
      onClick={() => void print(order)}
      sx={{ minHeight: 44 }}
      data-testid="wh-print-note"
    >
      {t('wh_printNote')}
    </Button>
  );

  if (error) return <Alert severity="error">{t('wh_loadFailed')}</Alert>;

  return (
    <Stack spacing={3} data-testid="warehouse-dashboard">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 1fr)' },
        }}
      >
        <SummaryCard
          label={t('wh_approvedCount')}
          value={String(summary.approved)}
          testId="wh-approved-count"
        />
        <SummaryCard
          label={t('wh_preparedCount')}
          value={String(summary.prepared)}
          testId="wh-prepared-count"
        />
        <SummaryCard label={t('wh_totalValue')} value={formatTL(summary.value)} testId="wh-total-value" />
        <SummaryCard
          label={t('wh_totalQuantity')}
          value={String(summary.quantity)}
          testId="wh-total-quantity"
        />
      </Box>

      <Section title={t('wh_approvedOrders')}>
        {orders === undefined ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('loadingAria')} />
          </Box>
        ) : orders.approved.length === 0 ? (
          <Typography color="text.secondary" data-testid="wh-empty">
            {t('wh_noApproved')}
          </Typography>
        ) : (
          <OrderList
            phone={phone}
            orders={orders.approved}
            testId="wh-approved"
            actions={(order) => (
              <Button
                variant="contained"
                startIcon={<QrCodeScanner />}
                onClick={() => setPreparingId(order.id)}
                sx={{ minHeight: 44 }}
                data-testid="wh-prepare"
              >
                {t('wh_prepare')}
              </Button>
            )}
          />
        )}
      </Section>

      <Section title={t('wh_preparedOrders')}>
        {orders && orders.prepared.length === 0 ? (
          <Typography color="text.secondary">{t('wh_noPrepared')}</Typography>
        ) : (
          <OrderList
            phone={phone}
            orders={orders?.prepared ?? []}
            testId="wh-prepared"
            actions={(order) => (
              <>
                {printButton(order)}
                <ShipButton order={order} />
              </>
            )}
          />
        )}
      </Section>

      {orders && orders.shipped.length > 0 ? (
        <Section title={t('wh_shippedOrders')}>
          <OrderList phone={phone} orders={orders.shipped} testId="wh-shipped" actions={printButton} />
        </Section>
      ) : null}

      {demo && debugActions.length > 0 ? (
        <Section title={t('wh_debugTools')}>
          <DebugTools actions={debugActions} />
        </Section>
      ) : null}

      <PrepareDialog
        order={preparing ?? null}
        open={preparingId !== null}
        onClose={() => setPreparingId(null)}
      />
    </Stack>
  );
}

/**
 * 'Kargoya Ver': disabled, with the reason under it, while the order has no driver (the manager
 * assigns one first; the server refuses shipping without one too).
 */
function ShipButton({ order }: { order: LocalOrder }) {
  const t = useT();
  const blocked = shipBlockedText(order);
  const reasonId = `wh-ship-reason-${order.id}`;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <Button
        variant="contained"
        startIcon={<LocalShipping />}
        disabled={blocked !== null}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={() => void shipOrderAction(order.id)}
        sx={{ minHeight: 44 }}
        data-testid="wh-ship"
      >
        {t('wh_ship')}
      </Button>
      {blocked ? (
        <Typography
          id={reasonId}
          variant="caption"
          color="text.secondary"
          sx={{ textAlign: 'right' }}
          data-testid="wh-ship-blocked"
        >
          {t(blocked)}
        </Typography>
      ) : null}
    </Stack>
  );
}

function SummaryCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ p: 2, minWidth: 0, ...FIGURE_CONTAINER }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, ...figureSx(value) }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function itemCount(order: LocalOrder): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Cards on a phone (below `sm`), a table above. */
function OrderList({
  phone,
  orders,
  actions,
  testId,
}: {
  phone: boolean;
  orders: readonly LocalOrder[];
  actions: (order: LocalOrder) => ReactNode;
  testId: string;
}) {
  const t = useT();
  const language = useUi((s) => s.language);
  const rows = orders.map((order) => (
    <OrderListRow key={order.id} order={order} phone={phone} language={language} actions={actions} />
  ));
  if (phone)
    return (
      <Stack spacing={1.5} data-testid={testId}>
        {rows}
      </Stack>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('wh_noteOrderNo')}</TableCell>
            <TableCell>{t('wh_noteCustomer')}</TableCell>
            <TableCell align="right">{t('wh_noteQty')}</TableCell>
            <TableCell align="right">{t('wh_noteAmount')}</TableCell>
            <TableCell>{t('status')}</TableCell>
            <TableCell>{t('wh_noteDate')}</TableCell>
            <TableCell align="right">
              {/* Named for screen readers only. (MUI reads a bare `width: 1` as 100 %: a hidden
                  header that wide made the whole page scroll sideways.) */}
              <VisuallyHidden>{t('wh_actions')}</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{rows}</TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * What a row shows of its order, actions included: everything but the lines' scanned counts, which
 * no row shows. A scan changes only those, so the hundreds of scans made in the preparation window
 * do not draw the whole list behind it again each time (with MUI's styles that was most of a
 * scan's cost on a handheld).
 */
function rowSignature(order: LocalOrder): string {
  return JSON.stringify({
    ...order,
    items: order.items.map(({ scanned_quantity: _scanned, ...line }) => line),
  });
}

interface OrderListRowProps {
  order: LocalOrder;
  phone: boolean;
  /** The interface language: the actions' labels come from the list's translation. */
  language: string;
  actions: (order: LocalOrder) => ReactNode;
}

const OrderListRow = memo(
  function OrderListRow({ order, phone, actions }: OrderListRowProps) {
    const t = useT();
    if (phone)
      return (
        <Card
          variant="outlined"
          sx={{ p: 1.5 }}
          data-testid="wh-order"
          data-order-id={order.id}
          data-status={order.status}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography
              component={Link}
              to={`/orders/${order.id}`}
              variant="body2"
              sx={{ fontWeight: 700, color: 'primary.main', overflowWrap: 'anywhere' }}
            >
              {order.order_number}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatTL(order.total_amount_kurus)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {order.customer_name}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <StatusChip status={order.status} />
            <Typography variant="caption" color="text.secondary">
              {t('wh_itemsCount', { n: itemCount(order) })} · {dateLabel(order.created_at)}
            </Typography>
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}
          >
            {actions(order)}
          </Stack>
        </Card>
      );
    return (
      <TableRow data-testid="wh-order" data-order-id={order.id} data-status={order.status}>
        <TableCell>
          <Link to={`/orders/${order.id}`}>{order.order_number}</Link>
        </TableCell>
        <TableCell>{order.customer_name}</TableCell>
        <TableCell align="right">{itemCount(order)}</TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {formatTL(order.total_amount_kurus)}
        </TableCell>
        <TableCell>
          <StatusChip status={order.status} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateLabel(order.created_at)}</TableCell>
        <TableCell align="right">
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {actions(order)}
          </Stack>
        </TableCell>
      </TableRow>
    );
  },
  // `actions` is made anew by every render of the page; what it draws depends only on the order.
  (a, b) =>
    a.phone === b.phone && a.language === b.language && rowSignature(a.order) === rowSignature(b.order),
);
