/**
 * Customer account benchmark (not a test: it prints figures and asserts nothing). On in-memory
 * PGlite and, when TEST_DATABASE_URL names a PostgreSQL server (an admin URL, as for the tests),
 * on a database created for the run and dropped after it — the demo seed, then one customer with
 * MOVEMENTS (10,000) ledger movements written through the repository (10 a day over 1,000 days
 * ending today: invoices due in 30 days, payments, now and then an adjustment), its account row
 * rewritten from the whole ledger by the settlement rule as a posting does. The real app then
 * listens on a port and is asked over HTTP (fetch, one request at a time, as the manager):
 *
 * 1. GET /api/customers/{id}/account (balance and ageing): WARMUP requests, then REQUESTS, p50/p99/max;
 * 2. POST /api/payments for that customer (a posting re-reads the whole ledger): WRITES, p50/p99;
 * 3. the statement of a 100-day period (1,000 lines) as PDF and as .xlsx over HTTP (the median of
 *    RENDERS, with the size and the page count), and the PDF's rendering alone (no database).
 *
 *   node --import tsx tests/bench/account-statement-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/account-statement-bench.ts
 *   BENCH_DATABASES=pglite|postgres  only one of the two
 */
import { randomUUID } from 'node:crypto';
import * as repo from '../../src/server/accounts/accounts.repository';
import { renderStatementPdf } from '../../src/server/accounts/statement.pdf';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
  refreshStatistics,
} from '../../src/server/db/database';
import type { NewAccountMovement } from '../../src/server/db/schema';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { addDays, type LedgerEntry, settle } from '../../src/shared/domain/account';
import { accountStatement } from '../../src/shared/domain/account-statement';
import { dayIn } from '../../src/shared/domain/time';
import { completeCompany, insertOrders } from '../api/support/invoices';
import { onTemporaryDatabase } from './support/temp-database';

const MOVEMENTS = Number(process.env.MOVEMENTS ?? 10_000);
const PER_DAY = 10;
const WARMUP = Number(process.env.WARMUP ?? 10);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WRITES = Number(process.env.WRITES ?? 30);
const RENDERS = Number(process.env.RENDERS ?? 5);
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const TENANT = 'demo';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const f1 = (n: number) => n.toFixed(1);

/** MOVEMENTS movements of one customer, 10 a day over the days ending today, in day order. */
async function seedLedger(handle: DatabaseHandle, customerId: string, today: string): Promise<void> {
  const first = addDays(today, -Math.ceil(MOVEMENTS / PER_DAY) + 1);
  const rows: NewAccountMovement[] = [];
  const entries: LedgerEntry[] = [];
  let balance = 0;
  for (let i = 0; i < MOVEMENTS; i++) {
    const day = addDays(first, Math.floor(i / PER_DAY));
    const r = i % 10;
    // 6 invoices, 3 payments and 1 adjustment in 10: a customer who pays most of what they owe.
    const kind = r < 6 ? 'sales_invoice' : r < 9 ? 'payment' : 'adjustment';
    const amount =
      kind === 'sales_invoice'
        ? 50_000 + ((i * 7919) % 150_000)
        : kind === 'payment'
          ? -(90_000 + ((i * 104_729) % 120_000))
          : i % 20 === 9
            ? 1_500
            : -1_500;
    const dueDay = kind === 'sales_invoice' ? addDays(day, 30) : null;
    balance += amount;
    const id = randomUUID();
    rows.push({
      tenant_id: TENANT,
      id,
      customer_id: customerId,
      seq: i + 1,
      kind,
      amount_kurus: amount,
      balance_after_kurus: balance,
      day,
      due_day: dueDay,
      description:
        kind === 'sales_invoice'
          ? `DEM${day.slice(0, 4)}${String(i + 1).padStart(9, '0')}`
          : kind === 'payment'
            ? `THS${day.slice(0, 4)}${String(i + 1).padStart(9, '0')}`
            : '',
      reason: kind === 'adjustment' ? 'Kur farkı düzeltmesi' : null,
      applies_to: '[]',
    });
    entries.push({ id, kind, amount_kurus: amount, day, due_day: dueDay });
  }
  await handle.db.transaction().execute(async (trx) => {
    await repo.lockAccount(trx, TENANT, customerId);
    for (let i = 0; i < rows.length; i += 1_000)
      await repo.insertMovements(trx, TENANT, rows.slice(i, i + 1_000));
    const { items, unapplied_kurus } = settle(entries);
    await repo.updateAccountFigures(
      trx,
      TENANT,
      customerId,
      {
        balance_kurus: balance,
        open_items: items
          .filter((i) => i.open_kurus > 0)
          .map((i) => ({ id: i.id, due_day: i.due_day, open_kurus: i.open_kurus })),
        unapplied_kurus,
        portfolio_kurus: 0,
        recent_payment_ids: [],
        movement_count: rows.length,
      },
      0,
    );
  });
}

async function benchOne(label: string, handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db, { demoPassword: 'demo1234', production: false });
  await completeCompany(handle.db, TENANT);
  const [order] = await insertOrders(handle.db, TENANT, 1);
  const { customer_id } = await handle.db
    .selectFrom('orders')
    .select('customer_id')
    .where('id', '=', (order as { id: string }).id)
    .executeTakeFirstOrThrow();
  const customerId = customer_id as string;
  const today = dayIn(new Date(), 'Europe/Istanbul');
  const seedStart = performance.now();
  await seedLedger(handle, customerId, today);
  await refreshStatistics(handle.db);
  console.log(
    `${label}: ${MOVEMENTS.toLocaleString('en')} movements seeded in ${(performance.now() - seedStart).toFixed(0)} ms`,
  );

  const app = await buildApp({
    db: handle.db,
    config: testConfig({ logLevel: 'silent', nodeEnv: 'production', loginRateLimitPerMinute: 1_000_000 }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
  try {
    const login = await fetch(`${base}/auth/login?tenant=${TENANT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: 'demo1234' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };

    // 1. balance and ageing
    const accountUrl = `${base}/customers/${customerId}/account?tenant=${TENANT}`;
    const times: number[] = [];
    let sample: { balance_kurus: number; movement_count: number; ageing: Record<string, number> } | undefined;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const t = performance.now();
      const r = await fetch(accountUrl, { headers });
      const body = (await r.json()) as { data: typeof sample };
      if (r.status !== 200) throw new Error(`account: ${r.status} ${JSON.stringify(body)}`);
      if (i >= WARMUP) times.push(performance.now() - t);
      sample = body.data;
    }
    console.log(
      `${label}: GET /customers/{id}/account, ${sample?.movement_count.toLocaleString('en')} movements (balance ${sample?.balance_kurus}, ` +
        `ageing ${JSON.stringify(sample?.ageing)}): ${REQUESTS} sequential requests p50 ${f1(pct(times, 50))} ms, ` +
        `p99 ${f1(pct(times, 99))} ms, max ${f1(Math.max(...times))} ms`,
    );

    // 2. a payment posted to that account
    const writes: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const t = performance.now();
      const r = await fetch(`${base}/payments?tenant=${TENANT}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          id: randomUUID(),
          customer_id: customerId,
          method: 'cash',
          amount: 10 + i,
          taken_at: new Date().toISOString(),
        }),
      });
      if (r.status !== 201) throw new Error(`payment: ${r.status} ${await r.text()}`);
      await r.arrayBuffer().catch(() => undefined);
      writes.push(performance.now() - t);
    }
    console.log(
      `${label}: POST /payments to that account: ${WRITES} sequential, p50 ${f1(pct(writes, 50))} ms, p99 ${f1(pct(writes, 99))} ms`,
    );

    // 3. the statement of 1,000 lines (100 days before today's payments: exactly 10 a day)
    const to = addDays(today, -1);
    const from = addDays(to, -99);
    for (const format of ['pdf', 'xlsx'] as const) {
      const runs: number[] = [];
      let bytes = 0;
      let pages = '';
      for (let i = 0; i < RENDERS; i++) {
        const t = performance.now();
        const r = await fetch(
          `${base}/customers/${customerId}/account/statement/${format}?tenant=${TENANT}&from=${from}&to=${to}`,
          { headers },
        );
        const body = Buffer.from(await r.arrayBuffer());
        if (r.status !== 200)
          throw new Error(`statement ${format}: ${r.status} ${body.toString('utf8', 0, 300)}`);
        runs.push(performance.now() - t);
        bytes = body.length;
        if (format === 'pdf')
          pages = /\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(body.toString('latin1'))?.[1] ?? '?';
      }
      console.log(
        `${label}: statement ${format.toUpperCase()} of 1,000 lines over HTTP: median ${pct(runs, 50).toFixed(0)} ms ` +
          `(first ${runs[0]?.toFixed(0)} ms), ${(bytes / 1024).toFixed(0)} KiB${format === 'pdf' ? `, ${pages} pages` : ''}`,
      );
    }

    // The PDF's rendering alone, from the same figures (no database, no HTTP).
    const [opening, movements] = await Promise.all([
      repo.balanceBefore(handle.db, TENANT, customerId, from),
      repo.movementsBetween(handle.db, TENANT, customerId, from, to, 5_001),
    ]);
    const statement = accountStatement({ from, to, opening_kurus: opening, movements });
    const customer = await repo.customerForStatement(handle.db, TENANT, customerId);
    const renders: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const t = performance.now();
      await renderStatementPdf({
        statement,
        company: {
          name: 'Demo Ticaret A.Ş.',
          address: null,
          tax_number: null,
          tax_office: null,
          phone: null,
          email: null,
        },
        customer: customer as NonNullable<typeof customer>,
        today,
        timeZone: 'Europe/Istanbul',
      });
      renders.push(performance.now() - t);
    }
    console.log(
      `${label}: statement PDF of ${statement.lines.length.toLocaleString('en')} lines rendered alone: median ${pct(renders, 50).toFixed(0)} ms`,
    );
  } finally {
    await app.close();
  }
}

if (DATABASES.includes('pglite')) {
  const handle = await openDatabase({});
  try {
    await benchOne('PGlite', handle);
  } finally {
    await handle.close();
  }
}
if (DATABASES.includes('postgres') && ADMIN_URL) {
  await onTemporaryDatabase(ADMIN_URL, 'account_bench', async (url) => {
    const handle = await openDatabase({ databaseUrl: url });
    try {
      await benchOne('PostgreSQL', handle);
    } finally {
      await handle.close();
    }
  });
}
