import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Edit from '@mui/icons-material/EditOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import {
  type ActingUser,
  canEditOrder,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PRODUCED_STATUSES,
} from '../../shared/domain/order-status';
import { formatDate } from '../../shared/domain/time';
import type { LocalOrder } from '../local';
import { useT } from '../shared-ui/i18n';
import { useLocalStore } from '../shared-ui/local-store';
import { TR_PAGINATION_LABELS } from '../shared-ui/pagination-labels';
import { OrderEditDialog } from './order-edit-dialog';
import { OrderStatusChip } from './order-status-chip';
import { OrderTableHead } from './order-table-head';
import { useStatusParam } from './order-ui';
import { OrderViewDialog } from './order-view-dialog';
import { useActingUser, useOrderEntries, useOrderPage } from './orders-data';
import { PendingSyncChip } from './pending-sync-chip';

const PAGE_SIZES = [10, 25, 50];

/** Spec §2 / §6: the edit icon shows for the user's OWN orders that still await approval. */
function mayEdit(user: ActingUser | null, order: LocalOrder): boolean {
  return (
    !!user &&
    order.salesperson_id === user.id &&
    order.status === 'pending_approval' &&
    canEditOrder(user, order)
  );
}

function MyOrderRow({
  order,
  user,
  onView,
  onEdit,
}: {
  order: LocalOrder;
  user: ActingUser | null;
  onView: () => void;
  onEdit: () => void;
}) {
  // The order's unsent / refused changes: an offline-created order (pending number) and an
  // edit still in the outbox both read as "not yet on the server".
  const entries = useOrderEntries(order.id);
  const failed = entries.find((e) => e.status === 'failed');
  const pending = order.pending_sync === 1 || entries.some((e) => e.status === 'pending');
  return (
    <TableRow
      hover
      data-testid="my-order-row"
      data-order-id={order.id}
      data-order-number={order.order_number}
      data-pending={pending ? 'true' : 'false'}
    >
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="order-number">
            {order.order_number}
          </Typography>
          <PendingSyncChip pending={pending} failedReason={failed?.error ?? null} />
        </Stack>
      </TableCell>
      <TableCell>{order.customer_name}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatTL(order.total_amount_kurus)}
      </TableCell>
      <TableCell>
        <OrderStatusChip status={order.status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.created_at)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title="Görüntüle">
          <IconButton size="small" aria-label="Görüntüle" onClick={onView}>
            <Visibility fontSize="small" />
          </IconButton>
        </Tooltip>
        {mayEdit(user, order) ? (
          <Tooltip title="Düzenle">
            <IconButton size="small" aria-label="Düzenle" onClick={onEdit} data-testid="edit-order">
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/**
 * /my-orders (spec §2 My orders): the signed-in user's own orders from the local store, newest
 * first — including those created offline and not yet sent (pending 'GEÇİCİ-…' number and a
 * pending-sync chip). The status filter lives in the `status` query parameter, so a filtered view
 * survives a reload and can be shared as a link.
 */
export default function MyOrdersPage() {
  const t = useT();
  const navigate = useNavigate();
  const { error } = useLocalStore();
  const user = useActingUser();
  const { status, setStatus: setStatusParam } = useStatusParam({ replace: true });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const [viewing, setViewing] = useState<LocalOrder | null>(null);
  const [editing, setEditing] = useState<LocalOrder | null>(null);

  // Own orders only. The route guard guarantees a user; the sentinel matches no one if not.
  const result = useOrderPage({ status, salespersonId: user?.id ?? '\uffff' }, page, pageSize);
  const rows = result?.rows ?? [];
  const total = result?.total ?? 0;

  // A page that no longer exists (orders left the filter, or were removed) → the last page.
  useEffect(() => {
    if (total > 0 && page * pageSize >= total) setPage(Math.ceil(total / pageSize) - 1);
  }, [total, page, pageSize]);

  // Statuses the filter offers: the ones orders take, plus a display-only one given in the URL.
  const statusOptions: OrderStatus[] =
    status && !(PRODUCED_STATUSES as readonly string[]).includes(status)
      ? [...PRODUCED_STATUSES, status]
      : [...PRODUCED_STATUSES];

  const setStatus = (value: string) => {
    setStatusParam(value);
    setPage(0);
  };

  if (error) return <Alert severity="error">{t('localStoreUnavailable')}</Alert>;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label="Durum"
            value={status ?? ''}
            onChange={(e) => setStatus(e.target.value)}
            sx={{ minWidth: 220 }}
            data-testid="status-filter"
            slotProps={{
              // Always shrunk: the empty value reads 'Tümü', not a placeholder under the label.
              inputLabel: { shrink: true },
              select: {
                displayEmpty: true,
                renderValue: (value) => (value ? ORDER_STATUS_LABELS[value as OrderStatus] : 'Tümü'),
              },
            }}
          >
            <MenuItem value="">Tümü</MenuItem>
            {statusOptions.map((value) => (
              <MenuItem key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {result ? `${total} sipariş` : ''}
          </Typography>
          <Button variant="contained" startIcon={<AddShoppingCart />} onClick={() => navigate('/sales')}>
            Yeni Satış
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        {result === undefined ? <LinearProgress /> : null}
        <TableContainer>
          <Table size="small" data-testid="my-orders-table">
            <OrderTableHead amountLabel="Tutar" />
            <TableBody>
              {result !== undefined && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
                      Sipariş bulunamadı
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
        <TablePagination
          component="div"
          count={total}
          page={total > 0 && page * pageSize >= total ? Math.ceil(total / pageSize) - 1 : page}
          onPageChange={(_e, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(e) => {
            setPageSize(Number.parseInt(e.target.value, 10));
            setPage(0);
          }}
          {...TR_PAGINATION_LABELS}
        />
      </Paper>

      <OrderViewDialog order={viewing} open={!!viewing} onClose={() => setViewing(null)} />
      <OrderEditDialog order={editing} open={!!editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
