/**
 * Browser tests run against the real product: `scripts/start.mjs` (what `npm start` runs) in a
 * child process, on a fresh data directory (PGlite, migrated + seeded on first start) and a free
 * port. The base URL is handed to the test files through vitest's `provide`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'sys-e2e-'));
  let output = '';
  child = spawn(process.execPath, ['scripts/start.mjs'], {
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
      // Many sign-ins from one IP in a few minutes: the per-IP limit is not what these tests check.
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, () => output.slice(-4000));
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const timer = setTimeout(() => {
          child?.kill('SIGKILL');
          r(undefined);
        }, 10_000);
        child?.once('exit', () => {
          clearTimeout(timer);
          r(undefined);
        });
      });
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
