import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDb, META } from '../../src/client/local/database';
import { nextPageOf, pullAll } from '../../src/client/local/sync/pull';
import type { Order } from '../../src/shared/api/entities';
import type { SyncPullResponse } from '../../src/shared/api/sync';
import { SYNCED } from '../../src/shared/api/synced';

/**
 * How a pull fetches its pages (src/client/local/sync/pull.ts): the first page at the ordinary
 * size, the pages after it as catch-up pages; each page asked for as soon as the one before it
 * arrived — ahead of the writes, in order, one request at a time — and
 * every page written in order, the cursor moving with it; a page that is not applied drops what
 * was fetched ahead of it.
 */

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function device(): Promise<LocalDb> {
  const db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
  open.push(db);
  await db.open();
  return db;
}

function order(n: number): Order {
  return {
    id: `o${n}`,
    order_number: `ORD-${n}`,
    customer_name: 'Ayşe Yılmaz',
    status: 'pending_approval',
    total_amount: 1,
    total_amount_kurus: 100,
    salesperson_id: 'u1',
    driver_id: null,
    created_at: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
    updated_at: '2025-01-10T10:00:00.000Z',
    version: 1,
    items: [],
    events: [],
  } as unknown as Order;
}

/** The server's feed: `pages` pages after cursor 0 (cursor k → page k+1 with order k+1). */
function feed(pages: number) {
  const page = (cursor: string): SyncPullResponse => {
    const n = Number(cursor) + 1;
    const body: Record<string, unknown> = { epoch: 'e1', cursor: String(n), has_more: n < pages };
    for (const name of Object.keys(SYNCED)) body[name] = { upserts: [], removals: [] };
    body.orders = { upserts: [order(n)], removals: [] };
    return body as SyncPullResponse;
  };
  return page;
}

/** A fetcher whose answers the test releases one by one, recording what was asked and when. */
function heldFetcher(pages: number) {
  const page = feed(pages);
  const asked: { cursor: string; catchingUp: boolean | undefined }[] = [];
  const held: (() => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = (cursor: string, _collections?: readonly string[], catchingUp?: boolean) => {
    asked.push({ cursor, catchingUp });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<SyncPullResponse>((resolve) => {
      held.push(() => {
        inFlight--;
        resolve(page(cursor));
      });
    });
  };
  return { fetchPage, asked, held, maxInFlight: () => maxInFlight };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the pages of a pull', () => {
  it('first page ordinary, then catch-up pages asked for ahead of the writes, one request at a time', async () => {
    const db = await device();
    const server = heldFetcher(6);
    const pulling = pullAll(db, server.fetchPage);

    await settle();
    expect(server.asked).toEqual([{ cursor: '0', catchingUp: false }]);
    server.held.shift()?.();
    await settle();
    // Page 1 arrived: page 2 is asked for at once (a catch-up page), while page 1 is written.
    expect(server.asked.map((a) => a.cursor)).toEqual(['0', '1']);
    expect(server.asked[1]?.catchingUp).toBe(true);
    // Answer everything as it is asked for; the pull ends with the feed.
    while ((await Promise.race([pulling.then(() => 'done'), settle().then(() => 'wait')])) === 'wait')
      server.held.shift()?.();
    expect(server.asked).toEqual([
      { cursor: '0', catchingUp: false },
      ...['1', '2', '3', '4', '5'].map((cursor) => ({ cursor, catchingUp: true })),
    ]);
    expect(server.maxInFlight()).toBe(1);
    expect((await db.orders.orderBy('created_at').toArray()).map((o) => o.id)).toEqual([
      'o1',
      'o2',
      'o3',
      'o4',
      'o5',
      'o6',
    ]);
    expect(await db.getMeta(META.cursor)).toBe('6');
    expect(await db.getMeta(META.mirrorComplete)).toBe(true);
  });

  it("the next page is asked for from the answer's headers, before its body is read; pages stay in order", async () => {
    const db = await device();
    const page = feed(4);
    const asked: string[] = [];
    const bodies: (() => void)[] = [];
    const pulling = pullAll(db, (cursor, _collections, _catchingUp, onNext) => {
      asked.push(cursor);
      const answer = page(cursor);
      // The headers come first (the server's X-Sync-Next-Cursor / X-Sync-Has-More) — here even
      // before the fetcher has returned — and the body only when the test releases it.
      onNext?.({ cursor: answer.cursor, hasMore: answer.has_more });
      return new Promise<SyncPullResponse>((resolve) => bodies.push(() => resolve(answer)));
    });
    await settle();
    // No body has arrived, yet the pages after the first are already asked for — no more than
    // two ahead of the page being read.
    expect(asked).toEqual(['0', '1', '2']);
    while ((await Promise.race([pulling.then(() => 'done'), settle().then(() => 'wait')])) === 'wait')
      bodies.shift()?.();
    expect(asked).toEqual(['0', '1', '2', '3']);
    expect((await db.orders.orderBy('created_at').toArray()).map((o) => o.id)).toEqual([
      'o1',
      'o2',
      'o3',
      'o4',
    ]);
    expect(await db.getMeta(META.cursor)).toBe('4');
  });

  it('reads the next page from the headers only when they are whole', () => {
    const headers = (h: Record<string, string>) => new Headers(h);
    expect(nextPageOf(headers({ 'X-Sync-Next-Cursor': '120', 'X-Sync-Has-More': '1' }))).toEqual({
      cursor: '120',
      hasMore: true,
    });
    expect(nextPageOf(headers({ 'X-Sync-Next-Cursor': '120', 'X-Sync-Has-More': '0' }))?.hasMore).toBe(false);
    expect(nextPageOf(headers({ 'X-Sync-Next-Cursor': '120' }))).toBeNull();
    expect(nextPageOf(headers({ 'X-Sync-Next-Cursor': 'abc', 'X-Sync-Has-More': '1' }))).toBeNull();
    expect(nextPageOf(headers({}))).toBeNull();
  });

  it('a page that is not applied (the cursor moved meanwhile) drops the pages fetched ahead', async () => {
    const db = await device();
    await db.setMeta(META.cursor, '0');
    const page = feed(5);
    const asked: string[] = [];
    await pullAll(db, async (cursor) => {
      asked.push(cursor);
      // Another tab applied the first pages while this one was fetching.
      if (cursor === '0') await db.setMeta(META.cursor, '3');
      return page(cursor);
    });
    // Page 1 was stale: nothing was written; the pages fetched ahead (at most two) are dropped and
    // nothing is asked for after the pull ended.
    expect(await db.orders.count()).toBe(0);
    expect(await db.getMeta(META.cursor)).toBe('3');
    expect(asked[0]).toBe('0');
    expect(asked.length).toBeLessThanOrEqual(3);
    const after = asked.length;
    await settle();
    expect(asked.length).toBe(after);
  });
});
