import {
  SYNC_HAS_MORE_HEADER,
  SYNC_NEXT_CURSOR_HEADER,
  SYNC_PULL_MAX_LIMIT,
  type SyncPullResponse,
} from '../../../shared/api/sync';
import { type Backfill, type Collection, type LocalDb, META } from '../database';
import { putServerRows, resetMirror } from '../outbox';
import { announceCaughtUp } from './caught-up';

const MAX_PAGES_PER_PULL = 10_000;

/**
 * Rows per catch-up page (the server's maximum; see pullAll). A first sync of 10,000 orders is
 * then 6 requests instead of 21: each page costs a request, a transaction (with its commit) and a
 * refresh of every screen reading the mirror, whatever its size.
 */
export const CATCH_UP_PULL_LIMIT = SYNC_PULL_MAX_LIMIT;

/**
 * Asks the server for the page after `cursor` (already parsed); with `collections`, for those
 * collections alone (a back-fill). `catchingUp`: the page continues a pull that already had more
 * to send (the server said `has_more`), so the fetcher may ask for its larger catch-up page size
 * (the engine: `catchUpLimit`).
 */
export type FetchPage = (
  cursor: string,
  collections?: readonly string[],
  catchingUp?: boolean,
  onNext?: (next: NextPage) => void,
) => Promise<SyncPullResponse>;

/**
 * What an answer's headers say of the page after it (SYNC_NEXT_CURSOR_HEADER,
 * SYNC_HAS_MORE_HEADER), before its body is read: a fetcher that can read them calls `onNext`.
 */
export interface NextPage {
  cursor: string;
  hasMore: boolean;
}

/** The next page as an answer's headers name it; null when they do not (an older server). */
export function nextPageOf(headers: Headers): NextPage | null {
  const cursor = headers.get(SYNC_NEXT_CURSOR_HEADER);
  const more = headers.get(SYNC_HAS_MORE_HEADER);
  if (cursor === null || !/^\d+$/.test(cursor) || (more !== '1' && more !== '0')) return null;
  return { cursor, hasMore: more === '1' };
}

/**
 * PULL: every change since the stored cursor, page by page while `has_more`.
 * Throws what the fetch throws (the engine decides what a network error or a 401 means).
 *
 * Nothing is pulled into a database a newer app version (another tab) has upgraded: this code
 * does not know the collections that version added, and moving the cursor past their changes
 * would lose them for good (database.ts `isOutdated`).
 */
export async function pullAll(db: LocalDb, fetchPage: FetchPage): Promise<void> {
  if (db.isOutdated()) return;
  await backfill(db, fetchPage);
  let cursor = (await db.getMeta<string>(META.cursor)) ?? '0';
  /*
   * Pipelining: the pages are fetched ahead of the one being written to IndexedDB, in order, one
   * request at a time: as soon as a page arrives and says `has_more`, the next one is asked for
   * (PageStream, at most PAGES_AHEAD pages not yet applied). Network, server and disk then overlap
   * instead of taking turns, and the server is never left idle while the device writes. It
   * changes nothing about correctness: a page depends only on the cursor it was asked with, and
   * each page is asked with exactly the cursor the page before it moves us to. If a page is NOT
   * applied (the stored cursor moved, or the epoch changed and the mirror was reset), the pages
   * fetched ahead are simply dropped.
   *
   * Page size: the first page of a pull is the ordinary small one (on a first sync its rows are on
   * screen sooner); the pages after it — a first sync, a device back after days — are asked for
   * as catch-up pages (larger: fewer requests, transactions and screen refreshes for the same rows).
   */
  let pages = new PageStream(fetchPage, cursor);
  try {
    for (let page = 0; page < MAX_PAGES_PER_PULL; page++) {
      const response = await pages.take();
      if (db.isOutdated()) break;
      const applied = await applyPage(db, cursor, response);
      if (applied === 'reset') {
        // The server's history was replaced: the mirror was emptied, start again from 0.
        pages.close();
        cursor = '0';
        pages = new PageStream(fetchPage, cursor);
        continue;
      }
      if (applied && !response.has_more) announceCaughtUp();
      if (!applied || !response.has_more) break;
      cursor = response.cursor;
    }
  } finally {
    pages.close();
  }
}

/** Pages not yet applied that may be fetched or waiting (2 × 2,000 orders: about 8 MB). */
const PAGES_AHEAD = 2;

/**
 * The pages of one pull from `cursor`, requested in order, one at a time, ahead of the reader
 * (see pullAll). A failed request fails the page `take` returns for it; nothing is asked after it.
 */
class PageStream {
  private readonly queue: Promise<SyncPullResponse>[] = [];
  /** The cursor to ask with next, when the reader is PAGES_AHEAD pages behind. */
  private waiting: string | null = null;
  private closed = false;

  constructor(
    private readonly fetchPage: FetchPage,
    cursor: string,
  ) {
    this.request(cursor, false);
  }

  private request(cursor: string, catchingUp: boolean): void {
    // The next page is asked for once, from whichever comes first: the answer's headers (before
    // its body is read and parsed) or the parsed answer (a fetcher or server without them).
    let followed = false;
    let queued = false;
    const follow = (next: { cursor: string; hasMore: boolean }) => {
      // Pages are queued in the order they were asked for: never the next before this one.
      if (!queued) return queueMicrotask(() => follow(next));
      if (followed) return;
      followed = true;
      if (this.closed || !next.hasMore) return;
      if (this.queue.length < PAGES_AHEAD) this.request(next.cursor, true);
      else this.waiting = next.cursor;
    };
    const page = this.fetchPage(cursor, undefined, catchingUp, follow);
    // Its failure is seen when (and if) it is taken; never an unhandled rejection.
    page.catch(() => undefined);
    this.queue.push(page);
    queued = true;
    page.then(
      (response) => follow({ cursor: response.cursor, hasMore: response.has_more }),
      () => undefined,
    );
  }

  /** The next page in order (the first one: the page at the stream's cursor). */
  take(): Promise<SyncPullResponse> {
    const page = this.queue.shift();
    if (!page) return Promise.reject(new Error('sync pull: no page was asked for'));
    if (this.waiting !== null && !this.closed) {
      const cursor = this.waiting;
      this.waiting = null;
      this.request(cursor, true);
    }
    return page;
  }

  /** Nothing more is asked for; answers still on the way are dropped. */
  close(): void {
    this.closed = true;
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
  return db.transaction('rw', db.syncScope(), async () => {
    const stored = (await db.getMeta<string>(META.cursor)) ?? '0';
    if (stored !== fromCursor) return false;
    if (await epochReplaced(db, page)) return 'reset';
    await putCollections(db, page, db.collections);
    if (BigInt(page.cursor) >= BigInt(fromCursor)) await db.setMeta(META.cursor, page.cursor);
    // The end of the feed: the mirror now holds everything (its counts may be shown as figures).
    if (!page.has_more) await db.setMeta(META.mirrorComplete, true);
    return true;
  });
}

/**
 * Epoch: the mirror remembers the server's sync epoch it was built under; a page of another epoch
 * empties the mirror (see applyPage). True when it did; inside a transaction over `syncScope`.
 */
async function epochReplaced(db: LocalDb, page: SyncPullResponse): Promise<boolean> {
  const epoch = await db.getMeta<string>(META.epoch);
  if (epoch === page.epoch) return false;
  await db.setMeta(META.epoch, page.epoch);
  if (epoch === undefined || epoch === null) return false;
  await resetMirror(db);
  return true;
}

async function putCollections(db: LocalDb, page: SyncPullResponse, collections: readonly Collection[]) {
  for (const collection of collections) {
    const changes = (page as unknown as Record<string, SyncPullResponse[Collection] | undefined>)[collection];
    if (changes) await putServerRows(db, collection, changes.upserts, changes.removals);
  }
}

/**
 * BACK-FILL: collections an upgrade added to this database (database.ts `backfillOnUpgrade`) are
 * pulled alone from 0, page by page, before the ordinary pull goes on from its cursor. Each page
 * and the back-fill's own cursor are written in one transaction; the last page ends the back-fill.
 * Changes after the ordinary cursor that a back-fill page already brought come again in the
 * ordinary pull, in order, so each row ends as the server has it.
 */
async function backfill(db: LocalDb, fetchPage: FetchPage): Promise<void> {
  for (let n = 0; n < MAX_PAGES_PER_PULL; n++) {
    const pending = await db.getMeta<Backfill>(META.backfill);
    if (!pending) return;
    const response = await fetchPage(pending.cursor, pending.collections, n > 0);
    if (db.isOutdated()) return;
    const applied = await db.transaction('rw', db.syncScope(), async () => {
      const now = await db.getMeta<Backfill>(META.backfill);
      if (now?.cursor !== pending.cursor) return false; // moved meanwhile (another tab): ask again
      if (await epochReplaced(db, response)) return 'reset';
      const known = now.collections.filter((c): c is Collection => db.collections.includes(c as Collection));
      await putCollections(db, response, known);
      if (response.has_more) await db.setMeta(META.backfill, { ...now, cursor: response.cursor });
      else await db.meta.delete(META.backfill);
      return true;
    });
    if (applied === 'reset') return; // the mirror was emptied: the ordinary pull starts from 0
  }
}
