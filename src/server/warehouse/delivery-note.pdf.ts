import type { Order } from '../../shared/api/entities';
import { formatTL } from '../../shared/domain/money';
import { formatDate, formatDateTime } from '../../shared/domain/time';
import { openA4Pdf, type PdfColumn, pdfFacts, pdfTable } from '../lib/pdf-layout';
import type { CompanyInfo } from './warehouse.repository';

/**
 * The delivery note (irsaliye) as a PDF (pdfkit). Text is set in DejaVu Sans from the npm package
 * `dejavu-fonts-ttf` (embedded, subset): the PDF standard fonts have no İ ı Ş ş Ğ ğ, so every
 * Turkish glyph would come out wrong without an embedded TrueType font (lib/pdf-fonts.ts).
 *
 * Layout (A4): company block and title, document facts (order number, dates), customer block,
 * the lines (product, barcode, quantity, unit price, line total; the header row repeats on every
 * page), the total, the notes, and two signature boxes ('Teslim Eden', 'Teslim Alan');
 * "Sayfa i / n" at the foot of every page.
 */

export interface DeliveryNoteData {
  order: Order;
  company: CompanyInfo;
  /** The company logo (PNG or JPEG bytes), drawn above the company block. */
  logo?: Buffer | null;
  /** The note's date (default: now). */
  issuedAt?: Date;
}

const PAGE_MARGIN = 40;
const FOOTER_SPACE = 30;
const ROW_PAD = 4;
const GREY = '#555555';
const LINE = '#999999';

const COLUMNS: PdfColumn[] = [
  { title: '#', width: 24, align: 'right' },
  { title: 'Ürün', width: 175, align: 'left' },
  { title: 'Barkod', width: 95, align: 'left' },
  { title: 'Miktar', width: 50, align: 'right' },
  { title: 'Birim Fiyat', width: 85, align: 'right' },
  { title: 'Tutar', width: 86, align: 'right' },
];

/** Renders the note; resolves with the whole PDF. */
export function renderDeliveryNote(data: DeliveryNoteData): Promise<Buffer> {
  const { order, company } = data;
  const { doc, done } = openA4Pdf(PAGE_MARGIN, {
    Title: `İrsaliye ${order.order_number}`,
    Author: company.legal_name || company.company_name,
    Subject: 'İrsaliye',
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;
  const bottom = () => doc.page.height - PAGE_MARGIN - FOOTER_SPACE;

  // ---------------------------------------------------------------- company and title ---
  const top = PAGE_MARGIN;
  const companyWidth = width * 0.6;
  let companyTop = top;
  if (data.logo) {
    try {
      doc.image(data.logo, left, top, { fit: [140, 44] });
      companyTop = top + 50;
    } catch {
      // A picture pdfkit cannot read (e.g. an interlaced PNG): the note goes out without it.
    }
  }
  doc.font('bold').fontSize(13).fillColor('black');
  doc.text(company.legal_name || company.company_name, left, companyTop, { width: companyWidth });
  doc.font('regular').fontSize(9).fillColor(GREY);
  const companyLines = [
    company.legal_name && company.legal_name !== company.company_name ? company.company_name : null,
    company.address,
    [
      company.tax_office ? `Vergi Dairesi: ${company.tax_office}` : null,
      company.tax_number ? `Vergi No: ${company.tax_number}` : null,
    ]
      .filter(Boolean)
      .join('   ') || null,
    [company.phone ? `Tel: ${company.phone}` : null, company.email ? `E-posta: ${company.email}` : null]
      .filter(Boolean)
      .join('   ') || null,
    company.website,
  ].filter((l): l is string => Boolean(l));
  for (const line of companyLines) doc.text(line, { width: companyWidth });
  const companyBottom = doc.y;

  const factsX = left + companyWidth + 10;
  const factsWidth = width - companyWidth - 10;
  doc.font('bold').fontSize(22).fillColor('black').text('İrsaliye', factsX, top, {
    width: factsWidth,
    align: 'right',
  });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(9);
  const facts: [string, string][] = [
    ['Sipariş No', order.order_number],
    // In the company's time zone, as every date the company's documents and screens show.
    ['Tarih', formatDateTime(data.issuedAt ?? new Date(), company.timezone)],
    ['Sipariş Tarihi', formatDate(order.created_at, company.timezone)],
  ];
  if (order.vehicle_plate) facts.push(['Plaka', order.vehicle_plate]);
  if (order.driver_name) facts.push(['Sürücü', order.driver_name]);
  pdfFacts(doc, facts, { x: factsX, width: factsWidth, labelShare: 0.42 });
  let y = Math.max(companyBottom, doc.y) + 14;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(LINE)
    .lineWidth(0.8)
    .stroke();
  y += 10;

  // ------------------------------------------------------------------------- customer ---
  doc.font('bold').fontSize(10).fillColor('black').text('Alıcı', left, y);
  doc
    .font('regular')
    .fontSize(10)
    .text(order.customer_name, { width: width * 0.7 });
  doc.fontSize(9).fillColor(GREY);
  if (order.customer_phone) doc.text(`Tel: ${order.customer_phone}`, { width: width * 0.7 });
  if (order.customer_email) doc.text(`E-posta: ${order.customer_email}`, { width: width * 0.7 });
  if (order.customer_address) doc.text(`Adres: ${order.customer_address}`, { width: width * 0.7 });
  y = doc.y + 14;

  // -------------------------------------------------------------------------- the lines ---
  const { row, rowHeight, header } = pdfTable(doc, {
    left,
    width,
    columns: COLUMNS,
    fontSize: 9,
    pad: ROW_PAD,
  });
  const newPage = () => {
    doc.addPage();
    return PAGE_MARGIN;
  };

  y = header(y);
  for (const [index, item] of order.items.entries()) {
    if (y + rowHeight > bottom()) y = header(newPage());
    row(
      [
        String(index + 1),
        item.product_name,
        item.barcode ?? '',
        String(item.quantity),
        formatTL(item.unit_price_kurus),
        formatTL(item.total_price_kurus),
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

  // ------------------------------------------------------------------------- totals ---
  const quantity = order.items.reduce((sum, item) => sum + item.quantity, 0);
  if (y + 40 > bottom()) y = newPage();
  y += 8;
  doc.font('regular').fontSize(9).fillColor('black');
  doc.text(`Kalem: ${order.items.length}   Toplam miktar: ${quantity}`, left, y, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(11)
    .text(`Genel Toplam: ${formatTL(order.total_amount_kurus)}`, left, y, {
      width,
      align: 'right',
    });
  y = doc.y + 12;

  // -------------------------------------------------------------------------- notes ---
  if (order.notes) {
    doc.font('regular').fontSize(9);
    const notesHeight = doc.heightOfString(order.notes, { width }) + 16;
    if (y + notesHeight > bottom()) y = newPage();
    doc.font('bold').fontSize(9).text('Notlar', left, y);
    doc.font('regular').fontSize(9).fillColor(GREY).text(order.notes, { width });
    y = doc.y + 12;
  }

  // ------------------------------------------------------------------ signature boxes ---
  const boxHeight = 80;
  if (y + boxHeight + 10 > bottom()) y = newPage();
  y += 10;
  const gap = 20;
  const boxWidth = (width - gap) / 2;
  for (const [i, title] of ['Teslim Eden', 'Teslim Alan'].entries()) {
    const x = left + i * (boxWidth + gap);
    doc.rect(x, y, boxWidth, boxHeight).strokeColor(LINE).lineWidth(0.8).stroke();
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('black')
      .text(title, x + 8, y + 6, { width: boxWidth - 16 });
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text('Ad Soyad / İmza', x + 8, y + boxHeight - 16, { width: boxWidth - 16 });
  }

  // ------------------------------------------------------------------- page numbers ---
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `${order.order_number} · Sayfa ${i - range.start + 1} / ${range.count}`,
        left,
        doc.page.height - PAGE_MARGIN - 10,
        { width, align: 'right', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
