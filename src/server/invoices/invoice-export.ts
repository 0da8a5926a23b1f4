import type { Invoice } from '../../shared/api/invoices';
import { csvCell } from '../admin/admin-logs.service';
import { ZipBuilder } from '../lib/zip-writer';
import { amount, renderInvoiceXml } from './invoice.xml';
import { localDateTime } from './invoice-build';

/**
 * The accountant's export of a period: one UBL-TR XML file per invoice (named by its number) and
 * `ozet.csv`, one row per invoice — number, type, status, date and time, ETTN, order, buyer and
 * their tax number, net, KDV and total. The CSV is what Excel with Turkish settings opens as is:
 * a byte-order mark (UTF-8), ';' between cells, decimal comma-free amounts ('1234.50'), and cells
 * that would read as a formula made text (admin-logs.service.ts `csvCell`). Built file by file,
 * yielding to the event loop now and then: 10,000 invoices are seconds of work, and the server's
 * other requests must not wait for all of it.
 */

const CSV_HEADER = [
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
];

/** Invoices rendered and deflated between two yields to the event loop (~10–30 ms of work). */
const YIELD_EVERY = 100;

export async function exportZip(
  invoices: readonly Invoice[],
  timeZone: string,
  originals: Map<string, string>,
): Promise<Buffer> {
  const rows = [CSV_HEADER.map(csvCell).join(';')];
  const zip = new ZipBuilder();
  for (const [index, invoice] of invoices.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const [date, time] = localDateTime(new Date(invoice.issued_at), timeZone);
    rows.push(
      [
        invoice.invoice_number ?? '',
        invoice.type,
        invoice.status === 'cancelled' ? 'İptal' : 'Düzenlendi',
        invoice.profile,
        date,
        time,
        invoice.ettn,
        invoice.order_number,
        invoice.original_invoice_number ?? '',
        invoice.buyer.company_name || invoice.buyer.name,
        invoice.buyer.tax_number ?? '',
        amount(invoice.net_total_kurus),
        amount(invoice.vat_total_kurus),
        amount(invoice.gross_total_kurus),
      ]
        .map(csvCell)
        .join(';'),
    );
    const xml = renderInvoiceXml(invoice, {
      timeZone,
      originalIssuedAt: invoice.original_invoice_id ? originals.get(invoice.original_invoice_id) : null,
    });
    zip.add({ name: `${invoice.invoice_number}.xml`, data: Buffer.from(xml, 'utf8') });
  }
  zip.add({ name: 'ozet.csv', data: Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8') });
  return zip.finish();
}
