import Clear from '@mui/icons-material/Clear';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import {
  canAssignDriver,
  canEditOrder,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
} from '../../shared/domain/order-status';
import { formatDate } from '../../shared/domain/time';
import type { LocalOrder } from '../local';
import { useLocalStore } from '../shared-ui/local-store';
import { TR_PAGINATION_LABELS } from '../shared-ui/pagination-labels';
import { SearchField } from '../shared-ui/search-field';
import { AssignDriverDialog } from './assign-driver-dialog';
import { OrderEditDialog } from './order-edit-dialog';
import { OrderStatusChip } from './order-status-chip';
import { OrderTableHead } from './order-table-head';
import { statusActions, syncStateOf, useOutboxByOrder, useStatusParam, useStoreWarmingUp } from './order-ui';
import { useActingUser, useOrderPage } from './orders-data';
import { PendingSyncChip } from './pending-sync-chip';

const PAGE_SIZES = [10, 25, 50];

/**
 * /orders (spec §2 "Orders list"): every order this user may see, from the local store (works
 * offline; a sync re-renders it). Search on order number or customer name is client-side; the
 * status filter lives in the `status` query parameter, so a reload or a shared link keeps it.
 * Rows open /orders/{id}. Per-row edit and assign-driver actions appear only where the status
 * machine (src/shared/domain/order-status.ts) lets this user act; rows with changes this device
 * has not sent yet, or that the server refused, are marked.
 */
export default function OrdersPage() {
  const navigate = useNavigate();
  const user = useActingUser();
  const { error } = useLocalStore();
  const warmingUp = useStoreWarmingUp();
  const { raw: statusParam, status, setStatus } = useStatusParam();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const [editing, setEditing] = useState<LocalOrder | null>(null);
  const [assigning, setAssigning] = useState<LocalOrder | null>(null);

  const result = useOrderPage({ status, search }, page, pageSize);
  const outbox = useOutboxByOrder();

  // A filter change starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these inputs only
  useEffect(() => setPage(0), [status, search, pageSize]);
  // The list shrank under the current page (a sync, a filter): go to the last page there is.
  useEffect(() => {
    if (result && page > 0 && page * pageSize >= result.total)
      setPage(Math.max(0, Math.ceil(result.total / pageSize) - 1));
  }, [result, page, pageSize]);

  const clearFilters = () => {
    setSearch('');
    setStatus('');
  };

  if (error) return <Alert severity="error">Yerel veri deposu açılamadı. Siparişler gösterilemiyor.</Alert>;

  const loading = result === undefined || (warmingUp && (result?.total ?? 0) === 0);
  const rows = result?.rows ?? [];
  const filtered = !!status || !!search.trim();

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <SearchField
            label="Ara"
            placeholder="Sipariş numarası veya müşteri adı"
            value={search}
            onChange={setSearch}
            testId="orders-search"
            sx={{ flex: 1 }}
          />
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="orders-status-label">Durum</InputLabel>
            <Select
              labelId="orders-status-label"
              label="Durum"
              value={status ?? ''}
              onChange={(e) => setStatus(e.target.value)}
              data-testid="orders-status-filter"
            >
              <MenuItem value="">Tümü</MenuItem>
              {ORDER_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {ORDER_STATUS_LABELS[value]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button
            variant="outlined"
            startIcon={<Clear />}
            onClick={clearFilters}
            disabled={!filtered && !statusParam}
            data-testid="orders-clear-filters"
            sx={{ whiteSpace: 'nowrap' }}
          >
            Filtreleri Temizle
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        {loading ? <LinearProgress /> : null}
        {/* On phones the table scrolls sideways instead of squeezing its columns. */}
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 760 }} data-testid="orders-table">
            <OrderTableHead amountLabel="Toplam" />
            <TableBody>
              {rows.map((order) => {
                const sync = syncStateOf(outbox.get(order.id) ?? [], order.pending_sync === 1);
                const editable =
                  !!user && (canEditOrder(user, order) || statusActions(user, order).length > 0);
                const assignable = !!user && canAssignDriver(user, order);
                return (
                  <TableRow
                    key={order.id}
                    hover
                    onClick={() => navigate(`/orders/${order.id}`)}
                    sx={{ cursor: 'pointer' }}
                    data-testid="order-row"
                    data-order-id={order.id}
                    data-status={order.status}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="order-number">
                          {order.order_number}
                        </Typography>
                        <PendingSyncChip pending={sync.pending} failedReason={sync.failedReason} />
                      </Stack>
                    </TableCell>
                    <TableCell data-testid="order-customer">{order.customer_name}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="order-total">
                      {formatTL(order.total_amount_kurus)}
                    </TableCell>
                    <TableCell>
                      <OrderStatusChip status={order.status} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.created_at)}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ whiteSpace: 'nowrap' }}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {editable ? (
                        <Tooltip title="Düzenle">
                          <IconButton
                            size="small"
                            aria-label="Düzenle"
                            onClick={() => setEditing(order)}
                            data-testid="order-edit"
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                      {assignable ? (
                        <Tooltip title="Sürücü Ata">
                          <IconButton
                            size="small"
                            aria-label="Sürücü Ata"
                            onClick={() => setAssigning(order)}
                            data-testid="order-assign-driver"
                          >
                            <LocalShipping fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
              {!loading && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} sx={{ py: 5, textAlign: 'center' }}>
                    <Typography color="text.secondary" data-testid="orders-empty">
                      Sipariş bulunamadı
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={result?.total ?? 0}
          page={page}
          onPageChange={(_e, next) => setPage(next)}
          rowsPerPage={pageSize}
          onRowsPerPageChange={(e) => setPageSize(Number.parseInt(e.target.value, 10))}
          rowsPerPageOptions={PAGE_SIZES}
          {...TR_PAGINATION_LABELS}
          data-testid="orders-pagination"
        />
      </Paper>

      <OrderEditDialog order={editing} open={!!editing} onClose={() => setEditing(null)} statusChange />
      <AssignDriverDialog order={assigning} open={!!assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
