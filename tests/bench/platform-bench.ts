/**
 * Platform benchmark (not a test: it prints figures and asserts nothing), through the real app
 * (`buildApp`, requests by `app.inject`) on PGlite, or on PostgreSQL when TEST_DATABASE_URL names a
 * server (each run in a database of its own):
 *
 * 1. Registration approval end to end — `POST /admin/company-registrations/{id}/approve` as the
 *    platform admin: the tenant, its first admin and its list names in one transaction, then its
 *    DNS record written through a real PowerDNS (tests/helpers/powerdns.ts, when installed) and
 *    checked with the resolver. APPROVALS sign-ups (default 20), each approved; p50/p95/max, and
 *    whether each new admin signs in with the one-time password.
 * 2. Tenant delete of a big tenant — DELETE_ORDERS orders (default 100,000; two lines and one event
 *    each) added to tenant client1, then `DELETE /admin/tenants/client1` (final backup, then every
 *    row) while another tenant's user reads `GET /orders` page 1 in a loop: delete time, and that
 *    user's p50/p99 beside it against the same read alone.
 *
 *   node --import tsx tests/bench/platform-bench.ts
 *   DELETE_ORDERS=20000 node --import tsx tests/bench/platform-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/platform-bench.ts
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { powerDnsProvider } from '../../src/server/dns/powerdns';
import type { DnsProvider } from '../../src/server/dns/provider';
import { issueFormToken } from '../../src/server/registrations/form-token';
import { type Api, startApi } from '../api/support/harness';
import { insertBulkOrders } from '../helpers/bulk-orders';
import { type PowerDns, powerDnsAvailable, startPowerDns } from '../helpers/powerdns';

const APPROVALS = Number(process.env.APPROVALS ?? 20);
const DELETE_ORDERS = Number(process.env.DELETE_ORDERS ?? 100_000);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());

const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const line = (label: string, values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `${label}: n ${s.length}, p50 ${pct(s, 0.5).toFixed(1)} ms, p95 ${pct(s, 0.95).toFixed(1)} ms, p99 ${pct(s, 0.99).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms`;
};

async function approvals(api: Api, dnsNote: string): Promise<void> {
  const platform = await api.login('default', 'admin');
  const times: number[] = [];
  let signedIn = 0;
  const statuses: Record<string, number> = {};
  for (let i = 0; i < APPROVALS; i++) {
    const sub = `bench-${randomUUID().slice(0, 8)}`;
    const body = {
      id: randomUUID(),
      company_name: `Bench Şirketi ${i}`,
      industry: 'Gıda',
      legal_name: `Bench Şirketi ${i} Limited Şirketi`,
      tax_number: '9876543217',
      tax_office: 'Konak',
      contact_person_name: 'Ayşe Yılmaz',
      contact_person_email: `ayse.${sub}@example.com.tr`,
      contact_person_phone: '0532 123 45 67',
      subdomain: sub,
      subscription_plan: 'basic',
      address_city: 'İzmir',
      form_token: issueFormToken(api.config.jwtSecret, new Date(Date.now() - 5_000)),
      website: '',
    };
    const created = await api.call<{ data: { id: string } }>('POST', '/company-registrations', {
      tenant: null,
      body,
      remoteAddress: `10.9.${i >> 8}.${i & 255}`,
    });
    if (created.status !== 201) throw new Error(`sign-up ${created.status}: ${created.raw}`);
    const t = performance.now();
    const approved = await api.call<{
      data: { tenant?: { id: string; one_time_password?: string; dns_status?: string } };
    }>('POST', `/admin/company-registrations/${created.body.data.id}/approve`, {
      tenant: 'default',
      token: platform.token,
      body: { reason: 'bench' },
    });
    times.push(performance.now() - t);
    if (approved.status !== 200) throw new Error(`approve ${approved.status}: ${approved.raw}`);
    const tenant = approved.body.data.tenant;
    statuses[tenant?.dns_status ?? '?'] = (statuses[tenant?.dns_status ?? '?'] ?? 0) + 1;
    const username = body.contact_person_email.split('@')[0] ?? 'admin';
    const login = await api.call('POST', '/auth/login', {
      tenant: tenant?.id ?? sub,
      body: { username, password: tenant?.one_time_password ?? '' },
      remoteAddress: `10.8.${i >> 8}.${i & 255}`,
    });
    if (login.status === 200) signedIn++;
  }
  console.log(`  approval (${dnsNote}) ${line('time', times)}`);
  console.log(
    `  dns_status after approval: ${JSON.stringify(statuses)}; first admin signed in: ${signedIn}/${APPROVALS}`,
  );
}

async function readLoop(api: Api, token: string, until: () => boolean, minimum = 0): Promise<number[]> {
  const out: number[] = [];
  while (!until() || out.length < minimum) {
    const t = performance.now();
    const r = await api.call('GET', '/orders', { tenant: 'demo', token, query: { page: 1, limit: 10 } });
    if (r.status !== 200) throw new Error(`GET /orders ${r.status}`);
    out.push(performance.now() - t);
    // Other work (the delete) gets its turn between two reads, as between two users' requests.
    await new Promise((r) => setTimeout(r, 5));
  }
  return out;
}

async function bigDelete(api: Api): Promise<void> {
  const t0 = performance.now();
  await insertBulkOrders(api.db, 'client1', DELETE_ORDERS, 'BENCHDEL');
  await sql`ANALYZE`.execute(api.db);
  console.log(
    `  ${DELETE_ORDERS.toLocaleString('en')} orders added to client1 in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const platform = await api.login('default', 'admin');
  const manager = await api.login('demo', 'manager');
  const alone = await readLoop(api, manager.token, () => true, 200);
  let done = false;
  const started = performance.now();
  const deletion = api
    .call<{ data: { rows: Record<string, number>; backup_file: string } }>(
      'DELETE',
      '/admin/tenants/client1',
      {
        tenant: 'default',
        token: platform.token,
        idempotencyKey: randomUUID(),
      },
    )
    .finally(() => {
      done = true;
    });
  const beside = await readLoop(api, manager.token, () => done);
  const result = await deletion;
  const ms = performance.now() - started;
  if (result.status !== 200) throw new Error(`delete ${result.status}: ${result.raw}`);
  const rows = Object.values(result.body.data.rows ?? {}).reduce((a, b) => a + b, 0);
  console.log(
    `  tenant delete (final backup + ${rows.toLocaleString('en')} rows): ${(ms / 1000).toFixed(2)} s`,
  );
  console.log(`  demo's GET /orders alone      ${line('', alone)}`);
  console.log(`  demo's GET /orders beside it  ${line('', beside)}`);
}

let pdns: PowerDns | undefined;
let dns: DnsProvider | undefined;
if (powerDnsAvailable()) {
  pdns = await startPowerDns();
  dns = powerDnsProvider({
    apiUrl: pdns.apiUrl,
    apiKey: pdns.apiKey,
    zone: 'bench.test',
    target: '192.0.2.10',
    resolver: pdns.resolver,
  });
}
const api = await startApi({ dns, config: { loginRateLimitPerMinute: 100_000 } });
try {
  console.log(`${onPostgres ? 'PostgreSQL' : 'PGlite'}; node ${process.version}`);
  await approvals(api, dns ? 'PowerDNS record + resolver check' : 'no DNS provider installed');
  await bigDelete(api);
} finally {
  await api.close();
  await pdns?.close();
}
