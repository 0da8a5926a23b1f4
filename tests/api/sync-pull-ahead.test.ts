import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpChangeSeq } from '../../src/server/db/change-seq';
import { pullAheadCounts } from '../../src/server/sync/pull-ahead';
import { pullPage } from '../../src/server/sync/sync.service';
import { type Api, type Session, startApi } from './support/harness';
import { pullOnce } from './support/pull';

/**
 * A pull's next page is prepared while the device writes the one it has (src/server/sync/
 * pull-ahead.ts): with nothing changed since, the same bytes a fresh build gives; after a change, a
 * page with more behind it is still served (the change comes later in the feed, once) and a last
 * page is built afresh; never served to another user.
 */
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const TENANT = 'client1';
const LIMIT = 10;

/** The page a fresh build gives now, as the route would answer it. */
async function fresh(s: Session, cursor: string) {
  const tenant = await api.db
    .selectFrom('tenants')
    .select('sync_epoch')
    .where('id', '=', TENANT)
    .executeTakeFirstOrThrow();
  const page = await pullPage(api.db, TENANT, tenant.sync_epoch, s.user, cursor, LIMIT, api.app.wireCache);
  return (JSON.parse(page.body.toString()) as { data: unknown }).data;
}

async function raw(s: Session, cursor: string) {
  const r = await api.call<{ data: unknown }>('GET', '/sync/pull', {
    tenant: s.tenant,
    token: s.token,
    query: { cursor, limit: LIMIT },
  });
  expect(r.status).toBe(200);
  return r.body.data;
}

async function touchOrder(id: string, notes: string) {
  await api.db.transaction().execute(async (trx) => {
    const seq = await bumpChangeSeq(trx, TENANT);
    await trx
      .updateTable('orders')
      .set({ notes, change_seq: seq, updated_at: new Date() })
      .where('tenant_id', '=', TENANT)
      .where('id', '=', id)
      .execute();
  });
}

/** The tenant's live order changed longest ago (on the first page of a pull). */
function oldestOrder() {
  return api.db
    .selectFrom('orders')
    .select('id')
    .where('tenant_id', '=', TENANT)
    .where('deleted_at', 'is', null)
    .orderBy('change_seq')
    .executeTakeFirstOrThrow();
}

/** Pulls from `cursor` to the end: the ids of the orders that arrived with `note`, and the last cursor. */
async function pullRest(s: Session, from: string, note: string) {
  let cursor = from;
  const seen: string[] = [];
  for (let more = true; more; ) {
    const page = await pullOnce(api, s, cursor, LIMIT);
    seen.push(...page.orders.upserts.filter((o) => o.notes === note).map((o) => o.id));
    cursor = page.cursor;
    more = page.has_more;
  }
  return { seen, cursor };
}

describe('GET /sync/pull: the next page prepared ahead', () => {
  it('serves every page after the first from the one prepared for it, the same as a fresh build', async () => {
    const s = await api.login(TENANT, 'manager');
    const served = pullAheadCounts.served;
    let cursor = '0';
    let pages = 0;
    for (let more = true; more; pages++) {
      await api.app.pullAhead.settled();
      const page = (await raw(s, cursor)) as { cursor: string; has_more: boolean };
      if (pages > 0) expect(page).toEqual(await fresh(s, cursor));
      cursor = page.cursor;
      more = page.has_more;
    }
    expect(pages).toBeGreaterThan(3);
    expect(pullAheadCounts.served - served).toBe(pages - 1);
  });

  it('serves a page with more behind it even after a change: the change comes in a later page, once', async () => {
    const s = await api.login(TENANT, 'manager');
    const first = await pullOnce(api, s, '0', LIMIT);
    expect(first.has_more).toBe(true);
    await api.app.pullAhead.settled();
    expect((await fresh(s, first.cursor)) as { has_more: boolean }).toMatchObject({ has_more: true });
    const order = await oldestOrder();
    const note = 'değişti, sayfa hazırlandıktan sonra';
    await touchOrder(order.id, note);
    const served = pullAheadCounts.served;
    const { seen } = await pullRest(s, first.cursor, note);
    expect(pullAheadCounts.served - served).toBeGreaterThan(0);
    expect(seen).toEqual([order.id]);
  });

  it('builds a last page afresh when the tenant changed after it was prepared: the device is never told it is up to date without the change', async () => {
    const s = await api.login(TENANT, 'manager');
    // Pull until the page prepared next is the last one.
    let cursor = '0';
    for (;;) {
      const page = await pullOnce(api, s, cursor, LIMIT);
      expect(page.has_more).toBe(true);
      cursor = page.cursor;
      if (!((await fresh(s, cursor)) as { has_more: boolean }).has_more) break;
    }
    await api.app.pullAhead.settled();
    const order = await oldestOrder();
    const note = 'son sayfa hazırlandıktan sonra';
    await touchOrder(order.id, note);
    const stale = pullAheadCounts.stale;
    const served = pullAheadCounts.served;
    const before = cursor;
    const rest = await pullRest(s, cursor, note);
    expect(pullAheadCounts.stale - stale).toBe(1);
    expect(pullAheadCounts.served - served).toBe(0);
    expect(rest.seen).toEqual([order.id]);
    expect(Number(rest.cursor)).toBeGreaterThan(Number(before));
  });

  it('never serves a page prepared for one user to another, even at the same cursor', async () => {
    const manager = await api.login(TENANT, 'manager');
    const admin = await api.login(TENANT, 'admin');
    const first = await pullOnce(api, manager, '0', LIMIT);
    await api.app.pullAhead.settled();
    const served = pullAheadCounts.served;
    const adminsPage = await pullOnce(api, admin, first.cursor, LIMIT);
    expect(pullAheadCounts.served - served).toBe(0);
    expect(adminsPage).toEqual(await fresh(admin, first.cursor));
    // The manager's own page is still there for the manager.
    await pullOnce(api, manager, first.cursor, LIMIT);
    expect(pullAheadCounts.served - served).toBe(1);
  });
});
