/**
 * PGlite's memory settings against speed (not a test: it prints figures and asserts nothing).
 *
 * Question: what does a smaller page cache (shared_buffers, database.ts PGLITE_SETTINGS) cost in
 * speed, and what does it save in memory? One data directory ON DISK (as `npm start` uses it) is
 * prepared once: migrated, demo seed, plus BENCH_ORDERS orders for tenant demo, VACUUM (ANALYZE).
 * Then, for each shared_buffers value, the server runs in a CHILD process on that directory (the
 * real app, buildApp + listen), and this process, as the manager, times sequential requests:
 *   GET /api/orders?page=1&limit=10 (the first page of /orders with its total), pages 1..N of
 *   the same list (older pages: colder rows), GET /api/orders/{id}, GET /api/sync/pull?limit=500
 *   (walked to the end: every row once), and GET /api/dashboard/stats;
 * and reads the child's VmRSS after them.
 *
 *   node --import tsx tests/bench/pglite-settings-bench.ts
 *   BENCH_ORDERS=20000 SETTINGS=128MB,32MB,16MB node --import tsx tests/bench/pglite-settings-bench.ts
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const SETTINGS = (process.env.SETTINGS ?? '128MB,32MB,16MB').split(',').filter(Boolean);

async function serve(dataDir: string, sharedBuffers: string) {
  const { openDatabase } = await import('../../src/server/db/database');
  const { buildApp } = await import('../../src/server/app');
  const { testConfig } = await import('../../src/server/config');
  const database = await openDatabase({ dataDir, sharedBuffers });
  const app = await buildApp({
    db: database.db,
    config: testConfig({ loginRateLimitPerMinute: 1_000_000, logLevel: 'silent', nodeEnv: 'production' }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ port: (app.server.address() as { port: number }).port });
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

async function prepare(dataDir: string) {
  const { openDatabase, migrateToLatest, refreshStatistics } = await import('../../src/server/db/database');
  const { seedIfEmpty } = await import('../../src/server/seed/seed');
  const { insertBulkOrders } = await import('./support/bulk-orders');
  const database = await openDatabase({ dataDir });
  await migrateToLatest(database.db);
  await seedIfEmpty(database.db, { demoPassword: 'demo1234', production: false });
  await insertBulkOrders(database.db, { tenantId: 'demo', count: ORDERS, seed: 'pglite-settings-bench' });
  await refreshStatistics(database.db);
  await database.close();
}

function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function timed(times: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < times; i++) await fn(i);
  return (performance.now() - started) / times;
}

async function measure(dataDir: string, sharedBuffers: string) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ROLE: 'serve', DATA: dataDir, SHARED_BUFFERS: sharedBuffers },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number }));
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}/api`;
    const login = await fetch(`${base}/auth/login?tenant=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json() as Promise<{ data: unknown }>;
    };
    const first = (await get('/orders?tenant=demo&page=1&limit=10')) as {
      data: { orders: { id: string }[]; pagination: { total: number } };
    };
    const ids = first.data.orders.map((o) => o.id);
    const pages = Math.min(200, Math.ceil(first.data.pagination.total / 50));
    const rssStart = rssMiB(child.pid);
    const list = await timed(100, () => get('/orders?tenant=demo&page=1&limit=10'));
    const deep = await timed(pages, (i) => get(`/orders?tenant=demo&page=${i + 1}&limit=50`));
    const detail = await timed(100, (i) => get(`/orders/${ids[i % ids.length]}?tenant=demo`));
    let pulls = 0;
    const pullStarted = performance.now();
    for (let cursor: unknown = 0; cursor !== null && pulls < 200; pulls++) {
      const page = (await get(`/sync/pull?tenant=demo&cursor=${cursor}&limit=500`)) as {
        data: { cursor?: unknown; has_more?: boolean };
      };
      cursor = page.data.has_more ? page.data.cursor : null;
    }
    const pull = performance.now() - pullStarted;
    const stats = await timed(20, () => get('/dashboard/stats?tenant=demo'));
    console.log(
      `| ${sharedBuffers} | ${list.toFixed(1)} | ${deep.toFixed(1)} (${pages} pages) | ${detail.toFixed(1)} | ` +
        `${pull.toFixed(0)} (${pulls} pages) | ${stats.toFixed(1)} | ${rssStart.toFixed(0)} → ${rssMiB(child.pid).toFixed(0)} |`,
    );
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

if (process.env.ROLE === 'serve') {
  await serve(process.env.DATA as string, process.env.SHARED_BUFFERS as string);
} else {
  const work = mkdtempSync(join(tmpdir(), 'sys-pglite-settings-'));
  try {
    const dataDir = join(work, 'pglite');
    const started = performance.now();
    await prepare(dataDir);
    console.log(
      `data directory: demo seed + ${ORDERS.toLocaleString('en')} orders, prepared in ${((performance.now() - started) / 1000).toFixed(0)} s; mean ms per request, sequential`,
    );
    console.log(
      '| shared_buffers | orders page 1 | orders pages 1..N | order detail | full sync pull | dashboard stats | server RSS MiB (before → after) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    // Twice over, in alternation: a neighbour's load on the shared machine falls on each setting.
    for (const round of [1, 2]) {
      for (const setting of SETTINGS) await measure(dataDir, setting);
      if (round === 1) console.log('|  |  |  |  |  |  |  |');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
