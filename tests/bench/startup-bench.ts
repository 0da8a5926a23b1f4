/**
 * Start-up and idle memory of the embedded server (not a test: it prints figures and asserts
 * nothing).
 *
 * Question: how much longer than PGlite itself does `npm start` take to answer its first request
 * on an existing data directory, and how much memory does the server hold when idle?
 *
 *   1. first start: `npm start` on a fresh DATA_DIR (migrations + demo seed, and the client build
 *      if its sources changed): time to the first `/api/health` answer, then the server's resident
 *      memory (VmRSS of /proc/<pid>/status) once idle;
 *   2. the floor: a bare node script that opens a COPY of that data directory with PGlite and
 *      answers `SELECT 1` (time from spawn to the answer);
 *   3. restart: `npm start` on the existing DATA_DIR: time to the first `/api/health` answer, and
 *      VmRSS once idle.
 *   Floor and restart alternate RUNS times (the machine is shared; medians are printed), then the
 *   ratio restart / floor.
 *
 *   node --import tsx tests/bench/startup-bench.ts
 *   RUNS=5 SETTLE_MS=15000 node --import tsx tests/bench/startup-bench.ts
 *   START_COMMAND='node dist-server/main.cjs' …   (another command than `npm start --silent`)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/free-port';

const RUNS = Number(process.env.RUNS ?? 3);
/** Idle time before reading VmRSS: after the VACUUM (ANALYZE) main.ts runs 5 s after listening. */
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 15_000);
const root = process.cwd();
const [command = 'npm', ...commandArgs] = (process.env.START_COMMAND ?? 'npm start --silent').split(' ');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

function childrenOf(pid: number): number[] {
  const result: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return result;
  }
  for (const task of tasks) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of text.split(/\s+/).filter(Boolean))
        result.push(Number(child), ...childrenOf(Number(child)));
    } catch {
      /* gone */
    }
  }
  return result;
}

/**
 * The server process under `npm start` (npm → sh → node …): the node descendant holding the most
 * memory (the launcher and the server are one process; should it ever fork, the server is the big
 * one).
 */
function serverPid(npmPid: number): number | undefined {
  let best: { pid: number; rss: number } | undefined;
  for (const pid of childrenOf(npmPid)) {
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!/node/.test(cmd)) continue;
    const { rss } = memoryOf(pid);
    if (!best || rss > best.rss) best = { pid, rss };
  }
  return best?.pid;
}

interface Started {
  child: ChildProcess;
  ms: number;
  output: () => string;
}

async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort();
  let output = '';
  const started = performance.now();
  // Its own process group: the whole tree (npm, sh, node) is stopped together.
  const child = spawn(command, commandArgs, {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        return { child, ms: performance.now() - started, output: () => output };
      }
    } catch {
      /* not up yet */
    }
    await sleep(25);
  }
  throw new Error(`npm start did not answer:\n${output}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
  // The server (a grandchild) may still be closing PGlite: wait until nothing of the group is left.
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(-child.pid, 0);
      await sleep(50);
    } catch {
      return;
    }
  }
}

async function idleMemory(child: ChildProcess): Promise<{ pid?: number; rss: number; peak: number }> {
  await sleep(SETTLE_MS);
  const pid = child.pid === undefined ? undefined : serverPid(child.pid);
  return pid === undefined ? { rss: Number.NaN, peak: Number.NaN } : { pid, ...memoryOf(pid) };
}

/** The floor: a bare node script, PGlite on the data directory, `SELECT 1`, nothing else. */
function floor(pgliteDir: string): Promise<number> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const db = new PGlite(${JSON.stringify(pgliteDir)});
    await db.query('SELECT 1');
    console.log('answered');
    await db.close();
  `;
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let ms: number | undefined;
    child.stdout?.on('data', (d: Buffer) => {
      if (ms === undefined && d.toString().includes('answered')) ms = performance.now() - started;
    });
    child.once('exit', (code) =>
      ms !== undefined && code === 0 ? resolve(ms) : reject(new Error(`floor script exited (${code})`)),
    );
  });
}

const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmtMiB = (mib: number) => `${mib.toFixed(0)} MiB`;

const work = mkdtempSync(join(tmpdir(), 'sys-startup-bench-'));
try {
  const dataDir = join(work, 'data');
  console.log(
    `first start (migrations + demo seed${existsSync('dist/.build-hash') ? '' : ' + client build'})…`,
  );
  const first = await npmStart(dataDir);
  const firstMem = await idleMemory(first.child);
  await stop(first.child);
  console.log(
    `first start: first /api/health answer after ${fmtS(first.ms)}; idle after the seed: RSS ${fmtMiB(firstMem.rss)} (peak ${fmtMiB(firstMem.peak)})`,
  );

  const copy = join(work, 'floor-copy');
  cpSync(join(dataDir, 'pglite'), copy, { recursive: true });
  const floors: number[] = [];
  const restarts: number[] = [];
  const rss: number[] = [];
  const peaks: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const f = await floor(copy);
    floors.push(f);
    const restart = await npmStart(dataDir);
    restarts.push(restart.ms);
    const mem = await idleMemory(restart.child);
    rss.push(mem.rss);
    peaks.push(mem.peak);
    await stop(restart.child);
    console.log(
      `run ${run}: floor ${fmtS(f)}; npm start → first /api/health ${fmtS(restart.ms)} (${(restart.ms / f).toFixed(1)}×); idle RSS ${fmtMiB(mem.rss)} (peak ${fmtMiB(mem.peak)})`,
    );
    if (run === 1 && process.env.SHOW_LOG === '1') console.log(restart.output());
  }
  console.log(
    `median of ${RUNS}: floor ${fmtS(median(floors))}; npm start on an existing data directory ${fmtS(median(restarts))}; ` +
      `ratio ${(median(restarts) / median(floors)).toFixed(2)}× (median of the runs' own ratios ${median(restarts.map((r, i) => r / (floors[i] ?? Number.NaN))).toFixed(2)}×); ` +
      `idle RSS after a restart ${fmtMiB(median(rss))} (peak ${fmtMiB(median(peaks))})`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
