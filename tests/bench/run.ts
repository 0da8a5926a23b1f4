/**
 * `npm run bench`: every benchmark in sequence (not part of `npm test`). Figures are printed, never
 * asserted. Builds the client first if `dist/` is missing.
 * `npm run bench -- outbox-drain dexie-sync`: only the benchmarks whose file name contains one of
 * the words given.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const only = process.argv.slice(2);

function run(label: string, args: string[]) {
  const file = args.find((a) => a.startsWith('tests/bench/')) ?? '';
  if (only.length > 0 && !only.some((word) => file.includes(word))) return;
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}

if (!existsSync('dist/index.html')) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
run('bundle and precache sizes', ['--import', 'tsx', 'tests/bench/build-size.ts']);
run('npm start: time to the first /api/health answer vs a bare PGlite SELECT 1, and idle RSS', [
  '--import',
  'tsx',
  'tests/bench/startup-bench.ts',
]);
run('PGlite shared_buffers: request times and server RSS at 20,000 orders on disk', [
  '--import',
  'tsx',
  'tests/bench/pglite-settings-bench.ts',
]);
run("PGlite: binary values (bytea) written and read, PGlite's own converters vs the server's", [
  '--import',
  'tsx',
  'tests/bench/pglite-bytea-bench.ts',
]);
run('first visit of /login in Chromium (JS until network idle, LCP/TBT)', [
  '--import',
  'tsx',
  'tests/bench/login-load-bench.ts',
]);
run('a customer account on the device: 10,000 open items, and ageing over 5,000 accounts (Chromium)', [
  '--import',
  'tsx',
  'tests/bench/account-device-bench.ts',
]);
run('API throughput (autocannon)', ['--import', 'tsx', 'tests/bench/api-bench.ts']);
run('orders API at 10,000 and 100,000 orders (autocannon)', [
  '--import',
  'tsx',
  'tests/bench/orders-api-bench.ts',
]);
run('order reads and the sync pull vs /api/health (server in a child process; autocannon)', [
  '--import',
  'tsx',
  'tests/bench/reads-bench.ts',
]);
run('GET /api/products with filters at 100,000 products vs /api/health (server in a child process)', [
  '--import',
  'tsx',
  'tests/bench/products-bench.ts',
]);
run(
  'GET /api/admin/logs with filters over 1,000,000 audit entries, plans and a CSV export (PGlite and PostgreSQL)',
  ['--import', 'tsx', 'tests/bench/admin-logs-bench.ts'],
);
run('GET /api/dashboard/stats at 10,000 and 100,000 orders vs /api/health (server in a child process)', [
  '--import',
  'tsx',
  'tests/bench/dashboard-stats-bench.ts',
]);
run('device health reports on the pull: bytes and server time with vs without (server in a child process)', [
  '--import',
  'tsx',
  'tests/bench/device-report-bench.ts',
]);
run('first sync into Dexie and offline /orders in Chromium', [
  '--import',
  'tsx',
  'tests/bench/dexie-sync-bench.ts',
]);
run('dashboards: offline first render of /dashboard and /manager-dashboard with 10,000 orders (Chromium)', [
  '--import',
  'tsx',
  'tests/bench/dashboard-render-bench.ts',
]);
run('signed-in requests during a burst of sign-ins (server in a child process, autocannon)', [
  '--import',
  'tsx',
  'tests/bench/login-burst-bench.ts',
]);
run('tenant backup and restore at 100,000 orders, and a read beside the backup (PGlite, PostgreSQL)', [
  '--import',
  'tsx',
  'tests/bench/backup-bench.ts',
]);
run('1,000 queued scans flushed (POST /warehouse/scan-barcode, sequential like the outbox)', [
  '--import',
  'tsx',
  'tests/bench/scan-flush-bench.ts',
]);
run('queued outbox drained by the real sync engine: batched vs one by one (server in a child process)', [
  '--import',
  'tsx',
  'tests/bench/outbox-drain-bench.ts',
]);
run(
  'warehouse: wedge scan latency offline/online, queued scans flushed, camera decode, chunk sizes (Chromium)',
  ['--import', 'tsx', 'tests/bench/warehouse-bench.ts'],
);
run(
  '/inventory: offline first rows with 10,000 products, a count of 1,000 scans posted after reconnecting (Chromium)',
  ['--import', 'tsx', 'tests/bench/inventory-bench.ts'],
);
run("live push: change committed → event on another user's GET /api/events stream (PGlite, PostgreSQL)", [
  '--import',
  'tsx',
  'tests/bench/push-latency-bench.ts',
]);
run('bulk product import: 10,000-row .xlsx preview and import, server memory, GET /orders p99 meanwhile', [
  '--import',
  'tsx',
  'tests/bench/import-bench.ts',
]);
run(
  'DNS at registration approval: a tenant record written through PowerDNS, then checked with the resolver',
  ['--import', 'tsx', 'tests/bench/dns-bench.ts'],
);
run(
  'platform: registration approval end to end, and deleting a tenant of 100,000 orders beside another tenant',
  ['--import', 'tsx', 'tests/bench/platform-bench.ts'],
);
run(
  'invoices: 1,000 issued (gap-free), a 200-line invoice rendered (PDF, XML), 10,000 exported (PGlite, PostgreSQL)',
  ['--import', 'tsx', 'tests/bench/invoices-bench.ts'],
);
run(
  'customer account: balance and ageing of 10,000 movements over HTTP (p50/p99), a payment posted to it, a 1,000-line statement as PDF and .xlsx (PGlite, PostgreSQL)',
  ['--import', 'tsx', 'tests/bench/account-statement-bench.ts'],
);
run('/collections on the device: ageing of 5,000 accounts (~10 open items each) and the week by method', [
  '--import',
  'tsx',
  'tests/bench/collections-figures-bench.ts',
]);
