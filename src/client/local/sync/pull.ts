import { SYNC_COLLECTIONS, type SyncPullResponse } from '../../../shared/api/sync';
import { type LocalDb, META } from '../database';
import { putServerRows, resetMirror } from '../outbox';

const MAX_PAGES_PER_PULL = 10_000;

/**
 * PULL: every change since the stored cursor, page by page while `has_more` (DESIGN §6).
 * `fetchPage(cursor)` asks the server for the page after `cursor` (already parsed). Throws what the
 * fetch throws (the engine decides what a network error or a 401 means).
 */
export async function pullAll(
  db: LocalDb,
  fetchPage: (cursor: string) => Promise<SyncPullResponse>,
): Promise<void> {
  let cursor = (await db.getMeta<string>(META.cursor)) ?? '0';
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
    const applied = await applyPage(db, cursor, response);
    if (applied === 'reset') {
      // The server's history was replaced: the mirror was emptied, start again from 0.
      prefetched = null;
      cursor = '0';
      continue;
    }
    if (!applied || !response.has_more) break;
    cursor = response.cursor;
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
export async function applyPage(
  db: LocalDb,
  fromCursor: string,
  page: SyncPullResponse,
): Promise<boolean | 'reset'> {
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
      // The end of the feed: the mirror now holds everything (its counts may be shown as figures).
      if (!page.has_more) await db.setMeta(META.mirrorComplete, true);
      return true;
    },
  );
}
