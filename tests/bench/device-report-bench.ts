/**
 * Device health reports on the pull: what they cost (not a test: it prints figures and asserts
 * nothing). The real server runs as a CHILD process (support/bench-server.ts, no extra orders);
 * autocannon, in THIS process, sends as a salesperson the pull a device makes every 15 s when
 * nothing changed (GET /api/sync/pull from the current cursor: an empty page), in four runs:
 *   none      without a report (as before);
 *   same      with the same report every time (a device whose facts did not change: the server
 *             parses and validates it and writes nothing — the steady state);
 *   changing  with a report whose outbox count changes on every request, over 50 devices (every
 *             pull writes its device's row: the worst case, which the once-a-minute rule avoids);
 *   none      again, so the baseline is the mean of a run before and after.
 * Bytes per pull: the request header (name, value, CRLF) of a typical report and the answer's
 * result header, against the empty pull's whole answer.
 *
 *   node --import tsx tests/bench/device-report-bench.ts        (DURATION=10 CONNECTIONS=10)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/device-report-bench.ts
 */
import { loadavg } from 'node:os';
import {
  DEVICE_REPORT_HEADER,
  DEVICE_REPORT_RESULT_HEADER,
  type DeviceFacts,
  encodeDeviceReport,
} from '../../src/shared/api/devices';
import { type AutocannonRequest, type Measured, measure } from './support/autocannon';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** A realistic report: a handheld with a few waiting changes, a refusal, a quota of 2 GB. */
const TYPICAL: DeviceFacts = {
  device_id: '3f2b8c1e-0d4a-4e5f-9a7b-1c2d3e4f5a6b',
  outbox_pending: 12,
  oldest_pending_at: new Date(Date.now() - 3_600_000).toISOString(),
  failed: 1,
  last_sync_at: new Date().toISOString(),
  app_version: '0.1.0',
  persisted: true,
  storage_used: 48_123_456,
  storage_quota: 2_147_483_648,
};

async function benchOne(label: string, databaseUrl: string | undefined): Promise<void> {
  const { child, ready } = await startServer({
    BENCH_ORDERS: '0',
    BENCH_SERVER_DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const base = `http://127.0.0.1:${ready.port}/api`;
    const login = await fetch(`${base}/auth/login?tenant=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'sales', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    // Pull to the end once: from there on each pull is the empty "anything new?" page.
    let cursor = '0';
    for (;;) {
      const page = (await (
        await fetch(`${base}/sync/pull?tenant=demo&cursor=${cursor}&limit=2000`, { headers: auth })
      ).json()) as {
        data: { cursor: string; has_more: boolean };
      };
      cursor = page.data.cursor;
      if (!page.data.has_more) break;
    }
    const url = `${base}/sync/pull?tenant=demo&cursor=${cursor}`;
    const report = encodeDeviceReport(TYPICAL);
    const empty = await fetch(url, { headers: { ...auth, [DEVICE_REPORT_HEADER]: report } });
    const emptyBody = await empty.text();
    const resultHeader = `${DEVICE_REPORT_RESULT_HEADER}: ${empty.headers.get(DEVICE_REPORT_RESULT_HEADER)}\r\n`;
    const requestHeader = `${DEVICE_REPORT_HEADER}: ${report}\r\n`;

    let n = 0;
    const changing: AutocannonRequest = {
      method: 'GET',
      setupRequest: (request) => {
        n++;
        const facts = {
          ...TYPICAL,
          device_id: `bench-device-${String(n % 50).padStart(4, '0')}`,
          outbox_pending: n % 1000,
        };
        return { ...request, headers: { ...auth, [DEVICE_REPORT_HEADER]: encodeDeviceReport(facts) } };
      },
    };
    const common = { url, connections: CONNECTIONS, duration: DURATION };
    const runs: Measured[] = [];
    runs.push(await measure('none', { ...common, headers: auth }));
    runs.push(await measure('same', { ...common, headers: { ...auth, [DEVICE_REPORT_HEADER]: report } }));
    runs.push(await measure('changing', { ...common, requests: [changing] }));
    runs.push(await measure('none (again)', { ...common, headers: auth }));
    const baseline = ((runs[0]?.rps ?? 0) + (runs[3]?.rps ?? 0)) / 2;

    console.log(
      `\n${label}: ${ready.kind}; ${CONNECTIONS} connections, ${DURATION} s each; load ${loadavg()[0]?.toFixed(2)}; node ${process.version}`,
    );
    console.log(
      `bytes per pull: request header ${Buffer.byteLength(requestHeader)} B (value ${report.length} chars), ` +
        `answer header ${Buffer.byteLength(resultHeader)} B; the empty pull's body is ${Buffer.byteLength(emptyBody)} B`,
    );
    console.log('run            req/s    p50 ms  p99 ms  vs none  non-2xx');
    for (const r of runs)
      console.log(
        `${r.name.padEnd(14)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)}  ${((r.rps / baseline) * 100).toFixed(0).padStart(5)} %  ${r.bad}`,
      );
    // Server time per pull (mean, from req/s × connections): with vs without the report.
    const perPull = (r: Measured | undefined) => (r ? (CONNECTIONS / r.rps) * 1000 : 0);
    const none = (perPull(runs[0]) + perPull(runs[3])) / 2;
    console.log(
      `time per pull: none ${none.toFixed(2)} ms, same report +${(perPull(runs[1]) - none).toFixed(2)} ms, ` +
        `written every pull +${(perPull(runs[2]) - none).toFixed(2)} ms`,
    );
  } finally {
    await stopServer(child);
  }
}

async function main() {
  await benchOne('Embedded (PGlite)', undefined);
  if (ADMIN_URL) await onTemporaryDatabase(ADMIN_URL, 'bench_devices', (url) => benchOne('PostgreSQL', url));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
