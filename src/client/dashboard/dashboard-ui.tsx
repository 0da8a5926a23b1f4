import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import type { LocalOrder } from '../local/database';
import { relativeTimeLabel, t, useT } from '../shared-ui/i18n';
import { NotificationIcon } from '../shared-ui/notification-icon';
import {
  markAllRead,
  markRead,
  notificationText,
  removeNotification,
  useNotifications,
  useUnreadCount,
} from '../shared-ui/notifications-data';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { StatCard } from '../shared-ui/stat-card';
import { WRAPPING_TABS_SX } from '../shared-ui/wrapping-tabs';
import { useUi } from '../state/ui';
import { DASHBOARD_LIST_LIMIT } from './dashboard-data';
import type { ShownStats } from './dashboard-stats-rule';

/** Pieces both dashboards use: the stat cards, the tabs, the recent orders and the notifications tab. */

/** A figure the screens show as '—' when there is nothing to measure (null rate or mean). */
export const NONE = '—';

/** '%12,5' in Turkish, '12.5%' in English; '—' when there is nothing to measure. */
export function percentLabel(value: number | null): string {
  if (value === null) return NONE;
  if (useUi.getState().language === 'en')
    return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return `%${value.toLocaleString('tr-TR', { maximumFractionDigits: 1 })}`;
}

/** Mean minutes, one decimal, in the current language; '—' when none. */
export function minutesLabel(value: number | null): string {
  if (value === null) return NONE;
  const locale = useUi.getState().language === 'en' ? 'en-US' : 'tr-TR';
  return t('mgr_minutes', { n: value.toLocaleString(locale, { maximumFractionDigits: 1 }) });
}

/** Four cards: two columns on a phone, four from md up. */
export function StatGrid({
  children,
  source,
  fresh,
}: {
  children: ReactNode;
  source?: string;
  fresh?: boolean;
}) {
  return (
    <Box
      data-testid="dashboard-cards"
      data-source={source}
      data-fresh={fresh ? 'true' : 'false'}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** One stat card: its label, test id and how it reads the figures. */
export interface CardDef {
  label: string;
  testId: string;
  value: (stats: ShownStats['stats']) => string;
}

/** A dashboard's cards from the figures shown (a dash for each while there are none yet). */
export function StatCards({
  shown,
  cards,
}: {
  shown: (ShownStats & { fresh: boolean }) | undefined;
  cards: CardDef[];
}) {
  const stats = shown?.stats;
  return (
    <StatGrid source={shown?.source} fresh={shown?.fresh}>
      {cards.map((card) => (
        <StatCard
          key={card.testId}
          label={card.label}
          value={stats ? card.value(stats) : NONE}
          testId={card.testId}
        />
      ))}
    </StatGrid>
  );
}

export interface TabDef {
  key: string;
  label: string;
  content: () => ReactNode;
}

/** Tabs that wrap onto more rows on a narrow screen (none hides past the window's edge). */
export function DashboardTabs({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: TabDef[];
  value: string;
  onChange: (key: string) => void;
  label: string;
}) {
  const current = tabs.find((tab) => tab.key === value) ?? tabs[0];
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <Tabs
        value={current?.key ?? false}
        onChange={(_e, key: string) => onChange(key)}
        aria-label={label}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { minHeight: 48 },
          ...WRAPPING_TABS_SX,
        }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            id={`dash-tab-${tab.key}`}
            aria-controls={`dash-panel-${tab.key}`}
            data-testid={`dash-tab-${tab.key}`}
          />
        ))}
      </Tabs>
      {current ? (
        <Box
          role="tabpanel"
          id={`dash-panel-${current.key}`}
          aria-labelledby={`dash-tab-${current.key}`}
          data-testid={`dash-panel-${current.key}`}
          sx={{ p: { xs: 1, sm: 2 } }}
        >
          {current.content()}
        </Box>
      ) : null}
    </Card>
  );
}

/** One order as a link to its detail (a real <a href>, so it opens in a new tab too). */
export function OrderLinkRow({ order, actions }: { order: LocalOrder; actions?: ReactNode }) {
  return (
    <ListItem disablePadding divider data-testid="dash-order-row" sx={{ display: 'block' }}>
      <ListItemButton
        component={Link}
        to={`/orders/${order.id}`}
        sx={{ minHeight: 56, alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Typography variant="subtitle2" sx={{ fontWeight: 600 }} data-i18n-skip="">
            {order.order_number}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
            data-i18n-skip=""
          >
            {order.customer_name}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
          <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
            {formatTL(order.total_amount_kurus)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <OrderStatusChip status={order.status} />
            <Typography variant="caption" color="text.secondary">
              {relativeTimeLabel(order.created_at)}
            </Typography>
          </Stack>
        </Stack>
      </ListItemButton>
      {actions ? (
        <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1.5, justifyContent: 'flex-end' }}>
          {actions}
        </Stack>
      ) : null}
    </ListItem>
  );
}

export function OrdersTab({ orders, empty }: { orders: LocalOrder[] | undefined; empty: string }) {
  const t = useT();
  if (orders === undefined) return <LinearProgress aria-label={t('loadingAria')} />;
  return (
    <Stack spacing={1}>
      {orders.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {empty}
        </Typography>
      ) : (
        <List disablePadding data-testid="dash-orders">
          {orders.map((order) => (
            <OrderLinkRow key={order.id} order={order} />
          ))}
        </List>
      )}
      <Box>
        <Button component={Link} to="/orders" sx={{ minHeight: 44 }}>
          {t('dash_allOrders')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The dashboards' notifications tab: at most 10, a mark-all-read button while any is
 * unread, per-item mark read and delete — the same Dexie rows and outbox actions as the bell and
 * /notifications, so the three always agree.
 */
export function NotificationsTab() {
  const t = useT();
  const navigate = useNavigate();
  const rows = useNotifications(DASHBOARD_LIST_LIMIT);
  const unread = useUnreadCount();
  if (rows === undefined) return <LinearProgress aria-label={t('loadingAria')} />;
  return (
    <Stack spacing={1}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', px: 1 }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('unreadCount', { n: unread })}
        </Typography>
        {unread > 0 ? (
          <Button
            startIcon={<DoneAll />}
            onClick={() => void markAllRead()}
            sx={{ minHeight: 44 }}
            data-testid="dash-mark-all-read"
          >
            {t('markAllRead')}
          </Button>
        ) : null}
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('noNotifications')}
        </Typography>
      ) : (
        <List disablePadding data-testid="dash-notifications">
          {rows.map((n) => {
            const text = notificationText(n);
            const skip = text.stored ? '' : undefined;
            return (
              <ListItem
                key={n.id}
                divider
                data-testid="dash-notification-row"
                data-unread={n.is_read ? 'false' : 'true'}
                sx={{
                  gap: 1.5,
                  alignItems: 'flex-start',
                  flexWrap: 'wrap',
                  bgcolor: n.is_read ? undefined : 'action.hover',
                }}
              >
                <NotificationIcon type={n.type} size={32} />
                <Box
                  sx={{ minWidth: 0, flex: '1 1 10rem', cursor: n.related_order ? 'pointer' : undefined }}
                  onClick={() => {
                    if (!n.is_read) void markRead(n.id);
                    if (n.related_order) navigate(`/orders/${n.related_order.id}`);
                  }}
                >
                  <Typography
                    variant="subtitle2"
                    sx={{ fontWeight: n.is_read ? 500 : 700 }}
                    data-i18n-skip={skip}
                  >
                    {text.title}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere' }}
                    data-i18n-skip={skip}
                  >
                    {text.message}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {relativeTimeLabel(n.created_at)}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={0.5} sx={{ ml: 'auto' }}>
                  {n.is_read ? null : (
                    <IconButton
                      aria-label={t('markRead')}
                      title={t('markRead')}
                      onClick={() => void markRead(n.id)}
                      sx={{ width: 44, height: 44 }}
                      data-testid="dash-notification-read"
                    >
                      <MarkEmailRead />
                    </IconButton>
                  )}
                  <IconButton
                    aria-label={t('delete')}
                    title={t('delete')}
                    onClick={() => void removeNotification(n.id)}
                    sx={{ width: 44, height: 44 }}
                    data-testid="dash-notification-delete"
                  >
                    <DeleteOutline />
                  </IconButton>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      <Box>
        <Button component={Link} to="/notifications" sx={{ minHeight: 44 }}>
          {t('dash_allNotifications')}
        </Button>
      </Box>
    </Stack>
  );
}
