/**
 * `npm start` as an operator runs it (the browser tests' server is `scripts/start.mjs` itself): on
 * a data directory of its own it starts from the built server, answers, and runs with the memory
 * setting the start script gives it — one glibc malloc arena (docs/operations.md, PGlite memory).
 * The builds are already there (the browser tests' start made them), so nothing is rebuilt.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';

let child: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'sys-npm-start-'));
/** The server process under npm, once found: stopped itself (npm does not pass SIGTERM on). */
let serverPid: number | undefined;
afterAll(async () => {
  const stopped = (pid: number) => !existsSync(`/proc/${pid}`);
  for (const pid of [serverPid, ...descendants(child?.pid ?? -1)])
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  if (child && running(child)) child.kill('SIGTERM');
  // The server closes its database on SIGTERM; wait for it (at most 15 s), then for npm.
  for (let i = 0; i < 150 && serverPid !== undefined && !stopped(serverPid); i++)
    await new Promise((r) => setTimeout(r, 100));
  if (child && running(child)) await new Promise((done) => child?.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Whether `process` has not ended yet. A process ended by a signal has a null `exitCode` (its
 * `signalCode` says which signal), so `exitCode === null` alone would wait for an 'exit' that has
 * already been emitted.
 */
function running(process: ChildProcess): boolean {
  return process.exitCode === null && process.signalCode === null;
}

/** The processes under `pid` (its children, theirs, …), read from /proc. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      /* ended meanwhile */
    }
  }
  return found;
}

describe('npm start', () => {
  it('starts the built server, which answers, with one malloc arena', async () => {
    const port = await freePort();
    let output = '';
    child = spawn('npm', ['start', '--silent'], {
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
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
    let healthy = false;
    for (let i = 0; i < 400 && !healthy && running(child); i++) {
      try {
        healthy = (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    expect(healthy, output.slice(-2000)).toBe(true);
    // The node process itself (not the shell npm runs the script line in).
    const server = descendants(child.pid ?? -1).find((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('scripts/start.mjs'),
    );
    expect(server, 'the server process under npm').toBeDefined();
    serverPid = server;
    const environment = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
    expect(environment).toContain('MALLOC_ARENA_MAX=1');
  });
});
