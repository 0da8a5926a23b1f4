/**
 * Outbox drain after reconnecting, device and server together: the real sync engine (Node,
 * fake-indexeddb) against the real server in a CHILD process (support/bench-server.ts, in-memory
 * PGlite, then PostgreSQL when TEST_DATABASE_URL names an admin URL). A device queues its changes
 * offline through the same functions the screens call, then comes back online; the time is from
 * the engine's start until its outbox is empty (every entry acknowledged), for
 *  1. SCANS warehouse scans of one approved order (default 500);
 *  2. MIXED changes by a manager (default 200): order creates, then edits and approvals of a
 *     third of them (a third each; every entry must be applied, none refused);
 * each with the batched push (POST /sync/push) and with one request per entry (`push: 'single'`,
 * what the outbox did before). Prints the figures and the server's counts; asserts nothing.
 * (fake-indexeddb is slower than a browser's IndexedDB: the device side is over-, not under-stated.)
 *
 *   node --import tsx tests/bench/outbox-drain-bench.ts      (SCANS=500 MIXED=200 MODES=batch,single)
 */
import 'fake-indexeddb/auto';
import type { LocalDb } from '../../src/client/local/database';
import { changeOrderStatus, createOrder } from '../../src/client/local/orders';
import { listEntries } from '../../src/client/local/outbox';
import { planSends } from '../../src/client/local/sync/plan';
import { updateOrder } from '../../src/client/orders/local';
import { queueScan } from '../../src/client/warehouse/local';
import { api, device, engine, type Identity, login, offlineFetch } from '../unit/support/sync-fixtures';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const SCANS = Number(process.env.SCANS ?? 500);
const MIXED = Number(process.env.MIXED ?? 200);
const MODES = (process.env.MODES ?? 'batch,single').split(',') as Array<'batch' | 'single'>;
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** Starts the engine online and times until every entry is acknowledged (or refused). */
async function drain(db: LocalDb, apiBase: string, who: Identity, push: 'batch' | 'single') {
  const queued = await db.outbox.count();
  // The time spent waiting for the server's answers to the writes (the rest is the device's own
  // work, and the pulls).
  let serverMs = 0;
  const timedFetch: typeof fetch = async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method === 'GET') return fetch(input, init); // pulls, and the live stream (never ends)
    const t0 = performance.now();
    try {
      const response = await fetch(input, init);
      await response.clone().arrayBuffer();
      return response;
    } finally {
      serverMs += performance.now() - t0;
    }
  };
  const sync = engine(db, apiBase, () => who.token, { push, fetch: timedFetch });
  const started = performance.now();
  await sync.start();
  // Drained = nothing left that could be sent: a refused entry stays in the outbox as 'failed' (for
  // its user to retry or discard) and holds back its record's later entries, so waiting for an
  // empty outbox would never end after a refusal.
  const sendable = async () =>
    planSends(await listEntries(db), {
      now: Number.POSITIVE_INFINITY,
      force: true,
      isMine: () => true,
      isKnown: () => true,
    }).send.length;
  const pending = () => db.outbox.where('status').equals('pending').count();
  const failedCount = () => db.outbox.where('status').equals('failed').count();
  while ((await pending()) > 0 && ((await failedCount()) === 0 || (await sendable()) > 0)) {
    if (performance.now() - started > 600_000) throw new Error('not drained in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  const failedEntries = (await db.outbox.toArray()).filter((e) => e.status === 'failed');
  const failed = failedEntries.length;
  for (const e of failedEntries.slice(0, 3))
    console.log(`  refused: ${e.method} ${e.path} → ${e.http_status} ${e.code} ${e.error}`);
  await sync.whenIdle();
  await sync.stop();
  return { queued, ms, failed, serverMs };
}

/** A device of `who`, pulled once, then offline. */
async function primed(apiBase: string, who: Identity) {
  const db = device().open(who);
  const first = engine(db, apiBase, () => who.token);
  await first.start();
  await first.whenIdle();
  await first.stop();
  return db;
}

async function benchOne(label: string, databaseUrl: string | undefined) {
  const { child, ready } = await startServer({
    BENCH_ORDERS: '0',
    BENCH_SERVER_DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const apiBase = `http://127.0.0.1:${ready.port}/api`;
    const [sales, manager, warehouse] = [
      await login(apiBase, 'demo', 'sales'),
      await login(apiBase, 'demo', 'manager'),
      await login(apiBase, 'demo', 'warehouse'),
    ];
    const products = (await api(apiBase, sales, 'GET', '/products?limit=5')).body as {
      data: { id: string; name: string; barcode: string; selling_price: number; version: number }[];
    };
    const p = products.data.find((x) => x.barcode);
    if (!p) throw new Error('no product with a barcode');
    // Approving an order reserves its units: the product gets the stock of every run first (the
    // seeded stock is at most a few hundred).
    const topUp = await api(apiBase, warehouse, 'PATCH', `/products/${p.id}/stock`, {
      adjustment: SCANS * MODES.length,
      reason: 'manual_adjustment',
      expected_version: p.version,
    });
    if (topUp.status !== 200) throw new Error(`stock top-up: ${topUp.status} ${JSON.stringify(topUp.body)}`);

    for (const mode of MODES) {
      // 1. Scans.
      const created = await api(apiBase, sales, 'POST', '/orders', {
        customer_name: `Boşaltma ${mode}`,
        items: [
          { product_id: p.id, product_name: p.name, quantity: SCANS, unit_price: Number(p.selling_price) },
        ],
      });
      const orderId = (created.body as { data: { id: string } }).data.id;
      await api(apiBase, manager, 'PATCH', `/orders/${orderId}/status`, {
        status: 'approved',
        expected_status: 'pending_approval',
      });
      const wdb = await primed(apiBase, warehouse);
      const order = await wdb.orders.get(orderId);
      const itemId = String(((order?.items ?? []) as { id: string }[])[0]?.id);
      const offline = engine(wdb, apiBase, () => warehouse.token, { fetch: offlineFetch });
      // Queueing them on the device (what a scanning screen does per scan: one outbox entry and the
      // order's shown counts), timed too: the last of a long backlog must not cost more than the first.
      const queueStarted = performance.now();
      const firstTen = { at: 0 };
      for (let i = 0; i < SCANS; i++) {
        if (i === 10) firstTen.at = performance.now() - queueStarted;
        await queueScan(wdb, {
          orderId,
          orderNumber: String(order?.order_number),
          barcode: p.barcode,
          quantity: 1,
          itemId,
          units: 1,
          productName: p.name,
        });
      }
      const queueMs = performance.now() - queueStarted;
      await offline.stop();
      console.log(
        `${label} (${ready.kind}) ${mode}: ${SCANS} scans queued offline in ${(queueMs / 1000).toFixed(2)} s ` +
          `(the first 10: ${firstTen.at.toFixed(0)} ms)`,
      );
      const scans = await drain(wdb, apiBase, warehouse, mode);
      const server = (await api(apiBase, warehouse, 'GET', `/orders/${orderId}`)).body?.data as {
        items: { scanned_quantity: number }[];
      };
      console.log(
        `${label} (${ready.kind}) ${mode}: ${scans.queued} queued scans acknowledged in ${(scans.ms / 1000).toFixed(2)} s ` +
          `(waiting for the server ${(scans.serverMs / 1000).toFixed(2)} s) ` +
          `(failed ${scans.failed}; server's count ${server.items[0]?.scanned_quantity})`,
      );
      wdb.close();

      // 2. Mixed changes: creates, then approvals and edits of those orders.
      const mdb = await primed(apiBase, manager);
      const third = Math.floor(MIXED / 3);
      const ids: string[] = [];
      for (let i = 0; i < MIXED - 2 * third; i++) {
        const o = await createOrder(mdb, {
          customer_name: `Karışık ${mode} ${i}`,
          items: [
            { product_id: p.id, product_name: p.name, quantity: 2, unit_price: Number(p.selling_price) },
          ],
        });
        ids.push(o.id);
      }
      // Edits before approvals: a manager may edit an order only while it awaits approval.
      for (let i = 0; i < third; i++) await updateOrder(mdb, ids[i] as string, { notes: `not ${i}` });
      for (let i = 0; i < third; i++) await changeOrderStatus(mdb, ids[i] as string, 'approved');
      const mixed = await drain(mdb, apiBase, manager, mode);
      console.log(
        `${label} (${ready.kind}) ${mode}: ${mixed.queued} mixed changes acknowledged in ${(mixed.ms / 1000).toFixed(2)} s ` +
          `(waiting for the server ${(mixed.serverMs / 1000).toFixed(2)} s) ` +
          `(failed ${mixed.failed})`,
      );
      mdb.close();
    }
  } finally {
    await stopServer(child);
  }
}

async function main() {
  console.log(`node ${process.version}`);
  await benchOne('PGlite', undefined);
  if (ADMIN_URL) await onTemporaryDatabase(ADMIN_URL, 'drain_bench', (url) => benchOne('PostgreSQL', url));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
