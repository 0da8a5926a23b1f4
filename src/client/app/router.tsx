import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '../../shared/domain/roles';
import { ErrorBoundary } from '../shared-ui/error-boundary';
import { ChunkLoading } from '../shared-ui/loading';
import { SCREEN_PATHS, SCREENS, type ScreenDef, type ScreenPath } from '../shared-ui/screens';
import { RequireAuth, RootRedirect } from './guards';
import { AppLayout, SCREEN_COMPONENTS } from './screen-components';

export { loadLoginPage, preloadLayout, preloadScreen } from './screen-components';

/** The roles the guard lets in: none named for the screens that explain a refusal themselves. */
function guardRoles(def: ScreenDef): readonly Role[] | undefined {
  if (def.refused === 'explain' || typeof def.access === 'string') return undefined;
  return def.access;
}

function framed(frame: ScreenDef['frame']): ScreenPath[] {
  return SCREEN_PATHS.filter((path) => SCREENS[path].frame === frame);
}

/**
 * The routes, built from the screens table: public screens as they are, the app's screens inside
 * the layout behind the sign-in guard (with the screen's roles where it has some), printouts
 * behind the guard without the layout. Only the redirects are written here.
 */
function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = (path: ScreenPath, guard: 'none' | 'roles' | 'signed-in') => {
    const Screen = SCREEN_COMPONENTS[path];
    const roles = guardRoles(SCREENS[path]);
    if (guard === 'none') return <Route key={path} path={path} element={<Screen />} />;
    if (guard === 'roles' && !roles) return <Route key={path} path={path} element={<Screen />} />;
    return (
      <Route
        key={path}
        path={path}
        element={
          <RequireAuth roles={roles}>
            <Screen />
          </RequireAuth>
        }
      />
    );
  };
  return (
    <ErrorBoundary resetKey={location.pathname} onHome={() => navigate('/')}>
      <Suspense fallback={<ChunkLoading />}>
        <Routes>
          {framed('public').map((path) => route(path, 'none'))}
          <Route path="/salesperson-dashboard" element={<Navigate to="/dashboard" replace />} />
          <Route
            element={
              <RequireAuth>
                <AppLayout.Screen />
              </RequireAuth>
            }
          >
            {framed('app').map((path) => route(path, 'roles'))}
          </Route>
          {framed('page').map((path) => route(path, 'signed-in'))}
          <Route path="/" element={<RootRedirect />} />
          <Route path="*" element={<RootRedirect />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
