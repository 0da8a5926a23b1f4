/**
 * Bulk product import benchmark (not a test: it prints figures and asserts nothing).
 *
 * Question: how long do the preview and the import of a 10,000-row workbook take, how much memory
 * does the server need for them, and do other users notice? The server runs in a CHILD process as
 * `npm start` runs it (scripts/start.mjs: the built bundle, PGlite in a fresh temporary DATA_DIR, demo seed); this
 * process builds the files, uploads them as the admin, and is the other users' load generator
 * (autocannon on `GET /api/orders?page=1&limit=10` as the manager, a fixed rate over many
 * connections so a stall shows in p99).
 *
 *   1. baseline: the orders load alone;
 *   2. the same load while the admin previews and confirms a 10,000-row .xlsx of NEW products
 *      (each with stock: 10,000 'import' stock movements), then a second 10,000-row .xlsx that
 *      UPDATES all of them (new prices and stock);
 *   3. preview time (upload → answer), import time (confirm → report), the server's peak resident
 *      memory (VmHWM), and the orders load's p50/p99 during each import vs the baseline.
 *
 *   node --import tsx tests/bench/import-bench.ts
 *   ROWS=10000 RATE=20 node --import tsx tests/bench/import-bench.ts
 *   IMPORT_DATABASE=postgres TEST_DATABASE_URL=postgres://… node --import tsx tests/bench/import-bench.ts
 *     (the server on a temporary PostgreSQL database instead of PGlite)
 *   IMPORT_SERVER=tsx …  (the server from its TypeScript sources through tsx, not the built bundle)
 *   SETTLE_S=20 …        (seconds after the imports before the server's memory is read once more)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeExcelFile from 'write-excel-file/node';
import { type AutocannonOptions, autocannon } from './support/autocannon';
import { onTemporaryDatabase } from './support/temp-database';

const ROWS = Number(process.env.ROWS ?? 10_000);
const RATE = Number(process.env.RATE ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
/** Seconds per load window (the worst window is reported, per phase too). */
const WINDOW_S = Number(process.env.WINDOW_S ?? 2);
const TENANT = 'demo';
const ON_POSTGRES = process.env.IMPORT_DATABASE === 'postgres';
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const FROM_SOURCES = process.env.IMPORT_SERVER === 'tsx';
/** Seconds to wait after the imports before reading the server's memory once more. */
const SETTLE_S = Number(process.env.SETTLE_S ?? 20);

interface Server {
  child: ChildProcess;
  origin: string;
}

function startServer(dataDir: string, databaseUrl = ''): Promise<Server> {
  // BENCH_CHILD_ARGS: extra Node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = (process.env.BENCH_CHILD_ARGS ?? '').split(' ').filter(Boolean);
  // As `npm start` runs it (the built bundle, plain Node) unless IMPORT_SERVER=tsx (the sources).
  const entry = FROM_SOURCES ? ['--import', 'tsx', 'src/server/main.ts'] : ['scripts/start.mjs'];
  const child = spawn(process.execPath, [...extra, ...entry], {
    env: {
      // As `npm start` sets it (package.json): one glibc malloc arena.
      MALLOC_ARENA_MAX: '1',
      ...process.env,
      SKIP_BUILD: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /hazır: (http:\/\/[^/\s]+)\//.exec(out);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        // BENCH_CHILD_LOG: a file for the server's output from here on (e.g. with --trace-gc).
        const log = process.env.BENCH_CHILD_LOG;
        if (log) child.stdout?.on('data', (c: Buffer) => appendFileSync(log, c));
        else child.stdout?.resume();
        resolve({ child, origin: match[1].replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it listened:\n${out}`)));
  });
}

function memory(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

async function login(base: string, username: string): Promise<string> {
  const r = await fetch(`${base}/auth/login?tenant=${TENANT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  return ((await r.json()) as { token: string }).token;
}

async function workbook(rows: number, round: number): Promise<Buffer> {
  const data: unknown[][] = [
    [
      'Ürün Adı',
      'Ürün Kodu',
      'Açıklama',
      'Satış Fiyatı',
      'Kategori',
      'Marka',
      'KDV Oranı',
      'Min. Stok',
      'Stok',
    ],
  ];
  for (let i = 0; i < rows; i++)
    data.push([
      `Toplu Ürün ${i} Çay Şişesi`,
      `BENCH-${String(i).padStart(6, '0')}`,
      'İnce belli cam bardak, ölçü 100 ml',
      Number(((i % 5000) + 0.75 + round).toFixed(2)),
      ['Elektronik', 'Bilgisayar', 'Giyim', 'Ev & Yaşam'][i % 4],
      ['Apple', 'Samsung', 'Dell'][i % 3],
      20,
      5,
      (i % 50) + round * 3,
    ]);
  return writeExcelFile(data as never).toBuffer();
}

interface Load {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
}

async function userLoad(url: string, token: string, duration: number): Promise<Load> {
  const options: AutocannonOptions & { overallRate: number } = {
    url,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration,
    overallRate: RATE,
  };
  const r = (await autocannon(options)) as Awaited<ReturnType<typeof autocannon>> & {
    latency: { max: number };
  };
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
  };
}

async function importOnce(base: string, token: string, file: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  let t = performance.now();
  const preview = await fetch(`${base}/products/import/preview?tenant=${TENANT}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const summary = (await preview.json()) as {
    data: { import_id: string; fingerprint: string; counts: Record<string, number> };
  };
  const previewMs = performance.now() - t;
  if (preview.status !== 200)
    throw new Error(`preview answered ${preview.status}: ${JSON.stringify(summary)}`);
  t = performance.now();
  const confirm = await fetch(`${base}/products/import/${summary.data.import_id}/confirm?tenant=${TENANT}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ expected_fingerprint: summary.data.fingerprint }),
  });
  const report = (await confirm.json()) as { data: Record<string, unknown> };
  const importMs = performance.now() - t;
  if (confirm.status !== 200)
    throw new Error(`confirm answered ${confirm.status}: ${JSON.stringify(report)}`);
  // When each phase ran (performance.now()), to tell the load windows of one from the other.
  const confirmStart = t;
  const phases = { preview: [confirmStart - previewMs, confirmStart], confirm: [confirmStart, t + importMs] };
  return { previewMs, importMs, counts: summary.data.counts, report: report.data, phases };
}

const fmt = (l: Load) =>
  `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms, ${l.requests} requests (${l.non2xx} non-2xx)`;

async function main() {
  if (!ON_POSTGRES) return run('');
  if (!ADMIN_URL) throw new Error('IMPORT_DATABASE=postgres needs TEST_DATABASE_URL (an admin URL)');
  return onTemporaryDatabase(ADMIN_URL, 'bench_import', run);
}

async function run(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  let server: Server | undefined;
  try {
    server = await startServer(dataDir, databaseUrl);
    const base = `${server.origin}/api`;
    const admin = await login(base, 'admin');
    const manager = await login(base, 'manager');
    const url = `${base}/orders?tenant=${TENANT}&page=1&limit=10`;
    const files = [await workbook(ROWS, 0), await workbook(ROWS, 1)];
    console.log(
      `Server: child process (${FROM_SOURCES ? 'src/server/main.ts through tsx' : 'scripts/start.mjs: the built bundle'}), ${databaseUrl ? 'PostgreSQL (temporary database)' : `PGlite in ${dataDir}`}; node ${process.version}. ` +
        `Files: ${ROWS} rows × 9 columns .xlsx (${((files[0]?.length ?? 0) / 1024) | 0} KiB).`,
    );
    console.log(
      `Other users: GET /api/orders page 1 as the manager, ${RATE} req/s over ${CONNECTIONS} connections`,
    );
    await userLoad(url, manager, 5); // warm-up (JIT, caches, the VACUUM main.ts starts after listening)
    const baseline = await userLoad(url, manager, 10);
    const mem0 = memory(server.child.pid);
    console.log(`baseline (no import): ${fmt(baseline)}; server RSS ${mem0.rss.toFixed(0)} MiB`);
    for (const [i, file] of files.entries()) {
      const label = i === 0 ? `${ROWS} new products` : `${ROWS} updates of the same products`;
      let stop = false;
      const load = (async () => {
        const runs: (Load & { from: number; to: number })[] = [];
        while (!stop) {
          const from = performance.now();
          const l = await userLoad(url, manager, WINDOW_S);
          runs.push({ ...l, from, to: performance.now() });
        }
        return runs;
      })();
      await new Promise((r) => setTimeout(r, 500));
      const result = await importOnce(base, admin, file, `bench-${i}.xlsx`);
      stop = true;
      const runs = await load;
      const mem = memory(server.child.pid);
      const p99 = Math.max(...runs.map((r) => r.p99));
      const p50 = Math.max(...runs.map((r) => r.p50));
      const max = Math.max(...runs.map((r) => r.max));
      const requests = runs.reduce((n, r) => n + r.requests, 0);
      console.log(
        `${label}: preview ${(result.previewMs / 1000).toFixed(2)} s (${JSON.stringify(result.counts)}), ` +
          `import ${(result.importMs / 1000).toFixed(2)} s (${JSON.stringify(result.report)})`,
      );
      console.log(
        `  orders load during it (worst ${WINDOW_S}-s window): p50 ${p50} ms, p99 ${p99} ms, max ${max} ms, ${requests} requests; ` +
          `server RSS ${mem.rss.toFixed(0)} MiB, peak ${mem.peak.toFixed(0)} MiB`,
      );
      // The same, per phase: the windows that overlap the preview, and those that overlap the confirmation.
      for (const [phase, [a, b]] of Object.entries(result.phases) as [string, number[]][]) {
        const during = runs.filter((r) => r.to > (a as number) && r.from < (b as number));
        if (during.length === 0) continue;
        console.log(
          `    during the ${phase}: worst window p50 ${Math.max(...during.map((r) => r.p50))} ms, ` +
            `p99 ${Math.max(...during.map((r) => r.p99))} ms, max ${Math.max(...during.map((r) => r.max))} ms`,
        );
      }
    }
    await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
    const settled = memory(server.child.pid);
    console.log(
      `server RSS ${SETTLE_S} s after the imports: ${settled.rss.toFixed(0)} MiB (peak ${settled.peak.toFixed(0)} MiB)`,
    );
  } finally {
    server?.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
