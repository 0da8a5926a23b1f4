import { create } from 'zustand';
import type { TenantInfo, User } from '../../shared/api';
import { FALLBACK_TENANT_INFO } from '../../shared/api/tenant-fallback';
import { ROLES } from '../../shared/domain/roles';
import * as authApi from '../api/auth';
import { ApiError } from '../api/errors';
import { configureHttp } from '../api/http';
import { getTenant } from '../api/tenant';
import { tokenClaims } from '../local/sync/status';

/**
 * Session state (spec "Client state"): user, isAuthenticated, isLoading, plus the token and the
 * tenant info. Persisted under the spec's browser storage keys `token` and `user`.
 *
 * Offline never signs out (a user in a cellar with no signal keeps working): on start a stored
 * session is trusted at once so the app
 * opens on cached data; the profile is then re-read in the background, and ONLY a 401 ends the
 * session. A network failure leaves everything as it is.
 */
export interface SessionState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  tenantInfo: TenantInfo;
  /** The server said the page's tenant (?tenant=) does not exist: the login screen says so at once. */
  tenantMissing: boolean;
  /**
   * The tenant the session belongs to (the token's `tid`). The page's tenant (?tenant=) may differ
   * when a signed-in user opens another company's address: the app then offers to switch instead
   * of sending this token to a tenant that refuses it.
   */
  tenant: string | null;
  /** Set when the server said the session is over (401); the login screen may explain it. */
  sessionExpired: boolean;
  /**
   * The id of the user whose session ended last in this tab (sign-out or 401), so the login
   * screen can say "YOUR N changes are waiting" from the device registry. Kept in sessionStorage:
   * it survives a reload of the login screen but not the browser session.
   */
  signedOutUserId: string | null;
  /**
   * The one-time password the user just signed in with (its answer said it must be changed),
   * so the change screen need not ask for it again. In memory only — never stored — and gone
   * after the change, a sign-out or a reload (the screen then asks for it).
   */
  oneTimePassword: string | null;
  init: () => Promise<void>;
  signIn: (user: User, token: string, oneTimePassword?: string | null) => void;
  signOut: () => Promise<void>;
  /** Local end of the session (after a 401): clears token and user, keeps local data. */
  clear: (expired?: boolean) => void;
  setUser: (user: User) => void;
  /**
   * The server refused a call with PASSWORD_CHANGE_REQUIRED: the user signed in with a one-time
   * password. The app then shows only the change-password screen (app/guards.tsx).
   */
  requirePasswordChange: () => void;
  loadTenantInfo: () => Promise<void>;
}

const TENANT_INFO_KEY = 'tenantInfo';

/**
 * The remembered company details, only when they are the page's tenant's: another company's name
 * on the login screen (the one visited before) would tell the user they are somewhere they are not.
 */
export function cachedTenantInfo(cached: TenantInfo | null, pageTenant: string): TenantInfo | null {
  if (!cached || typeof cached.tenant_id !== 'string') return null;
  return cached.tenant_id.toLowerCase() === pageTenant.toLowerCase() ? cached : null;
}
const SIGNED_OUT_USER_KEY = 'signedOutUserId';

function readSignedOutUser(): string | null {
  try {
    return sessionStorage.getItem(SIGNED_OUT_USER_KEY);
  } catch {
    return null;
  }
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function readToken(): string | null {
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
}
function write(key: string, value: unknown) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    /* storage full or unavailable: the in-memory session still works */
  }
}

const storedToken = readToken();
/** A stored user we can trust enough to open the app offline; anything malformed is discarded. */
function readStoredUser(): User | null {
  const value = read<Partial<User>>('user');
  if (
    value &&
    typeof value === 'object' &&
    typeof value.id === 'string' &&
    typeof value.username === 'string' &&
    typeof value.role === 'string' &&
    (ROLES as readonly string[]).includes(value.role)
  ) {
    return {
      full_name: value.username,
      email: null,
      phone: null,
      is_active: true,
      last_login: null,
      created_at: '',
      ...value,
    } as User;
  }
  if (value !== null) write('user', null);
  return null;
}
const storedUser = readStoredUser();

/** The tenant a token was issued for; the page's tenant when the token does not say (old format). */
function tenantOfToken(token: string | null): string | null {
  if (!token) return null;
  const tid = tokenClaims(token)?.tid;
  return typeof tid === 'string' && tid ? tid : getTenant();
}

export const useSession = create<SessionState>((set, get) => ({
  user: storedToken ? storedUser : null,
  token: storedToken && storedUser ? storedToken : null,
  isAuthenticated: !!(storedToken && storedUser),
  tenant: storedToken && storedUser ? tenantOfToken(storedToken) : null,
  isLoading: true,
  tenantInfo: cachedTenantInfo(read<TenantInfo>(TENANT_INFO_KEY), getTenant()) ?? FALLBACK_TENANT_INFO,
  tenantMissing: false,
  sessionExpired: false,
  signedOutUserId: readSignedOutUser(),
  oneTimePassword: null,

  async init() {
    const { token } = get();
    void get().loadTenantInfo();
    if (!token) {
      set({ isLoading: false });
      return;
    }
    // Trust the stored session immediately: the app must open offline on cached data.
    set({ isLoading: false });
    try {
      const user = await authApi.fetchProfile();
      get().setUser(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) get().clear(true);
      // Anything else (offline, timeout, 5xx): keep the session.
    }
  },

  signIn(user, token, oneTimePassword = null) {
    write('token', token);
    write('user', user);
    set({
      user,
      token,
      tenant: tenantOfToken(token),
      isAuthenticated: true,
      isLoading: false,
      sessionExpired: false,
      oneTimePassword: user.must_change_password ? oneTimePassword : null,
    });
  },

  async signOut() {
    try {
      // To the session's own tenant: the page may show another company's address.
      await authApi.logout(get().tenant ?? undefined);
    } catch {
      /* Logout clears local state whatever the result: the user asked to be signed out. */
    }
    get().clear(false);
  },

  clear(expired = false) {
    const signedOutUserId = get().user?.id ?? get().signedOutUserId;
    try {
      if (signedOutUserId) sessionStorage.setItem(SIGNED_OUT_USER_KEY, signedOutUserId);
    } catch {
      /* unavailable: the in-memory value still serves this page */
    }
    write('token', null);
    write('user', null);
    set({
      user: null,
      token: null,
      tenant: null,
      isAuthenticated: false,
      isLoading: false,
      sessionExpired: expired,
      signedOutUserId,
      oneTimePassword: null,
    });
  },

  setUser(user) {
    write('user', user);
    set(user.must_change_password ? { user } : { user, oneTimePassword: null });
  },

  requirePasswordChange() {
    const { user } = get();
    if (user && !user.must_change_password) get().setUser({ ...user, must_change_password: true });
  },

  async loadTenantInfo() {
    try {
      const info = await authApi.fetchTenantInfo();
      write(TENANT_INFO_KEY, info);
      set({ tenantInfo: info, tenantMissing: false });
    } catch (error) {
      // No such company: nobody can sign in here — said at once, under no other company's name.
      if (error instanceof ApiError && error.code === 'TENANT_NOT_FOUND')
        set({ tenantInfo: FALLBACK_TENANT_INFO, tenantMissing: true });
      /* otherwise (offline, 5xx) keep the cached or fallback tenant info */
    }
  },
}));

// Wire the HTTP client to the session: bearer from the store, a 401 ends the session, and a
// PASSWORD_CHANGE_REQUIRED of this session's token sends the user to the change-password screen.
configureHttp({
  getToken: () => useSession.getState().token,
  onUnauthorized: () => {
    if (useSession.getState().token) useSession.getState().clear(true);
  },
  onPasswordChangeRequired: (_error, token) => {
    const session = useSession.getState();
    if (session.token && token === session.token) session.requirePasswordChange();
  },
});
