import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/**
 * A real PowerDNS Authoritative server for tests (Debian's pdns-server + pdns-backend-sqlite3):
 * its own temporary directory with a SQLite database made from the schema the package ships, the
 * HTTP API on a free port and DNS on another, both on 127.0.0.1. Caches are off, so a record
 * written through the API is answered at once and a removed one is gone at once.
 * `stop()` takes it down (the app's calls then fail) and `start()` brings it back on the same
 * ports with the same database; `close()` stops it and removes its directory.
 */
export interface PowerDns {
  apiUrl: string;
  apiKey: string;
  /** The DNS address, `127.0.0.1:port` (DNS_RESOLVER: PowerDNS answers its own zones). */
  resolver: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export const PDNS_SERVER = '/usr/sbin/pdns_server';
const SCHEMAS = [
  '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql',
  '/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql',
];

/** Whether this machine can run the tests' PowerDNS (scripts/test.ts installs it otherwise). */
export function powerDnsAvailable(): boolean {
  return existsSync(PDNS_SERVER) && SCHEMAS.some((s) => existsSync(s)) && existsSync('/usr/bin/sqlite3');
}

/** A port free for both TCP and UDP (PowerDNS listens on both). */
async function freeDnsPort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    const free = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free TCP+UDP port');
}

async function waitForApi(url: string, key: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pdns_server exited (${child.exitCode}):\n${log()}`);
    try {
      const r = await fetch(`${url}/api/v1/servers/localhost`, { headers: { 'X-API-Key': key } });
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pdns_server did not start:\n${log()}`);
}

export async function startPowerDns(): Promise<PowerDns> {
  const dir = mkdtempSync(join(tmpdir(), 'pdns-test-'));
  const db = join(dir, 'pdns.sqlite3');
  const schema = SCHEMAS.find((s) => existsSync(s));
  if (!schema) throw new Error('pdns-backend-sqlite3 schema not found');
  const made = spawnSync('sqlite3', [db, `.read ${schema}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`sqlite3: ${made.stderr}`);
  // An empty configuration file: everything is on the command line (no "Unable to open" noise).
  writeFileSync(join(dir, 'pdns.conf'), '');
  const apiKey = randomBytes(16).toString('hex');
  const webPort = await freePort();
  const dnsPort = await freeDnsPort();
  const apiUrl = `http://127.0.0.1:${webPort}`;
  const args = [
    '--launch=gsqlite3',
    `--gsqlite3-database=${db}`,
    '--api=yes',
    `--api-key=${apiKey}`,
    '--webserver=yes',
    '--webserver-address=127.0.0.1',
    `--webserver-port=${webPort}`,
    '--webserver-allow-from=127.0.0.1',
    '--local-address=127.0.0.1',
    `--local-port=${dnsPort}`,
    '--security-poll-suffix=',
    '--default-soa-content=ns1.@ hostmaster.@ 0 10800 3600 604800 3600',
    '--cache-ttl=0',
    '--query-cache-ttl=0',
    '--negquery-cache-ttl=0',
    '--zone-cache-refresh-interval=0',
    '--distributor-threads=1',
    '--receiver-threads=1',
    '--daemon=no',
    '--guardian=no',
    '--disable-syslog',
    `--socket-dir=${dir}`,
    `--config-dir=${dir}`,
  ];
  let child: ChildProcess | null = null;
  let output = '';

  async function start() {
    if (child) return;
    output = '';
    const started = spawn(PDNS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    started.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    child = started;
    await waitForApi(apiUrl, apiKey, started, () => output);
  }

  async function stop() {
    const running = child;
    if (!running) return;
    child = null;
    if (running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
      setTimeout(() => running.kill('SIGKILL'), 5_000).unref();
    });
  }

  await start();
  return {
    apiUrl,
    apiKey,
    resolver: `127.0.0.1:${dnsPort}`,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
