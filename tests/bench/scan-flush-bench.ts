/**
 * "Queued scans flushed after reconnect", server side: the server runs as a CHILD process
 * (support/bench-server.ts, in-memory PGlite, or also PostgreSQL when TEST_DATABASE_URL names an
 * admin URL), and this process sends what a device's outbox sends when it comes back online, on
 * one approved order line of SCANS units, each scan with its own Idempotency-Key and scan_id:
 *  1. one POST /warehouse/scan-barcode per scan, one after another (the per-record endpoint);
 *  2. the same scans through POST /sync/push, up to 100 per request (what the outbox sends).
 * Prints the time, scans per second, per-request p50/p95, and the server's count afterwards (which
 * must equal SCANS). Figures only, nothing asserted.
 *
 *   node --import tsx tests/bench/scan-flush-bench.ts              (SCANS=1000, BATCH_ONLY=1)
 */
import { randomUUID } from 'node:crypto';
import { PUSH_MAX_ENTRIES } from '../../src/shared/api/push';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const SCANS = Number(process.env.SCANS ?? 1000);
/** BATCH_ONLY=1 skips the one-request-per-scan run. */
const BATCH_ONLY = process.env.BATCH_ONLY === '1';
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function benchOne(label: string, databaseUrl: string | undefined) {
  const { child, ready } = await startServer({
    BENCH_ORDERS: '0',
    BENCH_SERVER_DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const base = `http://127.0.0.1:${ready.port}/api`;
    const q = '?tenant=demo';
    const login = async (username: string) => {
      const r = await fetch(`${base}/auth/login${q}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'demo1234' }),
      });
      return { authorization: `Bearer ${((await r.json()) as { token: string }).token}` };
    };
    const [sales, manager, warehouse] = [
      await login('sales'),
      await login('manager'),
      await login('warehouse'),
    ];
    const json = { 'content-type': 'application/json' };
    const products = (await (await fetch(`${base}/products${q}&limit=1`, { headers: sales })).json()) as {
      data: { id: string; name: string; barcode: string; selling_price: number; version: number }[];
    };
    const p = products.data[0];
    if (!p) throw new Error('no product');
    // Approving an order reserves its units: the product gets the stock of both runs first (the
    // seeded stock is at most a few hundred).
    const topUp = await fetch(`${base}/products/${p.id}/stock${q}`, {
      method: 'PATCH',
      headers: { ...warehouse, ...json },
      body: JSON.stringify({
        adjustment: 2 * SCANS,
        reason: 'manual_adjustment',
        expected_version: p.version,
      }),
    });
    if (topUp.status !== 200) throw new Error(`stock top-up: ${topUp.status} ${await topUp.text()}`);
    const newOrder = async () => {
      const created = (await (
        await fetch(`${base}/orders${q}`, {
          method: 'POST',
          headers: { ...sales, ...json },
          body: JSON.stringify({
            customer_name: 'Tarama Testi',
            items: [{ product_id: p.id, product_name: p.name, quantity: SCANS, unit_price: p.selling_price }],
          }),
        })
      ).json()) as { data: { id: string } };
      const orderId = created.data.id;
      await fetch(`${base}/orders/${orderId}/status${q}`, {
        method: 'PATCH',
        headers: { ...manager, ...json },
        body: JSON.stringify({ status: 'approved', expected_status: 'pending_approval' }),
      });
      return orderId;
    };
    const serverCount = async (orderId: string) =>
      (
        (await (await fetch(`${base}/orders/${orderId}${q}`, { headers: warehouse })).json()) as {
          data: { items: { scanned_quantity: number }[] };
        }
      ).data?.items[0]?.scanned_quantity;
    const scanBody = (orderId: string) => ({ barcode: p.barcode, order_id: orderId, scan_id: randomUUID() });

    // 1. One request per scan (the per-record endpoint; what the outbox did before batching).
    if (!BATCH_ONLY) {
      const orderId = await newOrder();
      const times: number[] = [];
      let failed = 0;
      const started = performance.now();
      for (let i = 0; i < SCANS; i++) {
        const t0 = performance.now();
        const r = await fetch(`${base}/warehouse/scan-barcode${q}`, {
          method: 'POST',
          headers: { ...warehouse, ...json, 'idempotency-key': randomUUID() },
          body: JSON.stringify(scanBody(orderId)),
        });
        await r.arrayBuffer();
        if (r.status !== 200) failed++;
        times.push(performance.now() - t0);
      }
      const total = performance.now() - started;
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `${label} (${ready.kind}): ${SCANS} scans one request each in ${(total / 1000).toFixed(2)} s ` +
          `(${((SCANS / total) * 1000).toFixed(0)} scans/s; per scan p50 ${pct(sorted, 0.5).toFixed(1)} ms, ` +
          `p95 ${pct(sorted, 0.95).toFixed(1)} ms); refused ${failed}; ` +
          `server's scanned_quantity ${await serverCount(orderId)} (device sent ${SCANS})`,
      );
    }

    // 2. Batched: POST /sync/push with up to PUSH_MAX_ENTRIES scans per request, in order.
    {
      const orderId = await newOrder();
      const entries = Array.from({ length: SCANS }, () => ({
        key: randomUUID(),
        method: 'POST',
        path: '/warehouse/scan-barcode',
        body: scanBody(orderId),
        record_key: `order:${orderId}`,
      }));
      const times: number[] = [];
      let failed = 0;
      const started = performance.now();
      for (let i = 0; i < entries.length; i += PUSH_MAX_ENTRIES) {
        const t0 = performance.now();
        const r = await fetch(`${base}/sync/push${q}`, {
          method: 'POST',
          headers: { ...warehouse, ...json },
          body: JSON.stringify({ entries: entries.slice(i, i + PUSH_MAX_ENTRIES) }),
        });
        const body = (await r.json()) as { data: { results: { status?: number }[] } };
        const refused = body.data.results.filter((x) => x.status !== 200);
        if (failed === 0 && refused[0])
          console.log('  first refused:', JSON.stringify(refused[0]).slice(0, 300));
        failed += refused.length;
        times.push(performance.now() - t0);
      }
      const total = performance.now() - started;
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `${label} (${ready.kind}): ${SCANS} scans in ${times.length} batches of ≤ ${PUSH_MAX_ENTRIES} in ` +
          `${(total / 1000).toFixed(2)} s (${((SCANS / total) * 1000).toFixed(0)} scans/s; per batch ` +
          `p50 ${pct(sorted, 0.5).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms); refused ${failed}; ` +
          `server's scanned_quantity ${await serverCount(orderId)} (device sent ${SCANS})`,
      );
    }
  } finally {
    await stopServer(child);
  }
}

async function main() {
  console.log(`node ${process.version}`);
  await benchOne('PGlite', undefined);
  if (ADMIN_URL) await onTemporaryDatabase(ADMIN_URL, 'scan_bench', (url) => benchOne('PostgreSQL', url));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
