import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../helpers/free-port';
import { DEMO_PASSWORD } from '../../helpers/test-db';

/**
 * The real server (`src/server/main.ts`) in a child process, for the tests that kill it with a
 * signal in the middle of work and start it again on the same database: start, kill, and plain
 * HTTP calls as tenant demo.
 */
export interface Server {
  child: ChildProcess;
  base: string;
  output: string;
  exited: { code: number | null; signal: string | null } | null;
}

export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DEMO_PASSWORD,
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { child, base: `http://127.0.0.1:${port}/api`, output: '', exited: null };
  child.stdout?.on('data', (d) => {
    server.output += d;
  });
  child.stderr?.on('data', (d) => {
    server.output += d;
  });
  child.on('exit', (code, signal) => {
    server.exited = { code, signal };
  });
  for (let i = 0; i < 900; i++) {
    if (server.exited)
      throw new Error(`server exited (${JSON.stringify(server.exited)}):\n${server.output.slice(-4000)}`);
    const ok = await fetch(`${server.base}/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output.slice(-4000)}`);
}

export async function kill(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.exited) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

export async function call<T>(server: Server, method: string, path: string, token?: string, body?: unknown) {
  const r = await fetch(`${server.base}${path}${path.includes('?') ? '&' : '?'}tenant=demo`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as T };
}

export async function login(server: Server, username: string): Promise<string> {
  const r = await call<{ token: string }>(server, 'POST', '/auth/login', undefined, {
    username,
    password: DEMO_PASSWORD,
  });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status}`);
  return r.body.token;
}
