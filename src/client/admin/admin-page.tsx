import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isPlatformAdmin } from '../../shared/domain/platform';
import { useT } from '../shared-ui/i18n';
import { ChunkLoading } from '../shared-ui/loading';
import { WRAPPING_TABS_SX } from '../shared-ui/wrapping-tabs';
import { useSession } from '../state/session';

/**
 * The tabs in the spec's order. Each tab is its own chunk, loaded when it is opened; the open tab
 * is in the address (`?tab=2`), so a reload or a shared link opens the same tab. On a narrow
 * screen the tabs wrap onto more rows (none hides past the window's edge).
 */
const TABS = [
  { key: 'admin_tabCompany', testId: 'company', Component: lazy(() => import('./company/company-tab')) },
  { key: 'admin_tabUsers', testId: 'users', Component: lazy(() => import('./users/users-tab')) },
  { key: 'admin_tabSettings', testId: 'settings', Component: lazy(() => import('./settings/settings-tab')) },
  { key: 'admin_tabStatus', testId: 'status', Component: lazy(() => import('./status/status-tab')) },
  { key: 'admin_tabLogs', testId: 'logs', Component: lazy(() => import('./logs/logs-tab')) },
  { key: 'admin_tabOrders', testId: 'orders', Component: lazy(() => import('./orders/orders-tab')) },
  {
    key: 'admin_tabRegistrations',
    testId: 'registrations',
    Component: lazy(() => import('./registrations/registrations-tab')),
    platformOnly: true,
  },
] as const;

/** /admin, 'Yönetim Paneli' (admin only; every call it makes is enforced by the server too). */
export default function AdminPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  // Company registrations are the platform's (admins of the platform tenant): a company's own
  // admin does not get the tab at all (the server refuses its calls too).
  const platform = useSession((s) => isPlatformAdmin(s.user?.role, s.tenant));
  const tabs = TABS.filter((tab) => platform || !('platformOnly' in tab && tab.platformOnly));
  const asked = Number(params.get('tab'));
  const current = Number.isInteger(asked) && asked >= 0 && asked < tabs.length ? asked : 0;
  const { Component } = tabs[current] ?? TABS[0];
  return (
    <Box data-testid="admin-page">
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={current}
          onChange={(_, next: number) =>
            setParams(next === 0 ? {} : { tab: String(next) }, { replace: true })
          }
          aria-label={t('admin_tabs')}
          sx={WRAPPING_TABS_SX}
        >
          {tabs.map((tab, index) => (
            <Tab
              key={tab.key}
              label={t(tab.key)}
              id={`admin-tab-${index}`}
              aria-controls={`admin-tabpanel-${index}`}
              data-testid={`admin-tab-${tab.testId}`}
            />
          ))}
        </Tabs>
      </Paper>
      <Box role="tabpanel" id={`admin-tabpanel-${current}`} aria-labelledby={`admin-tab-${current}`}>
        <Suspense fallback={<ChunkLoading />}>
          <Component />
        </Suspense>
      </Box>
    </Box>
  );
}
