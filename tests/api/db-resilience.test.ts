import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/api/errors';
import { freePort } from '../helpers/free-port';
import { createTestDatabase, DEMO_PASSWORD, type TestDatabase, testDatabaseUrl } from '../helpers/test-db';

/**
 * A PostgreSQL restart, failover or `pg_terminate_backend` must not take the API process down:
 * the requests whose connection died get 503 DATABASE_UNAVAILABLE in the envelope, the pool makes
 * new connections, and the same process serves again. The real server runs in a CHILD process
 * (an unhandled 'error' event kills a process, and the test runner must not be that process).
 * PostgreSQL only: PGlite is in-process and has no connection to lose.
 */
const adminUrl = testDatabaseUrl();

interface Outcome {
  status: number | 'dropped';
  body: unknown;
  retryAfter?: string | null;
}

const unavailable = {
  success: false,
  error: MESSAGES.databaseUnavailable,
  code: 'DATABASE_UNAVAILABLE',
};

describe.skipIf(!adminUrl)('losing the PostgreSQL connection under load', () => {
  let database: TestDatabase;
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let output = '';
  let exited: { code: number | null; signal: string | null } | null = null;
  let admin: pg.Client;
  let dbName: string;
  let token: string;

  const terminateAll = () =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );

  async function get(path: string, token?: string): Promise<Outcome> {
    try {
      const response = await fetch(`${base}/api${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return {
        status: response.status,
        body: await response.json().catch(() => null),
        retryAfter: response.headers.get('retry-after'),
      };
    } catch {
      return { status: 'dropped', body: null };
    }
  }

  async function send(method: string, path: string, token: string, key: string): Promise<Outcome> {
    try {
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    } catch {
      return { status: 'dropped', body: null };
    }
  }

  async function waitUntilHealthy(): Promise<void> {
    for (let i = 0; i < 600; i++) {
      if (exited) throw new Error(`server exited (${JSON.stringify(exited)}):\n${output.slice(-4000)}`);
      const r = await get('/health');
      if (r.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server did not become healthy:\n${output.slice(-4000)}`);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('expected a PostgreSQL test database');
    dataDir = mkdtempSync(join(tmpdir(), 'sys-dbres-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        DEMO_PASSWORD,
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
    child.on('exit', (code, signal) => {
      exited = { code, signal };
    });
    await waitUntilHealthy();
    // A separate connection (to the admin database) that kills the server's connections.
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    dbName = new URL(database.url).pathname.slice(1);
    const login = await fetch(`${base}/api/auth/login?tenant=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    token = ((await login.json()) as { token: string }).token;
  });

  afterAll(async () => {
    if (child && !exited) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(undefined);
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    await admin?.end().catch(() => {});
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while connections are killed, stays up and recovers', async () => {
    const outcomes: Outcome[] = [];
    let stop = false;
    // Load: reads (the order list) and writes (a transaction with an Idempotency-Key), many at once.
    const worker = async (n: number) => {
      let i = 0;
      while (!stop) {
        i++;
        outcomes.push(
          n % 3 === 0
            ? await send('PATCH', '/notifications/mark-all-read?tenant=demo', token, `res-${n}-${i}`)
            : await get('/orders?tenant=demo', token),
        );
      }
    };
    const workers = Array.from({ length: 9 }, (_, n) => worker(n));

    // Kill the server's connections a few times while the load runs, until some request was hit
    // (the kill lands on busy connections most of the time; keep going a bit longer if not).
    let kills = 0;
    try {
      for (let round = 0; round < 40; round++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const r = await terminateAll();
        kills += r.rowCount ?? 0;
        if (round >= 4 && outcomes.some((o) => o.status === 503)) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      stop = true;
      await Promise.all(workers);
    }

    expect(kills).toBeGreaterThan(0);
    // The process is still there…
    expect(exited, output.slice(-4000)).toBeNull();
    expect(child.exitCode).toBeNull();
    // …no request was dropped or got a 500: only successes and the envelope's 503.
    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const failed = outcomes.filter((o) => o.status === 503);
    expect(failed.length).toBeGreaterThan(0);
    for (const o of failed) {
      expect(o.body).toEqual(unavailable);
    }

    // The pool made new connections: healthy again, and the same token reads again.
    await waitUntilHealthy();
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ success: true, data: { database: 'ok' } });
    const orders = await get('/orders?tenant=demo', token);
    expect(orders.status).toBe(200);
    expect(orders.body).toMatchObject({ success: true });
    const again = await send('PATCH', '/notifications/mark-all-read?tenant=demo', token, 'res-after');
    expect(again.status).toBe(200);
    expect(exited).toBeNull();
  });

  it('answers 503 while the database refuses connections, and serves again once it is back', async () => {
    // What a restart looks like from the API: every connection dropped, new ones refused.
    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    try {
      await terminateAll();
      const orders = await get('/orders?tenant=demo', token);
      expect(orders.status).toBe(503);
      expect(orders.body).toEqual(unavailable);
      expect(orders.retryAfter).toBe('5');
      const health = await get('/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ data: { status: 'degraded', database: 'unavailable' } });
      // A sign-in needs the database too: 503, not "wrong password" and not a 500.
      const login = await fetch(`${base}/api/auth/login?tenant=demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(503);
      expect(await login.json()).toEqual(unavailable);
      expect(exited).toBeNull();
    } finally {
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    }
    await waitUntilHealthy();
    const orders = await get('/orders?tenant=demo', token);
    expect(orders.status).toBe(200);
    expect(exited).toBeNull();
  });
});
