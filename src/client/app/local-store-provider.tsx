import { type ReactNode, useEffect, useRef, useState } from 'react';
import { getTenant } from '../api/tenant';
import type { LocalStore } from '../local';
import { LocalStoreContext, type LocalStoreContextValue } from '../shared-ui/local-store';
import { useSession } from '../state/session';

/**
 * Opens the signed-in user's local store (Dexie + sync engine) and closes it on sign-out.
 *
 * - At start with a stored session the store opens at once, with or without network: the app
 *   must show cached data offline (DESIGN §6 "Start-up").
 * - After an interactive sign-in it also asks the browser to keep the data
 *   (`navigator.storage.persist()`), so the outbox and the mirror are not evicted under storage
 *   pressure. We ask after sign-in, not on the login screen, because only then is there data
 *   worth keeping (and Firefox shows the request to the user).
 * - The module is imported lazily: Dexie and the engine are not needed to draw the login screen.
 * - Open/close calls are serialized: a quick sign-out → sign-in must never leave the previous
 *   user's store open, or open it after the new one.
 */
export function LocalStoreProvider({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const userId = token && user ? user.id : null;
  const [value, setValue] = useState<LocalStoreContextValue>({ store: null, error: null });
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const wanted = useRef<string | null>(null);
  const hadUser = useRef<boolean>(!!userId);

  useEffect(() => {
    wanted.current = userId;
    const signedInNow = !!userId && !hadUser.current;
    hadUser.current = !!userId;
    const current = useSession.getState().user;

    chain.current = chain.current
      .catch(() => undefined)
      .then(async () => {
        const local = await import('../local');
        if (!userId || !current) {
          await local.closeLocalStore();
          if (wanted.current === null) setValue({ store: null, error: null });
          return;
        }
        if (wanted.current !== userId) return; // superseded while waiting
        try {
          const store: LocalStore = await local.openLocalStore({
            tenant: getTenant(),
            user: current,
            getToken: () => {
              const session = useSession.getState();
              return session.user?.id === userId ? session.token : null;
            },
            onUnauthorized: (refused) => {
              // Only a 401 ends the session (DESIGN §8), and only for the token it refused.
              if (useSession.getState().token === refused) useSession.getState().clear(true);
            },
          });
          if (wanted.current === userId) {
            setValue({ store, error: null });
            void store.engine.resume();
          }
        } catch (error) {
          console.error('Yerel veri deposu açılamadı:', error);
          if (wanted.current === userId)
            setValue({ store: null, error: error instanceof Error ? error : new Error(String(error)) });
        }
      });

    if (signedInNow && typeof navigator !== 'undefined' && navigator.storage?.persist) {
      void navigator.storage.persist().catch(() => false);
    }
  }, [userId]);

  return <LocalStoreContext.Provider value={value}>{children}</LocalStoreContext.Provider>;
}
