/**
 * Login-burst benchmark (not a test: it prints figures and asserts nothing).
 *
 * Question: does a burst of sign-ins (each one a memory-hard password hash) stall the requests of
 * the users who are already signed in? The server runs in a CHILD process exactly as `npm start`
 * runs it (src/server/main.ts, PGlite in a fresh temporary DATA_DIR, demo seed); this process is
 * the load generator (autocannon) and the login driver, so the two never share an event loop.
 *
 *   1. first start: the time from spawning the server on an empty DATA_DIR until it listens
 *      (migrations + demo seed), and its resident memory then;
 *   2. baseline: autocannon at a fixed rate against `GET /api/orders?page=1&limit=10` as the
 *      demo manager (a signed-in user's everyday request: token check, session look-up, a page);
 *   3. the same, while LOGINS (default 30) sign-ins are kept in flight the whole time: half with
 *      the right password for a demo user, half with a wrong password for a made-up username
 *      (a fresh one each time, so the lockout never short-cuts the hash);
 *   4. the ratio of the p99 latencies (burst / baseline), the login outcomes and the server's
 *      peak resident memory (VmHWM) after each phase.
 *
 *   node --import tsx tests/bench/login-burst-bench.ts
 *   DURATION=15 RATE=20 LOGINS=30 node --import tsx tests/bench/login-burst-bench.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AutocannonOptions, autocannon } from './support/autocannon';

const DURATION = Number(process.env.DURATION ?? 15);
/**
 * Requests per second of the signed-in user load: fixed and well below what the server manages
 * alone (~30 ms per request on the busy 2-core dev machine), so p99 shows stalls, not the queue
 * of a saturated server. A stalled server also completes fewer than RATE × DURATION requests
 * (autocannon waits for answers): that count is printed too.
 */
const RATE = Number(process.env.RATE ?? 20);
/**
 * Many connections for a low rate (autocannon splits the rate among them: 0.2 req/s each): a
 * request that stalls holds up only its own connection, the others keep sending on time, so
 * stalls are measured instead of hidden (with few connections a stalled server simply gets fewer
 * requests — "coordinated omission").
 */
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const LOGINS = Number(process.env.LOGINS ?? 30);
const TENANT = 'demo';
const DEMO_USERS = ['admin', 'manager', 'sales', 'sales2', 'warehouse', 'driver', 'driver2'];

interface Server {
  child: ChildProcess;
  origin: string;
  readyMs: number;
}

function startServer(dataDir: string): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // The per-IP limit would refuse the burst before it reaches the password hash.
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
        child.stdout?.resume();
        resolve({
          child,
          origin: match[1].replace('localhost', '127.0.0.1'),
          readyMs: performance.now() - started,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it listened:\n${out}`)));
  });
}

/** The server's resident memory now and at its peak (MiB), from /proc (Linux). */
function memory(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

interface Load {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function userLoad(url: string, token: string, duration = DURATION): Promise<Load> {
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
    errors: r.errors + r.timeouts,
  };
}

/** Keeps `LOGINS` sign-ins in flight until `stop` resolves; counts the answers by status. */
async function loginBurst(base: string, stop: Promise<void>) {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  let n = 0;
  const one = async () => {
    const i = n++;
    const body =
      i % 2 === 0
        ? { username: DEMO_USERS[(i / 2) % DEMO_USERS.length], password: 'demo1234' }
        : { username: `yok-${randomUUID().slice(0, 8)}`, password: 'yanlis-sifre' };
    const t = performance.now();
    try {
      const r = await fetch(`${base}/auth/login?tenant=${TENANT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await r.arrayBuffer();
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    } catch {
      statuses.set(0, (statuses.get(0) ?? 0) + 1);
    }
    latencies.push(performance.now() - t);
  };
  const worker = async () => {
    while (!stopped) await one();
  };
  await Promise.all(Array.from({ length: LOGINS }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { statuses, count: latencies.length, p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'login-burst-'));
  let server: Server | undefined;
  try {
    server = await startServer(dataDir);
    const base = `${server.origin}/api`;
    const afterStart = memory(server.child.pid);
    console.log(
      `Server: child process, PGlite in ${dataDir}; node ${process.version}; ` +
        `first start (migrate + demo seed) until listening: ${(server.readyMs / 1000).toFixed(1)} s, ` +
        `RSS ${afterStart.rss.toFixed(0)} MiB`,
    );
    const login = await fetch(`${base}/auth/login?tenant=${TENANT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const url = `${base}/orders?tenant=${TENANT}&page=1&limit=10`;
    const probe = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (probe.status !== 200) throw new Error(`GET /api/orders answered ${probe.status}`);

    console.log(
      `Load: GET /api/orders page 1 as the manager, ${RATE} req/s over ${CONNECTIONS} connections, ` +
        `${DURATION} s per phase; burst: ${LOGINS} sign-ins kept in flight (half right, half wrong passwords)`,
    );
    // Warm-up, not measured: JIT, PGlite's caches, and the VACUUM (ANALYZE) main.ts starts after
    // listening (it would otherwise land in the baseline).
    await userLoad(url, token, 5);
    const alone = await userLoad(url, token);
    const memAlone = memory(server.child.pid);

    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const burst = loginBurst(base, stopped);
    const during = await userLoad(url, token);
    stop();
    const logins = await burst;
    const memBurst = memory(server.child.pid);

    const row = (name: string, l: Load, peak: number) =>
      `| ${name} | ${l.requests} | ${l.p50} | ${l.p99} | ${l.max} | ${l.non2xx} | ${l.errors} | ${peak.toFixed(0)} |`;
    console.log(`\nPlanned per phase: ${RATE * DURATION} requests.`);
    console.log(
      '| GET /api/orders | requests | p50 ms | p99 ms | max ms | non-2xx | errors | server peak RSS MiB |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    console.log(row('alone', alone, memAlone.peak));
    console.log(row(`during ${LOGINS} concurrent sign-ins`, during, memBurst.peak));
    const ratio = during.p99 / Math.max(alone.p99, 1);
    console.log(`\np99 during the burst / p99 alone: ${ratio.toFixed(2)}×`);
    const byStatus = [...logins.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status || 'network error'}: ${count}`)
      .join(', ');
    console.log(
      `Sign-ins answered during the burst: ${logins.count} (${byStatus}); ` +
        `login latency p50 ${logins.p50.toFixed(0)} ms, p99 ${logins.p99.toFixed(0)} ms`,
    );
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server?.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
