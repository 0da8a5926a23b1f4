import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatTL } from '../../../shared/domain/money';
import { isOrderStatus, ORDER_STATUSES } from '../../../shared/domain/order-status';
import type { LocalOrder } from '../../local/database';
import { queryOrders } from '../../local/queries';
import { FilterSelect } from '../../shared-ui/filter-select';
import { dateLabel, statusLabel, type Translate, useT } from '../../shared-ui/i18n';
import { type Column, EntityList, type RowAction } from '../../shared-ui/kit/entity-list';
import {
  useFilterParam,
  useLastPageClamp,
  useListParams,
  useSearchText,
} from '../../shared-ui/kit/list-address';
import { ListPage } from '../../shared-ui/kit/list-page';
import { useLocalDb, useLocalStore } from '../../shared-ui/local-store';
import { OrderStatusChip } from '../../shared-ui/order-status-chip';
import { SearchField } from '../../shared-ui/search-field';

const PAGE_SIZES = [10, 25, 50];
/** The tab's parameters in /admin's address ('orders.q', 'orders.status'), apart from the other tabs'. */
const PREFIX = 'orders.';

function orderColumns(t: Translate): Column<LocalOrder>[] {
  return [
    { key: 'number', header: t('ao_orderNumber'), cell: (o) => o.order_number, nowrap: true, strong: true },
    { key: 'customer', header: t('customer'), cell: (o) => o.customer_name },
    {
      key: 'total',
      header: t('total'),
      cell: (o) => formatTL(o.total_amount_kurus),
      align: 'right',
      nowrap: true,
      testId: 'admin-order-total',
    },
    { key: 'status', header: t('status'), cell: (o) => <OrderStatusChip status={o.status} /> },
    { key: 'date', header: t('ao_date'), cell: (o) => dateLabel(o.created_at), nowrap: true },
  ];
}

/** An order on a phone: number and status, customer, total and date. */
function OrderCard({ order }: { order: LocalOrder }) {
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
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
    </>
  );
}

/**
 * Admin panel tab 5, 'Sipariş Yönetimi': every order of the tenant (order number, customer,
 * total with two decimals then 'TL', status — pending_approval a warning chip — date tr-TR, and a
 * details button opening /orders/{id}). Read from the local store the sync engine keeps current,
 * so it works offline and re-renders on every sync; search (order number or customer, Turkish
 * folding), a status filter and paging run on the device and are kept in the address. Below `sm`
 * the rows are cards.
 */
export default function OrdersTab() {
  const t = useT();
  const db = useLocalDb();
  const { error } = useLocalStore();
  const list = useListParams({ prefix: PREFIX, filters: ['status'], pageSizes: PAGE_SIZES });
  const search = useSearchText(list);
  const statusParam = useFilterParam('status', { prefix: PREFIX, replace: true });
  const status = isOrderStatus(statusParam.value) ? statusParam.value : null;
  const { page, pageSize } = list;

  const result = useLiveQuery(
    async () => (db ? queryOrders(db, { status, search: list.search }, page, pageSize) : undefined),
    [db, status, list.search, page, pageSize],
  );
  // The list shrank under the current page (a sync, a filter): go to the last page there is.
  useLastPageClamp(list, result?.total, pageSize);

  if (error) return <Alert severity="error">{t('ao_storeUnavailable')}</Alert>;
  const rows = result?.rows ?? [];
  const details: RowAction<LocalOrder> = {
    key: 'details',
    label: t('ao_details'),
    icon: <OpenInNew />,
    to: (order) => `/orders/${order.id}`,
    text: 'outlined',
  };

  return (
    <ListPage
      testId="admin-orders"
      toolbar={
        <>
          <SearchField
            label={t('search')}
            placeholder={t('ao_searchPlaceholder')}
            value={search.text}
            onChange={search.setText}
            testId="admin-orders-search"
            sx={{ flex: 1 }}
          />
          <FilterSelect
            id="admin-orders-status"
            label={t('status')}
            value={status ?? ''}
            onChange={statusParam.set}
            allLabel={t('all')}
            options={ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
            testId="admin-orders-status"
          />
        </>
      }
      fetching={result === undefined}
      pagination={{
        count: result?.total ?? 0,
        list,
        page,
        pageSizes: PAGE_SIZES,
        testId: 'admin-orders-pagination',
      }}
    >
      <EntityList
        rows={rows}
        rowKey={(order) => order.id}
        columns={orderColumns(t)}
        card={(order) => <OrderCard order={order} />}
        actions={[details]}
        actionLabel={(_action, order) => t('ao_detailsOf', { number: order.order_number })}
        actionsHeader={t('ao_actions')}
        empty={result !== undefined && rows.length === 0 ? t('ao_empty') : null}
        label={t('admin_tabOrders')}
        testId="admin-orders"
        rowTestId="admin-order-row"
        rowProps={(order) => ({ 'data-order-id': order.id })}
      />
    </ListPage>
  );
}
