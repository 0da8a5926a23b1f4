/**
 * Invoices benchmark (not a test: it prints figures and asserts nothing). On in-memory PGlite and,
 * when TEST_DATABASE_URL names a PostgreSQL server (an admin URL, as for the tests), on a database
 * created for the run and dropped after it — the demo seed, then through the real API (app.inject):
 *
 * 1. INVOICES (default 1,000) delivered orders issued with POST /invoices, CONCURRENCY (10) at a
 *    time: the time, and whether the numbers run without a gap;
 * 2. a 200-line invoice: PDF and UBL-TR XML render time (the median of RENDERS runs, 5);
 * 3. EXPORT (default 10,000) invoices of one day (copies of an issued one, written with
 *    INSERT … SELECT) exported with GET /invoices/export: time and ZIP size.
 *
 *   node --import tsx tests/bench/invoices-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/invoices-bench.ts
 *   BENCH_DATABASES=pglite|postgres  only one of the two
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/database';
import { renderInvoicePdf } from '../../src/server/invoices/invoice.pdf';
import { renderInvoiceXml } from '../../src/server/invoices/invoice.xml';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { type Invoice, invoiceSchema } from '../../src/shared/api/invoices';
import { parseInvoiceNumber } from '../../src/shared/domain/invoice';
import { completeCompany, insertOrders } from '../api/support/invoices';
import { onTemporaryDatabase } from './support/temp-database';

const INVOICES = Number(process.env.INVOICES ?? 1_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const RENDERS = Number(process.env.RENDERS ?? 5);
const EXPORT = Number(process.env.EXPORT ?? 10_000);
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const TENANT = 'demo';

const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function benchOne(label: string, handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db, { demoPassword: 'demo1234', production: false });
  await completeCompany(handle.db, TENANT);
  const app = await buildApp({ db: handle.db, config: testConfig() });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: `/api/auth/login?tenant=${TENANT}`,
      payload: { username: 'manager', password: 'demo1234' },
    });
    const token = (login.json() as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };
    const issue = async (orderId: string) => {
      const r = await app.inject({
        method: 'POST',
        url: `/api/invoices?tenant=${TENANT}`,
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { id: randomUUID(), order_id: orderId },
      });
      if (r.statusCode !== 201) throw new Error(`issue: ${r.statusCode} ${r.body}`);
      return invoiceSchema.parse((r.json() as { data: unknown }).data);
    };

    // 1. issuing
    const orders = await insertOrders(handle.db, TENANT, INVOICES, { lines: 3 });
    const numbers: string[] = [];
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < orders.length) {
          const order = orders[next++] as (typeof orders)[number];
          numbers.push((await issue(order.id)).invoice_number as string);
        }
      }),
    );
    const took = performance.now() - start;
    const seqs = numbers.map((n) => parseInvoiceNumber(n)?.sequence ?? -1).sort((a, b) => a - b);
    const gapFree = seqs.every((s, i) => s === (seqs[0] as number) + i) && new Set(seqs).size === seqs.length;
    console.log(
      `${label}: ${INVOICES.toLocaleString('en')} invoices issued (${CONCURRENCY} at a time) in ${ms(took)} ` +
        `(${((INVOICES / took) * 1000).toFixed(0)}/s); numbers ${seqs[0]}…${seqs.at(-1)}, gap-free: ${gapFree}`,
    );

    // 2. rendering a 200-line invoice
    const [big] = await insertOrders(handle.db, TENANT, 1, { lines: 200 });
    const invoice: Invoice = await issue((big as { id: string }).id);
    const pdfTimes: number[] = [];
    const xmlTimes: number[] = [];
    let pdfBytes = 0;
    let xmlBytes = 0;
    for (let i = 0; i < RENDERS; i++) {
      let t = performance.now();
      pdfBytes = (await renderInvoicePdf({ invoice, timeZone: 'Europe/Istanbul' })).length;
      pdfTimes.push(performance.now() - t);
      t = performance.now();
      xmlBytes = renderInvoiceXml(invoice, { timeZone: 'Europe/Istanbul' }).length;
      xmlTimes.push(performance.now() - t);
    }
    console.log(
      `${label}: 200-line invoice — PDF ${ms(median(pdfTimes))} (${(pdfBytes / 1024).toFixed(0)} KiB, first ${ms(pdfTimes[0] as number)}), ` +
        `XML ${median(xmlTimes).toFixed(1)} ms (${(xmlBytes / 1024).toFixed(0)} KiB)`,
    );

    // 3. the export of a day of EXPORT invoices
    const day = new Date().toISOString().slice(0, 10);
    await sql`DELETE FROM invoices WHERE tenant_id = ${TENANT}`.execute(handle.db);
    const base = invoice;
    const rows = Array.from({ length: EXPORT }, (_, g) => ({
      tenant_id: TENANT,
      id: randomUUID(),
      invoice_number: `BEX${day.slice(0, 4)}${String(g + 1).padStart(9, '0')}`,
      ettn: randomUUID(),
      type: 'SATIS',
      status: 'issued',
      profile: base.profile,
      order_id: randomUUID(),
      order_number: `${base.order_number}-${g}`,
      salesperson_id: base.salesperson_id,
      issued_at: `${day}T09:00:00Z`,
      seller: JSON.stringify(base.seller),
      buyer: JSON.stringify(base.buyer),
      lines: JSON.stringify(base.lines.slice(0, 3)),
      rate_totals: JSON.stringify(base.rate_totals),
      net_total_kurus: base.net_total_kurus,
      vat_total_kurus: base.vat_total_kurus,
      gross_total_kurus: base.gross_total_kurus,
      amount_in_words: base.amount_in_words,
      change_seq: 0,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await handle.db
        .insertInto('invoices')
        .values(rows.slice(i, i + 500))
        .execute();
    const exportStart = performance.now();
    const r = await app.inject({
      method: 'GET',
      url: `/api/invoices/export?tenant=${TENANT}&from=${day}&to=${day}`,
      headers,
    });
    const exportTook = performance.now() - exportStart;
    if (r.statusCode !== 200) throw new Error(`export: ${r.statusCode} ${r.body.slice(0, 300)}`);
    console.log(
      `${label}: export of ${EXPORT.toLocaleString('en')} invoices (3 lines each) in ${ms(exportTook)}, ZIP ${(r.rawPayload.length / 1024 / 1024).toFixed(1)} MiB`,
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
  await onTemporaryDatabase(ADMIN_URL, 'invoices_bench', async (url) => {
    const handle = await openDatabase({ databaseUrl: url });
    try {
      await benchOne('PostgreSQL', handle);
    } finally {
      await handle.close();
    }
  });
}
