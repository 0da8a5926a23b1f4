import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type Persister,
  type PersistQueryClientOptions,
  PersistQueryClientProvider,
} from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect, useMemo } from 'react';
import { CACHE_KEEP_MS, createApiQueryClient } from '../api/query';
import type { LocalDb } from '../local';
import { useLocalDb } from './local-store';

/**
 * Where the online-only screens' cache lives (src/client/api/query.ts): in the signed-in user's own
 * local database (`sys-<tenant>-<user>`, one `meta` row), so
 *  - it is kept per tenant and user: another user signing in on this device opens their own
 *    database and their own, separate cache, and never sees this one;
 *  - it follows the local store's lifecycle: the in-memory cache is dropped when the store closes
 *    (sign-out, user switch), and what was saved stays in that user's database for their next
 *    session, like their mirrored orders.
 * Only successful answers are saved; a saved cache older than the keep time, or written by an
 * older build (`buster`), is thrown away on restore.
 */
export const QUERY_CACHE_META_KEY = 'query_cache';
/** Bump when a cached answer's shape changes incompatibly (the old cache is then ignored). */
export const QUERY_CACHE_BUSTER = '1';

/**
 * The persister over one user's database (opened on first use, like every read of the store). A
 * database closed by a sign-out neither gives nor saves anything.
 */
export function storePersister(db: LocalDb, throttleTime = 1000): Persister {
  return createAsyncStoragePersister({
    key: QUERY_CACHE_META_KEY,
    throttleTime,
    storage: {
      getItem: async (key) => {
        if (db.hasBeenClosed()) return null;
        try {
          return (await db.getMeta<string>(key)) ?? null;
        } catch {
          return null; // unreadable (closed meanwhile, storage failure): start with no cache
        }
      },
      setItem: async (key, value) => {
        if (!db.hasBeenClosed()) await db.setMeta(key, value);
      },
      removeItem: async (key) => {
        if (!db.hasBeenClosed()) await db.meta.delete(key);
      },
    },
  });
}

export function persistOptions(persister: Persister): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: CACHE_KEEP_MS,
    buster: QUERY_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' },
  };
}

/**
 * Provides the query client of the open local store's user. Mounted inside the signed-in layout
 * only: the first visit's login screen never downloads TanStack Query.
 */
export function ApiQueryProvider({ children }: { children: ReactNode }) {
  const db = useLocalDb();
  const setup = useMemo(() => {
    const client = createApiQueryClient();
    return { client, options: persistOptions(db ? storePersister(db) : NO_PERSISTER) };
  }, [db]);
  // The store closed (sign-out, another user): nothing of this user's stays in memory.
  useEffect(() => () => setup.client.clear(), [setup]);
  return (
    <PersistQueryClientProvider client={setup.client} persistOptions={setup.options}>
      {children}
    </PersistQueryClientProvider>
  );
}

/** Before the store is open (or when IndexedDB is unavailable): a cache in memory only. */
const NO_PERSISTER: Persister = {
  persistClient: async () => undefined,
  restoreClient: async () => undefined,
  removeClient: async () => undefined,
};
