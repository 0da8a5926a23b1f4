/**
 * Live push latency: from "a change is committed" (the writer's HTTP answer arrives)
 * to "another user's open GET /api/events stream received its event". The server runs as a CHILD
 * process (support/bench-server.ts: in-memory PGlite, then PostgreSQL when TEST_DATABASE_URL names
 * an admin URL); this process holds the salesperson's stream and, CHANGES times one after another,
 * has a manager make a change that concerns that salesperson (approve / reject one of their
 * orders). Latency = event received − answer received (so it is what the push adds after commit;
 * negative when the event overtakes the HTTP answer). Also prints write→event including the
 * write itself. Figures only, nothing asserted.
 *
 *   node --import tsx tests/bench/push-latency-bench.ts              (CHANGES=100)
 */
import { randomUUID } from 'node:crypto';
import { openEvents } from '../api/support/sse-client';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const CHANGES = Number(process.env.CHANGES ?? 100);
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function benchOne(label: string, databaseUrl: string | undefined) {
  const { child, ready } = await startServer({
    BENCH_ORDERS: '0',
    BENCH_SERVER_DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const origin = `http://127.0.0.1:${ready.port}`;
    const base = `${origin}/api`;
    const q = '?tenant=demo';
    const login = async (username: string) => {
      const r = await fetch(`${base}/auth/login${q}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'demo1234' }),
      });
      return ((await r.json()) as { token: string }).token;
    };
    const [sales, manager] = [await login('sales'), await login('manager')];
    const json = (token: string) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    });
    // The orders to change, made first (their own events are not measured).
    const ids: string[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const r = await fetch(`${base}/orders${q}`, {
        method: 'POST',
        headers: json(sales),
        body: JSON.stringify({
          customer_name: `Push ${i}`,
          items: [{ product_name: 'Kalem', quantity: 1, unit_price: 10 }],
        }),
      });
      ids.push(((await r.json()) as { data: { id: string } }).data.id);
    }
    const stream = await openEvents(origin, { tenant: 'demo', token: sales });
    if (stream.status !== 200) throw new Error(`stream: ${stream.status}`);
    await new Promise((r) => setTimeout(r, 300));
    const afterCommit: number[] = [];
    const afterWrite: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const seen = stream.events.length;
      const t0 = performance.now();
      const r = await fetch(`${base}/orders/${ids[i]}/status${q}`, {
        method: 'PATCH',
        headers: json(manager),
        body: JSON.stringify({ status: i % 2 === 0 ? 'approved' : 'rejected', notes: 'bench' }),
      });
      const t1 = performance.now();
      if (r.status !== 200) throw new Error(`status change: ${r.status} ${await r.text()}`);
      await stream.waitFor((e) => e.length > seen, 5_000);
      const at = stream.events[seen]?.at as number;
      afterCommit.push(at - t1);
      afterWrite.push(at - t0);
      // let the change's second event (the notification's number) arrive before the next write
      await new Promise((r) => setTimeout(r, 20));
    }
    stream.close();
    afterCommit.sort((a, b) => a - b);
    afterWrite.sort((a, b) => a - b);
    console.log(
      `${label}: ${CHANGES} changes by the manager → the salesperson's stream: ` +
        `answer→event p50 ${fmt(pct(afterCommit, 0.5))}, p95 ${fmt(pct(afterCommit, 0.95))}, max ${fmt(afterCommit.at(-1) ?? 0)}; ` +
        `request→event p50 ${fmt(pct(afterWrite, 0.5))}, p95 ${fmt(pct(afterWrite, 0.95))}`,
    );
  } finally {
    await stopServer(child);
  }
}

async function main() {
  console.log(`node ${process.version}`);
  await benchOne('PGlite', undefined);
  if (ADMIN_URL) await onTemporaryDatabase(ADMIN_URL, 'push_bench', (url) => benchOne('PostgreSQL', url));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
