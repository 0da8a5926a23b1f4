/**
 * `npm run bench`: every benchmark in sequence (not part of `npm test`). Figures are printed, never
 * asserted. Builds the client first if `dist/` is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(label: string, args: string[]) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}

if (!existsSync('dist/index.html')) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
run('bundle and precache sizes', ['--import', 'tsx', 'tests/bench/build-size.ts']);
run('API throughput (autocannon)', ['--import', 'tsx', 'tests/bench/api-bench.ts']);
run('orders API at 10,000 and 100,000 orders (autocannon)', [
  '--import',
  'tsx',
  'tests/bench/orders-api-bench.ts',
]);
run('first sync into Dexie and offline /orders in Chromium', [
  '--import',
  'tsx',
  'tests/bench/dexie-sync-bench.ts',
]);
