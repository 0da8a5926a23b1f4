import { createStore, type StoreApi } from 'zustand/vanilla';

/** What the UI shows about syncing (read with zustand's useStore). */
export interface SyncStatus {
  /** Whether the server answered the last call (starts from navigator.onLine). */
  online: boolean;
  /** Whether this tab is the device's syncer (Web Locks); followers only read Dexie. */
  leader: boolean;
  /** A pull or push is running. */
  syncing: boolean;
  pendingCount: number;
  failedCount: number;
  /** 'unauthorized': the server answered 401; nothing is sent until the same user signs in again. */
  paused: 'unauthorized' | null;
  lastPullAt: string | null;
  lastError: string | null;
  /** The leader's live channel (GET /api/events) is open: changes arrive without waiting for the poll. */
  live: boolean;
}

export type SyncStatusStore = StoreApi<SyncStatus>;

/** The claims of a JWT without verifying it (the server verifies; we only match the owner). */
export function tokenClaims(token: string): { sub?: string; tid?: string } | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    // atob yields one char per byte; the payload is UTF-8 JSON.
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as { sub?: string; tid?: string };
    return typeof claims === 'object' && claims ? claims : null;
  } catch {
    return null;
  }
}

export function createSyncStatus(): SyncStatusStore {
  const online =
    typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean' ? navigator.onLine : true;
  return createStore<SyncStatus>(() => ({
    online,
    leader: false,
    syncing: false,
    pendingCount: 0,
    failedCount: 0,
    paused: null,
    lastPullAt: null,
    lastError: null,
    live: false,
  }));
}
