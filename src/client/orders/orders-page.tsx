import Clear from '@mui/icons-material/Clear';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { canAssignDriver, canEditOrder, ORDER_STATUSES } from '../../shared/domain/order-status';
import type { LocalOrder } from '../local/database';
import { FilterSelect } from '../shared-ui/filter-select';
import { statusLabel, useT } from '../shared-ui/i18n';
import { EntityList, type RowAction } from '../shared-ui/kit/entity-list';
import { useLastPageClamp, useListParams, useSearchText } from '../shared-ui/kit/list-address';
import { ListPage } from '../shared-ui/kit/list-page';
import { useLocalStore } from '../shared-ui/local-store';
import { SearchField } from '../shared-ui/search-field';
import { AssignDriverDialog } from './assign-driver-dialog';
import { OrderEditDialog } from './order-edit-dialog';
import { OrderCardFacts, orderColumns } from './order-list-parts';
import { statusActions, syncStateOf, useOutboxByOrder, useStatusParam, useStoreWarmingUp } from './order-ui';
import { useActingUser, useOrderPage } from './orders-data';

const PAGE_SIZES = [10, 25, 50];

/**
 * /orders, the orders list: every order this user may see, from the local store (works
 * offline; a sync re-renders it). Search on order number or customer name is client-side; the
 * status filter lives in the `status` query parameter, so a reload or a shared link keeps it.
 * Rows open /orders/{id} (the order number is a real link, so it also opens in a new tab). On a
 * phone (below `sm`) the rows become stacked cards whose body is that link, with the actions as
 * buttons under it: no sideways swipe for the status or the date. Per-row edit and assign-driver
 * actions appear only where the status machine (src/shared/domain/order-status.ts) lets this user
 * act; rows with changes this device has not sent yet, or that the server refused, are marked.
 */
export default function OrdersPage() {
  const t = useT();
  const user = useActingUser();
  const { error } = useLocalStore();
  const warmingUp = useStoreWarmingUp();
  const { raw: statusParam, status, setStatus } = useStatusParam();
  const list = useListParams({ pageSizes: PAGE_SIZES });
  const { page, pageSize } = list;
  // The box keeps its own text (typing must never wait for the address); the address follows it,
  // so 'Geri' from an order and a reload bring the search back, and the box follows the
  // address when that changes from outside (back/forward, a link, the menu).
  const { text: search, setText: setSearch, clear: clearFilters } = useSearchText(list);
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
  const sync = (order: LocalOrder) => syncStateOf(outbox.get(order.id) ?? [], order.pending_sync === 1);
  const actions: RowAction<LocalOrder>[] = [
    {
      key: 'edit',
      label: t('edit'),
      icon: <EditOutlined fontSize="small" />,
      run: setEditing,
      shown: (order) => !!user && (canEditOrder(user, order) || statusActions(user, order).length > 0),
    },
    {
      key: 'assign-driver',
      label: t('assignDriver'),
      icon: <LocalShipping fontSize="small" />,
      run: setAssigning,
      shown: (order) => !!user && canAssignDriver(user, order),
    },
  ];

  return (
    <ListPage
      testId="orders-page"
      toolbar={
        <>
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
        </>
      }
      fetching={loading}
      pagination={{ count: result?.total ?? 0, list, pageSizes: PAGE_SIZES, testId: 'orders-pagination' }}
      after={
        <>
          <OrderEditDialog order={editing} open={!!editing} onClose={() => setEditing(null)} statusChange />
          <AssignDriverDialog order={assigning} open={!!assigning} onClose={() => setAssigning(null)} />
        </>
      }
    >
      <EntityList
        rows={rows}
        rowKey={(order) => order.id}
        columns={orderColumns(t, t('colTotal'), sync)}
        card={(order) => <OrderCardFacts order={order} sync={sync(order)} />}
        actions={actions}
        actionsHeader={t('colActions')}
        cardActions="text"
        empty={!loading && rows.length === 0 ? t('ordersEmpty') : null}
        label={t('page_orders')}
        testId="orders"
        rowTestId="order-row"
        rowProps={(order) => ({ 'data-order-id': order.id, 'data-status': order.status })}
        openTo={(order) => `/orders/${order.id}`}
        openTestId="order-link"
        minWidth={760}
      />
    </ListPage>
  );
}
