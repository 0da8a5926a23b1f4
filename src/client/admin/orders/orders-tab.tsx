import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatTL } from '../../../shared/domain/money';
import { ORDER_STATUSES } from '../../../shared/domain/order-status';
import { queryOrders } from '../../local/queries';
import { FilterSelect } from '../../shared-ui/filter-select';
import { dateLabel, statusLabel, useT } from '../../shared-ui/i18n';
import { ListPagination } from '../../shared-ui/list-pagination';
import { useLocalDb, useLocalStore } from '../../shared-ui/local-store';
import { OrderStatusChip } from '../../shared-ui/order-status-chip';
import { usePhone } from '../../shared-ui/responsive';
import { SearchField } from '../../shared-ui/search-field';

const PAGE_SIZES = [10, 25, 50];

/**
 * Admin panel tab 5, 'Sipariş Yönetimi': every order of the tenant (order number, customer,
 * total with two decimals then 'TL', status — pending_approval a warning chip — date tr-TR, and a
 * details button opening /orders/{id}). Read from the local store the sync engine keeps current,
 * so it works offline and re-renders on every sync; search (order number or customer, Turkish
 * folding), a status filter and paging run on the device. Below `sm` the rows are cards.
 */
export default function OrdersTab() {
  const t = useT();
  const phone = usePhone();
  const db = useLocalDb();
  const { error } = useLocalStore();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);

  const result = useLiveQuery(
    async () => (db ? queryOrders(db, { status: status || null, search }, page, pageSize) : undefined),
    [db, status, search, page, pageSize],
  );
  // The list shrank under the current page (a sync, a filter): go to the last page there is.
  const total = result?.total;
  useEffect(() => {
    if (total !== undefined && page > 0 && page * pageSize >= total)
      setPage(Math.max(0, Math.ceil(total / pageSize) - 1));
  }, [total, page, pageSize]);

  if (error) return <Alert severity="error">{t('ao_storeUnavailable')}</Alert>;
  const rows = result?.rows ?? [];

  const details = (order: { id: string; order_number: string }) => (
    <Button
      component={RouterLink}
      to={`/orders/${order.id}`}
      size="small"
      variant="outlined"
      startIcon={<OpenInNew />}
      aria-label={t('ao_detailsOf', { number: order.order_number })}
      data-testid="admin-order-details"
    >
      {t('ao_details')}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <SearchField
            label={t('search')}
            placeholder={t('ao_searchPlaceholder')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(0);
            }}
            testId="admin-orders-search"
            sx={{ flex: 1 }}
          />
          <FilterSelect
            id="admin-orders-status"
            label={t('status')}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(0);
            }}
            allLabel={t('all')}
            options={ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
            testId="admin-orders-status"
          />
        </Stack>
      </Paper>
      <Paper variant="outlined">
        {result === undefined ? <LinearProgress aria-label={t('loadingAria')} /> : null}
        {phone ? (
          <Stack spacing={1} sx={{ p: 1 }} data-testid="admin-orders-cards">
            {rows.map((order) => (
              <Card key={order.id} variant="outlined" data-testid="admin-order-row" data-order-id={order.id}>
                <CardContent sx={{ pb: 0 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: 'center' }}
                  >
                    <Typography variant="subtitle2" component="span">
                      {order.order_number}
                    </Typography>
                    <OrderStatusChip status={order.status} />
                  </Stack>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {order.customer_name}
                  </Typography>
                  <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="admin-order-total">
                      {formatTL(order.total_amount_kurus)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {dateLabel(order.created_at)}
                    </Typography>
                  </Stack>
                </CardContent>
                <CardActions>{details(order)}</CardActions>
              </Card>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" data-testid="admin-orders-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('ao_orderNumber')}</TableCell>
                  <TableCell>{t('customer')}</TableCell>
                  <TableCell align="right">{t('total')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                  <TableCell>{t('ao_date')}</TableCell>
                  <TableCell align="right">{t('ao_actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((order) => (
                  <TableRow key={order.id} data-testid="admin-order-row" data-order-id={order.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{order.order_number}</TableCell>
                    <TableCell>{order.customer_name}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="admin-order-total">
                      {formatTL(order.total_amount_kurus)}
                    </TableCell>
                    <TableCell>
                      <OrderStatusChip status={order.status} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateLabel(order.created_at)}</TableCell>
                    <TableCell align="right">{details(order)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {result !== undefined && rows.length === 0 ? (
          <Typography
            color="text.secondary"
            sx={{ py: 5, textAlign: 'center' }}
            data-testid="admin-orders-empty"
          >
            {t('ao_empty')}
          </Typography>
        ) : null}
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
          testId="admin-orders-pagination"
        />
      </Paper>
    </Stack>
  );
}
