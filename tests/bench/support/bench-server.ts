/**
 * The server under benchmark, run as a CHILD process of the benchmark (tests/bench/reads-bench.ts),
 * so the load generator never shares an event loop or a CPU budget with the app it measures.
 *
 * It opens the database (in-memory PGlite, or PostgreSQL at BENCH_SERVER_DATABASE_URL — an empty database
 * the parent created), migrates, seeds, adds BENCH_ORDERS orders (bulk-orders.ts) and BENCH_PRODUCTS
 * products (bulk-products.ts) for tenant demo through the repository, runs VACUUM (ANALYZE) as main.ts does on PGlite (and autovacuum would
 * do on PostgreSQL), then builds the real app in production mode (no response contract checks, no
 * logging) and listens on a free port. It tells the parent the port over IPC and closes on SIGTERM.
 */
import { buildApp } from '../../../src/server/app';
import { testConfig } from '../../../src/server/config';
import { pgliteChangeListener, postgresChangeListener } from '../../../src/server/db/change-listener';
import { migrateToLatest, openDatabase, refreshStatistics } from '../../../src/server/db/database';
import { seedIfEmpty } from '../../../src/server/seed/seed';
import { insertBulkOrders } from './bulk-orders';
import { insertBulkProducts } from './bulk-products';

export interface BenchServerReady {
  type: 'ready';
  port: number;
  kind: string;
  orders: number;
  seedMs: number;
}

async function main() {
  const url = process.env.BENCH_SERVER_DATABASE_URL;
  const count = Number(process.env.BENCH_ORDERS ?? 10_000);
  const started = performance.now();
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 10 } : {});
  await migrateToLatest(database.db);
  await seedIfEmpty(database.db, { demoPassword: 'demo1234', production: false });
  const bulk = await insertBulkOrders(database.db, { tenantId: 'demo', count, seed: 'reads-bench' });
  // BENCH_PRODUCTS: a catalogue of that many extra products for tenant demo (products-bench.ts).
  const products = Number(process.env.BENCH_PRODUCTS ?? 0);
  if (products > 0)
    await insertBulkProducts(database.db, { tenantId: 'demo', count: products, seed: 'products-bench' });
  await refreshStatistics(database.db);
  const app = await buildApp({
    db: database.db,
    // Live push as main.ts wires it (GET /api/events hears the database's announcements).
    changes: database.pglite
      ? pgliteChangeListener(database.pglite)
      : url
        ? postgresChangeListener(url)
        : undefined,
    config: testConfig({
      loginRateLimitPerMinute: 1_000_000,
      logLevel: 'silent',
      nodeEnv: 'production',
      // As main.ts runs it (AUTH_CACHE_MS default): tenants and sessions through the read cache.
      authCacheMs: 2_000,
    }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const ready: BenchServerReady = {
    type: 'ready',
    port: (app.server.address() as { port: number }).port,
    kind: database.kind,
    orders: bulk.inserted,
    seedMs: performance.now() - started,
  };
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('disconnect', () => void close());
  process.send?.(ready);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
