/**
 * The real product (`scripts/start.mjs`, what `npm start` runs) in a child process on a fresh
 * DATA_DIR (PGlite, migrated + seeded on first start) and a free port, for browser benchmarks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../helpers/free-port';

export interface BenchServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * `dataDir`: a data directory the caller prepared (e.g. with bulk orders); it is left in place on
 * stop (the caller owns it). Without one, a fresh directory is made and removed on stop.
 */
export async function startBenchServer(options: { dataDir?: string } = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sys-bench-'));
  let output = '';
  // BENCH_CHILD_ARGS: extra Node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  // SHOW_SERVER=1: the server's output is printed as it comes.
  const extra = (process.env.BENCH_CHILD_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, 'scripts/start.mjs'], {
    env: {
      // As `npm start` sets it (package.json): one glibc malloc arena.
      MALLOC_ARENA_MAX: '1',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      ...(process.env.BENCH_DIST_DIR ? { DIST_DIR: resolve(process.env.BENCH_DIST_DIR) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    if (process.env.SHOW_SERVER) process.stdout.write(d);
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          done(undefined);
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          done(undefined);
        });
      });
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // a client build may run first
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early (${child.exitCode}):\n${output.slice(-4000)}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`server did not become healthy:\n${output.slice(-4000)}`);
}
