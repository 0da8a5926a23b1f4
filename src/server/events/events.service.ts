import type { Kysely } from 'kysely';
import { SYNC_COLLECTIONS } from '../../shared/api/synced';
import { canSeeInvoice, invoiceScope } from '../../shared/domain/invoice-access';
import { type ActingUser, canSeeOrder, type OrderRef, orderScope } from '../../shared/domain/order-status';
import type { ChangeListener } from '../db/change-listener';
import type { Database } from '../db/schema';
import { PULL_SOURCES } from '../sync/sources';
import { latestRelevantChange } from './events.repository';

/**
 * Live push (GET /api/events): "something changed for you; your tenant's change number is now N".
 * An event never carries data — the device pulls (GET /sync/pull), which applies every rule of
 * who may see what. So an event may only be too eager (a pull that brings nothing), never leak.
 *
 * Flow: the database announces each committed change (migration 0008) → the ChangeListener
 * (db/change-listener.ts) → `EventHub.dispatch` → for every open stream of THAT tenant whose user
 * the change concerns (isRelevant) and that has not been told this number yet → `id: N`.
 */

/**
 * One announcement (the trigger's payload, decoded). Each synced collection's table announces
 * through one of four trigger functions, named by its pull source (sync/sources.ts
 * `announce`): 'order' (its states before and after), 'user' → kind 'notification' (a row that
 * belongs to one user), 'tenant' → kind 'catalogue' (a row everyone of the tenant sees),
 * 'invoice' (the salesperson of the invoice's order: shared/domain/invoice-access.ts).
 */
export type Change =
  | { tenant: string; seq: number; kind: 'order'; before: OrderRef | null; after: OrderRef | null }
  | { tenant: string; seq: number; kind: 'notification'; user: string }
  | { tenant: string; seq: number; kind: 'catalogue' }
  | { tenant: string; seq: number; kind: 'invoice'; salesperson: string | null };

const orderState = (value: unknown): OrderRef | null => {
  if (!Array.isArray(value) || typeof value[0] !== 'string') return null;
  return {
    status: value[0],
    salesperson_id: typeof value[1] === 'string' ? value[1] : null,
    driver_id: typeof value[2] === 'string' ? value[2] : null,
  };
};

/** Decodes a `sys_changes` payload; null for anything malformed (ignored). */
export function parseChange(payload: string): Change | null {
  let raw: { t?: unknown; s?: unknown; k?: unknown; b?: unknown; a?: unknown; u?: unknown; p?: unknown };
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  const seq = Number(raw?.s);
  if (typeof raw?.t !== 'string' || !Number.isSafeInteger(seq) || seq <= 0) return null;
  switch (raw.k) {
    case 'o':
      return { tenant: raw.t, seq, kind: 'order', before: orderState(raw.b), after: orderState(raw.a) };
    case 'n':
      return typeof raw.u === 'string' ? { tenant: raw.t, seq, kind: 'notification', user: raw.u } : null;
    case 'c':
      return { tenant: raw.t, seq, kind: 'catalogue' };
    case 'i':
      return { tenant: raw.t, seq, kind: 'invoice', salesperson: typeof raw.p === 'string' ? raw.p : null };
    default:
      return null;
  }
}

/**
 * Does `change` concern `user`? Their own notifications; an order they may see before OR after
 * the change (the status machine's canSeeOrder: entering, changing within, or leaving their view —
 * the pull then brings it or its removal); products and customers for everyone of the tenant.
 * (The tenant is matched by the hub: a stream only ever hears its own tenant.)
 */
export function isRelevant(change: Change, user: ActingUser): boolean {
  switch (change.kind) {
    case 'notification':
      return change.user === user.id;
    case 'catalogue':
      return true;
    case 'invoice':
      return canSeeInvoice(invoiceScope(user), { salesperson_id: change.salesperson });
    case 'order':
      return (
        (change.before !== null && canSeeOrder(user, change.before)) ||
        (change.after !== null && canSeeOrder(user, change.after))
      );
  }
}

/** Where a stream's bytes go (the HTTP response; tests may use anything with these). */
export interface EventSink {
  /** false: the socket's buffer is full — wait for drain. */
  write(chunk: string): boolean;
  onDrain(fn: () => void): void;
  end(): void;
}

export interface EventHubOptions {
  heartbeatMs?: number;
  maxStreamsPerUser?: number;
  /** Overridable for tests; default: the database query. */
  latest?: (tenantId: string, user: ActingUser, cursor: number) => Promise<number | null>;
}

export const DEFAULT_HEARTBEAT_MS = 25_000;
export const DEFAULT_MAX_STREAMS_PER_USER = 5;

export function eventFrame(seq: number): string {
  return `id: ${seq}\nevent: change\ndata: {"cursor":"${seq}"}\n\n`;
}

/**
 * One open stream. Backpressure: when the socket's buffer is full, later numbers are not queued —
 * only the newest is kept and written on 'drain' (an event says "pull up to at least N"; the
 * newest number covers every earlier one). A slow or stalled client therefore costs one number.
 */
export class EventStream {
  lastSent: number;
  private pending = 0;
  private blocked = false;
  private closed = false;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(
    readonly tenantId: string,
    readonly user: ActingUser,
    private readonly sink: EventSink,
    cursor: number,
    heartbeatMs: number,
    private readonly onClose: (stream: EventStream) => void,
  ) {
    this.lastSent = cursor;
    sink.onDrain(() => {
      this.blocked = false;
      if (this.pending > this.lastSent) this.send(this.pending);
    });
    this.heartbeat = setInterval(() => {
      // A comment line: keeps proxies and the client's idle timers from closing a quiet stream.
      if (!this.blocked) this.write(': ping\n\n');
    }, heartbeatMs);
    this.heartbeat.unref?.();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Announce change number `seq` (ignored unless newer than what this stream was told). */
  send(seq: number): void {
    if (this.closed || seq <= this.lastSent) return;
    if (this.blocked) {
      this.pending = Math.max(this.pending, seq);
      return;
    }
    this.lastSent = seq;
    this.pending = 0;
    this.write(eventFrame(seq));
  }

  private write(chunk: string): void {
    try {
      if (!this.sink.write(chunk)) this.blocked = true;
    } catch {
      this.close();
    }
  }

  /** Ends the stream (server side) and forgets it. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    try {
      this.sink.end();
    } catch {
      /* already gone */
    }
    this.onClose(this);
  }
}

/** Every open stream of this process, by tenant; fed by the change listener. */
export class EventHub {
  private readonly byTenant = new Map<string, Set<EventStream>>();
  private readonly byUser = new Map<string, EventStream[]>();
  private readonly heartbeatMs: number;
  private readonly maxPerUser: number;
  private readonly latest: (tenantId: string, user: ActingUser, cursor: number) => Promise<number | null>;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    db: Kysely<Database>,
    private readonly listener: ChangeListener | null,
    options: EventHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.maxPerUser = options.maxStreamsPerUser ?? DEFAULT_MAX_STREAMS_PER_USER;
    this.latest =
      options.latest ??
      ((tenantId, user, cursor) => {
        const caller = { id: user.id, role: user.role, scope: orderScope(user) };
        return latestRelevantChange(
          db,
          SYNC_COLLECTIONS.map((name) => PULL_SOURCES[name].newest(tenantId, caller, cursor)),
        );
      });
    if (listener) {
      this.unsubscribe.push(
        listener.onPayload((payload) => this.dispatch(payload)),
        listener.onResync(() => this.resyncAll()),
      );
    }
  }

  get size(): number {
    let n = 0;
    for (const set of this.byTenant.values()) n += set.size;
    return n;
  }

  streamsOf(tenantId: string, userId: string): number {
    return this.byUser.get(`${tenantId}:${userId}`)?.length ?? 0;
  }

  /**
   * Opens a stream for `user` of `tenantId`. `cursor` (Last-Event-ID, or 0): if a change that
   * concerns the user happened after it, the first event goes out at once. The stream is
   * registered BEFORE that check, so a change committed meanwhile arrives by NOTIFY instead.
   * Beyond `maxStreamsPerUser` open streams of one user, the oldest is closed.
   */
  async open(tenantId: string, user: ActingUser, sink: EventSink, cursor: number): Promise<EventStream> {
    await this.listener?.start().catch(() => {});
    const userKey = `${tenantId}:${user.id}`;
    const stream = new EventStream(tenantId, user, sink, cursor, this.heartbeatMs, (s) =>
      this.forget(s, userKey),
    );
    const tenantSet = this.byTenant.get(tenantId) ?? new Set<EventStream>();
    this.byTenant.set(tenantId, tenantSet);
    tenantSet.add(stream);
    this.byUser.set(userKey, [...(this.byUser.get(userKey) ?? []), stream]);
    // Beyond the bound, the oldest go (a forgotten tab, a leaked reader): close() forgets them.
    const mine = this.byUser.get(userKey) ?? [];
    for (const old of mine.slice(0, Math.max(0, mine.length - this.maxPerUser))) old.close();
    if (cursor > 0) await this.catchUp(stream);
    return stream;
  }

  /** One announcement from the database: to every stream of its tenant it concerns. */
  dispatch(payload: string): void {
    const change = parseChange(payload);
    if (!change) return;
    const streams = this.byTenant.get(change.tenant);
    if (!streams) return;
    for (const stream of streams) {
      if (change.seq > stream.lastSent && isRelevant(change, stream.user)) stream.send(change.seq);
    }
  }

  /**
   * Ends every open stream of one user of this process now: their sessions were just ended (an
   * admin deactivated or deleted them, changed their role or reset their password). The periodic
   * session re-check of a stream would find out within `eventsRecheckMs`; this makes it
   * immediate. The client reconnects and is refused with 401. Returns how many were ended.
   */
  closeUser(tenantId: string, userId: string): number {
    const mine = [...(this.byUser.get(`${tenantId}:${userId}`) ?? [])];
    for (const stream of mine) stream.close();
    return mine.length;
  }

  /** Ends every open stream of one tenant of this process now (the tenant was deleted). */
  closeTenant(tenantId: string): number {
    const streams = [...(this.byTenant.get(tenantId) ?? [])];
    for (const stream of streams) stream.close();
    return streams.length;
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    for (const set of [...this.byTenant.values()]) for (const stream of [...set]) stream.close();
    for (const stop of this.unsubscribe) stop();
    this.unsubscribe.length = 0;
  }

  private forget(stream: EventStream, userKey: string): void {
    const set = this.byTenant.get(stream.tenantId);
    set?.delete(stream);
    if (set && set.size === 0) this.byTenant.delete(stream.tenantId);
    const mine = this.byUser.get(userKey)?.filter((s) => s !== stream) ?? [];
    if (mine.length > 0) this.byUser.set(userKey, mine);
    else this.byUser.delete(userKey);
  }

  /** What did this stream miss since it was last told something? (database away: nothing now) */
  private async catchUp(stream: EventStream): Promise<void> {
    try {
      const seq = await this.latest(stream.tenantId, stream.user, stream.lastSent);
      if (seq !== null) stream.send(seq);
    } catch {
      /* the database is away: the device's poll and the next announcement cover it */
    }
  }

  /** The listener was away and may have missed announcements: every stream checks once. */
  private resyncAll(): void {
    for (const set of this.byTenant.values()) for (const stream of set) void this.catchUp(stream);
  }
}
