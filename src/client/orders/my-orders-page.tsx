import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Edit from '@mui/icons-material/EditOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  type ActingUser,
  canEditOrder,
  type OrderStatus,
  PRODUCED_STATUSES,
} from '../../shared/domain/order-status';
import type { LocalOrder, OutboxEntry } from '../local/database';
import { statusLabel, useT } from '../shared-ui/i18n';
import { EntityList, type RowAction } from '../shared-ui/kit/entity-list';
import { useLastPageClamp, useListParams } from '../shared-ui/kit/list-address';
import { ListPage } from '../shared-ui/kit/list-page';
import { useLocalStore } from '../shared-ui/local-store';
import { OrderEditDialog } from './order-edit-dialog';
import { OrderCardFacts, orderColumns } from './order-list-parts';
import { type OrderSyncState, useOutboxByOrder, useStatusParam } from './order-ui';
import { OrderViewDialog } from './order-view-dialog';
import { useActingUser, useOrderPage } from './orders-data';

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

/**
 * The order's unsent / refused changes: an offline-created order (pending number) and an edit
 * still in the outbox both read as "not yet on the server"; a refusal shows the server's reason
 * (the first one in the outbox's order).
 */
function mySyncState(order: LocalOrder, entries: readonly OutboxEntry[]): OrderSyncState {
  const failed = entries.find((e) => e.status === 'failed');
  const pending = order.pending_sync === 1 || entries.some((e) => e.status === 'pending');
  return { pending, failedReason: failed?.error ?? null };
}

/**
 * /my-orders: the signed-in user's own orders from the local store, newest
 * first — including those created offline and not yet sent (pending 'GEÇİCİ-…' number and a
 * pending-sync chip). On a phone (below `sm`) the rows are stacked cards (no sideways swipe) with
 * 'Görüntüle' and, while an order awaits approval, 'Düzenle' under each. The status filter lives
 * in the `status` query parameter, so a filtered view survives a reload and can be shared as a
 * link.
 */
export default function MyOrdersPage() {
  const t = useT();
  const navigate = useNavigate();
  const { error } = useLocalStore();
  const user = useActingUser();
  const { status, setStatus } = useStatusParam({ replace: true });
  // The page lives in the address (`page`), so 'Geri' from an order returns to it.
  const list = useListParams({ pageSizes: PAGE_SIZES });
  const { page, pageSize } = list;
  const [viewing, setViewing] = useState<LocalOrder | null>(null);
  const [editing, setEditing] = useState<LocalOrder | null>(null);

  // Own orders only. The route guard guarantees a user; the sentinel matches no one if not.
  const result = useOrderPage({ status, salespersonId: user?.id ?? '\uffff' }, page, pageSize);
  const outbox = useOutboxByOrder();
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

  const sync = (order: LocalOrder) => mySyncState(order, outbox.get(order.id) ?? []);
  const actions: RowAction<LocalOrder>[] = [
    { key: 'view', label: t('view'), icon: <Visibility fontSize="small" />, run: setViewing },
    {
      key: 'edit',
      testId: () => 'edit-order',
      label: t('edit'),
      icon: <Edit fontSize="small" />,
      run: setEditing,
      shown: (order) => mayEdit(user, order),
    },
  ];

  return (
    <ListPage
      testId="my-orders-page"
      toolbar={
        <>
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
        </>
      }
      fetching={result === undefined}
      pagination={{
        count: total,
        list,
        page: total > 0 && page * pageSize >= total ? Math.ceil(total / pageSize) - 1 : page,
        pageSizes: PAGE_SIZES,
        testId: 'my-orders-pagination',
      }}
      after={
        <>
          <OrderViewDialog order={viewing} open={!!viewing} onClose={() => setViewing(null)} />
          <OrderEditDialog order={editing} open={!!editing} onClose={() => setEditing(null)} />
        </>
      }
    >
      <EntityList
        rows={rows}
        rowKey={(order) => order.id}
        columns={orderColumns(t, t('colAmount'), sync)}
        card={(order) => <OrderCardFacts order={order} sync={sync(order)} />}
        actions={actions}
        actionsHeader={t('colActions')}
        cardActions="text"
        empty={result !== undefined && rows.length === 0 ? t('ordersEmpty') : null}
        label={t('page_myOrders')}
        testId="my-orders"
        rowTestId="my-order-row"
        rowProps={(order) => ({
          'data-order-id': order.id,
          'data-order-number': order.order_number,
          'data-pending': sync(order).pending ? 'true' : 'false',
        })}
        openTo={(order) => `/orders/${order.id}`}
        openRow={false}
        openTestId="order-link"
      />
    </ListPage>
  );
}
