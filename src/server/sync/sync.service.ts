import type { Kysely, Transaction } from 'kysely';
import { parseCollectionList, SYNC_COLLECTIONS, SYNCED, type SyncCollection } from '../../shared/api/synced';
import { type ActingUser, orderScope } from '../../shared/domain/order-status';
import { inBackground } from '../db/database';
import type { Database } from '../db/schema';
import type { WireCache } from '../orders/wire-cache';
import { type PullAhead, pullAheadCounts } from './pull-ahead';
import { type Caller, type Part, PULL_SOURCES, pageSources } from './sources';
import { changeCounter, changedPage, inSnapshot } from './sync.repository';

type Executor = Kysely<Database> | Transaction<Database>;

interface PullPage {
  epoch: string;
  cursor: string;
  has_more: boolean;
  parts: Record<SyncCollection, Part>;
}

const COMMA = Buffer.from(',');

/**
 * The whole answer `{ success: true, data: SyncPullResponse }` as bytes (the route checks it
 * against the contract in tests): the head, then every synced collection in the table's order.
 */
function pullBody(page: PullPage): Buffer {
  const head = { epoch: page.epoch, cursor: page.cursor, has_more: page.has_more };
  const parts: Buffer[] = [Buffer.from(`{"success":true,"data":${JSON.stringify(head).slice(0, -1)}`)];
  for (const name of SYNC_COLLECTIONS) {
    const { upserts, removals } = page.parts[name];
    parts.push(Buffer.from(`,"${name}":{"upserts":[`));
    upserts.forEach((text, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(typeof text === 'string' ? Buffer.from(text) : text);
    });
    parts.push(Buffer.from(`],"removals":${JSON.stringify(removals)}}`));
  }
  parts.push(Buffer.from('}}'));
  return Buffer.concat(parts);
}

export interface PulledPage {
  body: Buffer;
  cursor: string;
  hasMore: boolean;
}

export interface PullRequest {
  tenantId: string;
  epoch: string;
  user: ActingUser;
  cursor: string;
  limit: number;
  collections?: string;
}

/** Everything a page's contents depend on besides the data (see pull-ahead.ts). */
function aheadKey(r: PullRequest, cursor: string): string {
  const { id, role } = r.user;
  return JSON.stringify([
    r.tenantId,
    r.epoch,
    id,
    role,
    orderScope(r.user),
    cursor,
    r.limit,
    r.collections ?? '',
  ]);
}

/**
 * GET /sync/pull with the next page prepared ahead (pull-ahead.ts): the page asked for is the one
 * prepared for it — a last page only when nothing has changed in the tenant since — else built
 * now; and when more
 * follows it, the next one is prepared as background work (on the embedded database it waits
 * while users' statements are waiting) while the device writes this one.
 */
export async function servePull(
  db: Kysely<Database>,
  r: PullRequest,
  wires?: WireCache,
  ahead?: PullAhead<PulledPage>,
): Promise<PulledPage> {
  const build = (cursor: string) =>
    pullPage(db, r.tenantId, r.epoch, r.user, cursor, r.limit, wires, r.collections);
  let page: PulledPage | null = null;
  const prepared = ahead?.take(aheadKey(r, r.cursor));
  if (prepared) {
    const ready = await prepared;
    // A page with more behind it is a true answer from a moment ago: everything committed since
    // has a higher number than the page's boundary, so the pages after it carry it. A last page
    // would tell the device it is up to date: served only if nothing was committed since.
    if (ready && (ready.page.hasMore || (await changeCounter(db, r.tenantId)) === ready.counter)) {
      page = ready.page;
      pullAheadCounts.served++;
    } else pullAheadCounts.stale++;
  }
  page ??= await build(r.cursor);
  if (ahead && page.hasMore) {
    const next = page.cursor;
    ahead.put(
      aheadKey(r, next),
      inBackground(async () => {
        // The counter first: a change committed after this read, even one the page then shows,
        // makes the page stale, never the other way round.
        const counter = await changeCounter(db, r.tenantId);
        return { counter, page: await build(next) };
      }),
    );
  }
  return page;
}

/**
 * GET /sync/pull, the feed each device's local store follows (contract in src/shared/api/sync.ts).
 * Answers the JSON of a SyncPullResponse, in its envelope, as UTF-8 bytes.
 *
 * 1. ONE statement (sync.repository.ts `changedPage`, its own snapshot) finds the page boundary B
 *    — the `limit`-th smallest change number after the cursor over every synced collection's
 *    source (sources.ts; the caller's own notifications only) — and lists every changed row with
 *    cursor < change_seq <= B: (id, change number, visible/deleted) for orders, products and
 *    customers, whole rows for the notifications. With `collections` (a device back-filling
 *    collections a new app version added), only those collections' sources take part. Rows sharing B all come along (a page never splits one number), so
 *    the page can exceed `limit` only by such a group.
 * 2. Each row becomes an upsert when the caller may see it now, else a removal (its id): deleted
 *    rows, and orders that left the caller's view (the same scope that filters lists). An order
 *    the caller may not see is a removal ONLY if the caller could have seen it before (some state
 *    it has been in was within their scope: orders.repository.ts `seenCondition`) — never the id
 *    of an order that was never theirs to see, such as another salesperson's. On a first pull
 *    (cursor 0) removals are left out: the client has nothing to remove.
 * 3. The JSON of each upserted order, product and customer comes from the wire cache by (id,
 *    change number); what it lacks is loaded by a second statement, which sees the rows as they
 *    are THEN. If one changed in between, what was loaded is of a newer version than the page
 *    (whose visibility was not checked for it), so the whole page is built again inside one
 *    repeatable-read snapshot, where every statement sees the same instant. Rare (a change racing
 *    a cold cache); exact.
 * 4. The next cursor is B; has_more when a change after B exists.
 * 5. Every answer names the tenant's sync epoch (migration 0002), so a device can tell that the
 *    history its cursor belongs to was replaced.
 *
 * Never missing a change relies on change order = commit order (db/change-seq.ts) and on the single
 * snapshot: everything with a number <= B that will ever exist is already visible in it.
 *
 * Returns the answer (UTF-8 JSON) with its next cursor and `has_more`, which the route repeats in
 * headers.
 */
export async function pullPage(
  db: Kysely<Database>,
  tenantId: string,
  epoch: string,
  user: ActingUser,
  cursorText: string,
  limit: number,
  wires?: WireCache,
  collections?: string,
): Promise<PulledPage> {
  const cursor = Number(cursorText);
  const caller: Caller = { id: user.id, role: user.role, scope: orderScope(user) };
  const chosen = ((collections && parseCollectionList(SYNCED, collections)) ||
    SYNC_COLLECTIONS) as SyncCollection[];
  const build = async (ex: Executor): Promise<PullPage | null> => {
    const page = await changedPage(ex, pageSources(chosen, tenantId, caller, cursor), limit);
    const context = { ex, tenantId, caller, wires, first: cursor === 0 };
    const parts = {} as Record<SyncCollection, Part>;
    for (const name of SYNC_COLLECTIONS) {
      const text = page.texts[name];
      const part =
        text === undefined ? { upserts: [], removals: [] } : await PULL_SOURCES[name].part(context, text);
      if (!part) return null;
      parts[name] = part;
    }
    return {
      epoch,
      cursor: String(page.boundary ?? cursor),
      has_more: page.hasMore,
      parts,
    };
  };
  const page = (await build(db)) ?? (await inSnapshot(db, async (trx) => build(trx)));
  if (!page) throw new Error('sync pull: a row changed inside a repeatable-read snapshot');
  return { body: pullBody(page), cursor: page.cursor, hasMore: page.has_more };
}
