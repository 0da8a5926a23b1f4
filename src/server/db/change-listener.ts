import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { lazyRequire } from '../lib/lazy-require';

/** The PostgreSQL driver, loaded only for a PostgreSQL listener (never on PGlite). */
const pgDriver = lazyRequire<typeof import('pg')>('pg');

/**
 * The receiving end of the change announcements (migration 0008: every committed change of an
 * order, a notification, a product or a customer is a NOTIFY on `sys_changes`, delivered at
 * COMMIT). The events hub (src/server/events/) turns them into per-user pushes.
 *
 * - PostgreSQL: ONE dedicated connection per API process, outside the pool (a pooled connection
 *   is handed to other requests and LISTEN is per session). Every process hears every commit, so
 *   several processes behind a load balancer each push to the streams they hold. If the connection
 *   drops (restart, failover, pg_terminate_backend) it reconnects with a growing delay, and then
 *   says "resync": announcements made while it was gone are lost, so every stream re-checks what
 *   it may have missed (events.service.ts). Its errors never reach the process (no crash).
 * - PGlite: the same NOTIFY, heard on the embedded database's own (single) session.
 *
 * It starts on the first start() (the first stream), so a process nobody streams from keeps no
 * extra connection.
 */
export const CHANGE_CHANNEL = 'sys_changes';

export interface ChangeListener {
  /** Starts listening (idempotent); resolves when listening, or after a first failed attempt. */
  start(): Promise<void>;
  onPayload(fn: (payload: string) => void): () => void;
  /** After a reconnect: announcements may have been missed. */
  onResync(fn: () => void): () => void;
  close(): Promise<void>;
}

class Emitter {
  payloadFns = new Set<(payload: string) => void>();
  resyncFns = new Set<() => void>();
  payload(p: string) {
    for (const fn of this.payloadFns) {
      try {
        fn(p);
      } catch {
        /* a listener's fault must not stop the others */
      }
    }
  }
  resync() {
    for (const fn of this.resyncFns) {
      try {
        fn();
      } catch {
        /* idem */
      }
    }
  }
  api() {
    return {
      onPayload: (fn: (payload: string) => void) => {
        this.payloadFns.add(fn);
        return () => this.payloadFns.delete(fn);
      },
      onResync: (fn: () => void) => {
        this.resyncFns.add(fn);
        return () => this.resyncFns.delete(fn);
      },
    };
  }
}

export function pgliteChangeListener(pglite: PGlite): ChangeListener {
  const emitter = new Emitter();
  let started: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  return {
    ...emitter.api(),
    start() {
      started ??= pglite
        .listen(CHANGE_CHANNEL, (payload) => emitter.payload(payload))
        .then((stop) => {
          unlisten = stop;
        });
      return started;
    },
    async close() {
      if (unlisten && !pglite.closed) await unlisten().catch(() => {});
      unlisten = null;
    },
  };
}

export interface PostgresListenerOptions {
  /** First reconnect delay (doubles up to maxRetryMs). */
  retryMs?: number;
  maxRetryMs?: number;
}

export function postgresChangeListener(url: string, options: PostgresListenerOptions = {}): ChangeListener {
  const emitter = new Emitter();
  const firstDelay = options.retryMs ?? 500;
  const maxDelay = options.maxRetryMs ?? 15_000;
  let client: pg.Client | null = null;
  let started: Promise<void> | null = null;
  let closed = false;
  let delay = firstDelay;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempts = 0;

  const connect = async (): Promise<void> => {
    if (closed) return;
    attempts++;
    const c = new (pgDriver().Client)({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => {});
      schedule();
    };
    // INVARIANT (as for the pool, database.ts): an 'error' of this client never goes unhandled.
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) emitter.payload(message.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      onLost();
      return;
    }
    if (closed || lost) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = firstDelay;
    // Any success after a failure (a drop, or a first attempt that failed): what was announced
    // meanwhile was not heard.
    if (attempts > 1) emitter.resync();
  };

  const schedule = () => {
    if (closed || timer) return;
    const wait = delay;
    delay = Math.min(delay * 2, maxDelay);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref?.();
  };

  return {
    ...emitter.api(),
    start() {
      started ??= connect();
      return started;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}
