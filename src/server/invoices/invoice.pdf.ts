import type { Invoice } from '../../shared/api/invoices';
import { formatTL } from '../../shared/domain/money';
import { openA4Pdf, type PdfColumn, pdfFacts, pdfTable } from '../lib/pdf-layout';
import { localDateTime } from './invoice-build';
import { gibQrPayload, qrMatrix } from './invoice-qr';

/**
 * The printed invoice (A4, pdfkit, DejaVu Sans for the Turkish letters: lib/pdf-fonts.ts).
 *
 * Layout: the seller with its logo (left) and the invoice's facts (right: title, scenario, type,
 * number, date and time, ETTN, order number, for a return the invoice it refers to); the buyer;
 * the lines (product, quantity, unit, KDV-inclusive unit price, KDV rate, KDV amount, line total;
 * the header row repeats on every page); on the last page the totals — goods and services net
 * total, per KDV rate its base and its KDV, the total with taxes, the amount payable — and the
 * amount in words. A cancelled invoice says so across its first page. "Sayfa i / n" at the foot.
 *
 * Beside the totals, GİB's QR code: a JSON object of the invoice's key figures (invoice-qr.ts).
 */

export interface InvoicePdfData {
  invoice: Invoice;
  timeZone: string;
  /** The company logo (PNG or JPEG bytes) as it is now (the invoice names its hash). */
  logo?: Buffer | null;
}

const MARGIN = 40;
const FOOTER = 30;
const PAD = 4;
const GREY = '#555555';
const LINE = '#999999';

const COLUMNS: PdfColumn[] = [
  { title: '#', width: 22, align: 'right' },
  { title: 'Ürün / Hizmet', width: 165, align: 'left' },
  { title: 'Miktar', width: 42, align: 'right' },
  { title: 'Birim', width: 34, align: 'left' },
  { title: 'Birim Fiyat', width: 66, align: 'right' },
  { title: 'KDV %', width: 42, align: 'right' },
  { title: 'KDV Tutarı', width: 66, align: 'right' },
  { title: 'Tutar', width: 78, align: 'right' },
];

const TITLES: Record<Invoice['type'], string> = { SATIS: 'FATURA', IADE: 'İADE FATURASI' };
const PROFILE_LABELS: Record<Invoice['profile'], string> = {
  EARSIVFATURA: 'e-Arşiv Fatura',
  TEMELFATURA: 'Temel Fatura',
  TICARIFATURA: 'Ticari Fatura',
};

export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const { invoice, timeZone } = data;
  const seller = invoice.seller;
  const buyer = invoice.buyer;
  const { doc, done } = openA4Pdf(MARGIN, {
    Title: `Fatura ${invoice.invoice_number ?? ''}`,
    Author: seller.legal_name,
    Subject: TITLES[invoice.type],
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;
  const newPage = () => {
    doc.addPage();
    return MARGIN;
  };

  // -------------------------------------------------------------- seller and facts ---
  const sellerWidth = width * 0.55;
  let sellerTop = MARGIN;
  if (data.logo) {
    try {
      doc.image(data.logo, left, MARGIN, { fit: [140, 44] });
      sellerTop += 50;
    } catch {
      // A picture pdfkit cannot read (e.g. an interlaced PNG): the invoice goes out without it.
    }
  }
  doc
    .font('bold')
    .fontSize(12)
    .fillColor('black')
    .text(seller.legal_name, left, sellerTop, { width: sellerWidth });
  doc.font('regular').fontSize(8.5).fillColor(GREY);
  const sellerLines = [
    [seller.address, seller.city].filter(Boolean).join(' ') || null,
    `Vergi Dairesi: ${seller.tax_office}   VKN: ${seller.tax_number}`,
    [seller.phone ? `Tel: ${seller.phone}` : null, seller.email ? `E-posta: ${seller.email}` : null]
      .filter(Boolean)
      .join('   ') || null,
    seller.website,
  ].filter((l): l is string => Boolean(l));
  for (const line of sellerLines) doc.text(line, { width: sellerWidth });
  const sellerBottom = doc.y;

  const factsX = left + sellerWidth + 10;
  const factsWidth = width - sellerWidth - 10;
  doc.font('bold').fontSize(18).fillColor('black').text(TITLES[invoice.type], factsX, MARGIN, {
    width: factsWidth,
    align: 'right',
  });
  doc.moveDown(0.2);
  const [date, time] = localDateTime(new Date(invoice.issued_at), timeZone);
  const facts: [string, string][] = [
    ['Özelleştirme No', 'TR1.2'],
    ['Senaryo', PROFILE_LABELS[invoice.profile]],
    ['Fatura Tipi', invoice.type],
    ['Fatura No', invoice.invoice_number ?? ''],
    ['Fatura Tarihi', `${date.split('-').reverse().join('.')} ${time}`],
    ['Sipariş No', invoice.order_number],
  ];
  if (invoice.original_invoice_number) facts.push(['İlgili Fatura', invoice.original_invoice_number]);
  doc.fontSize(8.5);
  pdfFacts(doc, facts, { x: factsX, width: factsWidth, labelShare: 0.4 });
  doc.font('bold').text('ETTN', factsX, doc.y + 2, { width: factsWidth });
  doc.font('regular').fontSize(8).text(invoice.ettn, factsX, doc.y, { width: factsWidth, align: 'right' });

  let y = Math.max(sellerBottom, doc.y) + 12;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(LINE)
    .lineWidth(0.8)
    .stroke();
  y += 8;

  // ------------------------------------------------------------------------- buyer ---
  doc.font('bold').fontSize(10).fillColor('black').text('SAYIN', left, y);
  doc
    .font('bold')
    .fontSize(10)
    .text(buyer.company_name || buyer.name, { width: width * 0.7 });
  doc.font('regular').fontSize(8.5).fillColor(GREY);
  const buyerLines = [
    buyer.company_name ? buyer.name : null,
    [buyer.address, buyer.city].filter(Boolean).join(' ') || null,
    [
      buyer.tax_office ? `Vergi Dairesi: ${buyer.tax_office}` : null,
      buyer.tax_number ? `${buyer.tax_number.length === 10 ? 'VKN' : 'TCKN'}: ${buyer.tax_number}` : null,
    ]
      .filter(Boolean)
      .join('   ') || null,
    [buyer.phone ? `Tel: ${buyer.phone}` : null, buyer.email ? `E-posta: ${buyer.email}` : null]
      .filter(Boolean)
      .join('   ') || null,
  ].filter((l): l is string => Boolean(l));
  for (const line of buyerLines) doc.text(line, { width: width * 0.7 });
  y = doc.y + 12;

  if (invoice.status === 'cancelled') {
    doc
      .font('bold')
      .fontSize(14)
      .fillColor('#b00020')
      .text('İPTAL EDİLDİ', left, y, { width, align: 'center' });
    if (invoice.cancel_reason) {
      doc
        .font('regular')
        .fontSize(8.5)
        .text(`İptal nedeni: ${invoice.cancel_reason}`, { width, align: 'center' });
    }
    y = doc.y + 8;
  }

  // --------------------------------------------------------------------------- lines ---
  const { row, rowHeight, header } = pdfTable(doc, { left, width, columns: COLUMNS, fontSize: 8, pad: PAD });
  y = header(y);
  for (const line of invoice.lines) {
    if (y + rowHeight > bottom()) y = header(newPage());
    row(
      [
        String(line.line_no),
        line.product_name,
        String(line.quantity),
        line.unit,
        formatTL(line.unit_price_kurus),
        `%${line.vat_rate}`,
        formatTL(line.vat_kurus),
        formatTL(line.gross_kurus),
      ],
      y,
      'regular',
    );
    y += rowHeight;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor('#dddddd')
      .lineWidth(0.5)
      .stroke();
  }

  // -------------------------------------------------------------------------- totals ---
  const totals: [string, string][] = [['Mal Hizmet Toplam Tutarı', formatTL(invoice.net_total_kurus)]];
  for (const t of invoice.rate_totals) {
    totals.push([`KDV Matrahı (%${t.rate})`, formatTL(t.net_kurus)]);
    totals.push([`Hesaplanan KDV (%${t.rate})`, formatTL(t.vat_kurus)]);
  }
  totals.push(['Vergiler Dahil Toplam Tutar', formatTL(invoice.gross_total_kurus)]);
  totals.push(['Ödenecek Tutar', formatTL(invoice.gross_total_kurus)]);
  const totalRow = 13;
  const qrSize = 110;
  const needed = Math.max(totals.length * totalRow, qrSize) + 50;
  if (y + needed > bottom()) y = newPage();
  y += 8;
  const qr = qrMatrix(JSON.stringify(gibQrPayload(invoice, timeZone)));
  const cell = qrSize / qr.size;
  doc.fillColor('black');
  for (let qy = 0; qy < qr.size; qy++) {
    for (let qx = 0; qx < qr.size; qx++)
      if (qr.dark(qx, qy)) doc.rect(left + qx * cell, y + qy * cell, cell, cell);
  }
  doc.fill();
  const qrBottom = y + qrSize;
  const boxX = left + width * 0.45;
  const boxWidth = width * 0.55;
  for (const [i, [label, value]] of totals.entries()) {
    const last = i >= totals.length - 2;
    doc
      .font(last ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor('black');
    doc.text(label, boxX, y, { width: boxWidth * 0.62, lineBreak: false });
    doc.text(value, boxX + boxWidth * 0.62, y, { width: boxWidth * 0.38, align: 'right', lineBreak: false });
    y += totalRow;
  }
  y = Math.max(y, qrBottom) + 6;
  doc.font('bold').fontSize(9).fillColor('black').text(invoice.amount_in_words, left, y, { width });
  y = doc.y + 6;
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(GREY)
    .text('Birim fiyat ve tutarlar KDV dahildir.', left, y, { width });

  // ---------------------------------------------------------------------- page numbers ---
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `${invoice.invoice_number ?? ''} · Sayfa ${i - range.start + 1} / ${range.count}`,
        left,
        doc.page.height - MARGIN - 10,
        { width, align: 'right', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
