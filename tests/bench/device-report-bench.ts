/**
 * Device health reports on the pull: what they cost (not a test: it prints figures and asserts
 * nothing). The real server runs as a CHILD process (support/bench-server.ts, no extra orders);
 * THIS process sends as a salesperson the pull a device makes every 15 s when
 * nothing changed (GET /api/sync/pull from the current cursor: an empty page), three kinds in turn:
 *   none      without a report (as before);
 *   same      with the same report every time (a device whose facts did not change: the server
 *             parses and validates it and writes nothing — the steady state);
 *   changing  with a report whose outbox count changes on every request, over 50 devices (every
 *             pull writes its device's row: the worst case, which the once-a-minute rule avoids).
 * Bytes per pull: the request header (name, value, CRLF) of a typical report and the answer's
 * result header, against the empty pull's whole answer.
 *
 *   node --import tsx tests/bench/device-report-bench.ts        (ROUNDS=1500)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/device-report-bench.ts
 */
import { loadavg } from 'node:os';
import {
  DEVICE_REPORT_HEADER,
  DEVICE_REPORT_RESULT_HEADER,
  type DeviceFacts,
  encodeDeviceReport,
} from '../../src/shared/api/devices';
import { startServer, stopServer } from './support/bench-child';
import { onTemporaryDatabase } from './support/temp-database';

const ROUNDS = Number(process.env.ROUNDS ?? 1500);
const WARMUP = 50;
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

    // Interleaved: one request of each kind in turn, one at a time, ROUNDS times. A machine whose
    // load drifts (other work on a shared box) then slows every kind alike, and the difference of
    // the kinds' medians is the report's own cost.
    const kinds = ['none', 'same', 'changing'] as const;
    const times: Record<(typeof kinds)[number], number[]> = { none: [], same: [], changing: [] };
    const results: Record<string, number> = {};
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      for (const kind of kinds) {
        const headers: Record<string, string> = { ...auth };
        if (kind === 'same') headers[DEVICE_REPORT_HEADER] = report;
        if (kind === 'changing')
          headers[DEVICE_REPORT_HEADER] = encodeDeviceReport({
            ...TYPICAL,
            device_id: `bench-device-${String(round % 50).padStart(4, '0')}`,
            outbox_pending: round % 1000,
          });
        const started = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        const ms = performance.now() - started;
        if (!response.ok) throw new Error(`pull answered ${response.status}`);
        const result = response.headers.get(DEVICE_REPORT_RESULT_HEADER) ?? 'none';
        results[`${kind}:${result}`] = (results[`${kind}:${result}`] ?? 0) + 1;
        if (round >= WARMUP) times[kind].push(ms);
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
    const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? 0;

    console.log(
      `\n${label}: ${ready.kind}; ${ROUNDS} rounds of the empty pull, one request at a time; load ${loadavg()[0]?.toFixed(2)}; node ${process.version}`,
    );
    console.log(
      `bytes per pull: request header ${Buffer.byteLength(requestHeader)} B (value ${report.length} chars), ` +
        `answer header ${Buffer.byteLength(resultHeader)} B; the empty pull's whole answer body is ${Buffer.byteLength(emptyBody)} B`,
    );
    console.log('kind       median ms  mean ms  p90 ms   vs none (median)');
    for (const kind of kinds)
      console.log(
        `${kind.padEnd(10)} ${median(times[kind]).toFixed(2).padStart(9)} ${mean(times[kind]).toFixed(2).padStart(8)} ${p90(times[kind]).toFixed(2).padStart(7)}   ${
          kind === 'none'
            ? ''
            : `${median(times[kind]) - median(times.none) >= 0 ? '+' : ''}${(median(times[kind]) - median(times.none)).toFixed(2)} ms`
        }`,
      );
    console.log(`report results: ${JSON.stringify(results)}`);
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
