import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type Invoice, invoiceSchema } from '../../src/shared/api/invoices';
import { parseInvoiceNumber } from '../../src/shared/domain/invoice';
import { type Api, type Session, startApi } from './support/harness';
import {
  child,
  completeCompany,
  insertOrders,
  issue,
  parseXml,
  path,
  readZip,
  type XmlNode,
} from './support/invoices';
import { pullAll } from './support/pull';

/**
 * The invoice's documents (PDF read back with pdftotext, UBL-TR XML parsed back, the period's
 * ZIP), cancelling, the return invoice of a returned order, the automatic invoice of a delivery,
 * and who the sync feed carries invoices to.
 */
const TENANT = 'demo';
const run = promisify(execFile);
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let sales2: Session;
let warehouse: Session;
let tmp: string;

beforeAll(async () => {
  api = await startApi();
  tmp = await mkdtemp(join(tmpdir(), 'invoices-'));
  await completeCompany(api.db, TENANT);
  [admin, manager, sales, sales2, warehouse] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'sales2'),
    api.login(TENANT, 'warehouse'),
  ]);
});
afterAll(async () => {
  await api?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function issued(lines = 3, options: Parameters<typeof insertOrders>[3] = {}): Promise<Invoice> {
  const [order] = await insertOrders(api.db, TENANT, 1, { lines, ...options });
  const r = await issue(api, admin, order!.id);
  expect(r.status, r.raw).toBe(201);
  return invoiceSchema.parse(r.body.data);
}

async function file(session: Session, url: string) {
  return api.app.inject({
    method: 'GET',
    url: `/api${url}${url.includes('?') ? '&' : '?'}tenant=${session.tenant}`,
    headers: { authorization: `Bearer ${session.token}` },
  });
}

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const name = join(tmp, `${randomUUID()}.pdf`);
  await writeFile(name, bytes);
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', name, '-']);
  const info = await run('/usr/bin/pdfinfo', [name]);
  return { text: stdout, pages: Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]) };
}

const amount = (kurus: number) => `${Math.floor(kurus / 100)}.${String(kurus % 100).padStart(2, '0')}`;
const tl = (kurus: number) =>
  new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(kurus / 100);

describe('PDF', () => {
  it('holds the number, ETTN, VKNs, date and time, per-rate KDV and the amount in words with Turkish letters', async () => {
    const invoice = await issued();
    const r = await file(manager, `/invoices/${invoice.id}/pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/pdf');
    const { text, pages } = await pdfText(r.rawPayload);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(invoice.invoice_number as string);
    expect(flat).toContain(invoice.ettn);
    expect(flat).toContain('VKN: 9876543217');
    expect(flat).toContain('VKN: 2701341846');
    expect(flat).toContain('Öztürk Gıda Ltd. Şti.');
    expect(flat).toContain(invoice.order_number);
    expect(flat).toMatch(/Fatura Tarihi \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
    for (const t of invoice.rate_totals) {
      expect(flat).toContain(`Hesaplanan KDV (%${t.rate})`);
      expect(flat).toContain(tl(t.vat_kurus));
    }
    expect(flat).toContain(invoice.amount_in_words);
    expect(invoice.amount_in_words).toMatch(/Türk Lirası/);
    expect(flat).toContain('Ürün İğne Şişe 1');
  });

  it('a long invoice runs to several pages with the totals on the last', async () => {
    const invoice = await issued(120);
    const r = await file(admin, `/invoices/${invoice.id}/pdf`);
    const { text, pages } = await pdfText(r.rawPayload);
    expect(pages).toBeGreaterThan(2);
    const last = text
      .split('\f')
      .filter((p) => p.trim())
      .at(-1) as string;
    expect(last).toContain('Ödenecek Tutar');
    expect(last.replace(/\s+/g, ' ')).toContain(invoice.amount_in_words);
    expect(text.split('\f')[0]).not.toContain('Ödenecek Tutar');
  });
});

describe('UBL-TR XML', () => {
  it('parses back with the required elements in order and totals that match the invoice', async () => {
    const invoice = await issued(4, { customerTaxNumber: '10000000146' });
    const r = await file(manager, `/invoices/${invoice.id}/xml`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/xml');
    const root = parseXml(r.payload);
    expect(root.name).toBe('Invoice');
    const order = root.children.map((c) => c.name);
    const expected = [
      'cbc:UBLVersionID',
      'cbc:CustomizationID',
      'cbc:ProfileID',
      'cbc:ID',
      'cbc:CopyIndicator',
      'cbc:UUID',
      'cbc:IssueDate',
      'cbc:IssueTime',
      'cbc:InvoiceTypeCode',
      'cbc:Note',
      'cbc:DocumentCurrencyCode',
      'cbc:LineCountNumeric',
      'cac:AccountingSupplierParty',
      'cac:AccountingCustomerParty',
      'cac:TaxTotal',
      'cac:LegalMonetaryTotal',
      'cac:InvoiceLine',
    ];
    expect([...new Set(order)]).toEqual(expected);
    const text = (name: string) => child(root, name).text;
    expect(text('cbc:CustomizationID')).toBe('TR1.2');
    expect(text('cbc:ProfileID')).toBe('EARSIVFATURA'); // a TCKN buyer
    expect(text('cbc:ID')).toBe(invoice.invoice_number);
    expect(text('cbc:UUID')).toBe(invoice.ettn);
    expect(text('cbc:CopyIndicator')).toBe('false');
    expect(text('cbc:InvoiceTypeCode')).toBe('SATIS');
    expect(text('cbc:IssueTime')).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(text('cbc:Note')).toBe(invoice.amount_in_words);
    expect(Number(text('cbc:LineCountNumeric'))).toBe(4);
    const supplierId = path(
      root,
      'cac:AccountingSupplierParty',
      'cac:Party',
      'cac:PartyIdentification',
      'cbc:ID',
    );
    expect(supplierId.attrs.schemeID).toBe('VKN');
    expect(supplierId.text).toBe('9876543217');
    const customer = path(root, 'cac:AccountingCustomerParty', 'cac:Party');
    expect(path(customer, 'cac:PartyIdentification', 'cbc:ID').attrs.schemeID).toBe('TCKN');
    expect(path(customer, 'cac:PartyTaxScheme', 'cac:TaxScheme', 'cbc:Name').text).toBe('Çankaya');
    const taxTotal = child(root, 'cac:TaxTotal');
    expect(child(taxTotal, 'cbc:TaxAmount').text).toBe(amount(invoice.vat_total_kurus));
    const subtotals = taxTotal.children.filter((c) => c.name === 'cac:TaxSubtotal');
    expect(subtotals.map((s) => Number(child(s, 'cbc:Percent').text))).toEqual(
      invoice.rate_totals.map((t) => t.rate),
    );
    for (const [i, s] of subtotals.entries()) {
      expect(child(s, 'cbc:TaxableAmount').text).toBe(amount(invoice.rate_totals[i]!.net_kurus));
      expect(child(s, 'cbc:TaxAmount').attrs.currencyID).toBe('TRY');
      expect(path(s, 'cac:TaxCategory', 'cac:TaxScheme', 'cbc:TaxTypeCode').text).toBe('0015');
      expect(path(s, 'cac:TaxCategory', 'cac:TaxScheme', 'cbc:Name').text).toBe('KDV');
    }
    const money = child(root, 'cac:LegalMonetaryTotal');
    expect(money.children.map((c) => c.name)).toEqual([
      'cbc:LineExtensionAmount',
      'cbc:TaxExclusiveAmount',
      'cbc:TaxInclusiveAmount',
      'cbc:PayableAmount',
    ]);
    expect(child(money, 'cbc:PayableAmount').text).toBe(amount(invoice.gross_total_kurus));
    const lines = root.children.filter((c) => c.name === 'cac:InvoiceLine');
    const sum = (nodes: XmlNode[], f: (n: XmlNode) => string) =>
      nodes.reduce((s, n) => s + Math.round(Number(f(n)) * 100), 0);
    expect(sum(lines, (l) => child(l, 'cbc:LineExtensionAmount').text)).toBe(invoice.net_total_kurus);
    expect(sum(lines, (l) => path(l, 'cac:TaxTotal', 'cbc:TaxAmount').text)).toBe(invoice.vat_total_kurus);
    expect(lines[0]!.children.map((c) => c.name)).toEqual([
      'cbc:ID',
      'cbc:InvoicedQuantity',
      'cbc:LineExtensionAmount',
      'cac:TaxTotal',
      'cac:Item',
      'cac:Price',
    ]);
    expect(child(lines[0]!, 'cbc:InvoicedQuantity').attrs.unitCode).toBe('C62');
    expect(path(lines[0]!, 'cac:Item', 'cbc:Name').text).toBe('Ürün İğne Şişe 1');
  });
});

describe('cancel and return', () => {
  it('only an admin cancels, with a reason and the version seen; the number stays used', async () => {
    const invoice = await issued();
    const cancel = (s: Session, body: Record<string, unknown>) =>
      api.call<{ data: Invoice; error?: string; code?: string }>('POST', `/invoices/${invoice.id}/cancel`, {
        token: s.token,
        body,
      });
    expect(
      (await cancel(manager, { reason: 'Hatalı tutar', expected_version: invoice.version })).status,
    ).toBe(403);
    const short = await cancel(admin, { reason: 'x', expected_version: invoice.version });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(INVOICE_MESSAGES.cancelReasonRequired);
    const stale = await cancel(admin, { reason: 'Hatalı tutar', expected_version: invoice.version - 1 });
    expect(stale.status).toBe(409);
    const ok = await cancel(admin, { reason: 'Hatalı tutar', expected_version: invoice.version });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Hatalı tutar',
      invoice_number: invoice.invoice_number,
    });
    const again = await cancel(admin, { reason: 'Başka neden', expected_version: ok.body.data.version });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(INVOICE_MESSAGES.alreadyCancelled);
    // The next invoice takes the next number: the cancelled one's is not reused.
    const next = await issued();
    expect(parseInvoiceNumber(next.invoice_number!)!.sequence).toBe(
      parseInvoiceNumber(invoice.invoice_number!)!.sequence + 1,
    );
    const pdf = await pdfText((await file(admin, `/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(pdf.text).toContain('İPTAL EDİLDİ');
  });

  it("a cancelled invoice's order gets a replacement with the next number; a replay of the cancelled one's id changes nothing", async () => {
    const invoice = await issued();
    const cancelled = await api.call<{ data: Invoice }>('POST', `/invoices/${invoice.id}/cancel`, {
      token: admin.token,
      body: { reason: 'Alıcı unvanı hatalı', expected_version: invoice.version },
    });
    expect(cancelled.status, cancelled.raw).toBe(200);
    // the device that issued it replays its request: the cancelled invoice, nothing new
    const replay = await issue(api, admin, invoice.order_id, invoice.id);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ id: invoice.id, status: 'cancelled' });
    // a new issue replaces it, under the next number
    const replacement = await issue(api, manager, invoice.order_id);
    expect(replacement.status, replacement.raw).toBe(201);
    expect(replacement.body.data).toMatchObject({
      order_id: invoice.order_id,
      status: 'issued',
      type: 'SATIS',
    });
    expect(parseInvoiceNumber(replacement.body.data.invoice_number!)!.sequence).toBeGreaterThan(
      parseInvoiceNumber(invoice.invoice_number!)!.sequence,
    );
    // while the replacement stands, another device's issue answers it
    const second = await issue(api, admin, invoice.order_id);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(replacement.body.data.id);
  });

  it('returning an invoiced order makes the return invoice referring to the sale, in the same change', async () => {
    const sale = await issued();
    const r = await api.call('PATCH', `/orders/${sale.order_id}/status`, {
      token: manager.token,
      body: { status: 'returned', expected_status: 'delivered' },
    });
    expect(r.status, r.raw).toBe(200);
    const list = await api.call<{ data: { data: Invoice[] } }>('GET', '/invoices', {
      token: admin.token,
      query: { type: 'IADE', search: sale.order_number },
    });
    expect(list.body.data.data).toHaveLength(1);
    const iade = list.body.data.data[0]!;
    expect(iade).toMatchObject({
      type: 'IADE',
      original_invoice_id: sale.id,
      original_invoice_number: sale.invoice_number,
      gross_total_kurus: sale.gross_total_kurus,
      order_id: sale.order_id,
    });
    expect(parseInvoiceNumber(iade.invoice_number!)!.sequence).toBe(
      parseInvoiceNumber(sale.invoice_number!)!.sequence + 1,
    );
    const xml = parseXml((await file(admin, `/invoices/${iade.id}/xml`)).payload);
    expect(path(xml, 'cac:BillingReference', 'cac:InvoiceDocumentReference', 'cbc:ID').text).toBe(
      sale.invoice_number,
    );
    expect(child(xml, 'cbc:InvoiceTypeCode').text).toBe('IADE');
    // Refunding afterwards makes no second return invoice.
    const refund = await api.call('PATCH', `/orders/${sale.order_id}/status`, {
      token: manager.token,
      body: { status: 'refunded', expected_status: 'returned' },
    });
    expect(refund.status, refund.raw).toBe(200);
    const rows = await api.db
      .selectFrom('invoices')
      .select('type')
      .where('order_id', '=', sale.order_id)
      .execute();
    expect(rows.map((x) => x.type).sort()).toEqual(['IADE', 'SATIS']);
  });

  it('a sale whose return invoice stands is not cancelled (409 naming the return), nothing written; once the return is cancelled it is', async () => {
    const sale = await issued();
    const returned = await api.call('PATCH', `/orders/${sale.order_id}/status`, {
      token: manager.token,
      body: { status: 'returned', expected_status: 'delivered' },
    });
    expect(returned.status, returned.raw).toBe(200);
    const iade = await api.db
      .selectFrom('invoices')
      .select(['id', 'invoice_number', 'change_seq'])
      .where('original_invoice_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    const cancel = (id: string, expected_version: number) =>
      api.call<{ data: Invoice; error?: string; code?: string; current?: Invoice }>(
        'POST',
        `/invoices/${id}/cancel`,
        { token: admin.token, body: { reason: 'Hatalı fatura', expected_version } },
      );
    const stored = async () => ({
      sale: await api.db
        .selectFrom('invoices')
        .select(['status', 'change_seq', 'cancel_reason'])
        .where('id', '=', sale.id)
        .executeTakeFirstOrThrow(),
      audit: (await api.db.selectFrom('audit_logs').select('id').where('entity_id', '=', sale.id).execute())
        .length,
    });
    const before = await stored();
    const refused = await cancel(sale.id, sale.version);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'RETURN_INVOICE_EXISTS',
      error: INVOICE_MESSAGES.hasReturnInvoice(iade.invoice_number),
      current: { id: sale.id, status: 'issued' },
    });
    expect(refused.body.error).toContain(iade.invoice_number);
    expect(await stored()).toEqual(before);
    // The return invoice still refers to a sale that stands (XML BillingReference).
    const xml = parseXml((await file(admin, `/invoices/${iade.id}/xml`)).payload);
    expect(path(xml, 'cac:BillingReference', 'cac:InvoiceDocumentReference', 'cbc:ID').text).toBe(
      sale.invoice_number,
    );
    // The return invoice cancelled first: nothing refers to the sale any more, it may be cancelled.
    const iadeCancelled = await cancel(iade.id, Number(iade.change_seq));
    expect(iadeCancelled.status, iadeCancelled.raw).toBe(200);
    const saleCancelled = await cancel(sale.id, sale.version);
    expect(saleCancelled.status, saleCancelled.raw).toBe(200);
    expect(saleCancelled.body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Hatalı fatura' });
  });

  it('with automatic invoicing on, the delivery issues the sales invoice in its transaction', async () => {
    await api.db
      .updateTable('tenants')
      .set({ auto_invoice_on_delivery: true })
      .where('id', '=', TENANT)
      .execute();
    try {
      const [order] = await insertOrders(api.db, TENANT, 1, { status: 'out_for_delivery' });
      const png =
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
      const r = await api.call('POST', `/orders/${order!.id}/deliver`, {
        token: admin.token,
        body: {
          expected_status: 'out_for_delivery',
          recipient_name: 'Ayşe Yılmaz',
          signature: `data:image/png;base64,${png}`,
          delivered_at: new Date().toISOString(),
        },
      });
      expect(r.status, r.raw).toBe(200);
      const rows = await api.db
        .selectFrom('invoices')
        .select(['type', 'gross_total_kurus'])
        .where('order_id', '=', order!.id)
        .execute();
      expect(rows).toEqual([{ type: 'SATIS', gross_total_kurus: order!.total_kurus }]);
      // Issuing by hand afterwards answers that invoice.
      expect((await issue(api, admin, order!.id)).status).toBe(200);
    } finally {
      await api.db
        .updateTable('tenants')
        .set({ auto_invoice_on_delivery: false })
        .where('id', '=', TENANT)
        .execute();
    }
  });
  it('with automatic invoicing on and the company profile incomplete, the delivery stands, no invoice is made, and every admin is told why', async () => {
    const saved = await api.db
      .selectFrom('tenants')
      .select(['tax_number', 'legal_name'])
      .where('id', '=', TENANT)
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('tenants')
      .set({ auto_invoice_on_delivery: true, tax_number: null, legal_name: ' ' })
      .where('id', '=', TENANT)
      .execute();
    try {
      const [order] = await insertOrders(api.db, TENANT, 1, { status: 'out_for_delivery' });
      const png =
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
      const r = await api.call<{ data: { status: string } }>('POST', `/orders/${order!.id}/deliver`, {
        token: admin.token,
        body: {
          expected_status: 'out_for_delivery',
          recipient_name: 'Ayşe Yılmaz',
          signature: `data:image/png;base64,${png}`,
          delivered_at: new Date().toISOString(),
        },
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.status).toBe('delivered');
      const invoices = await api.db
        .selectFrom('invoices')
        .select('id')
        .where('order_id', '=', order!.id)
        .execute();
      expect(invoices).toEqual([]);
      const admins = await api.db
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', TENANT)
        .where('role', '=', 'admin')
        .where('is_active', '=', true)
        .where('deleted_at', 'is', null)
        .execute();
      const notes = await api.db
        .selectFrom('notifications')
        .select(['user_id', 'type', 'title', 'message', 'params'])
        .where('tenant_id', '=', TENANT)
        .where('related_order_id', '=', order!.id)
        .where('type', '=', 'system')
        .execute();
      expect(notes.map((n) => n.user_id).sort()).toEqual(admins.map((a) => a.id).sort());
      expect(notes[0]).toMatchObject({
        title: 'Fatura Kesilemedi',
        message: expect.stringContaining('şirket bilgileri eksik (Ticari unvan, Vergi numarası)'),
      });
      expect(notes[0]!.params).toEqual({
        key: 'invoice_skipped',
        order_number: order!.order_number,
        customer_name: 'Şükrü Öztürk',
        missing: ['legal_name', 'tax_number'],
      });
      // The admin reads it through the API like any notification.
      const listed = await api.call<{
        data: { notifications: Array<{ related_order: { id: string } | null }> };
      }>('GET', '/notifications', { token: admin.token });
      expect(listed.body.data.notifications.some((n) => n.related_order?.id === order!.id)).toBe(true);
      const audit = await api.db
        .selectFrom('audit_logs')
        .select('action')
        .where('tenant_id', '=', TENANT)
        .where('entity_id', '=', order!.id)
        .where('action', '=', 'invoice.skipped')
        .execute();
      expect(audit).toHaveLength(1);
    } finally {
      await api.db
        .updateTable('tenants')
        .set({ auto_invoice_on_delivery: false, tax_number: saved.tax_number, legal_name: saved.legal_name })
        .where('id', '=', TENANT)
        .execute();
    }
  });
});

describe('export and the sync feed', () => {
  it('the export ZIP holds one XML per invoice of the period and a CSV summary', async () => {
    const a = await issued();
    const b = await issued(2, { customerTaxNumber: null });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const r = await file(admin, `/invoices/export?from=${today}&to=${today}`);
    expect(r.statusCode, r.payload.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toContain('application/zip');
    const files = readZip(r.rawPayload);
    const count = await api.db.selectFrom('invoices').select('id').where('tenant_id', '=', TENANT).execute();
    const xmls = [...files.keys()].filter((n) => n.endsWith('.xml'));
    expect(xmls).toHaveLength(count.length);
    expect(xmls).toEqual(expect.arrayContaining([`${a.invoice_number}.xml`, `${b.invoice_number}.xml`]));
    expect(child(parseXml(files.get(`${a.invoice_number}.xml`)!.toString('utf8')), 'cbc:UUID').text).toBe(
      a.ettn,
    );
    const csv = files.get('ozet.csv')!.toString('utf8');
    expect(csv.startsWith('\uFEFFFatura No;Tür;Durum')).toBe(true);
    expect(csv.trim().split('\r\n')).toHaveLength(count.length + 1);
    expect(csv).toContain('Öztürk Gıda Ltd. Şti.');
    const empty = await file(admin, '/invoices/export?from=2001-01-01&to=2001-01-31');
    expect([...readZip(empty.rawPayload).keys()]).toEqual(['ozet.csv', 'ozet.xlsx']);
    const tooLong = await api.call('GET', '/invoices/export', {
      token: admin.token,
      query: { from: '2024-01-01', to: '2026-01-01' },
    });
    expect(tooLong.status).toBe(400);
    expect((await file(warehouse, `/invoices/export?from=${today}&to=${today}`)).statusCode).toBe(403);
  });

  it('the pull carries invoices to admin and manager, and to the salesperson of the order only', async () => {
    const theirs = await issued(1);
    const sales2Id = sales2.user.id;
    const other = await issued(1, { salespersonId: sales2Id });
    const invoicesOf = async (s: Session) =>
      (await pullAll(api, s)).flatMap((p) => p.invoices.upserts.map((i) => i.id));
    for (const s of [admin, manager])
      expect(await invoicesOf(s)).toEqual(expect.arrayContaining([theirs.id, other.id]));
    const own = await invoicesOf(sales);
    expect(own).toContain(theirs.id);
    expect(own).not.toContain(other.id);
    expect(await invoicesOf(sales2)).toEqual([other.id]);
    expect(await invoicesOf(warehouse)).toEqual([]);
  });
});
