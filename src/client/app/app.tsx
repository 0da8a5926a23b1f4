import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import { UpdatePrompt } from '../pwa/update-prompt';
import { ErrorBoundary } from '../shared-ui/error-boundary';
import { SnackbarHost } from '../shared-ui/snackbar-host';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { LocalStoreProvider } from './local-store-provider';
import { AppRouter } from './router';
import { buildTheme } from './theme';

/**
 * The application root: theme (light/dark × tenant branding), the local store for the signed-in
 * user, the router, and the global message and update hosts.
 */
export function App() {
  const mode = useUi((s) => s.theme);
  const language = useUi((s) => s.language);
  const primary = useSession((s) => s.tenantInfo.branding?.primary_color);
  const secondary = useSession((s) => s.tenantInfo.branding?.secondary_color);
  const theme = useMemo(() => buildTheme(mode, primary, secondary), [mode, primary, secondary]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [theme]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <ErrorBoundary>
        <LocalStoreProvider>
          <AppRouter />
        </LocalStoreProvider>
      </ErrorBoundary>
      <SnackbarHost />
      <UpdatePrompt />
    </ThemeProvider>
  );
}
