import { type ComponentType, createContext, useContext, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { LocalDb } from '../local/database';
import type { LocalStore } from '../local/store';
import { createSyncStatus, type SyncStatus } from '../local/sync/status';

/**
 * React's view of the local store (src/client/local). The store itself is framework-free; the
 * app opens it when a session exists (app/local-store-provider.tsx) and publishes it here.
 * Screens read Dexie through `useLocalDb()` + `useLiveQuery`, and the sync state through
 * `useSyncStatus()`. They never call the API for data.
 */
export interface LocalStoreContextValue {
  store: LocalStore | null;
  /** Set when the database could not be opened (private mode without IndexedDB, quota…). */
  error: Error | null;
}

export const LocalStoreContext = createContext<LocalStoreContextValue>({ store: null, error: null });

export function useLocalStore(): LocalStoreContextValue {
  return useContext(LocalStoreContext);
}

export function useLocalDb() {
  return useContext(LocalStoreContext).store?.db ?? null;
}

/**
 * Before the store is open (or on the login screen) the connection state still shows: this
 * stand-in follows the browser's online/offline events.
 */
const browserStatus = createSyncStatus();
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => browserStatus.setState({ online: true }));
  window.addEventListener('offline', () => browserStatus.setState({ online: false }));
}

export function useSyncStatus(): SyncStatus;
export function useSyncStatus<T>(selector: (status: SyncStatus) => T): T;
export function useSyncStatus<T>(selector?: (status: SyncStatus) => T) {
  const store = useContext(LocalStoreContext).store;
  return useStore(store?.status ?? browserStatus, selector ?? ((s: SyncStatus) => s as unknown as T));
}

/** Online as far as the app can tell: the browser says so AND the last call reached the server. */
export function useOnline(): boolean {
  const engineOnline = useSyncStatus((s) => s.online);
  const browserOnline = useStore(browserStatus, (s) => s.online);
  return engineOnline && browserOnline;
}

/**
 * A screen's FIRST READ: what its first render needs from the local store, read while the app
 * starts on that screen (main.tsx opens the store and loads the screen's code side by side, then
 * runs the screen's `firstRead` before the first render), so the first frame shows the data
 * instead of a frame (a live query's round trip and a re-render) later. A screen opts in by
 * carrying `firstRead` (`Screen.firstRead = primer.firstRead`); its live query takes the value as
 * its default result (`usePrimed`) and goes on as before.
 */
export type FirstRead = (db: LocalDb) => Promise<void>;
export type ScreenComponent = ComponentType & { firstRead?: FirstRead };

export interface Primer<T> {
  firstRead: FirstRead;
  /**
   * The value read for `db` before the first render, for this mount only (undefined otherwise):
   * it is taken once, so a later visit of the screen never starts from an old read.
   */
  usePrimed: (db: LocalDb | null) => T | undefined;
}

export function primer<T>(read: (db: LocalDb) => Promise<T>): Primer<T> {
  let primed: { db: LocalDb; value: T } | null = null;
  return {
    firstRead: async (db) => {
      primed = { db, value: await read(db) };
    },
    usePrimed: (db) => {
      const [value] = useState(() => (primed && primed.db === db ? primed.value : undefined));
      useEffect(() => {
        primed = null;
      }, []);
      return value;
    },
  };
}
