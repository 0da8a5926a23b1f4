import type { Invoice } from '../../shared/api/invoices';
import { yieldToArrivals } from '../lib/arrivals';
import { csvFile, type SheetCell } from '../lib/csv';
import { xlsxFile } from '../lib/xlsx';
import { ZipBuilder } from '../lib/zip-writer';
import { buyerIdentification, renderInvoiceXml } from './invoice.xml';
import { localDateTime } from './invoice-build';

/**
 * The accountant's export of a period: one UBL-TR XML file per invoice (named by its number),
 * `ozet.csv` and `ozet.xlsx`, one row per invoice — number, type, status, date and time, ETTN,
 * order, buyer and their tax number, net, KDV and total. The CSV is what Excel with Turkish
 * settings opens as is (lib/csv.ts: ';', BOM, decimal comma '900,99', dates dd.MM.yyyy in the
 * company's time zone, formula-safe texts); the .xlsx has the same rows with number and date
 * cells. The VKN/TCKN column is the buyer's identification as the invoice's XML carries it (a
 * consumer without a tax number: 11111111111). Built file by file, yielding to the event loop
 * now and then: 10,000 invoices are seconds of work, and the server's other requests must not
 * wait for all of it.
 */

const HEADER = [
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
const WIDTHS = [18, 8, 12, 14, 12, 10, 38, 16, 18, 30, 14, 14, 14, 14];

/** Invoices rendered and deflated between two yields to the event loop (~10–30 ms of work). */
const YIELD_EVERY = 100;

function summaryRow(invoice: Invoice, timeZone: string): SheetCell[] {
  const issued = new Date(invoice.issued_at);
  return [
    invoice.invoice_number ?? '',
    invoice.type,
    invoice.status === 'cancelled' ? 'İptal' : 'Düzenlendi',
    invoice.profile,
    { date: issued },
    localDateTime(issued, timeZone)[1],
    invoice.ettn,
    invoice.order_number,
    invoice.original_invoice_number ?? '',
    invoice.buyer.company_name || invoice.buyer.name,
    buyerIdentification(invoice.buyer.tax_number).id,
    { money: invoice.net_total_kurus },
    { money: invoice.vat_total_kurus },
    { money: invoice.gross_total_kurus },
  ];
}

export async function exportZip(
  invoices: readonly Invoice[],
  timeZone: string,
  originals: Map<string, string>,
): Promise<Buffer> {
  const rows: SheetCell[][] = [];
  const zip = new ZipBuilder();
  for (const [index, invoice] of invoices.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await yieldToArrivals();
    rows.push(summaryRow(invoice, timeZone));
    const xml = renderInvoiceXml(invoice, {
      timeZone,
      originalIssuedAt: invoice.original_invoice_id ? originals.get(invoice.original_invoice_id) : null,
    });
    zip.add({ name: `${invoice.invoice_number}.xml`, data: Buffer.from(xml, 'utf8') });
  }
  zip.add({ name: 'ozet.csv', data: csvFile(HEADER, rows, { timeZone }) });
  zip.add({
    name: 'ozet.xlsx',
    data: await xlsxFile(HEADER, rows, { timeZone, sheet: 'Faturalar', widths: WIDTHS }),
  });
  return zip.finish();
}
