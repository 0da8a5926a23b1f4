import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { usePwa } from '../pwa/service-worker';
import { ErrorBoundary } from '../shared-ui/error-boundary';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { LocalStoreProvider } from './local-store-provider';
import { AppRouter } from './router';
import { buildTheme } from './theme';

/*
 * The global message and update hosts (MUI Snackbar, Grow, ClickAwayListener…) are loaded the first
 * time there is something to show: the login screen of a first visit does not need them.
 * The chunks are precached by the service worker; if one cannot be loaded the message is lost
 * rather than the app.
 */
const Nothing = (): ReactNode => null;
const SnackbarHost = lazy(
  (): Promise<{ default: () => ReactNode }> =>
    import('../shared-ui/snackbar-host').then(
      (m) => ({ default: m.SnackbarHost }),
      () => ({ default: Nothing }),
    ),
);
const UpdatePrompt = lazy(
  (): Promise<{ default: () => ReactNode }> =>
    import('../pwa/update-prompt').then(
      (m) => ({ default: m.UpdatePrompt }),
      () => ({ default: Nothing }),
    ),
);

/** Renders its children from the first time `when` is true on (so closing animations still run). */
function OnceNeeded({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  useEffect(() => {
    if (when) setNeeded(true);
  }, [when]);
  return needed || when ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * The global message host, once a message is shown — subscribed here, not in App: a toast shown or
 * hidden re-rendered the whole app under App (every screen, the layout: 1,200 components on the
 * manager's dashboard) for a host that draws one snackbar.
 */
function MessageHost() {
  const hasMessage = useUi((s) => !!(s.globalError || s.globalSuccess || s.toast));
  return (
    <OnceNeeded when={hasMessage}>
      <SnackbarHost />
    </OnceNeeded>
  );
}

/** The update prompt, once a new version waits (subscribed here for the same reason). */
function UpdateHost() {
  const updateReady = usePwa((s) => s.updateReady);
  return (
    <OnceNeeded when={updateReady}>
      <UpdatePrompt />
    </OnceNeeded>
  );
}

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
      <MessageHost />
      <UpdateHost />
    </ThemeProvider>
  );
}
