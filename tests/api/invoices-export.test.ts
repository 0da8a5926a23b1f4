import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Invoice, invoiceSchema } from '../../src/shared/api/invoices';
import { type Api, type Session, startApi } from './support/harness';
import { completeCompany, insertOrders, issue, readZip } from './support/invoices';

/**
 * The accountant's period export opened as Turkish Excel opens it: `ozet.csv` with ';' between
 * cells, a byte-order mark, amounts with a decimal comma, dates dd.MM.yyyy on the company's
 * clock and the buyer's VKN/TCKN as the invoice's XML carries it; `ozet.xlsx` beside it with
 * number and date cells.
 */
const TENANT = 'demo';
let api: Api;
let admin: Session;

beforeAll(async () => {
  api = await startApi();
  await completeCompany(api.db, TENANT);
  admin = await api.login(TENANT, 'admin');
});
afterAll(async () => api?.close());

async function issued(options: Parameters<typeof insertOrders>[3] = {}): Promise<Invoice> {
  const [order] = await insertOrders(api.db, TENANT, 1, { lines: 2, ...options });
  const r = await issue(api, admin, order!.id);
  expect(r.status, r.raw).toBe(201);
  return invoiceSchema.parse(r.body.data);
}

/** Issued at 22:30 UTC on 15 January 2025: the 16th at 01:30 in Istanbul (the company's zone). */
const AT = new Date(Date.UTC(2025, 0, 15, 22, 30, 0));

async function movedToAt(invoice: Invoice): Promise<void> {
  await api.db.updateTable('invoices').set({ issued_at: AT }).where('id', '=', invoice.id).execute();
}

async function exportOf(from: string, to: string): Promise<Map<string, Buffer>> {
  const r = await api.app.inject({
    method: 'GET',
    url: `/api/invoices/export?from=${from}&to=${to}&tenant=${TENANT}`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(r.statusCode, r.payload.slice(0, 300)).toBe(200);
  return readZip(r.rawPayload);
}

/** Lira with a decimal comma, written here by hand (not by the product's writer). */
const comma = (kurus: number) => `${Math.floor(kurus / 100)},${String(kurus % 100).padStart(2, '0')}`;

describe('the period export for an accountant', () => {
  let withTax: Invoice;
  let consumer: Invoice;
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    withTax = await issued({ customerTaxNumber: '1234567890' });
    consumer = await issued({ customerTaxNumber: null });
    await movedToAt(withTax);
    await movedToAt(consumer);
    files = await exportOf('2025-01-16', '2025-01-16');
  });

  it('ozet.csv: BOM, ";" cells, decimal commas, the day on the company clock, VKN/TCKN filled', () => {
    const csv = files.get('ozet.csv')!.toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const header = lines[0]!.split(';');
    expect(header).toEqual([
      'Fatura No',
      'Tür',
      'Durum',
      'Senaryo',
      'Tarih',
      'Saat',
      'ETTN',
      'Sipariş No',
      'İlgili Fatura',
      'Alıcı',
      'VKN/TCKN',
      'Matrah',
      'KDV',
      'Toplam',
    ]);
    const rows = new Map(
      lines
        .slice(1, -1)
        .map((line) => line.split(';'))
        .map((cells) => [cells[0], Object.fromEntries(header.map((h, i) => [h, cells[i]]))]),
    );
    expect(rows.size).toBe(2);
    for (const invoice of [withTax, consumer]) {
      const row = rows.get(invoice.invoice_number!)!;
      expect(row.Tarih).toBe('16.01.2025');
      expect(row.Saat).toBe('01:30:00');
      expect(row.Matrah).toBe(comma(invoice.net_total_kurus));
      expect(row.KDV).toBe(comma(invoice.vat_total_kurus));
      expect(row.Toplam).toBe(comma(invoice.gross_total_kurus));
      // Never '900.99' nor '9.01' (Turkish Excel reads those as a date or a thousand).
      for (const money of [row.Matrah, row.KDV, row.Toplam]) expect(money).toMatch(/^-?\d+,\d{2}$/);
    }
    expect(rows.get(withTax.invoice_number!)!['VKN/TCKN']).toBe('1234567890');
    // A consumer without a tax number: the e-Arşiv identification the XML carries.
    expect(rows.get(consumer.invoice_number!)!['VKN/TCKN']).toBe('11111111111');
    const xml = files.get(`${consumer.invoice_number}.xml`)!.toString('utf8');
    expect(xml).toContain('11111111111');
  });

  it('ozet.xlsx beside it: the same rows, amounts as numbers, the day as a date, texts as texts', async () => {
    expect([...files.keys()]).toEqual(expect.arrayContaining(['ozet.csv', 'ozet.xlsx']));
    const sheet = await readSheet(files.get('ozet.xlsx')!);
    expect(sheet[0]?.[0]).toBe('Fatura No');
    expect(sheet).toHaveLength(3);
    const row = sheet.find((r) => r[0] === consumer.invoice_number)!;
    expect(row[4]).toBeInstanceOf(Date);
    expect((row[4] as unknown as Date).toISOString().slice(0, 10)).toBe('2025-01-16');
    expect(row[10]).toBe('11111111111');
    expect(row[11]).toBe(consumer.net_total_kurus / 100);
    expect(row[12]).toBe(consumer.vat_total_kurus / 100);
    expect(row[13]).toBe(consumer.gross_total_kurus / 100);
    expect(typeof row[13]).toBe('number');
  });
});
