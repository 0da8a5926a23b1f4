import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySchema } from '../../src/shared/api/company';
import { type Invoice, invoiceSchema } from '../../src/shared/api/invoices';
import { type Api, type Session, startApi } from './support/harness';
import { child, completeCompany, insertOrders, issue, parseXml } from './support/invoices';

/**
 * One clock: the company's documents write every date and time in the company's time zone (the
 * tenant setting the admin changes on 'Şirket Bilgileri'), never in the server's. An instant near
 * midnight UTC falls on different days in Istanbul and New York, so the day printed shows which
 * zone was used.
 */
const TENANT = 'demo';
const run = promisify(execFile);
let api: Api;
let admin: Session;
let tmp: string;

// 21:30 UTC on 10 January 2026: 00:30 of 11 January in Istanbul (UTC+3), 16:30 of 10 January in
// New York (UTC-5 in winter).
const NEAR_MIDNIGHT = '2026-01-10T21:30:00.000Z';

beforeAll(async () => {
  api = await startApi();
  tmp = await mkdtemp(join(tmpdir(), 'clock-'));
  await completeCompany(api.db, TENANT);
  admin = await api.login(TENANT, 'admin');
});
afterAll(async () => {
  await api?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function file(url: string) {
  const r = await api.app.inject({
    method: 'GET',
    url: `/api${url}?tenant=${TENANT}`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(r.statusCode, r.payload.slice(0, 300)).toBe(200);
  return r;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const name = join(tmp, `${randomUUID()}.pdf`);
  await writeFile(name, bytes);
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', name, '-']);
  return stdout;
}

/** The admin sets the company's time zone through the company form's API. */
async function setTimeZone(timezone: string): Promise<void> {
  const got = await api.call<{ data: unknown }>('GET', '/admin/company', {
    tenant: TENANT,
    token: admin.token,
  });
  const c = companySchema.parse(got.body.data);
  const r = await api.call('PUT', '/admin/company', {
    tenant: TENANT,
    token: admin.token,
    body: {
      name: c.name,
      legal_name: c.legal_name,
      tax_number: c.tax_number,
      tax_office: c.tax_office,
      address: c.address ?? 'Kızılay Mah. Atatürk Bulvarı No:1, Ankara',
      phone: c.phone ?? '',
      email: c.email ?? '',
      website: c.website ?? '',
      currency: 'TRY',
      timezone,
      language: 'tr',
      expected_version: c.version,
    },
  });
  expect(r.status, r.raw).toBe(200);
}

/** An invoice whose issue instant is NEAR_MIDNIGHT (the documents are rendered from the record). */
async function invoiceNearMidnight(): Promise<Invoice> {
  const [order] = await insertOrders(api.db, TENANT, 1, { lines: 1 });
  const r = await issue(api, admin, order!.id);
  expect(r.status, r.raw).toBe(201);
  const invoice = invoiceSchema.parse(r.body.data);
  await sql`UPDATE invoices SET issued_at = ${NEAR_MIDNIGHT} WHERE id = ${invoice.id}`.execute(api.db);
  return invoice;
}

async function xmlDateTime(id: string): Promise<[string, string]> {
  const root = parseXml((await file(`/invoices/${id}/xml`)).payload);
  return [child(root, 'cbc:IssueDate').text, child(root, 'cbc:IssueTime').text];
}

describe("documents are dated in the company's time zone", () => {
  it('Istanbul (the default): the invoice PDF and XML say 11 January, 00:30', async () => {
    await setTimeZone('Europe/Istanbul');
    const invoice = await invoiceNearMidnight();
    expect(await xmlDateTime(invoice.id)).toEqual(['2026-01-11', '00:30:00']);
    const text = await pdfText((await file(`/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(text).toMatch(/Fatura Tarihi\s+11\.01\.2026 00:30/);
  });

  it('changed to New York: the same kind of invoice says 10 January, 16:30 in the PDF and the XML', async () => {
    await setTimeZone('America/New_York');
    const invoice = await invoiceNearMidnight();
    expect(await xmlDateTime(invoice.id)).toEqual(['2026-01-10', '16:30:00']);
    const text = await pdfText((await file(`/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(text).toMatch(/Fatura Tarihi\s+10\.01\.2026 16:30/);
    expect(text).not.toContain('11.01.2026');
  });

  it("changed to New York: the delivery note dates the order's day in New York", async () => {
    await setTimeZone('America/New_York');
    const [order] = await insertOrders(api.db, TENANT, 1, { lines: 1 });
    await sql`UPDATE orders SET created_at = ${NEAR_MIDNIGHT} WHERE id = ${order!.id}`.execute(api.db);
    const text = await pdfText((await file(`/delivery-notes/generate/${order!.id}`)).rawPayload);
    expect(text).toMatch(/Sipariş Tarihi\s+10\.01\.2026/);
    await setTimeZone('Europe/Istanbul');
    const again = await pdfText((await file(`/delivery-notes/generate/${order!.id}`)).rawPayload);
    expect(again).toMatch(/Sipariş Tarihi\s+11\.01\.2026/);
  });

  it('a time zone that is not offered is refused with 400 naming the field, and nothing changes', async () => {
    const got = await api.call<{ data: unknown }>('GET', '/admin/company', {
      tenant: TENANT,
      token: admin.token,
    });
    const before = companySchema.parse(got.body.data);
    const r = await api.call<{ code: string; field: string; error: string }>('PUT', '/admin/company', {
      tenant: TENANT,
      token: admin.token,
      body: { ...before, timezone: 'Mars/Olympus', expected_version: before.version },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'timezone' });
    expect(r.body.error).toMatch(/^Saat dilimi /);
    const after = await api.call<{ data: unknown }>('GET', '/admin/company', {
      tenant: TENANT,
      token: admin.token,
    });
    expect(companySchema.parse(after.body.data).version).toBe(before.version);
  });
});
