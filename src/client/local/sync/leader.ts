/** The part of the Web Locks API the engine uses (navigator.locks). */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<unknown>,
  ): Promise<unknown>;
}

export function defaultLocks(): LockManagerLike | null {
  const nav = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManagerLike }) : undefined;
  return nav?.locks ?? null;
}

/**
 * ONE SYNCER PER DEVICE (two tabs pushing the same outbox would send entries twice). Tabs of the
 * same user compete for a Web Lock; the first one
 * holds it for as long as it runs and is the leader (it pulls and pushes); the others queue behind
 * it and the next one takes over when the leader's tab closes (the browser releases the lock).
 * Followers do no network sync: they see the leader's writes through Dexie's cross-tab liveQuery.
 * Without Web Locks (Node tests, old browsers) this engine simply leads.
 *
 * Returns `stop`, which gives the leadership up (or stops waiting for it).
 */
export function competeForLeadership(
  locks: LockManagerLike | null,
  name: string,
  onLeader: () => void,
): { stop: () => void } {
  if (!locks) {
    onLeader();
    return { stop: () => {} };
  }
  const abort = new AbortController();
  let release: (() => void) | null = null;
  let stopped = false;
  locks
    .request(name, { signal: abort.signal }, () => {
      if (stopped) return Promise.resolve();
      onLeader();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    })
    .catch(() => {
      /* aborted by stop() while waiting */
    });
  return {
    stop: () => {
      stopped = true;
      abort.abort();
      (release as (() => void) | null)?.();
      release = null;
    },
  };
}
