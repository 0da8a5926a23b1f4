import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, accountSchema } from '../../src/shared/api/accounts';
import { addDays, MAX_ACCOUNT_AMOUNT_KURUS } from '../../src/shared/domain/account';
import { STATEMENT_LIMITS } from '../../src/shared/domain/account-statement';
import { formatTL } from '../../src/shared/domain/money';
import { type Api, type Session, startApi } from './support/harness';
import { completeCompany, insertOrders, issue, readZip } from './support/invoices';

/**
 * The customer statement (hesap ekstresi) over HTTP, as PDF and as .xlsx: its balance brought
 * forward, lines, totals and closing balance equal the ledger the API wrote (invoices, payments,
 * an adjustment); a period starting mid-ledger carries the earlier movements forward; who may read
 * the account may read the statement, nobody else; a bad period is a 400 naming the field; a
 * description beginning with '=' is text in the sheet, never a formula.
 */
const TENANT = 'demo';
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let sales2: Session;
let warehouse: Session;
let driver: Session;

beforeAll(async () => {
  api = await startApi();
  await completeCompany(api.db, TENANT);
  [admin, manager, sales, sales2, warehouse, driver] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'sales2'),
    api.login(TENANT, 'warehouse'),
    api.login(TENANT, 'driver'),
  ]);
});
afterAll(async () => api?.close());

/** The company's day (Istanbul), as the server dates movements. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
/** Noon in Istanbul on a day `days` before today: a payment taken then is dated that day. */
const takenDaysAgo = (days: number) => `${addDays(today(), -days)}T12:00:00+03:00`;

const FORMULA = '=HYPERLINK("http://x.example","tıkla")';

interface Ledger {
  customerId: string;
  customerNumber: string;
  invoiceKurus: number;
}

/**
 * A customer's ledger, posted in day order: a payment 40 days ago (100 TL), one 20 days ago
 * (50 TL), today a sales invoice, an adjustment whose reason begins with '=', and a payment (10 TL).
 */
async function ledger(): Promise<Ledger> {
  const [order] = await insertOrders(api.db, TENANT, 1);
  const { customer_id: customerId } = await api.db
    .selectFrom('orders')
    .select('customer_id')
    .where('id', '=', order!.id)
    .executeTakeFirstOrThrow();
  const { customer_number } = await api.db
    .selectFrom('customers')
    .select('customer_number')
    .where('id', '=', customerId as string)
    .executeTakeFirstOrThrow();
  const pay = async (amount: number, taken_at: string) => {
    const r = await api.call('POST', '/payments', {
      token: manager.token,
      body: { id: randomUUID(), customer_id: customerId, method: 'cash', amount, taken_at },
    });
    expect(r.status, r.raw).toBe(201);
  };
  await pay(100, takenDaysAgo(40));
  await pay(50, takenDaysAgo(20));
  expect((await issue(api, manager, order!.id)).status).toBe(201);
  const adjusted = await api.call('POST', `/customers/${customerId}/account/adjustments`, {
    token: admin.token,
    body: { id: randomUUID(), kind: 'adjustment', amount_kurus: 1234, reason: FORMULA },
  });
  expect(adjusted.status, adjusted.raw).toBe(201);
  await pay(10, new Date().toISOString());
  return {
    customerId: customerId as string,
    customerNumber: customer_number,
    invoiceKurus: order!.total_kurus,
  };
}

async function file(session: Session, customerId: string, format: 'pdf' | 'xlsx', query = '') {
  const r = await api.app.inject({
    method: 'GET',
    url: `/api/customers/${customerId}/account/statement/${format}?tenant=${session.tenant}${query}`,
    headers: { authorization: `Bearer ${session.token}` },
  });
  return {
    status: r.statusCode,
    body: r.rawPayload,
    type: String(r.headers['content-type'] ?? ''),
    disposition: String(r.headers['content-disposition'] ?? ''),
    json: () => r.json() as { error: string; code: string; field?: string },
  };
}

const run = promisify(execFile);
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'statement-'));
  try {
    const name = join(dir, 's.pdf');
    await writeFile(name, pdf);
    const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', name, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The ledger as stored: every movement, in posting order. */
async function stored(customerId: string) {
  const rows = await api.db
    .selectFrom('account_movements')
    .select(['seq', 'day', 'amount_kurus', 'balance_after_kurus'])
    .where('tenant_id', '=', TENANT)
    .where('customer_id', '=', customerId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    ...r,
    amount_kurus: Number(r.amount_kurus),
    balance_after_kurus: Number(r.balance_after_kurus),
  }));
}

/** The statement's figures as the sheet holds them (amounts in lira, as number cells). */
async function sheetFigures(xlsx: Buffer) {
  const rows = await readSheet(xlsx);
  const headerAt = rows.findIndex((r) => r[0] === 'Tarih' && r[6] === 'Bakiye');
  expect(headerAt).toBeGreaterThan(0);
  const opening = rows[headerAt + 1]!;
  const totals = rows.find((r) => r[1] === 'Dönem Toplamı')!;
  const closing = rows.find((r) => r[1] === 'Dönem Sonu Bakiyesi')!;
  const lines = rows.slice(headerAt + 2, rows.indexOf(totals));
  const kurus = (v: unknown) => {
    expect(typeof v).toBe('number');
    return Math.round((v as number) * 100);
  };
  return {
    rows,
    opening: kurus(opening[6]),
    lines,
    debit: kurus(totals[4]),
    credit: kurus(totals[5]),
    closing: kurus(closing[6]),
    lineBalances: lines.map((l) => kurus(l[6])),
  };
}

describe('the statement equals the ledger', () => {
  let l: Ledger;
  beforeAll(async () => {
    l = await ledger();
  });

  it('.xlsx of a period starting mid-ledger: the earlier payment carried forward, the rest as lines, totals and closing from the ledger', async () => {
    const from = addDays(today(), -30);
    const to = today();
    const r = await file(manager, l.customerId, 'xlsx', `&from=${from}&to=${to}`);
    expect(r.status).toBe(200);
    expect(r.type).toContain('spreadsheetml');
    expect(r.disposition).toContain(`ekstre-${l.customerNumber.toLowerCase()}-${from}-${to}.xlsx`);
    const f = await sheetFigures(r.body);
    const moves = await stored(l.customerId);
    const inPeriod = moves.filter((m) => m.day >= from && m.day <= to);
    expect(f.opening).toBe(-10_000);
    expect(f.opening).toBe(moves.filter((m) => m.day < from).reduce((s, m) => s + m.amount_kurus, 0));
    expect(f.lines).toHaveLength(4);
    expect(f.lines.map((x) => x[1])).toEqual(['Tahsilat', 'Satış Faturası', 'Düzeltme', 'Tahsilat']);
    expect(f.debit).toBe(l.invoiceKurus + 1234);
    expect(f.credit).toBe(5_000 + 1_000);
    expect(f.debit).toBe(inPeriod.filter((m) => m.amount_kurus > 0).reduce((s, m) => s + m.amount_kurus, 0));
    expect(f.closing).toBe(f.opening + f.debit - f.credit);
    // The closing balance is the ledger's running balance after its last movement dated ≤ to,
    // and the account's balance; each line's balance is the ledger's balance after it.
    expect(f.closing).toBe(moves.at(-1)!.balance_after_kurus);
    const account = accountSchema.parse(
      (
        await api.call<{ data: Account }>('GET', `/customers/${l.customerId}/account`, {
          token: manager.token,
        })
      ).body.data,
    );
    expect(f.closing).toBe(account.balance_kurus);
    expect(f.lineBalances).toEqual(inPeriod.map((m) => m.balance_after_kurus));
    // Days are date cells.
    expect(f.lines[0]![0]).toBeInstanceOf(Date);
    expect((f.lines[0]![0] as unknown as Date).toISOString().slice(0, 10)).toBe(addDays(today(), -20));
  });

  it('a past period: opening 0, the one payment, closing = the ledger’s balance after it', async () => {
    const from = addDays(today(), -45);
    const to = addDays(today(), -25);
    const f = await sheetFigures((await file(manager, l.customerId, 'xlsx', `&from=${from}&to=${to}`)).body);
    const moves = await stored(l.customerId);
    const last = moves.filter((m) => m.day <= to).at(-1)!;
    expect(f).toMatchObject({ opening: 0, debit: 0, credit: 10_000, closing: -10_000 });
    expect(f.closing).toBe(last.balance_after_kurus);
  });

  it('the PDF prints the same figures, the company, the customer and each movement’s kind', async () => {
    const from = addDays(today(), -30);
    const to = today();
    const r = await file(sales, l.customerId, 'pdf', `&from=${from}&to=${to}`);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.disposition).toContain(`ekstre-${l.customerNumber.toLowerCase()}-${from}-${to}.pdf`);
    const text = await pdfText(r.body);
    const debit = l.invoiceKurus + 1234;
    const closing = -10_000 + debit - 6_000;
    const trDay = (d: string) => d.split('-').reverse().join('.');
    for (const expected of [
      'HESAP EKSTRESİ',
      'Demo Ticaret',
      `${trDay(from)} Devir`,
      'Öztürk Gıda Ltd. Şti.',
      l.customerNumber,
      `${trDay(from)} – ${trDay(to)}`,
      'Devir',
      'Satış Faturası',
      'Tahsilat',
      'Düzeltme',
      `Devreden Bakiye ${formatTL(-10_000)}`,
      `Dönem Borç Toplamı ${formatTL(debit)}`,
      `Dönem Alacak Toplamı ${formatTL(6_000)}`,
      `Dönem Sonu Bakiyesi ${formatTL(closing)}`,
      'Borçlu',
    ])
      expect(text).toContain(expected);
  });

  it('without dates: this month so far', async () => {
    const r = await file(manager, l.customerId, 'pdf');
    expect(r.status).toBe(200);
    expect(r.disposition).toContain(`-${today().slice(0, 8)}01-${today()}.pdf`);
  });

  it('a description beginning with “=” is a text cell in the sheet, never a formula', async () => {
    const r = await file(manager, l.customerId, 'xlsx', `&from=${today()}&to=${today()}`);
    const f = await sheetFigures(r.body);
    expect(f.lines.map((x) => x[2])).toContain(FORMULA);
    const sheet = readZip(r.body).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).not.toMatch(/<f[ >]/);
  });
});

describe('who may', () => {
  let customerId: string;
  beforeAll(async () => {
    customerId = (await ledger()).customerId;
  });

  it('admin, manager and the salesperson of the customer’s order: yes', async () => {
    for (const s of [admin, manager, sales])
      for (const format of ['pdf', 'xlsx'] as const)
        expect((await file(s, customerId, format)).status, `${s.user.username} ${format}`).toBe(200);
  });

  it('the warehouse: 403; another salesperson and an unassigned driver: 403; another company: 404', async () => {
    for (const format of ['pdf', 'xlsx'] as const) {
      expect((await file(warehouse, customerId, format)).status).toBe(403);
      expect((await file(sales2, customerId, format)).status).toBe(403);
      expect((await file(driver, customerId, format)).status).toBe(403);
      const client = await api.login('client1', 'admin');
      const foreign = await file(client, customerId, format);
      expect(foreign.status).toBe(404);
      expect(foreign.json().code).toBe('NOT_FOUND');
    }
    // The driver once the customer's order is assigned to them.
    await api.db
      .updateTable('orders')
      .set({ driver_id: driver.user.id })
      .where('customer_id', '=', customerId)
      .execute();
    expect((await file(driver, customerId, 'pdf')).status).toBe(200);
  });
});

describe('a bad period', () => {
  let customerId: string;
  beforeAll(async () => {
    const [order] = await insertOrders(api.db, TENANT, 1);
    customerId = (
      await api.db
        .selectFrom('orders')
        .select('customer_id')
        .where('id', '=', order!.id)
        .executeTakeFirstOrThrow()
    ).customer_id as string;
  });

  const refused = async (query: string) => {
    const r = await file(manager, customerId, 'pdf', query);
    expect(r.status, query).toBe(400);
    return r.json();
  };

  it('an end before the start, a period over 366 days, a day that is not one: 400 naming the field by its label', async () => {
    expect(await refused('&from=2026-05-02&to=2026-05-01')).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'to',
      error: 'Bitiş tarihi başlangıç tarihinden önce olamaz',
    });
    const long = await refused('&from=2024-01-01&to=2025-01-01');
    expect(long).toMatchObject({ code: 'VALIDATION_ERROR', field: 'to' });
    expect(long.error).toMatch(/^Bitiş tarihi: ekstre dönemi en fazla 366 gün/);
    expect((await file(manager, customerId, 'xlsx', '&from=2024-01-01&to=2024-12-31')).status).toBe(200);
    const notADay = await refused('&from=2026-02-30&to=2026-03-01');
    expect(notADay).toMatchObject({ code: 'VALIDATION_ERROR', field: 'from' });
    expect(notADay.error).toMatch(/^Başlangıç tarihi/);
    const text = await refused('&to=yarın');
    expect(text).toMatchObject({ field: 'to' });
    expect(text.error).toMatch(/^Bitiş tarihi/);
  });
});

describe('bounds of the document', () => {
  it('the largest amounts are printed whole (the table is set smaller, never cut)', async () => {
    const { customerId } = await ledger();
    for (const amount of [MAX_ACCOUNT_AMOUNT_KURUS, MAX_ACCOUNT_AMOUNT_KURUS - 1])
      expect(
        (
          await api.call('POST', `/customers/${customerId}/account/adjustments`, {
            token: admin.token,
            body: { id: randomUUID(), kind: 'adjustment', amount_kurus: amount, reason: 'Büyük tutar' },
          })
        ).status,
      ).toBe(201);
    const r = await file(manager, customerId, 'pdf', `&from=${today()}&to=${today()}`);
    expect(r.status).toBe(200);
    const text = await pdfText(r.body);
    expect(text).toContain(formatTL(MAX_ACCOUNT_AMOUNT_KURUS));
    expect(text).toContain(formatTL(MAX_ACCOUNT_AMOUNT_KURUS - 1));
    expect(text).not.toMatch(/\d…/);
  });

  it(`a period of more than ${STATEMENT_LIMITS.maxLines.toLocaleString('en')} movements: 400 naming \`to\` (a shorter period is asked for)`, async () => {
    const [order] = await insertOrders(api.db, TENANT, 1);
    const { customer_id } = await api.db
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', order!.id)
      .executeTakeFirstOrThrow();
    const day = addDays(today(), -3);
    const rows = Array.from({ length: STATEMENT_LIMITS.maxLines + 1 }, (_, i) => ({
      tenant_id: TENANT,
      id: randomUUID(),
      customer_id: customer_id as string,
      seq: i + 1,
      kind: 'adjustment',
      amount_kurus: 100,
      balance_after_kurus: 100 * (i + 1),
      day,
      description: '',
      applies_to: '[]',
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await api.db
        .insertInto('account_movements')
        .values(rows.slice(i, i + 1000))
        .execute();
    const r = await file(manager, customer_id as string, 'xlsx', `&from=${day}&to=${day}`);
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'to' });
    expect(r.json().error).toMatch(/^Bitiş tarihi: dönemde 5\.000 hareketten fazlası var/);
    // The day after it: nothing in the period, the 5,001 carried forward.
    const after = await file(
      manager,
      customer_id as string,
      'xlsx',
      `&from=${addDays(day, 1)}&to=${addDays(day, 1)}`,
    );
    expect(after.status).toBe(200);
    expect((await sheetFigures(after.body)).opening).toBe(100 * rows.length);
  });
});
