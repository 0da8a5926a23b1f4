import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Edit from '@mui/icons-material/EditOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import {
  type ActingUser,
  canEditOrder,
  type OrderStatus,
  PRODUCED_STATUSES,
} from '../../shared/domain/order-status';
import type { LocalOrder } from '../local/database';
import { dateLabel, statusLabel, useT } from '../shared-ui/i18n';
import { useLastPageClamp, useListParams } from '../shared-ui/kit/list-address';
import { ListPagination } from '../shared-ui/list-pagination';
import { useLocalStore } from '../shared-ui/local-store';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { usePhone } from '../shared-ui/responsive';
import { OrderCard } from './order-card';
import { OrderEditDialog } from './order-edit-dialog';
import { OrderTableHead } from './order-table-head';
import { useStatusParam } from './order-ui';
import { OrderViewDialog } from './order-view-dialog';
import { useActingUser, useOrderEntries, useOrderPage } from './orders-data';
import { PendingSyncChip } from './pending-sync-chip';

const PAGE_SIZES = [10, 25, 50];

/** The edit icon shows for the user's OWN orders that still await approval. */
function mayEdit(user: ActingUser | null, order: LocalOrder): boolean {
  return (
    !!user &&
    order.salesperson_id === user.id &&
    order.status === 'pending_approval' &&
    canEditOrder(user, order)
  );
}

interface MyOrderProps {
  order: LocalOrder;
  user: ActingUser | null;
  onView: () => void;
  onEdit: () => void;
}

/** The order's unsent / refused changes: an offline-created order (pending number) and an edit
 * still in the outbox both read as "not yet on the server". */
function useMySyncState(order: LocalOrder) {
  const entries = useOrderEntries(order.id);
  const failed = entries.find((e) => e.status === 'failed');
  const pending = order.pending_sync === 1 || entries.some((e) => e.status === 'pending');
  return { pending, failedReason: failed?.error ?? null };
}

/** One own order as a stacked card (phones): 'Görüntüle' and, while it awaits approval, 'Düzenle'. */
function MyOrderCard({ order, user, onView, onEdit }: MyOrderProps) {
  const t = useT();
  const { pending, failedReason } = useMySyncState(order);
  return (
    <OrderCard
      order={order}
      pending={pending}
      failedReason={failedReason}
      testId="my-order-row"
      to={`/orders/${order.id}`}
      data={{ 'data-order-number': order.order_number, 'data-pending': pending ? 'true' : 'false' }}
      actions={
        <>
          <Button variant="outlined" size="small" startIcon={<Visibility />} onClick={onView}>
            {t('view')}
          </Button>
          {mayEdit(user, order) ? (
            <Button
              variant="outlined"
              size="small"
              startIcon={<Edit />}
              onClick={onEdit}
              data-testid="edit-order"
            >
              {t('edit')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}

function MyOrderRow({ order, user, onView, onEdit }: MyOrderProps) {
  const t = useT();
  const { pending, failedReason } = useMySyncState(order);
  return (
    <TableRow
      hover
      data-testid="my-order-row"
      data-order-id={order.id}
      data-order-number={order.order_number}
      data-pending={pending ? 'true' : 'false'}
    >
      <TableCell sx={{ p: 0 }}>
        {/* The first cell is a real link to the order (open in a new tab; 'Geri' comes back here). */}
        <Link
          component={RouterLink}
          to={`/orders/${order.id}`}
          variant="body2"
          color="inherit"
          underline="hover"
          sx={{ display: 'block', px: 2, py: 0.75 }}
          data-testid="order-link"
        >
          <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              component="span"
              variant="body2"
              sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              data-testid="order-number"
            >
              {order.order_number}
            </Typography>
            <PendingSyncChip pending={pending} failedReason={failedReason} />
          </Stack>
        </Link>
      </TableCell>
      <TableCell>{order.customer_name}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatTL(order.total_amount_kurus)}
      </TableCell>
      <TableCell>
        <OrderStatusChip status={order.status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateLabel(order.created_at)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('view')}>
          <IconButton size="small" aria-label={t('view')} onClick={onView}>
            <Visibility fontSize="small" />
          </IconButton>
        </Tooltip>
        {mayEdit(user, order) ? (
          <Tooltip title={t('edit')}>
            <IconButton size="small" aria-label={t('edit')} onClick={onEdit} data-testid="edit-order">
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/**
 * /my-orders: the signed-in user's own orders from the local store, newest
 * first — including those created offline and not yet sent (pending 'GEÇİCİ-…' number and a
 * pending-sync chip). On a phone (below `sm`) the rows are stacked cards (no sideways swipe). The status filter lives in the `status` query parameter, so a filtered view
 * survives a reload and can be shared as a link.
 */
export default function MyOrdersPage() {
  const t = useT();
  const navigate = useNavigate();
  const phone = usePhone();
  const { error } = useLocalStore();
  const user = useActingUser();
  const { status, setStatus } = useStatusParam({ replace: true });
  // The page lives in the address (`page`), so 'Geri' from an order returns to it.
  const list = useListParams();
  const { page, setPage } = list;
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const [viewing, setViewing] = useState<LocalOrder | null>(null);
  const [editing, setEditing] = useState<LocalOrder | null>(null);

  // Own orders only. The route guard guarantees a user; the sentinel matches no one if not.
  const result = useOrderPage({ status, salespersonId: user?.id ?? '\uffff' }, page, pageSize);
  const rows = result?.rows ?? [];
  const total = result?.total ?? 0;

  // A page that no longer exists (orders left the filter, or were removed) → the last page.
  // (No orders at all decides nothing: the store may still be filling.)
  useLastPageClamp(list, result?.current && total > 0 ? total : undefined, pageSize);

  // Statuses the filter offers: the ones orders take, plus a display-only one given in the URL.
  const statusOptions: OrderStatus[] =
    status && !(PRODUCED_STATUSES as readonly string[]).includes(status)
      ? [...PRODUCED_STATUSES, status]
      : [...PRODUCED_STATUSES];

  if (error) return <Alert severity="error">{t('localStoreUnavailable')}</Alert>;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('status')}
            value={status ?? ''}
            onChange={(e) => setStatus(e.target.value)}
            sx={{ minWidth: 220 }}
            data-testid="status-filter"
            slotProps={{
              // Always shrunk: the empty value reads 'Tümü', not a placeholder under the label.
              inputLabel: { shrink: true },
              select: {
                displayEmpty: true,
                renderValue: (value) => (value ? statusLabel(value as string) : t('all')),
              },
            }}
          >
            <MenuItem value="">{t('all')}</MenuItem>
            {statusOptions.map((value) => (
              <MenuItem key={value} value={value}>
                {statusLabel(value)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {result ? t('orderCount', { n: total }) : ''}
          </Typography>
          <Button variant="contained" startIcon={<AddShoppingCart />} onClick={() => navigate('/sales')}>
            {t('newSale')}
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        {result === undefined ? <LinearProgress /> : null}
        {phone ? (
          <Stack spacing={1} sx={{ p: 1 }} data-testid="my-orders-cards">
            {result !== undefined && rows.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
                {t('ordersEmpty')}
              </Typography>
            ) : (
              rows.map((order) => (
                <MyOrderCard
                  key={order.id}
                  order={order}
                  user={user}
                  onView={() => setViewing(order)}
                  onEdit={() => setEditing(order)}
                />
              ))
            )}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" data-testid="my-orders-table">
              <OrderTableHead amountLabel={t('colAmount')} />
              <TableBody>
                {result !== undefined && rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
                        {t('ordersEmpty')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((order) => (
                    <MyOrderRow
                      key={order.id}
                      order={order}
                      user={user}
                      onView={() => setViewing(order)}
                      onEdit={() => setEditing(order)}
                    />
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPagination
          count={total}
          page={total > 0 && page * pageSize >= total ? Math.ceil(total / pageSize) - 1 : page}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </Paper>

      <OrderViewDialog order={viewing} open={!!viewing} onClose={() => setViewing(null)} />
      <OrderEditDialog order={editing} open={!!editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
