import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createApiQueryClient } from '../api/query';
import { keepQueryCache, storePersister } from '../api/query-persist';
import type { LocalDb } from '../local/database';
import { useSession } from '../state/session';
import { useLocalStore } from './local-store';

/**
 * Provides the query client of the signed-in user (the online-only screens' data path,
 * src/client/api/query.ts), its answers kept in that user's own local database
 * (api/query-persist.ts). Mounted inside the signed-in layout only: the first visit's login screen
 * never downloads TanStack Query.
 *
 * - One client per user for as long as the layout shows them (the key): a screen's queries stay
 *   on the client they were made with, and another user gets a new tree and a new client, never
 *   this user's answers.
 * - The local store may open after the layout (a page load offline, a slow device): until this
 *   user's store is open and its copy read into the client, the queries wait ("restoring") instead
 *   of asking the server or saying there is nothing on the device. A store that could not be
 *   opened leaves a cache in memory only.
 * - When the tree goes (sign-out, another user), the copy stops following the client before the
 *   client is cleared, so what was saved stays for the user's next session.
 */
export function ApiQueryProvider({ children }: { children: ReactNode }) {
  const userId = useSession((s) => s.user?.id ?? null);
  return (
    <UserQueryClient key={userId ?? ''} userId={userId}>
      {children}
    </UserQueryClient>
  );
}

function UserQueryClient({ userId, children }: { userId: string | null; children: ReactNode }) {
  const { store, error } = useLocalStore();
  // The store of another user (still open while this one's opens) is not this user's copy.
  const db = store && store.db.userId === userId ? store.db : null;
  const [client] = useState(() => createApiQueryClient());
  const [restoredFrom, setRestoredFrom] = useState<LocalDb | null>(null);

  // Effects are cleaned up in the order they are declared: the copy stops following the client
  // (this one) before the client is emptied (the next one).
  useEffect(() => {
    if (!db) return;
    const kept = keepQueryCache(client, storePersister(db));
    void kept.restored.then((keeping) => {
      if (keeping) setRestoredFrom(db);
    });
    return () => kept.stop();
  }, [client, db]);
  useEffect(() => () => client.clear(), [client]);

  const restoring = db ? restoredFrom !== db : !error;
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
