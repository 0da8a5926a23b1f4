import { type ReactNode, useEffect, useRef, useState } from 'react';
import { getTenant } from '../api/tenant';
import type { LocalStore } from '../local/store';
import { LocalStoreContext, type LocalStoreContextValue } from '../shared-ui/local-store';
import { useSession } from '../state/session';

/**
 * Opens the signed-in user's local store (Dexie + sync engine) and closes it on sign-out.
 *
 * - At start with a stored session the store opens at once, with or without network: the app
 *   must show cached data offline (the app starts from the local store, not the network).
 * - Persistent storage is requested by the signed-in layout (layout/storage-warning.tsx), which
 *   also tells the user when the browser refuses it.
 * - The module is imported lazily: Dexie and the engine are not needed to draw the login screen.
 * - A session whose tenant is not the page's (`?tenant=` of another company) opens nothing.
 * - Nor does a session that must first replace a one-time password: the server refuses its sync
 *   (403 PASSWORD_CHANGE_REQUIRED) and the user sees only the change-password screen; the store
 *   opens once the new password is set.
 * - Open/close calls are serialized: a quick sign-out → sign-in must never leave the previous
 *   user's store open, or open it after the new one.
 */
/** The user whose store this session opens, or null (see the rules above). */
function storeUserId(state: ReturnType<typeof useSession.getState>): string | null {
  const { token, user, tenant } = state;
  // A session of another tenant than the page's opens no store: the server would refuse every
  // call, and the guard shows the switch screen instead.
  return token &&
    user &&
    !user.must_change_password &&
    (!tenant || tenant.toLowerCase() === getTenant().toLowerCase())
    ? user.id
    : null;
}

/** Opens (or returns the open) store of `userId`, the session's user. */
async function openStoreOf(
  userId: string,
  current: NonNullable<ReturnType<typeof useSession.getState>['user']>,
) {
  const local = await import('../local/store');
  return local.openLocalStore({
    tenant: getTenant(),
    user: current,
    getToken: () => {
      const session = useSession.getState();
      return session.user?.id === userId ? session.token : null;
    },
    onUnauthorized: (refused) => {
      // Only a 401 ends the session (being offline never signs a user out), and only for
      // the token it refused.
      if (useSession.getState().token === refused) useSession.getState().clear(true);
    },
  });
}

/**
 * The store opened before the first render (openStoreEarly), once it is open; `isOpen` tells
 * whether it still is (a later mount of the provider must not start from a store closed since).
 */
let early: { userId: string; store: LocalStore; isOpen: () => boolean } | null = null;

/**
 * With a stored session the first screen reads the local store: it is opened at start (main.tsx),
 * while the screen's code loads, instead of after the app's first render committed — the screens
 * then get it on their first render. Resolves with it when it is open, with null when it failed
 * (the provider's own open then reports the failure).
 */
export function openStoreEarly(): Promise<LocalStore | null> {
  const state = useSession.getState();
  const userId = storeUserId(state);
  if (!userId || !state.user) return Promise.resolve(null);
  const user = state.user;
  return import('../local/store')
    .then(async (local) => {
      const store = await openStoreOf(userId, user);
      early = { userId, store, isOpen: () => local.getLocalStore() === store };
      return store;
    })
    .catch(() => null);
}

export function LocalStoreProvider({ children }: { children: ReactNode }) {
  const userId = useSession(storeUserId);
  const [value, setValue] = useState<LocalStoreContextValue>(() =>
    early && early.userId === userId && early.isOpen()
      ? { store: early.store, error: null }
      : { store: null, error: null },
  );
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const wanted = useRef<string | null>(null);
  // Whether a store was ever asked for in this page: until then there is nothing to close, and
  // importing the module (Dexie, the sync engine, the zod schemas) just to close nothing would
  // put ~70 KiB gzip on the login screen of a first visit.
  const opened = useRef(false);

  useEffect(() => {
    wanted.current = userId;
    const current = useSession.getState().user;
    if (!userId && !opened.current) return;
    if (userId) opened.current = true;

    chain.current = chain.current
      .catch(() => undefined)
      .then(async () => {
        const local = await import('../local/store');
        if (!userId || !current) {
          await local.closeLocalStore();
          if (wanted.current === null) setValue({ store: null, error: null });
          return;
        }
        if (wanted.current !== userId) return; // superseded while waiting
        try {
          const store = await openStoreOf(userId, current);
          if (wanted.current === userId) {
            setValue((shown) => (shown.store === store && !shown.error ? shown : { store, error: null }));
            void store.engine.resume();
          }
        } catch (error) {
          console.error('Yerel veri deposu açılamadı:', error);
          if (wanted.current === userId)
            setValue({ store: null, error: error instanceof Error ? error : new Error(String(error)) });
        }
      });
  }, [userId]);

  return <LocalStoreContext.Provider value={value}>{children}</LocalStoreContext.Provider>;
}
