import type { LocalDb, OutboxEntry } from './database';

/** What became of one queued entry, as far as waiting for it could tell. */
export type EntryOutcome =
  | { state: 'applied' }
  | { state: 'failed'; entry: OutboxEntry }
  /** Still queued: the device is offline, sending is paused, or the server did not answer in time. */
  | { state: 'queued' };

/** How often the wait looks at the outbox (it is read from Dexie, so an answer the leader tab got counts too). */
const LOOK_EVERY_MS = 100;

/**
 * Waits (up to `timeoutMs`) for the server's answer to a queued entry: gone from the outbox =
 * applied (the server accepted it, or there was nothing left to send); failed = refused (its error,
 * code and status say why). Gives up at once, as 'queued', when `cannotSend()` says the device
 * cannot reach the server now (offline, or sending paused until its user signs in again): the
 * answer will come later, through the sync panel.
 */
export async function entryOutcome(
  db: LocalDb,
  id: string,
  timeoutMs: number,
  cannotSend: () => boolean = () => false,
): Promise<EntryOutcome> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const entry = await db.outbox.where('id').equals(id).first();
    if (!entry) return { state: 'applied' };
    if (entry.status === 'failed') return { state: 'failed', entry };
    if (Date.now() >= until || cannotSend()) return { state: 'queued' };
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
