import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { User } from '../../shared/api';
import { getTenant } from '../api/tenant';
import { useT } from '../shared-ui/i18n';
import { crumbsFor, titleFor } from '../shared-ui/screens';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { AccountMenu } from './account-menu';
import { ConnectionIndicator } from './connection-indicator';
import { CRUMB_ROW_HEIGHT, TOP_ROW_HEIGHT } from './dimensions';
import { NotificationBell } from './notification-bell';

/**
 * The top bar (spec "Shared layout"): page title and company name, breadcrumbs ('Ana Sayfa' →
 * /dashboard first), the connection state, the tenant chip, the theme toggle, the bell and the
 * avatar menu. On phones the company name, tenant chip and labels fold away.
 */
export function TopBar({ user, onOpenMenu }: { user: User; onOpenMenu: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  const companyName = useSession((s) => s.tenantInfo.company_name);
  const logoUrl = useSession((s) => s.tenantInfo.branding?.logo_url ?? null);
  const theme = useUi((s) => s.theme);
  const toggleTheme = useUi((s) => s.toggleTheme);
  const title = t(titleFor(pathname, user.role));
  const crumbs = crumbsFor(pathname, user.role);
  const tenant = getTenant();

  return (
    <AppBar
      position="sticky"
      color="inherit"
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      component="header"
    >
      <Toolbar
        sx={{
          gap: { xs: 0.5, sm: 1 },
          px: { xs: 1, sm: 2 },
          minHeight: { xs: TOP_ROW_HEIGHT, sm: TOP_ROW_HEIGHT },
        }}
      >
        <IconButton
          edge="start"
          aria-label={t('openMenu')}
          onClick={onOpenMenu}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          color="inherit"
        >
          <MenuIcon />
        </IconButton>
        {logoUrl && (
          // The company's own logo (admin 'Şirket Bilgileri'); its name is the text beside it.
          <Box
            component="img"
            src={logoUrl}
            alt=""
            data-testid="top-bar-logo"
            sx={{
              height: 32,
              width: 'auto',
              maxWidth: { xs: 48, sm: 96 },
              objectFit: 'contain',
              flexShrink: 0,
            }}
          />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            variant="h6"
            component="h1"
            noWrap
            sx={{ lineHeight: 1.2, fontWeight: 600 }}
            data-testid="page-title"
          >
            {title}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="p"
            data-testid="company-name"
          >
            {companyName}
          </Typography>
        </Box>
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <ConnectionIndicator />
          <Tooltip title={t('tenant')}>
            <Chip
              label={tenant}
              size="small"
              color="primary"
              variant="outlined"
              data-testid="tenant-chip"
              sx={{ display: { xs: 'none', sm: 'inline-flex' }, fontWeight: 500 }}
            />
          </Tooltip>
          <Tooltip title={theme === 'light' ? t('darkTheme') : t('lightTheme')}>
            <IconButton color="inherit" onClick={toggleTheme} aria-label={t('toggleTheme')}>
              {theme === 'light' ? <DarkMode /> : <LightMode />}
            </IconButton>
          </Tooltip>
          <NotificationBell />
          <AccountMenu user={user} />
        </Stack>
      </Toolbar>
      <Box sx={{ px: { xs: 2, sm: 3 }, height: CRUMB_ROW_HEIGHT, display: 'flex', alignItems: 'center' }}>
        <Breadcrumbs aria-label="breadcrumb" sx={{ fontSize: 13 }} maxItems={4}>
          {crumbs.map((crumb, i) =>
            crumb.to && i < crumbs.length - 1 ? (
              <Link
                key={crumb.label}
                component={RouterLink}
                to={crumb.to}
                underline="hover"
                color="inherit"
                sx={{ fontSize: 13 }}
              >
                {t(crumb.label)}
              </Link>
            ) : (
              <Typography key={crumb.label} color="text.primary" sx={{ fontSize: 13 }}>
                {t(crumb.label)}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      </Box>
    </AppBar>
  );
}
