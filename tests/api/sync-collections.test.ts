import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCE_FUNCTION, PULL_SOURCES } from '../../src/server/sync/sources';
import { type SyncPullResponse, syncPullResponse } from '../../src/shared/api/sync';
import { SYNC_COLLECTIONS } from '../../src/shared/api/synced';
import { type Api, type Session, startApi } from './support/harness';
import { ids, pullAll } from './support/pull';

/**
 * The server side of the table of synced collections: a pull limited to some collections (what a
 * device asks for when an app update added a collection to its mirror), and every collection's
 * table announcing its changes to the live channel.
 */

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const TENANT = 'client1';

async function pullOf(s: Session, collections: string, limit: number): Promise<SyncPullResponse[]> {
  const pages: SyncPullResponse[] = [];
  let cursor = '0';
  for (let i = 0; i < 1000; i++) {
    const r = await api.call<{ success: true; data: unknown }>('GET', '/sync/pull', {
      tenant: s.tenant,
      token: s.token,
      query: { cursor, limit, collections },
    });
    expect(r.status).toBe(200);
    const page = syncPullResponse.parse(r.body.data);
    pages.push(page);
    cursor = page.cursor;
    if (!page.has_more) return pages;
  }
  throw new Error('pull never finished');
}

describe('GET /sync/pull?collections=', () => {
  it('brings those collections alone, page by page, exactly as the whole pull has them', async () => {
    const manager = await api.login(TENANT, 'manager');
    const whole = await pullAll(api, manager, '0', 2000);
    const products = whole.flatMap((p) => p.products.upserts);
    const customers = whole.flatMap((p) => p.customers.upserts);
    expect(products.length).toBeGreaterThan(3);

    const pages = await pullOf(manager, 'products,customers', 3);
    // The boundary counts only these collections: pages of at most 3 of their rows (plus rows
    // sharing the last number), so as many pages as their rows need, not as the orders would.
    const rows = products.length + customers.length;
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(rows / 3));
    for (const page of pages) {
      expect(page.orders).toEqual({ upserts: [], removals: [] });
      expect(page.notifications).toEqual({ upserts: [], removals: [] });
    }
    expect(ids(pages.flatMap((p) => p.products.upserts))).toEqual(ids(products));
    expect(pages.flatMap((p) => p.products.upserts)).toEqual(
      expect.arrayContaining(products.map((p) => expect.objectContaining({ cost_price: p.cost_price }))),
    );
    expect(ids(pages.flatMap((p) => p.customers.upserts))).toEqual(ids(customers));
    expect(pages.at(-1)?.has_more).toBe(false);

    // A salesperson's products come without cost_price, as in the whole pull.
    const sales = await api.login(TENANT, 'sales');
    const theirs = (await pullOf(sales, 'products', 500)).flatMap((p) => p.products.upserts);
    expect(theirs.length).toBe(products.length);
    for (const product of theirs) expect(product).not.toHaveProperty('cost_price');
  });

  it('an unknown, empty or repeated collection name → 400 naming "collections"', async () => {
    const sales = await api.login(TENANT, 'sales');
    for (const collections of ['receipts', '', 'products,products', 'orders,', 'x'.repeat(600)]) {
      const r = await api.call<{ success: false; error: string; code: string }>('GET', '/sync/pull', {
        tenant: sales.tenant,
        token: sales.token,
        query: { cursor: '0', collections },
      });
      expect(r.status, collections).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(r.body.error).toBe('Eşitlenecek veriler geçersiz');
    }
  });
});

describe('every synced collection is announced to the live channel', () => {
  it.each(SYNC_COLLECTIONS)('%s: its table has a trigger calling its announcement function', async (name) => {
    const source = PULL_SOURCES[name];
    const { rows } = await sql<{ fn: string }>`
      SELECT p.proname AS fn FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE c.relname = ${source.table} AND NOT t.tgisinternal`.execute(api.db);
    expect(rows.map((r) => r.fn)).toContain(ANNOUNCE_FUNCTION[source.announce]);
  });
});
