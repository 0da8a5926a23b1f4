/**
 * "1,000 queued scans flushed after reconnect", server side: the server runs as a CHILD
 * process (support/bench-server.ts, in-memory PGlite, or also PostgreSQL when TEST_DATABASE_URL names
 * an admin URL), and this process sends what a device's outbox sends when it comes back online:
 * 1,000 POST /warehouse/scan-barcode one after another (the outbox is FIFO, one entry in flight),
 * each with its own Idempotency-Key and scan_id, on one approved order line of 1,000 units. Prints
 * the time, scans per second, per-scan p50/p95, and the server's count afterwards (which must
 * equal 1,000). Figures only, nothing asserted.
 *
 *   node --import tsx tests/bench/scan-flush-bench.ts              (SCANS=1000)
 */
import { randomUUID } from 'node:crypto';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const SCANS = Number(process.env.SCANS ?? 1000);
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
      data: { id: string; name: string; barcode: string; selling_price: number }[];
    };
    const p = products.data[0];
    if (!p) throw new Error('no product');
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

    const times: number[] = [];
    let failed = 0;
    const started = performance.now();
    for (let i = 0; i < SCANS; i++) {
      const t0 = performance.now();
      const r = await fetch(`${base}/warehouse/scan-barcode${q}`, {
        method: 'POST',
        headers: { ...warehouse, ...json, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ barcode: p.barcode, order_id: orderId, scan_id: randomUUID() }),
      });
      await r.arrayBuffer();
      if (r.status !== 200) failed++;
      times.push(performance.now() - t0);
    }
    const total = performance.now() - started;
    const order = (await (await fetch(`${base}/orders/${orderId}${q}`, { headers: warehouse })).json()) as {
      data: { items: { scanned_quantity: number }[] };
    };
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `${label} (${ready.kind}): ${SCANS} scans flushed sequentially in ${(total / 1000).toFixed(2)} s ` +
        `(${((SCANS / total) * 1000).toFixed(0)} scans/s; per scan p50 ${pct(sorted, 0.5).toFixed(1)} ms, ` +
        `p95 ${pct(sorted, 0.95).toFixed(1)} ms); refused ${failed}; ` +
        `server's scanned_quantity ${order.data.items[0]?.scanned_quantity} (device sent ${SCANS})`,
    );
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
