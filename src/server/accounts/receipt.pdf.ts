import type { Payment } from '../../shared/api/accounts';
import type { InvoiceSeller } from '../../shared/api/invoices';
import {
  PAYMENT_DETAIL_LABELS,
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_LABELS,
} from '../../shared/domain/account';
import { amountInWords } from '../../shared/domain/invoice';
import { formatTL } from '../../shared/domain/money';
import { formatDateTime } from '../../shared/domain/time';
import { openA4Pdf } from '../lib/pdf-layout';

/**
 * The collection receipt (tahsilat makbuzu) on A5, or on an 80 mm roll for a thermal printer: the
 * company (with its logo), the receipt number and when it was taken, the customer, the amount in
 * figures and in words, the method and its details, the invoices and the order it pays, who took
 * it, and two signature places. A reversed payment says so across the receipt.
 */
export type ReceiptSize = 'a5' | 'thermal';

export interface ReceiptPdfData {
  payment: Payment;
  seller: InvoiceSeller;
  customer: {
    full_name: string;
    company_name: string | null;
    tax_number: string | null;
    tax_office: string | null;
  };
  invoiceNumbers: string[];
  orderNumber: string | null;
  timeZone: string;
  logo?: Buffer | null;
  size: ReceiptSize;
}

/** 80 mm paper prints about 72 mm: 204 pt; the roll is cut after the last line. */
const THERMAL_WIDTH = 226;

export function renderReceiptPdf(data: ReceiptPdfData): Promise<Buffer> {
  const { payment, seller, customer } = data;
  const thermal = data.size === 'thermal';
  const margin = thermal ? 11 : 36;
  const { doc, done } = openA4Pdf(
    margin,
    {
      Title: `Tahsilat Makbuzu ${payment.receipt_number}`,
      Author: seller.legal_name,
      Subject: 'Tahsilat Makbuzu',
    },
    thermal ? [THERMAL_WIDTH, 700] : 'A5',
  );
  const width = doc.page.width - 2 * margin;
  const small = thermal ? 7.5 : 8.5;
  const body = thermal ? 8.5 : 10;

  if (data.logo && !thermal) {
    try {
      doc.image(data.logo, margin, margin, { fit: [120, 38] });
      doc.y = margin + 44;
    } catch {
      // A picture pdfkit cannot read: the receipt goes out without it.
    }
  }
  doc
    .font('bold')
    .fontSize(body + 1)
    .fillColor('black')
    .text(seller.legal_name, margin, doc.y, { width });
  doc.font('regular').fontSize(small).fillColor('#333333');
  const address = [seller.address, seller.city].filter(Boolean).join(' ');
  if (address) doc.text(address, { width });
  doc.text(`VKN ${seller.tax_number} · ${seller.tax_office} V.D.`, { width });
  if (seller.phone) doc.text(seller.phone, { width });

  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(body + 3)
    .fillColor('black')
    .text('TAHSİLAT MAKBUZU', { width, align: 'center' });
  doc.moveDown(0.3);

  const row = (label: string, value: string) => {
    const y = doc.y;
    const labelWidth = width * (thermal ? 0.42 : 0.34);
    doc.font('bold').fontSize(small).fillColor('black').text(label, margin, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font('regular')
      .fontSize(body)
      .text(value, margin + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(labelBottom, doc.y) + 2;
  };
  const rule = () => {
    doc.moveDown(0.3);
    doc
      .moveTo(margin, doc.y)
      .lineTo(margin + width, doc.y)
      .strokeColor('#999999')
      .lineWidth(0.6)
      .stroke();
    doc.moveDown(0.4);
  };

  row('Makbuz No', payment.receipt_number);
  row('Tarih', formatDateTime(payment.taken_at, data.timeZone));
  rule();
  row(
    'Müşteri',
    customer.company_name ? `${customer.company_name} (${customer.full_name})` : customer.full_name,
  );
  if (customer.tax_number)
    row(
      'VKN/TCKN',
      customer.tax_office ? `${customer.tax_number} · ${customer.tax_office}` : customer.tax_number,
    );
  rule();
  row('Tutar', formatTL(payment.amount_kurus));
  row('Yalnız', amountInWords(payment.amount_kurus));
  row('Ödeme Yöntemi', PAYMENT_METHOD_LABELS[payment.method]);
  for (const field of PAYMENT_METHOD_FIELDS[payment.method]) {
    const value = payment[field];
    if (value)
      row(
        PAYMENT_DETAIL_LABELS[field],
        field === 'document_due_day' ? value.split('-').reverse().join('.') : value,
      );
  }
  if (data.invoiceNumbers.length > 0) row('Faturalar', data.invoiceNumbers.join(', '));
  if (data.orderNumber) row('Sipariş No', data.orderNumber);
  if (payment.note) row('Not', payment.note);
  row('Tahsil Eden', payment.taken_by_name);
  if (payment.reversed_at)
    row(
      'Durum',
      `İPTAL EDİLDİ (${formatDateTime(payment.reversed_at, data.timeZone)}): ${payment.reverse_reason ?? ''}`,
    );
  rule();

  const signY = doc.y + (thermal ? 24 : 36);
  const half = width / 2;
  doc.font('regular').fontSize(small).fillColor('#333333');
  doc.text('Teslim Eden', margin, signY, { width: half - 8, align: 'center' });
  doc.text('Teslim Alan', margin + half + 8, signY, { width: half - 8, align: 'center' });
  doc
    .moveTo(margin, signY - 4)
    .lineTo(margin + half - 8, signY - 4)
    .stroke();
  doc
    .moveTo(margin + half + 8, signY - 4)
    .lineTo(margin + width, signY - 4)
    .stroke();

  if (payment.reversed_at) {
    doc.save();
    doc.rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 3] });
    doc
      .font('bold')
      .fontSize(thermal ? 26 : 44)
      .fillColor('#c62828')
      .opacity(0.35)
      .text('İPTAL EDİLDİ', 0, doc.page.height / 3 - 20, { width: doc.page.width, align: 'center' });
    doc.restore();
  }
  doc.end();
  return done;
}
