import { recordKeysOverlap } from '../../../shared/api/push';
import type { OutboxEntry } from '../database';

/**
 * WHICH ENTRIES MAY BE SENT NOW, AND WHEN TO WAKE — the outbox's one scheduling rule, as a pure
 * function (table-tested in tests/unit/sync-plan.test.ts). The engine sends `send` in order and
 * sets one timer for `wakeAt`.
 *
 * Per-record order: entries whose ordering keys overlap (`order:<id>`, or a wildcard such as
 * `notification:*` over its collection) are sent strictly in FIFO order, so "approve" never
 * overtakes "assign driver" of the same order. An entry is sendable when it is due and every
 * earlier overlapping entry is sendable too (it will be sent first, in this same pass). An entry
 * that is not sendable holds back every later overlapping entry:
 * - failed (the server refused it): held until the user retries or discards it — no wake-up, the
 *   clock cannot fix it;
 * - made by another user of this device, or of a kind this app version does not know: held, no
 *   wake-up (never sent under another identity; an unknown request is never replayed blindly);
 * - waiting for its backoff: held, and the earliest such time is when to wake.
 * Entries of OTHER records are never held up by a failure.
 *
 * Due: `force` (the user's "send now", the app starting, the browser saying it is online) makes
 * every pending entry due; `networkBack` (the server answered again) makes due the entries that
 * were only waiting because the network was gone; otherwise an entry is due at `next_attempt_at`.
 * After a network error nothing is sent automatically before `networkHoldUntil` (every entry would
 * fail the same way); the wake-up is then not before it.
 */
export type PlanEntry = Pick<
  OutboxEntry,
  'record_key' | 'status' | 'next_attempt_at' | 'tenant' | 'user_id' | 'kind' | 'waiting_for'
>;

export interface PlanOptions {
  now: number;
  force?: boolean;
  networkBack?: boolean;
  networkHoldUntil?: number;
  /** Whether the entry belongs to the signed-in owner of the store. */
  isMine: (entry: PlanEntry) => boolean;
  /** Whether this app version knows the entry's kind. */
  isKnown: (kind: string) => boolean;
}

export interface Plan<T> {
  /** Entries to send now, in order. */
  send: T[];
  /** When to look again (epoch ms), or null when nothing will become due by itself. */
  wakeAt: number | null;
}

/**
 * Two ordering keys overlap when they are equal or one is a wildcard over the other's collection
 * (`notification:*` and `notification:abc`); the server holds back a batch's entries by the same rule.
 */
export const keysOverlap = recordKeysOverlap;

export function planSends<T extends PlanEntry>(entries: readonly T[], options: PlanOptions): Plan<T> {
  const { now, force = false, networkBack = false, networkHoldUntil = 0 } = options;
  const held = !force && now < networkHoldUntil;
  const blocked: string[] = [];
  const send: T[] = [];
  let wake = Number.POSITIVE_INFINITY;
  for (const entry of entries) {
    if (blocked.some((key) => keysOverlap(key, entry.record_key))) {
      blocked.push(entry.record_key);
      continue;
    }
    if (entry.status !== 'pending' || !options.isMine(entry) || !options.isKnown(entry.kind)) {
      blocked.push(entry.record_key);
      continue;
    }
    const due = force || entry.next_attempt_at <= now || (networkBack && entry.waiting_for === 'network');
    if (!due) {
      blocked.push(entry.record_key);
      wake = Math.min(wake, entry.next_attempt_at);
      continue;
    }
    if (held) {
      // Due, but the network just failed: wait for the hold (its entries stay in order).
      blocked.push(entry.record_key);
      wake = Math.min(wake, networkHoldUntil);
      continue;
    }
    send.push(entry);
  }
  if (!Number.isFinite(wake)) return { send, wakeAt: null };
  return { send, wakeAt: Math.max(wake, held ? networkHoldUntil : now) };
}
