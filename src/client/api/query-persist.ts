import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { ApiError } from './errors';

/**
 * The device's copy of the online-only screens' answers (./query.ts), kept in the signed-in user's
 * own local database (`sys-<tenant>-<user>`, one `meta` row), so a screen visited online opens
 * offline with what it showed then.
 *
 * THE RULE: what the device fetched stays readable until a newer answer to the same request
 * replaces it.
 *  - The stored copy is read into the user's query client BEFORE the client may write it: a client
 *    that starts empty (a page load, a fresh sign-in, a store that opened late) never saves its
 *    emptiness over the copy. `keepQueryCache` restores first, then follows the cache.
 *  - A restored answer never replaces a newer one already in memory, and an answer in memory never
 *    loses to an older stored one (hydration compares the answers' times).
 *  - A request that failed to reach the server (offline, timeout, 5xx) keeps its last answer in
 *    the copy; only a refusal (4xx: no longer allowed, gone) or a new answer ends it.
 *  - Age alone never throws the copy away (a device may stay offline over a weekend); a copy
 *    written by an older build (`buster`) is ignored. In memory an answer no screen used for
 *    CACHE_KEEP_MS while the app kept running is dropped (and then from the copy), so the copy does
 *    not grow with every log page or proof ever opened.
 *  - Stopping (sign-out, another user) first stops following the cache, so clearing the memory
 *    afterwards never reaches the copy; a closed database neither gives nor takes anything.
 */
export const QUERY_CACHE_META_KEY = 'query_cache';
/** Bump when a cached answer's shape changes incompatibly (the old cache is then ignored). */
export const QUERY_CACHE_BUSTER = '1';

/** Whether a query's answer belongs in the device's copy. */
export function keepsAnswer(query: Pick<Query, 'state'>): boolean {
  const { status, data, error } = query.state;
  if (data === undefined) return false;
  if (status === 'success') return true;
  // A refusal replaces the answer; a failure to reach the server does not.
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/**
 * The stored form of a query: its last answer, as an answer. A query whose refetch failed is
 * stored as the successful answer it still holds, so the next session shows it as such.
 */
function asAnswer(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined
      ? {
          ...q,
          state: {
            ...q.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** The part of the local database the copy needs (LocalDb has it). */
export interface QueryCacheStorage {
  hasBeenClosed(): boolean;
  getMeta<T>(key: string): Promise<T | undefined>;
  setMeta(key: string, value: unknown): Promise<void>;
  meta: { delete(key: string): Promise<unknown> };
}

/** The persister over one user's database. A database closed by a sign-out neither gives nor saves. */
export function storePersister(db: QueryCacheStorage, throttleTime = 1000): Persister {
  return createAsyncStoragePersister({
    key: QUERY_CACHE_META_KEY,
    throttleTime,
    serialize: (client) => JSON.stringify(asAnswer(client)),
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
    maxAge: Number.POSITIVE_INFINITY,
    buster: QUERY_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: keepsAnswer },
  };
}

export interface KeptQueryCache {
  /** Resolves once the copy was read into the client: true while still kept, false once stopped. */
  restored: Promise<boolean>;
  /** Stop following the client (before clearing it: the copy must not see the clearing). */
  stop(): void;
}

/**
 * Keep `client`'s answers in `persister`: read the stored copy into the client, then save the
 * client whenever its cache changes. Until the copy is read nothing is saved, so an empty client
 * never overwrites it.
 */
export function keepQueryCache(client: QueryClient, persister: Persister): KeptQueryCache {
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  const options = { queryClient: client, ...persistOptions(persister) };
  const restored = persistQueryClientRestore(options)
    // An unreadable copy was already dropped by the restore: keep going with what is in memory.
    .catch(() => undefined)
    .then(() => {
      if (stopped) return false;
      unsubscribe = persistQueryClientSubscribe(options);
      return true;
    });
  return {
    restored,
    stop: () => {
      stopped = true;
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
