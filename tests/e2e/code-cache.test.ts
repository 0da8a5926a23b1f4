/**
 * The built server is compiled through V8's code cache (scripts/start.mjs, runServer): a start
 * with no usable cache compiles the bundle itself, answers, and writes the cache once it is ready;
 * the next start compiles from that cache and leaves it as it is. A damaged cache costs speed,
 * never the start. The builds are already there (the browser tests' own start made them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin } from '../helpers/browser';
import { freePort } from '../helpers/free-port';

const cacheFile = join('dist-server', 'main.cjs.v8-cache');
const dataDir = mkdtempSync(join(tmpdir(), 'sys-code-cache-'));
const started: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(started.map(stop));
  rmSync(dataDir, { recursive: true, force: true });
});

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** `node scripts/start.mjs` on this file's data directory, once it answers /api/health. */
async function start(): Promise<{ child: ChildProcess; output: () => string; base: string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SKIP_BUILD: '1',
      CODE_CACHE_AFTER_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  let healthy = false;
  for (let i = 0; i < 600 && !healthy && child.exitCode === null; i++) {
    try {
      healthy = (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  expect(healthy, output.slice(-2000)).toBe(true);
  return { child, output: () => output, base: `http://127.0.0.1:${port}` };
}

async function waitFor(check: () => boolean, what: string, log: () => string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(check(), `${what}\n${log().slice(-2000)}`).toBe(true);
}

const WRITTEN = 'kod önbelleği yazıldı';

/**
 * The product template as an admin downloads it: its writer is a package loaded by import() on
 * first use, which a function restored from the code cache cannot do on its own.
 */
async function templateXlsx(base: string): Promise<{ status: number; bytes: Buffer }> {
  const { token } = await apiLogin(base, 'demo', 'admin');
  const response = await fetch(`${base}/api/products/import/template.xlsx?tenant=demo`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('the built server’s code cache', () => {
  it('a damaged cache is refused and replaced; the next start compiles from it, keeps it and loads packages on first use', async () => {
    writeFileSync(cacheFile, 'not a code cache');
    const first = await start();
    expect(first.output()).toContain('sunucu kodu derlendi (kod önbelleği geçersiz)');
    await waitFor(
      () => first.output().includes(WRITTEN),
      'the cache is written after the start',
      first.output,
    );
    const written = readFileSync(cacheFile);
    expect(written.length).toBeGreaterThan(100_000);
    await stop(first.child);

    const second = await start();
    expect(second.output()).toContain('sunucu kodu önbellekten derlendi');
    // Code compiled from the cache still loads a package on first use (an .xlsx is a zip: "PK").
    const template = await templateXlsx(second.base);
    expect(template.status).toBe(200);
    expect(template.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const { mtimeMs } = statSync(cacheFile);
    // Given the time the first start took to write it: a start from the cache writes none.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(second.output()).not.toContain(WRITTEN);
    expect(statSync(cacheFile).mtimeMs).toBe(mtimeMs);
    expect(readFileSync(cacheFile).equals(written)).toBe(true);
    await stop(second.child);
  });
});
