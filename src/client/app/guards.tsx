import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import type { Role } from '../../shared/domain/roles';
import { LoadingText } from '../shared-ui/loading';
import { useSession } from '../state/session';

/**
 * Route guards exactly per spec §2: while authentication is loading they show the text
 * 'Loading'; an unauthenticated visitor goes to /login; a signed-in user without the required
 * role goes to /dashboard. (The server enforces every permission too; this only routes.)
 */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children?: ReactNode }) {
  const isLoading = useSession((s) => s.isLoading);
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const user = useSession((s) => s.user);
  if (isLoading) return <LoadingText />;
  if (!isAuthenticated || !user) return <Navigate to="/login" replace />;
  if (roles && !roles.includes(user.role)) return <Navigate to="/dashboard" replace />;
  return <>{children ?? <Outlet />}</>;
}

/** `/` and any unknown path: /dashboard when a user exists, otherwise /login. */
export function RootRedirect() {
  const user = useSession((s) => s.user);
  return <Navigate to={user ? '/dashboard' : '/login'} replace />;
}
