import type { Role } from '../../shared/domain/roles';
import type { Translate } from './i18n';
import { roleMayOpen, SCREENS, type ScreenDef, type ScreenPath, screenAt, titleFor } from './screens';

/**
 * The screen at `pathname` when `role` may not open it and the guard sends the user away (null:
 * it may, or the screen explains a refusal itself). A user sent away from a page is told why, in
 * words (`refusalNotice`), never silently redirected. The rule is the screens table's.
 */
export function refusedRoute(role: Role, pathname: string): ScreenPath | null {
  const path = screenAt(pathname);
  if (!path || SCREENS[path].frame === 'public') return null;
  const def: ScreenDef = SCREENS[path];
  if (def.refused === 'explain') return null;
  return roleMayOpen(role, path) ? null : path;
}

/** The notice for a user sent away from `route`: names the page and where they were taken. */
export function refusalNotice(t: Translate, route: ScreenPath): string {
  return t('routeRefused', { page: t(titleFor(route, undefined)) });
}

/** The address a signed-out visitor asked for, handed to /login in the history entry's state. */
export interface ReturnTo {
  pathname: string;
  search: string;
  hash: string;
}

/** Reads the `from` the guard put in /login's history state; anything malformed is ignored. */
export function readReturnTo(state: unknown): ReturnTo | null {
  const from = (state as { from?: unknown } | null)?.from as Partial<ReturnTo> | undefined;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return null;
  // Only paths of this app: never a protocol-relative "//host" address.
  if (from.pathname.startsWith('//')) return null;
  return {
    pathname: from.pathname,
    search: typeof from.search === 'string' ? from.search : '',
    hash: typeof from.hash === 'string' ? from.hash : '',
  };
}

/**
 * Where a user lands right after signing in: the address they asked for when their role may open
 * it, else their role's landing page. /login itself and the root are not worth returning to.
 */
export function returnAddress(role: Role, from: ReturnTo | null, landing: string): string {
  if (!from) return landing;
  // The router matches paths case-insensitively and ignores a trailing slash: so does this check.
  const key = from.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (key === '/login' || key === '/') return landing;
  if (refusedRoute(role, key)) return landing;
  return `${from.pathname}${from.search}${from.hash}`;
}
