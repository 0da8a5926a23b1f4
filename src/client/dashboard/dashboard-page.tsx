import Inventory from '@mui/icons-material/Inventory2Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatTL } from '../../shared/domain/money';
import { type MessageKey, useT } from '../shared-ui/i18n';
import { InvoiceReadinessBanner } from '../shared-ui/invoice-readiness';
import { useLocalStore } from '../shared-ui/local-store';
import { useMayUse } from '../shared-ui/screens';
import { useSession } from '../state/session';
import {
  figures,
  useDashboardRefresh,
  useDashboardStats,
  useLowStockProducts,
  useRecentOrders,
  useStoreCounts,
} from './dashboard-data';
import { DashboardTabs, NotificationsTab, OrdersTab, StatCards, type TabDef } from './dashboard-ui';

/**
 * /dashboard for every role but the driver (the driver keeps the work list). Everything
 * is read from the local store, so it opens offline: four stat cards (useDashboardStats), and the
 * tabs 'Siparişler' (the 10 newest orders the store holds — the store holds exactly what the
 * role may see: a salesperson's own orders, the warehouse's statuses), 'Bildirimler', 'Envanter'
 * (warehouse, admin: the low-stock products) and 'Yönetim' (admin: the admin screens with live
 * counts). The page title ('Siparişlerim' for a salesperson) is the layout's (the screens table).
 * An admin whose company profile lacks what invoices print is prompted above it all, with a
 * button to the profile's form (a company from the public sign-up before it asked for them).
 */
export default function DashboardPage() {
  const t = useT();
  const mayInventory = useMayUse('/inventory');
  const mayAdmin = useMayUse('/admin');
  const { error } = useLocalStore();
  const shown = useDashboardStats();
  const orders = useRecentOrders();
  const [tab, setTab] = useState('orders');
  useDashboardRefresh();

  if (error) return <Alert severity="error">{t('localStoreUnavailable')}</Alert>;

  const tabs: TabDef[] = [
    {
      key: 'orders',
      label: t('dash_tabOrders'),
      content: () => <OrdersTab orders={orders} empty={t('dash_noOrders')} />,
    },
    { key: 'notifications', label: t('dash_tabNotifications'), content: () => <NotificationsTab /> },
  ];
  if (mayInventory)
    tabs.push({ key: 'inventory', label: t('dash_tabInventory'), content: () => <InventoryTab /> });
  if (mayAdmin)
    tabs.push({ key: 'management', label: t('dash_tabManagement'), content: () => <ManagementTab /> });

  return (
    <Stack spacing={3} data-testid="dashboard">
      <InvoiceReadinessBanner />
      <StatCards
        shown={shown}
        cards={[
          { label: t('dash_totalOrders'), testId: 'stat-total', value: (s) => String(s.total_orders) },
          { label: t('dash_pendingOrders'), testId: 'stat-pending', value: (s) => String(s.pending_orders) },
          {
            label: t('dash_inTransit'),
            testId: 'stat-in-transit',
            value: (s) => String(s.in_transit_orders),
          },
          {
            label: t('dash_totalRevenue'),
            testId: 'stat-revenue',
            value: (s) => formatTL(s.total_revenue_kurus),
          },
        ]}
      />
      <DashboardTabs tabs={tabs} value={tab} onChange={setTab} label={t('dash_tabsLabel')} />
    </Stack>
  );
}
// Opened on a reload: the cards' figures are read before the first render.
DashboardPage.firstRead = figures.firstRead;

/** 'Envanter' (warehouse, admin): the products whose stock is low or out, from the local store. */
function InventoryTab() {
  const t = useT();
  const counts = useStoreCounts();
  const products = useLowStockProducts();
  if (!counts || !products) return <LinearProgress aria-label={t('loadingAria')} />;
  return (
    <Stack spacing={1.5} data-testid="dash-inventory">
      <Typography sx={{ px: 1 }} data-testid="dash-low-stock-summary">
        {t('dash_lowStockSummary', { low: counts.lowStock, out: counts.outOfStock })}
      </Typography>
      {products.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 1 }}>
          {t('dash_noLowStock')}
        </Typography>
      ) : (
        <List disablePadding>
          {products.map((p) => (
            <ListItem key={p.id} divider sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="dash-low-stock-row">
              <Box sx={{ minWidth: 0, flex: '1 1 10rem' }}>
                <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }} data-i18n-skip="">
                  {p.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('dash_stockLine', { stock: p.available_stock, min: p.min_stock })}
                </Typography>
              </Box>
              <Chip
                size="small"
                color={p.stock_status === 'out_of_stock' ? 'error' : 'warning'}
                label={p.stock_status === 'out_of_stock' ? t('dash_outOfStock') : t('dash_lowStock')}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box>
        <Button component={Link} to="/inventory" startIcon={<Inventory />} sx={{ minHeight: 44 }}>
          {t('dash_goInventory')}
        </Button>
      </Box>
    </Stack>
  );
}

/** 'Yönetim' (admin): the admin screens, each with a one-line live count from the local store. */
function ManagementTab() {
  const t = useT();
  const counts = useStoreCounts();
  const company = useSession((s) => s.tenantInfo.company_name);
  const mayTenants = useMayUse('/tenant-management');
  if (!counts) return <LinearProgress aria-label={t('loadingAria')} />;
  const links: { to: string; title: MessageKey; line: string }[] = [
    {
      to: '/admin',
      title: 'page_admin',
      line: t('dash_adminCounts', { orders: counts.orders, customers: counts.customers }),
    },
    // Tenant management is the platform admins' only (an admin of a company has no use for it).
    ...(mayTenants
      ? [{ to: '/tenant-management', title: 'page_tenantManagement' as const, line: company }]
      : []),
    {
      to: '/product-management',
      title: 'page_productManagement',
      line: t('dash_productCounts', {
        products: counts.products,
        low: counts.lowStock + counts.outOfStock,
      }),
    },
  ];
  return (
    <List disablePadding data-testid="dash-management">
      {links.map((link) => (
        <ListItem key={link.to} disablePadding divider>
          <ListItemButton component={Link} to={link.to} sx={{ minHeight: 56, display: 'block' }}>
            <Typography variant="subtitle2">{t(link.title)}</Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              data-i18n-skip={link.to === '/tenant-management' ? '' : undefined}
            >
              {link.line}
            </Typography>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
