import Box from '@mui/material/Box';
import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { mayCall } from '../../shared/api/endpoint';
import { ROUTES } from '../../shared/api/routes';
import { ApiQueryProvider } from '../shared-ui/api-query-provider';
import { ErrorBoundary } from '../shared-ui/error-boundary';
import { ChunkLoading } from '../shared-ui/loading';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { MaintenanceBanner } from './maintenance-banner';
import { OutdatedTabNotice } from './outdated-tab-notice';
import { RefusalToasts } from './refusal-toast';
import { SideMenu } from './side-menu';
import { StorageWarning } from './storage-warning';
import { TopBar } from './top-bar';

/**
 * The shared layout of every signed-in screen: side menu + top bar + the page. A page that
 * throws shows the error fallback inside the layout (the menu stays usable), and navigating
 * elsewhere clears it.
 */
export default function AppLayout() {
  const user = useSession((s) => s.user);
  const sidebarOpen = useUi((s) => s.sidebarOpen);
  const setSidebarOpen = useUi((s) => s.setSidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  if (!user) return <Navigate to="/login" replace />;
  // The online-only screens' data path lives here, with the signed-in screens: never on /login.
  return (
    <ApiQueryProvider>
      {/* A change the server refused: a toast, whatever screen is open. */}
      <RefusalToasts />
      <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
        <SideMenu
          role={user.role}
          collapsed={!sidebarOpen}
          onToggleCollapsed={() => setSidebarOpen(!sidebarOpen)}
          mobileOpen={mobileOpen}
          onMobileClose={() => setMobileOpen(false)}
        />
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <TopBar user={user} onOpenMenu={() => setMobileOpen(true)} />
          <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 }, minWidth: 0 }}>
            <MaintenanceBanner admin={mayCall(ROUTES.adminSettingsUpdate, user.role)} />
            <OutdatedTabNotice />
            <StorageWarning />
            <ErrorBoundary resetKey={location.pathname} onHome={() => navigate('/')}>
              <Suspense fallback={<ChunkLoading />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </Box>
        </Box>
      </Box>
    </ApiQueryProvider>
  );
}
