import { liveQuery } from 'dexie';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { IDEMPOTENCY_HEADER, PATHS } from '../../shared/api/paths';
import { SYNC_COLLECTIONS, type SyncPullResponse, syncPullResponse } from '../../shared/api/sync';
import { OUTBOX_BACKOFF_CAP_MS, SYNC_PULL_INTERVAL_MS } from '../../shared/domain/constants';
import { ApiError, NetworkError } from '../api/errors';
import { request } from '../api/http';
import { type LocalDb, META, type OutboxEntry } from './database';
import {
  acknowledge,
  countEntries,
  keysOverlap,
  listEntries,
  postpone,
  putServerRows,
  reject,
  resetMirror,
} from './outbox';
import { registerStore } from './registry';

/**
 * The sync engine (DESIGN §6): pulls the server's changes into the local store by cursor and
 * pushes the outbox, for ONE user's store. It never touches React; screens read Dexie with
 * useLiveQuery and the status store below with zustand's useStore.
 *
 * All network work (pull pages, outbox sends) runs one task at a time on a single chain. Why:
 * a pull and a push interleaving could apply an old pulled version of a record after the newer
 * acknowledged one; running them in sequence keeps "what we last heard from the server" in order.
 */

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
}

export type SyncStatusStore = StoreApi<SyncStatus>;

/** The part of the Web Locks API the engine uses (navigator.locks). */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<unknown>,
  ): Promise<unknown>;
}

export interface SyncEngineOptions {
  db: LocalDb;
  /**
   * The CURRENT token of the store's owner, or null when they are not signed in. The engine also
   * checks the token's claims (sub, tid) against the store's owner before sending anything, so an
   * entry is never sent under another user's identity even if the getter is wired wrongly.
   */
  getToken: () => string | null;
  /** The owner's display data, for the device registry. */
  user?: { username?: string; full_name?: string };
  /** API base and fetch (default: the http client's, i.e. VITE_API_BASE and global fetch). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called once per 401 with the token the server refused (the UI may then end that session). */
  onUnauthorized?: (token: string) => void;
  /** Web Locks; default navigator.locks. null (or missing, as in Node) makes this engine the leader. */
  locks?: LockManagerLike | null;
  pullLimit?: number;
  pullIntervalMs?: number;
  /** Randomness for the backoff jitter, and the first backoff step (tests may fix them). */
  random?: () => number;
  backoffBaseMs?: number;
}

type SendResult = 'ok' | 'rejected' | 'retry' | 'network' | 'unauthorized' | 'stopped';

const BACKOFF_BASE_MS = 1_000;
const MAX_PAGES_PER_PULL = 10_000;

/**
 * Capped exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 30 s, each drawn in
 * [d/2, d]. The jitter keeps a fleet of handhelds that lost the same Wi-Fi from retrying in step.
 */
export function backoffDelay(
  attempts: number,
  random: () => number = Math.random,
  baseMs = BACKOFF_BASE_MS,
): number {
  const d = Math.min(OUTBOX_BACKOFF_CAP_MS, baseMs * 2 ** Math.max(0, attempts));
  return Math.round(d / 2 + (random() * d) / 2);
}

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
  }));
}

export class SyncEngine {
  readonly db: LocalDb;
  readonly status: SyncStatusStore;
  private readonly options: SyncEngineOptions;
  private readonly random: () => number;
  private started = false;
  private stopped = false;
  private chain: Promise<void> = Promise.resolve();
  private queuedPull: Promise<void> | null = null;
  private queuedFlush: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private intervalTimer: ReturnType<typeof setInterval> | null = null;
  private kickTimer: ReturnType<typeof setTimeout> | null = null;
  private releaseLock: (() => void) | null = null;
  private lockAbort: AbortController | null = null;
  private requestAbort = new AbortController();
  private unsubscribeCounts: (() => void) | null = null;
  private lastSeenSeq = 0;
  private lastSeenPending = 0;
  /** The token the server refused; the pause lifts when the owner's token changes. */
  private refusedToken: string | null = null;
  /** After a network error, automatic sends wait until this time (epoch ms). */
  private networkHoldUntil = 0;
  private listeners: Array<() => void> = [];

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.db = options.db;
    this.random = options.random ?? Math.random;
    this.status = createSyncStatus();
  }

  private get lockName(): string {
    return `sys-sync-${this.db.tenant}-${this.db.userId}`;
  }

  /** Start: watch the outbox counts (every tab), then compete for leadership (one syncer per device). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    const lastPullAt = (await this.db.getMeta<string>(META.lastPullAt)) ?? null;
    this.status.setState({ lastPullAt });
    await registerStore({
      name: this.db.name,
      tenant: this.db.tenant,
      user_id: this.db.userId,
      username: this.options.user?.username,
      full_name: this.options.user?.full_name,
    }).catch(() => {});
    this.watchOutbox();
    this.watchConnectivity();

    const locks = this.options.locks !== undefined ? this.options.locks : defaultLocks();
    if (!locks) {
      this.becomeLeader();
      return;
    }
    // Web Locks: the first tab holds the lock for as long as it runs; the others queue behind it
    // and the next one takes over when the leader's tab closes (the browser releases the lock).
    // Followers do no network sync: they see the leader's writes through Dexie's cross-tab liveQuery.
    this.lockAbort = new AbortController();
    locks
      .request(this.lockName, { signal: this.lockAbort.signal }, () => {
        if (this.stopped) return Promise.resolve();
        this.becomeLeader();
        return new Promise<void>((resolve) => {
          this.releaseLock = resolve;
        });
      })
      .catch(() => {
        /* aborted by stop() while waiting */
      });
  }

  /** Stop syncing (sign-out, store switch): timers, listeners, leadership, in-flight requests. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopped = true;
    for (const remove of this.listeners) remove();
    this.listeners = [];
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.kickTimer) clearTimeout(this.kickTimer);
    if (this.intervalTimer) clearInterval(this.intervalTimer);
    this.retryTimer = this.kickTimer = this.intervalTimer = null;
    this.unsubscribeCounts?.();
    this.unsubscribeCounts = null;
    // An aborted send stays pending: the server may have applied it, and the replay with the
    // same Idempotency-Key will return that first outcome instead of applying it again.
    this.requestAbort.abort();
    this.lockAbort?.abort();
    await this.chain.catch(() => {});
    this.releaseLock?.();
    this.releaseLock = null;
    this.requestAbort = new AbortController();
    this.status.setState({ leader: false, syncing: false });
  }

  get isLeader(): boolean {
    return this.status.getState().leader;
  }

  /** Pull every change since the cursor now (page by page while has_more). */
  pullNow(): Promise<void> {
    if (this.queuedPull) return this.queuedPull;
    const task = this.enqueueTask(async () => {
      this.queuedPull = null;
      await this.pullTask();
    });
    this.queuedPull = task;
    return task;
  }

  /**
   * Send every pending entry now, ignoring backoff delays (an explicit "retry now", or the
   * browser saying it is back online), then pull if anything was sent.
   */
  flushNow(): Promise<void> {
    return this.flush(true);
  }

  /**
   * Fetch reference data the screens need but the feed does not carry (the drivers list of the
   * assign-driver dialog) and keep it in `meta` so the screen still has it offline. Any tab may
   * call it (it is a read); failures leave the cached copy as it is.
   */
  async refreshReference(path: string, metaKey: string, pick: (data: unknown) => unknown): Promise<boolean> {
    const token = this.usableToken();
    if (!token || this.stopped) return false;
    try {
      const data = await request<unknown>(path, {
        ...this.httpOptions(),
        token,
        tenant: this.db.tenant,
        ignoreUnauthorized: true,
      });
      await this.db.setMeta(metaKey, pick(data));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Lift a 401 pause after the owner signed in again. With no argument, the engine re-reads the
   * token through getToken (it also does so by itself on every trigger).
   */
  resume(token?: string): Promise<void> {
    const current = token ?? this.options.getToken();
    if (current && current !== this.refusedToken) {
      this.refusedToken = null;
      this.status.setState({ paused: null, lastError: null });
    }
    return this.kick();
  }

  /** Resolves once no pull or push is queued or running (tests; a "sync finished" spinner). */
  async whenIdle(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.chain) {
      seen = this.chain;
      await seen;
    }
  }

  // -------------------------------------------------------------------------------------------

  private enqueueTask(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(async () => {
      if (this.stopped) return;
      try {
        await task();
      } catch (error) {
        this.status.setState({ lastError: error instanceof Error ? error.message : String(error) });
      }
    });
    this.chain = run.catch(() => {});
    return run;
  }

  private flush(force: boolean): Promise<void> {
    if (!force && this.queuedFlush) return this.queuedFlush;
    const task = this.enqueueTask(async () => {
      if (!force) this.queuedFlush = null;
      await this.flushTask(force);
    });
    if (!force) this.queuedFlush = task;
    return task;
  }

  /** Push what is due, then pull (both queued at once, in that order). */
  private kick(): Promise<void> {
    void this.flush(false);
    return this.pullNow();
  }

  private becomeLeader(): void {
    if (this.stopped) return;
    this.status.setState({ leader: true });
    const interval = this.options.pullIntervalMs ?? SYNC_PULL_INTERVAL_MS;
    this.intervalTimer = setInterval(() => void this.kick(), interval);
    // On start (the app was just opened, or the previous leader's tab closed) every pending entry
    // is tried at once: a backoff persisted by an earlier session says nothing about the network now.
    void this.flush(true);
    void this.pullNow();
  }

  private watchConnectivity(): void {
    if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
    const onOnline = () => {
      this.status.setState({ online: true });
      if (this.isLeader) {
        void this.flushNow();
        void this.pullNow();
      }
    };
    const onOffline = () => this.status.setState({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible' && this.isLeader) void this.kick();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    this.listeners.push(
      () => window.removeEventListener('online', onOnline),
      () => window.removeEventListener('offline', onOffline),
      () => document.removeEventListener('visibilitychange', onVisible),
    );
  }

  /**
   * Outbox counts for the status store and the device registry, in every tab. In the leader, a
   * NEW entry (made in this tab or, through Dexie's cross-tab change events, in a follower) or a
   * retried one starts a flush at once.
   */
  private watchOutbox(): void {
    const query = liveQuery(async () => {
      const counts = await countEntries(this.db);
      const last = await this.db.outbox.orderBy(':id').last();
      // Followers learn the leader's last pull time through Dexie too.
      const lastPullAt = (await this.db.getMeta<string>(META.lastPullAt)) ?? null;
      return { ...counts, maxSeq: last?.seq ?? 0, lastPullAt };
    });
    const subscription = query.subscribe({
      next: ({ pending, failed, maxSeq, lastPullAt }) => {
        this.status.setState({ pendingCount: pending, failedCount: failed, lastPullAt });
        void registerStore({
          name: this.db.name,
          tenant: this.db.tenant,
          user_id: this.db.userId,
          pending,
          failed,
        }).catch(() => {});
        const grew = maxSeq > this.lastSeenSeq || pending > this.lastSeenPending;
        this.lastSeenSeq = Math.max(this.lastSeenSeq, maxSeq);
        this.lastSeenPending = pending;
        if (grew && this.isLeader && !this.kickTimer) {
          // Coalesce a burst of actions (mark several read quickly) into one flush.
          this.kickTimer = setTimeout(() => {
            this.kickTimer = null;
            void this.flush(false);
          }, 0);
        }
      },
      error: () => {},
    });
    this.unsubscribeCounts = () => subscription.unsubscribe();
  }

  /**
   * The owner's token, or null when nothing may be sent: signed out, paused on a 401 with the
   * same token still in place, or a token that belongs to someone else.
   */
  private usableToken(): string | null {
    const token = this.options.getToken();
    if (!token) return null;
    const claims = tokenClaims(token);
    if (
      !claims ||
      claims.sub !== this.db.userId ||
      (claims.tid !== undefined && claims.tid !== this.db.tenant)
    )
      return null;
    if (this.status.getState().paused === 'unauthorized') {
      if (token === this.refusedToken) return null;
      // The owner signed in again (a new token): resume with nothing dropped.
      this.refusedToken = null;
      this.status.setState({ paused: null, lastError: null });
    }
    return token;
  }

  private pauseUnauthorized(token: string, error: ApiError): void {
    const first = this.refusedToken !== token;
    this.refusedToken = token;
    this.status.setState({ paused: 'unauthorized', lastError: error.message });
    if (first) this.options.onUnauthorized?.(token);
  }

  private httpOptions() {
    return { baseUrl: this.options.baseUrl, fetch: this.options.fetch, signal: this.requestAbort.signal };
  }

  // ----------------------------------------------------------------------------------- pull ---

  private async pullTask(): Promise<void> {
    if (!this.isLeader || this.stopped) return;
    const token = this.usableToken();
    if (!token) return;
    this.status.setState({ syncing: true });
    try {
      let cursor = (await this.db.getMeta<string>(META.cursor)) ?? '0';
      const fetchPage = async (from: string) =>
        syncPullResponse.parse(
          await request<unknown>(PATHS.syncPull, {
            ...this.httpOptions(),
            token,
            tenant: this.db.tenant,
            searchParams: { cursor: from, limit: this.options.pullLimit },
            ignoreUnauthorized: true,
          }),
        );
      /*
       * Pipelining: while one page is written to IndexedDB, the next one is already on the wire
       * (a first sync of 10,000 orders is 21 pages; network and disk then overlap instead of
       * taking turns). It changes nothing about correctness: a page depends only on the cursor it
       * was asked with, and the prefetched page is asked with exactly the cursor the applied page
       * moves us to. If that page is NOT applied (the stored cursor moved, or the epoch changed
       * and the mirror was reset), the prefetch is simply dropped.
       */
      let prefetched: Promise<SyncPullResponse> | null = null;
      for (let page = 0; page < MAX_PAGES_PER_PULL; page++) {
        const response = await (prefetched ?? fetchPage(cursor));
        prefetched = null;
        if (response.has_more) {
          prefetched = fetchPage(response.cursor);
          // Its failure is seen when (and if) it is awaited; never an unhandled rejection.
          prefetched.catch(() => undefined);
        }
        const applied = await this.applyPage(cursor, response);
        if (applied === 'reset') {
          // The server's history was replaced: the mirror was emptied, start again from 0.
          prefetched = null;
          cursor = '0';
          continue;
        }
        if (!applied || !response.has_more) break;
        cursor = response.cursor;
      }
      const lastPullAt = new Date().toISOString();
      await this.db.setMeta(META.lastPullAt, lastPullAt);
      this.status.setState({ lastPullAt, online: true, lastError: null });
    } catch (error) {
      this.handleError(error, token);
    } finally {
      this.status.setState({ syncing: false });
    }
  }

  /**
   * Apply one page and advance the cursor in ONE transaction. Why: if the rows committed without
   * the cursor, a crash would make us fetch them again (harmless but wasteful); if the cursor
   * committed without the rows, those changes would be skipped forever, since the server only
   * sends what is newer than the cursor. The outbox and base tables are in the scope because
   * records with pending changes get those changes re-applied on top (see outbox.ts).
   *
   * The stored cursor is re-checked inside the transaction: if it moved (another tab briefly held
   * leadership during a hand-over), this page is stale and is dropped; the next pull asks again.
   *
   * Epoch: the mirror remembers the server's sync epoch it was built under. A page from another
   * epoch means the server's history of change numbers was replaced (data restored or
   * re-created): our cursor means nothing there, and rows we hold may no longer exist. The mirror
   * is emptied (unsent changes stay on top, see resetMirror) and the pull restarts from 0.
   */
  private async applyPage(fromCursor: string, page: SyncPullResponse): Promise<boolean | 'reset'> {
    const db = this.db;
    return db.transaction(
      'rw',
      [db.orders, db.notifications, db.products, db.customers, db.outbox, db.base, db.meta],
      async () => {
        const stored = (await db.getMeta<string>(META.cursor)) ?? '0';
        if (stored !== fromCursor) return false;
        const epoch = await db.getMeta<string>(META.epoch);
        if (epoch !== page.epoch) {
          await db.setMeta(META.epoch, page.epoch);
          if (epoch !== undefined && epoch !== null) {
            await resetMirror(db);
            return 'reset';
          }
        }
        for (const collection of SYNC_COLLECTIONS) {
          const changes = page[collection];
          await putServerRows(db, collection, changes.upserts as Record<string, unknown>[], changes.removals);
        }
        if (BigInt(page.cursor) >= BigInt(fromCursor)) await db.setMeta(META.cursor, page.cursor);
        return true;
      },
    );
  }

  // ----------------------------------------------------------------------------------- push ---

  /**
   * Send the outbox in FIFO order. Entries whose ordering key overlaps an earlier entry that is
   * failed, waiting for its backoff, or still unsent go after it (per-record order: "approve" must
   * not overtake "assign driver" of the same order); entries for OTHER records are never held up
   * by a failure. A network error ends the pass (the server is unreachable for every entry); a 401
   * pauses the whole outbox (every entry needs the same token).
   */
  private async flushTask(force: boolean): Promise<void> {
    if (!this.isLeader || this.stopped) return;
    // After a network error nothing is tried until the backoff ends (or the browser reports
    // "online", or the user asks): every entry would fail the same way.
    if (!force && Date.now() < this.networkHoldUntil) {
      await this.scheduleWake();
      return;
    }
    let progress = false;
    let stop = false;
    for (let pass = 0; pass < 100 && !stop; pass++) {
      const token = this.usableToken();
      if (!token) break;
      const entries = await listEntries(this.db);
      const blocked: string[] = [];
      let sentThisPass = false;
      const now = Date.now();
      for (const entry of entries) {
        if (this.stopped) return;
        if (blocked.some((key) => keysOverlap(key, entry.record_key))) {
          blocked.push(entry.record_key);
          continue;
        }
        const due = force || entry.next_attempt_at <= now;
        if (entry.status === 'failed' || !due || !this.isMine(entry)) {
          blocked.push(entry.record_key);
          continue;
        }
        this.status.setState({ syncing: true });
        const result = await this.send(entry, token);
        if (result === 'ok' || result === 'rejected') {
          progress = true;
          sentThisPass = true;
        }
        if (result === 'rejected' || result === 'retry') blocked.push(entry.record_key);
        if (result === 'network' || result === 'unauthorized' || result === 'stopped') {
          stop = true;
          break;
        }
      }
      // Entries may have been added while we were sending: go round again if we got anywhere.
      if (!sentThisPass) break;
      force = false;
    }
    this.status.setState({ syncing: false });
    await this.scheduleWake();
    // Right after the outbox drains (or something was refused), pull: the server's side of what we
    // just sent, and the restored truth of refused records, arrive through the normal feed.
    if (progress && !this.stopped) await this.pullTask();
  }

  /** Never under another identity (DESIGN §6): entries of another tenant/user are left alone. */
  private backoff(entry: OutboxEntry): number {
    return backoffDelay(entry.attempts, this.random, this.options.backoffBaseMs);
  }

  private isMine(entry: OutboxEntry): boolean {
    return entry.tenant === this.db.tenant && entry.user_id === this.db.userId;
  }

  private async send(entry: OutboxEntry, token: string): Promise<SendResult> {
    try {
      const data = await request<unknown>(entry.path, {
        ...this.httpOptions(),
        method: entry.method,
        json: entry.body === null || entry.body === undefined ? undefined : entry.body,
        headers: { [IDEMPOTENCY_HEADER]: entry.id },
        token,
        tenant: entry.tenant,
        ignoreUnauthorized: true,
      });
      // Any 2xx is success, including the server replaying the stored outcome of this key
      // (we sent it before and lost the answer): it was applied exactly once.
      await acknowledge(this.db, entry, data);
      this.networkHoldUntil = 0;
      this.status.setState({ online: true, lastError: null });
      return 'ok';
    } catch (error) {
      if (this.stopped || (error instanceof Error && error.name === 'AbortError')) return 'stopped';
      if (error instanceof NetworkError) {
        const delay = this.backoff(entry);
        await postpone(this.db, entry, delay, error.message);
        this.networkHoldUntil = Date.now() + delay;
        this.status.setState({ online: false, lastError: error.message });
        return 'network';
      }
      if (error instanceof ApiError) {
        this.networkHoldUntil = 0;
        this.status.setState({ online: true });
        if (error.status === 401) {
          this.pauseUnauthorized(token, error);
          return 'unauthorized';
        }
        if (isTransient(error)) {
          await postpone(this.db, entry, this.backoff(entry), error.message);
          this.status.setState({ lastError: error.message });
          return 'retry';
        }
        const current =
          error.body && 'current' in error.body
            ? (error.body.current as Record<string, unknown> | null)
            : undefined;
        await reject(this.db, entry, {
          status: error.status,
          error: error.message,
          code: error.code ?? null,
          current,
        });
        return 'rejected';
      }
      // Anything else (a malformed answer): keep the entry and try again later.
      const message = error instanceof Error ? error.message : String(error);
      await postpone(this.db, entry, this.backoff(entry), message);
      this.status.setState({ lastError: message });
      return 'retry';
    }
  }

  /**
   * Set one timer for the moment the next entry can be tried: the earliest backoff among entries
   * that are not held behind a failed entry of their record (those wait for the user, not for a
   * clock), and not before a network hold ends.
   */
  private async scheduleWake(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.stopped || !this.isLeader || !this.usableToken()) return; // paused or signed out: wait for a sign-in
    const entries = await listEntries(this.db);
    const now = Date.now();
    const blocked: string[] = [];
    let wake = Number.POSITIVE_INFINITY;
    for (const entry of entries) {
      if (blocked.some((key) => keysOverlap(key, entry.record_key))) {
        blocked.push(entry.record_key);
        continue;
      }
      blocked.push(entry.record_key);
      if (entry.status === 'failed' || !this.isMine(entry)) continue;
      wake = Math.min(wake, Math.max(entry.next_attempt_at, now));
    }
    if (!Number.isFinite(wake)) return;
    wake = Math.max(wake, this.networkHoldUntil);
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        void this.flush(false);
      },
      Math.max(wake - now, 50),
    );
  }

  private handleError(error: unknown, token: string): void {
    if (error instanceof Error && error.name === 'AbortError') return;
    if (error instanceof NetworkError) {
      this.status.setState({ online: false, lastError: error.message });
      return;
    }
    if (error instanceof ApiError && error.status === 401) {
      this.pauseUnauthorized(token, error);
      return;
    }
    this.status.setState({ lastError: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Transient answers are retried with backoff; every other 4xx is a decision of the server about
 * this entry and is final until the user retries it.
 */
function isTransient(error: ApiError): boolean {
  if (error.status >= 500 || error.status === 408 || error.status === 429) return true;
  return error.status === 409 && error.code === 'IDEMPOTENCY_IN_FLIGHT';
}

function defaultLocks(): LockManagerLike | null {
  const nav = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManagerLike }) : undefined;
  return nav?.locks ?? null;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  return new SyncEngine(options);
}
