import { liveQuery } from 'dexie';
import { DEVICE_REPORT_HEADER } from '../../../shared/api/devices';
import type { Endpoint, ResponseOf } from '../../../shared/api/endpoint';
import { API } from '../../../shared/api/endpoints';
import { SYNC_PULL_INTERVAL_MS } from '../../../shared/domain/constants';
import { ApiError, NetworkError } from '../../api/errors';
import { call, openStream } from '../../api/http';
import { type LocalDb, META, type OutboxEntry } from '../database';
import { isKnownKind } from '../mutations';
import { countEntries, listEntries } from '../outbox';
import { registerStore } from '../registry';
import { backoffDelay } from './backoff';
import { nextBatch } from './batch';
import { deviceReport } from './device-facts';
import { withEarlyPage } from './first-page';
import { competeForLeadership, defaultLocks, type LockManagerLike } from './leader';
import { LiveChannel } from './live';
import { planSends } from './plan';
import { CATCH_UP_PULL_LIMIT, nextPageOf, pullAll } from './pull';
import { type InTurnHooks, sendBatchInTurn, sendInTurn } from './push';
import { createSyncStatus, type SyncStatusStore, tokenClaims } from './status';
import { pullFetch } from './worker-fetch';

/**
 * The sync engine for ONE user's store: it decides WHEN to pull and push; the what is
 * in its parts — leader.ts (one syncer per device), pull.ts (the feed into Dexie), push.ts (one
 * entry out), plan.ts (which entries may go now and when to wake), backoff.ts. It never touches
 * React; screens read Dexie with useLiveQuery and the status store with zustand's useStore.
 *
 * All network work (pull pages, outbox sends) runs one task at a time on a single chain. Why:
 * a pull and a push interleaving could apply an old pulled version of a record after the newer
 * acknowledged one; running them in sequence keeps "what we last heard from the server" in order.
 *
 * Drain latency: entries that wait only because the network was gone are sent as soon as the
 * server answers anything again (a pull, a send, the browser's `online` event), not after the rest
 * of a backoff of up to 30 s.
 *
 * Live push (live.ts): the LEADER alone keeps one server-sent-event stream (GET /api/events) open
 * while the page is visible — one connection per device, whatever the number of tabs. An event
 * names the tenant's change number; when it is beyond the local cursor the engine pulls (on the
 * chain, like every pull). The stream is closed while the page is hidden, on stop() and on a 401;
 * it reopens (with a pull) when the page becomes visible again. The 15 s poll stays as the
 * fallback for when the stream cannot be had (a proxy that buffers, the server away).
 */
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
  /** Rows per pull page (default: the server's). */
  pullLimit?: number;
  /** Rows per catch-up page, a pull's later pages (pull.ts): default `pullLimit`, else the maximum. */
  catchUpLimit?: number;
  pullIntervalMs?: number;
  /** Randomness for the backoff jitter, and the first backoff step (tests may fix them). */
  random?: () => number;
  backoffBaseMs?: number;
  /**
   * 'batch' (default): queued entries go in batches through POST /sync/push; 'single': one request
   * per entry to its own endpoint (also what the engine falls back to when a server refuses the
   * batch itself).
   */
  push?: 'batch' | 'single';
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
  private leadership: { stop: () => void } | null = null;
  private requestAbort = new AbortController();
  private unsubscribeCounts: (() => void) | null = null;
  private lastSeenSeq = 0;
  private lastSeenPending = 0;
  /** The token the server refused; the pause lifts when the owner's token changes. */
  private refusedToken: string | null = null;
  /** After a network error, automatic sends wait until this time (epoch ms). */
  private networkHoldUntil = 0;
  /** The last call got no answer; the next answer means the network is back. */
  private networkDown = false;
  private listeners: Array<() => void> = [];
  /** The live channel (leader only); see the class comment. */
  readonly live: LiveChannel;
  /** Pulls started by a live event (tests, diagnostics). */
  livePulls = 0;

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.db = options.db;
    this.random = options.random ?? Math.random;
    this.status = createSyncStatus();
    this.live = new LiveChannel({
      open: (lastEventId, signal) => {
        const token = this.usableToken();
        if (!token) return Promise.resolve(new Response(null, { status: 401 }));
        return openStream(API.events, {
          token,
          tenant: this.db.tenant,
          lastEventId,
          baseUrl: this.options.baseUrl,
          fetch: this.options.fetch,
          signal,
        });
      },
      cursor: async () => (await this.db.getMeta<string>(META.cursor)) ?? null,
      onOpen: () => {
        this.status.setState({ live: true });
        this.answered();
      },
      onChange: (cursor) => void this.onLiveChange(cursor),
      onUnauthorized: () => {
        this.status.setState({ live: false });
        // A refused token: the next pull finds out and pauses the engine as for any 401.
        void this.pullNow();
      },
      backoff: (attempt) => backoffDelay(attempt, this.random, this.options.backoffBaseMs),
    });
  }

  /** A live event: pull when it names a change beyond what this device has. */
  private async onLiveChange(cursor: string): Promise<void> {
    const local = (await this.db.getMeta<string>(META.cursor)) ?? '0';
    if (this.stopped || BigInt(cursor) <= BigInt(local)) return;
    this.livePulls++;
    void this.pullNow();
  }

  /** Opens the live channel when this tab should hold it: leader, visible, signed in, not paused. */
  private startLive(): void {
    if (this.stopped || !this.isLeader || this.live.active) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    if (!this.usableToken()) return;
    this.live.start();
  }

  private stopLive(): void {
    this.live.stop();
    this.status.setState({ live: false });
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
    // Not waited for: the device registry is its own database (opening it takes a while on a
    // busy handheld) and no screen needs it to show the mirror; its rows follow in order.
    void registerStore({
      name: this.db.name,
      tenant: this.db.tenant,
      user_id: this.db.userId,
      username: this.options.user?.username,
      full_name: this.options.user?.full_name,
    }).catch(() => {});
    this.watchOutbox();
    this.watchConnectivity();
    const locks = this.options.locks !== undefined ? this.options.locks : defaultLocks();
    this.leadership = competeForLeadership(locks, this.lockName, () => this.becomeLeader());
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
    this.stopLive();
    // An aborted send stays pending: the server may have applied it, and the replay with the
    // same Idempotency-Key will return that first outcome instead of applying it again.
    this.requestAbort.abort();
    await this.chain.catch(() => {});
    this.leadership?.stop();
    this.leadership = null;
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
    return this.flush({ force: true });
  }

  /**
   * Fetch reference data the screens need but the feed does not carry (the drivers list of the
   * assign-driver dialog) and keep it in `meta` so the screen still has it offline. Any tab may
   * call it (it is a read); failures leave the cached copy as it is.
   */
  async refreshReference<E extends Endpoint>(
    entry: E,
    metaKey: string,
    pick: (data: ResponseOf<E>) => unknown,
  ): Promise<boolean> {
    const token = this.usableToken();
    if (!token || this.stopped) return false;
    try {
      const data = await call(entry, {
        ...this.httpOptions(),
        token,
        tenant: this.db.tenant,
        ignoreUnauthorized: true,
      });
      this.answered();
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

  // -------------------------------------------------------------------------- scheduling ---

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

  private flush(mode: { force?: boolean; networkBack?: boolean } = {}): Promise<void> {
    const plain = !mode.force && !mode.networkBack;
    if (plain && this.queuedFlush) return this.queuedFlush;
    const task = this.enqueueTask(async () => {
      if (plain) this.queuedFlush = null;
      await this.flushTask(mode);
    });
    if (plain) this.queuedFlush = task;
    return task;
  }

  /** Push what is due, then pull (both queued at once, in that order). */
  private kick(): Promise<void> {
    void this.flush();
    return this.pullNow();
  }

  private becomeLeader(): void {
    if (this.stopped) return;
    this.status.setState({ leader: true });
    const interval = this.options.pullIntervalMs ?? SYNC_PULL_INTERVAL_MS;
    // The periodic refresh pauses while the tab is hidden: nobody looks at the lists
    // then, and the pull on becoming visible (watchConnectivity) catches up at once. Pending
    // changes are still sent.
    this.intervalTimer = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') void this.flush();
      else void this.kick();
    }, interval);
    // On start (the app was just opened, or the previous leader's tab closed) every pending entry
    // is tried at once: a backoff persisted by an earlier session says nothing about the network now.
    void this.flushNow();
    void this.pullNow();
    this.startLive();
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
      // A hidden page holds no stream (a background tab, a phone in a pocket: no open socket
      // for nothing); back in view it reopens and pulls what it missed.
      if (document.visibilityState === 'hidden') this.stopLive();
      else if (this.isLeader) {
        void this.kick();
        this.startLive();
      }
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
            void this.flush();
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

  private pauseUnauthorized(token: string, error: Error): void {
    const first = this.refusedToken !== token;
    this.refusedToken = token;
    this.status.setState({ paused: 'unauthorized', lastError: error.message });
    this.stopLive();
    if (first) this.options.onUnauthorized?.(token);
  }

  private httpOptions() {
    return { baseUrl: this.options.baseUrl, fetch: this.options.fetch, signal: this.requestAbort.signal };
  }

  /** The server answered: if it had been unreachable, what waited for the network goes now. */
  private answered(): void {
    this.status.setState({ online: true });
    this.startLive();
    if (!this.networkDown) return;
    this.networkDown = false;
    this.networkHoldUntil = 0;
    if (this.isLeader && !this.stopped) void this.flush({ networkBack: true });
  }

  private unreachable(error: Error, holdMs: number): void {
    this.networkDown = true;
    this.networkHoldUntil = Date.now() + holdMs;
    this.status.setState({ online: false, lastError: error.message });
  }

  // -------------------------------------------------------------------------------- pull ---

  private async pullTask(): Promise<void> {
    if (!this.isLeader || this.stopped) return;
    const token = this.usableToken();
    if (!token) return;
    this.status.setState({ syncing: true });
    // The device's health rides on the first page of each pull (device-facts.ts).
    let report = await deviceReport(this.db);
    try {
      const { pullLimit, catchUpLimit } = this.options;
      const bulkLimit = catchUpLimit ?? pullLimit ?? CATCH_UP_PULL_LIMIT;
      await pullAll(this.db, async (cursor, collections, catchingUp, onNext) => {
        const headers = report ? { [DEVICE_REPORT_HEADER]: report } : undefined;
        const sent = report;
        report = undefined;
        const page = await call(API.syncPull, {
          ...this.httpOptions(),
          // Pages are received by a worker: the main thread is busy writing the page before. A
          // first sync's first page may have been asked for with the sign-in's answer
          // (first-page.ts), without the health report: the report then goes with the next page.
          fetch:
            this.options.fetch ??
            withEarlyPage(pullFetch(), () => {
              report ??= sent;
            }),
          token,
          tenant: this.db.tenant,
          query: { cursor, limit: catchingUp ? bulkLimit : pullLimit, collections: collections?.join(',') },
          headers,
          ignoreUnauthorized: true,
          onHeaders: (answer) => {
            const next = onNext ? nextPageOf(answer) : null;
            if (next) onNext?.(next);
          },
        });
        this.answered();
        return page;
      });
      const lastPullAt = new Date().toISOString();
      await this.db.setMeta(META.lastPullAt, lastPullAt);
      this.status.setState({ lastPullAt, online: true, lastError: null });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return;
      if (error instanceof NetworkError) {
        this.networkDown = true;
        this.status.setState({ online: false, lastError: error.message });
      } else if (error instanceof ApiError && error.status === 401) {
        this.pauseUnauthorized(token, error);
      } else {
        this.status.setState({ lastError: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      this.status.setState({ syncing: false });
    }
  }

  // -------------------------------------------------------------------------------- push ---

  private plan(entries: OutboxEntry[], mode: { force?: boolean; networkBack?: boolean }) {
    return planSends(entries, {
      now: Date.now(),
      force: mode.force,
      networkBack: mode.networkBack,
      networkHoldUntil: this.networkHoldUntil,
      // Never under another identity: entries of another tenant/user are left alone.
      isMine: (e) => e.tenant === this.db.tenant && e.user_id === this.db.userId,
      isKnown: isKnownKind,
    });
  }

  private sendContext(token: string) {
    return {
      db: this.db,
      token,
      ...this.httpOptions(),
      backoff: (e: OutboxEntry) => backoffDelay(e.attempts, this.random, this.options.backoffBaseMs),
    };
  }

  /** The server answered (applied or refused something): it is reachable again. */
  private reached(applied: boolean): boolean {
    this.networkHoldUntil = 0;
    const wasDown = this.networkDown;
    this.networkDown = false;
    this.status.setState({ online: true, ...(applied ? { lastError: null } : {}) });
    return wasDown;
  }

  /**
   * Send what the plan says may go now, in order: in batches (POST /sync/push, see batch.ts and
   * push.ts `sendBatch`), or one request per entry when `push: 'single'` or the server refuses
   * the batch itself. After each batch the plan is made again (a refusal or a postponement
   * changes what is held back); a network error or a 401 ends the pass.
   */
  private async flushTask(mode: { force?: boolean; networkBack?: boolean }): Promise<void> {
    if (!this.isLeader || this.stopped) return;
    let progress = false;
    let current = mode;
    let batches = this.options.push !== 'single';
    for (let pass = 0; pass < 100; pass++) {
      const token = this.usableToken();
      if (!token) break;
      const { send } = this.plan(await listEntries(this.db), current);
      if (send.length === 0) break;
      this.status.setState({ syncing: true });
      let wasDown = false;
      const hooks: InTurnHooks = {
        stopped: () => this.stopped,
        reached: (applied) => {
          wasDown = this.reached(applied) || wasDown;
        },
        retry: (error) => this.status.setState({ online: true, lastError: error?.message ?? null }),
        unreachable: (error, entry) =>
          this.unreachable(error, backoffDelay(entry.attempts, this.random, this.options.backoffBaseMs)),
        unauthorized: (error) => this.pauseUnauthorized(token, error),
      };
      const context = this.sendContext(token);
      const step = batches
        ? await sendBatchInTurn(context, nextBatch(send), hooks)
        : await sendInTurn(context, send, hooks);
      if (step.aborted) return;
      if (step.unsupported) {
        // An older server, or a batch it will not take: the per-record endpoints still work.
        batches = false;
        continue;
      }
      if (step.sent) progress = true;
      // Entries that waited for the network while we were down go in the next pass.
      if (wasDown) current = { ...current, networkBack: true };
      if (step.stop || (!step.sent && !step.replan)) break;
      // Only the first pass is forced; later passes send what became sendable meanwhile.
      current = { networkBack: current.networkBack };
    }
    this.status.setState({ syncing: false });
    await this.scheduleWake();
    // Right after the outbox drains (or something was refused), pull: the server's side of what we
    // just sent, and the restored truth of refused records, arrive through the normal feed.
    if (progress && !this.stopped) await this.pullTask();
  }

  /** One timer for the moment the plan says something becomes due. */
  private async scheduleWake(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.stopped || !this.isLeader || !this.usableToken()) return; // paused or signed out: wait for a sign-in
    const { wakeAt } = this.plan(await listEntries(this.db), {});
    if (wakeAt === null) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        void this.flush();
      },
      Math.max(wakeAt - Date.now(), 50),
    );
  }
}

export type { SyncStatusStore } from './status';
