import Clear from '@mui/icons-material/Clear';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import { canAssignDriver, canEditOrder, ORDER_STATUSES } from '../../shared/domain/order-status';
import type { LocalOrder } from '../local/database';
import { EmptyTableRow } from '../shared-ui/empty-table-row';
import { FilterSelect } from '../shared-ui/filter-select';
import { dateLabel, statusLabel, useT } from '../shared-ui/i18n';
import { useLastPageClamp, useListParams, useSearchText } from '../shared-ui/kit/list-address';
import { ListPagination } from '../shared-ui/list-pagination';
import { useLocalStore } from '../shared-ui/local-store';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { usePhone } from '../shared-ui/responsive';
import { SearchField } from '../shared-ui/search-field';
import { AssignDriverDialog } from './assign-driver-dialog';
import { OrderCard } from './order-card';
import { OrderEditDialog } from './order-edit-dialog';
import { OrderTableHead } from './order-table-head';
import { statusActions, syncStateOf, useOutboxByOrder, useStatusParam, useStoreWarmingUp } from './order-ui';
import { useActingUser, useOrderPage } from './orders-data';
import { PendingSyncChip } from './pending-sync-chip';

const PAGE_SIZES = [10, 25, 50];

/**
 * /orders, the orders list: every order this user may see, from the local store (works
 * offline; a sync re-renders it). Search on order number or customer name is client-side; the
 * status filter lives in the `status` query parameter, so a reload or a shared link keeps it.
 * Rows open /orders/{id} (the order number is a real link, so it also opens in a new tab). On a
 * phone (below `sm`) the rows become stacked cards whose body is that link, with the actions as
 * buttons under it: no sideways swipe for the status or the date. Per-row edit and assign-driver actions appear only where the status
 * machine (src/shared/domain/order-status.ts) lets this user act; rows with changes this device
 * has not sent yet, or that the server refused, are marked.
 */
export default function OrdersPage() {
  const t = useT();
  const navigate = useNavigate();
  const phone = usePhone();
  const user = useActingUser();
  const { error } = useLocalStore();
  const warmingUp = useStoreWarmingUp();
  const { raw: statusParam, status, setStatus } = useStatusParam();
  const list = useListParams();
  const { page, setPage } = list;
  // The box keeps its own text (typing must never wait for the address); the address follows it,
  // so 'Geri' from an order and a reload bring the search back, and the box follows the
  // address when that changes from outside (back/forward, a link, the menu).
  const { text: search, setText: setSearch, clear: clearFilters } = useSearchText(list);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const [editing, setEditing] = useState<LocalOrder | null>(null);
  const [assigning, setAssigning] = useState<LocalOrder | null>(null);

  const result = useOrderPage({ status, search }, page, pageSize);
  const outbox = useOutboxByOrder();

  // A filter change starts from the first page: the search and status setters drop `page` from
  // the address themselves (an effect here would also reset a page given in the address).
  // The list shrank under the current page (a sync, a filter): the last page there is — but not
  // while the store is still filling (a linked page 3 would fall back to page 1), nor from the
  // rows of a previous search or page still shown while this one is read.
  useLastPageClamp(list, warmingUp || !result?.current ? undefined : result.total, pageSize);

  if (error) return <Alert severity="error">{t('ordersStoreUnavailable')}</Alert>;

  const loading = result === undefined || (warmingUp && (result?.total ?? 0) === 0);
  const rows = result?.rows ?? [];
  const filtered = !!status || !!search.trim();

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <SearchField
            label={t('search')}
            placeholder={t('ordersSearchPlaceholder')}
            value={search}
            onChange={setSearch}
            testId="orders-search"
            sx={{ flex: 1 }}
          />
          <FilterSelect
            id="orders-status"
            label={t('status')}
            value={status ?? ''}
            onChange={setStatus}
            allLabel={t('all')}
            options={ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
            testId="orders-status-filter"
          />
          <Button
            variant="outlined"
            startIcon={<Clear />}
            onClick={clearFilters}
            disabled={!filtered && !statusParam}
            data-testid="orders-clear-filters"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('clearFilters')}
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        {loading ? <LinearProgress aria-label={t('loadingAria')} /> : null}
        {phone ? (
          <Stack spacing={1} sx={{ p: 1 }} data-testid="orders-cards">
            {rows.map((order) => {
              const sync = syncStateOf(outbox.get(order.id) ?? [], order.pending_sync === 1);
              const editable = !!user && (canEditOrder(user, order) || statusActions(user, order).length > 0);
              const assignable = !!user && canAssignDriver(user, order);
              return (
                <OrderCard
                  key={order.id}
                  order={order}
                  pending={sync.pending}
                  failedReason={sync.failedReason}
                  to={`/orders/${order.id}`}
                  testId="order-row"
                  actions={
                    editable || assignable ? (
                      <>
                        {editable ? (
                          <Button
                            variant="outlined"
                            size="small"
                            startIcon={<EditOutlined />}
                            onClick={() => setEditing(order)}
                            data-testid="order-edit"
                          >
                            {t('edit')}
                          </Button>
                        ) : null}
                        {assignable ? (
                          <Button
                            variant="outlined"
                            size="small"
                            startIcon={<LocalShipping />}
                            onClick={() => setAssigning(order)}
                            data-testid="order-assign-driver"
                          >
                            {t('assignDriver')}
                          </Button>
                        ) : null}
                      </>
                    ) : null
                  }
                />
              );
            })}
            {!loading && rows.length === 0 ? (
              <Typography
                color="text.secondary"
                sx={{ py: 5, textAlign: 'center' }}
                data-testid="orders-empty"
              >
                {t('ordersEmpty')}
              </Typography>
            ) : null}
          </Stack>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 760 }} data-testid="orders-table">
              <OrderTableHead amountLabel={t('colTotal')} />
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
                      // The whole row opens the order; a click on the number's own link is left to
                      // the link (a second navigation would add a history entry).
                      onClick={(e) => {
                        if (!(e.target as Element).closest('a')) navigate(`/orders/${order.id}`);
                      }}
                      sx={{ cursor: 'pointer' }}
                      data-testid="order-row"
                      data-order-id={order.id}
                      data-status={order.status}
                    >
                      <TableCell sx={{ whiteSpace: 'nowrap', p: 0 }}>
                        {/* The whole first cell is a real link (open in a new tab, copy address). */}
                        <Link
                          component={RouterLink}
                          to={`/orders/${order.id}`}
                          variant="body2"
                          color="inherit"
                          underline="hover"
                          sx={{ display: 'block', px: 2, py: 0.75, fontWeight: 600 }}
                          data-testid="order-link"
                        >
                          <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <span data-testid="order-number">{order.order_number}</span>
                            <PendingSyncChip pending={sync.pending} failedReason={sync.failedReason} />
                          </Stack>
                        </Link>
                      </TableCell>
                      <TableCell data-testid="order-customer">{order.customer_name}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="order-total">
                        {formatTL(order.total_amount_kurus)}
                      </TableCell>
                      <TableCell>
                        <OrderStatusChip status={order.status} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateLabel(order.created_at)}</TableCell>
                      <TableCell
                        align="right"
                        sx={{ whiteSpace: 'nowrap' }}
                        onClick={(e) => e.stopPropagation()}
                      >
                        {editable ? (
                          <Tooltip title={t('edit')}>
                            <IconButton
                              size="small"
                              aria-label={t('edit')}
                              onClick={() => setEditing(order)}
                              data-testid="order-edit"
                            >
                              <EditOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : null}
                        {assignable ? (
                          <Tooltip title={t('assignDriver')}>
                            <IconButton
                              size="small"
                              aria-label={t('assignDriver')}
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
                  <EmptyTableRow columns={6} testId="orders-empty">
                    {t('ordersEmpty')}
                  </EmptyTableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPagination
          count={result?.total ?? 0}
          page={page}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
          testId="orders-pagination"
        />
      </Paper>

      <OrderEditDialog order={editing} open={!!editing} onClose={() => setEditing(null)} statusChange />
      <AssignDriverDialog order={assigning} open={!!assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
