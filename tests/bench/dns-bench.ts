/**
 * What registration approval adds for DNS: a tenant's record written through PowerDNS's HTTP API
 * (`upsertHost`), then its status asked of the resolver (`check`) — against a real PowerDNS
 * (tests/helpers/powerdns.ts, SQLite backend, caches off). Prints p50/p95/max of each and of the
 * pair, over ROUNDS new tenants (default 100); then the same upsert again (an idempotent rewrite).
 */
import { performance } from 'node:perf_hooks';
import { powerDnsProvider } from '../../src/server/dns/powerdns';
import { startPowerDns } from '../helpers/powerdns';

const rounds = Number(process.env.ROUNDS ?? 100);

function summary(label: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `${label.padEnd(34)} p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  );
}

const pdns = await startPowerDns();
try {
  const dns = powerDnsProvider({
    apiUrl: pdns.apiUrl,
    apiKey: pdns.apiKey,
    zone: 'bench.test',
    target: '192.0.2.10',
    resolver: pdns.resolver,
  });
  await dns.upsertHost('warmup'); // creates the zone
  const upserts: number[] = [];
  const checks: number[] = [];
  const pairs: number[] = [];
  const again: number[] = [];
  let active = 0;
  for (let i = 0; i < rounds; i++) {
    const label = `tenant${i}`;
    const t0 = performance.now();
    await dns.upsertHost(label);
    const t1 = performance.now();
    const check = await dns.check(label);
    const t2 = performance.now();
    if (check.status === 'active') active++;
    upserts.push(t1 - t0);
    checks.push(t2 - t1);
    pairs.push(t2 - t0);
  }
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await dns.upsertHost(`tenant${i}`);
    again.push(performance.now() - t0);
  }
  console.log(`${rounds} tenants, ${active} active at their first check`);
  summary('upsertHost (new record)', upserts);
  summary('check (API + resolver)', checks);
  summary('approval: upsert + check', pairs);
  summary('upsertHost again (same record)', again);
} finally {
  await pdns.close();
}
