import { lazy, type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Role } from '../../shared/domain/roles';
import { getTenant } from '../api/tenant';
import { useT } from '../shared-ui/i18n';
import { LoadingText } from '../shared-ui/loading';
import { type ReturnTo, refusalNotice, refusedRoute } from '../shared-ui/route-access';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';

/** Only drawn when a signed-in user opens another company's address: its own chunk. */
const TenantMismatchPage = lazy(() => import('./tenant-mismatch-page'));

/**
 * Route guards: while authentication is loading they show the text 'Loading'; an
 * unauthenticated visitor goes to /login; a signed-in user without the required role goes to
 * /dashboard, told why (a notice naming the page). (The server enforces every permission too;
 * this only routes.)
 *
 * Additions:
 * - the visitor sent to /login carries the address they asked for (path + query + hash) in the
 *   history state, and the login screen returns there after signing in (a deep link such as
 *   /orders/{id} survives the sign-in);
 * - a signed-in user whose session belongs to another tenant than the page's (?tenant=) gets a
 *   screen that offers to switch or go back, instead of a loader waiting on calls the server
 *   refuses (403 TENANT_MISMATCH);
 * - a user signed in with a one-time password (an admin made it) goes to /change-password, and
 *   every other page sends them back there until they have set their own: the server refuses
 *   their other calls anyway (403 PASSWORD_CHANGE_REQUIRED).
 */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children?: ReactNode }) {
  const location = useLocation();
  const isLoading = useSession((s) => s.isLoading);
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const user = useSession((s) => s.user);
  const sessionTenant = useSession((s) => s.tenant);
  if (isLoading) return <LoadingText />;
  if (!isAuthenticated || !user) {
    const from: ReturnTo = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from }} />;
  }
  if (sessionTenant && !sameTenant(sessionTenant, getTenant()))
    return <TenantMismatchPage sessionTenant={sessionTenant} pageTenant={getTenant()} />;
  if (user.must_change_password) return <Navigate to="/change-password" replace />;
  if (roles && !roles.includes(user.role)) return <SentAway role={user.role} pathname={location.pathname} />;
  return <>{children ?? <Outlet />}</>;
}

/**
 * A signed-in user whose role may not open the page: to /dashboard, with a notice saying which
 * page they may not open — a silent redirect looks like a broken link.
 */
function SentAway({ role, pathname }: { role: Role; pathname: string }) {
  const t = useT();
  const route = refusedRoute(role, pathname);
  const notice = route ? refusalNotice(t, route) : null;
  useEffect(() => {
    if (notice) useUi.getState().showError(notice);
  }, [notice]);
  return <Navigate to="/dashboard" replace />;
}

/** The server finds tenants by their lower-cased id: `?tenant=Demo` is the session's `demo`. */
export function sameTenant(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** `/` and any unknown path: /dashboard when a user exists, otherwise /login. */
export function RootRedirect() {
  const user = useSession((s) => s.user);
  return <Navigate to={user ? '/dashboard' : '/login'} replace />;
}
