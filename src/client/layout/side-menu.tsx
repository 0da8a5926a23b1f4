import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Apartment from '@mui/icons-material/Apartment';
import Category from '@mui/icons-material/Category';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Dashboard from '@mui/icons-material/Dashboard';
import Inventory2 from '@mui/icons-material/Inventory2';
import ListAlt from '@mui/icons-material/ListAlt';
import Notifications from '@mui/icons-material/Notifications';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Settings from '@mui/icons-material/Settings';
import ShoppingBag from '@mui/icons-material/ShoppingBag';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Warehouse from '@mui/icons-material/Warehouse';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../shared/domain/constants';
import { AppLogo } from '../shared-ui/app-logo';
import { useT } from '../shared-ui/i18n';
import { type MenuIcon, menuFor } from '../shared-ui/screens';
import { useSession } from '../state/session';
import { TOP_BAR_HEIGHT } from './dimensions';

const ICONS: Record<MenuIcon, ReactElement> = {
  dashboard: <Dashboard />,
  manager: <SupervisorAccount />,
  orders: <ListAlt />,
  myOrders: <ShoppingBag />,
  createOrder: <AddShoppingCart />,
  inventory: <Inventory2 />,
  warehouse: <Warehouse />,
  customers: <People />,
  invoices: <ReceiptLong />,
  collections: <Payments />,
  notifications: <Notifications />,
  admin: <AdminPanelSettings />,
  tenants: <Apartment />,
  settings: <Settings />,
  products: <Category />,
};

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

function MenuList({
  role,
  collapsed,
  onNavigate,
}: {
  role: string | undefined;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const tenant = useSession((s) => s.tenant);
  return (
    <List component="nav" aria-label={t('mainMenu')} sx={{ px: 1, py: 1 }}>
      {menuFor(role, tenant).map((item) => {
        const label = t(item.label);
        const button = (
          <ListItemButton
            key={item.path}
            component={NavLink}
            to={item.path}
            selected={isActive(pathname, item.path)}
            onClick={onNavigate}
            sx={{
              borderRadius: 2,
              mb: 0.5,
              minHeight: 44,
              justifyContent: collapsed ? 'center' : 'flex-start',
              px: collapsed ? 1.5 : 2,
            }}
          >
            <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, justifyContent: 'center' }}>
              {ICONS[item.icon]}
            </ListItemIcon>
            {collapsed ? null : <ListItemText primary={label} slotProps={{ primary: { noWrap: true } }} />}
          </ListItemButton>
        );
        return collapsed ? (
          <Tooltip key={item.path} title={label} placement="right">
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </List>
  );
}

function Brand({ collapsed }: { collapsed: boolean }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, overflow: 'hidden' }}>
      <AppLogo size={32} tile />
      {collapsed ? null : (
        <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700 }}>
          {t('appShortName')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The left menu: a permanent drawer on md and wider (240 px, collapsible to 80 px icons with
 * tooltips), a temporary drawer below md (opened from the top bar's menu button).
 */
export function SideMenu(props: {
  role: string | undefined;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onMobileClose: () => void;
}) {
  const t = useT();
  const width = props.collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Box component="aside" sx={{ width: { md: width }, flexShrink: { md: 0 }, transition: 'width 200ms' }}>
      <Drawer
        variant="temporary"
        open={props.mobileOpen}
        onClose={props.onMobileClose}
        // Closed, the phone's menu is not rendered: otherwise every start, at any width, would
        // draw a hidden copy of the whole menu in a portal before the screen's first frame.
        ModalProps={{ keepMounted: false }}
        sx={{
          display: { xs: 'block', md: 'none' },
          '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar>
          <Brand collapsed={false} />
        </Toolbar>
        <Divider />
        <MenuList role={props.role} collapsed={false} onNavigate={props.onMobileClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{
          display: { xs: 'none', md: 'block' },
          '& .MuiDrawer-paper': {
            width,
            boxSizing: 'border-box',
            overflowX: 'hidden',
            transition: 'width 200ms',
          },
        }}
      >
        <Toolbar
          sx={{
            justifyContent: props.collapsed ? 'center' : 'space-between',
            px: props.collapsed ? 1 : 2,
            minHeight: { md: TOP_BAR_HEIGHT },
          }}
        >
          {props.collapsed ? null : <Brand collapsed={false} />}
          <Tooltip title={props.collapsed ? t('expandMenu') : t('collapseMenu')}>
            <IconButton
              onClick={props.onToggleCollapsed}
              aria-label={props.collapsed ? t('expandMenu') : t('collapseMenu')}
              size="small"
            >
              {props.collapsed ? <ChevronRight /> : <ChevronLeft />}
            </IconButton>
          </Tooltip>
        </Toolbar>
        <Divider />
        <MenuList role={props.role} collapsed={props.collapsed} />
      </Drawer>
    </Box>
  );
}
