import type { AccountStatement } from '../../shared/domain/account-statement';
import { formatTL } from '../../shared/domain/money';
import { yieldToArrivals } from '../lib/arrivals';
import { openA4Pdf, type PdfColumn, pdfFacts } from '../lib/pdf-layout';

/**
 * The customer statement (hesap ekstresi) on A4 (pdfkit, DejaVu Sans for the Turkish letters):
 * the company with its logo (left) and the statement's facts (right: title, period, the day it
 * was made, the customer's number); the customer; the table — the balance brought forward, one
 * row per movement (day, kind, document and reason, due day, debit, credit, running balance; the
 * header row repeats on every page), the period's totals; under it the summary (brought forward,
 * debits, credits, closing balance, and whether the customer owes or is owed). "Sayfa i / n" at
 * the foot. The figures are the shared rule's (shared/domain/account-statement.ts), printed as they are.
 */

/** Everything a statement document (PDF or .xlsx) shows. */
export interface StatementDocument {
  statement: AccountStatement;
  company: {
    name: string;
    address: string | null;
    tax_number: string | null;
    tax_office: string | null;
    phone: string | null;
    email: string | null;
  };
  customer: {
    customer_number: string;
    full_name: string;
    company_name: string | null;
    tax_number: string | null;
    tax_office: string | null;
    address: string | null;
    city: string | null;
    phone: string | null;
  };
  /** The company's day the statement was made on. */
  today: string;
  timeZone: string;
  logo?: Buffer | null;
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', as Turkish documents print a day. */
export const trDay = (day: string) => day.split('-').reverse().join('.');

/** Which side a balance is on: + the customer owes (borçlu), − the company owes (alacaklı). */
export const balanceSide = (kurus: number) => (kurus > 0 ? 'Borçlu' : kurus < 0 ? 'Alacaklı' : '—');

export const STATEMENT_COLUMN_TITLES = [
  'Tarih',
  'İşlem',
  'Belge / Açıklama',
  'Vade',
  'Borç',
  'Alacak',
  'Bakiye',
] as const;

const MARGIN = 40;
const FOOTER = 30;
const PAD = 3;
const FONT_SIZE = 7.5;
const GREY = '#555555';
const LINE = '#999999';
/** Rows drawn between two yields to the event loop: a 5,000-line statement must not hold the server. */
const YIELD_EVERY = 250;

const WIDTHS = [56, 70, 103, 56, 76, 78, 76];
const COLUMNS: PdfColumn[] = STATEMENT_COLUMN_TITLES.map((title, i) => ({
  title,
  width: WIDTHS[i] as number,
  align: i >= 4 ? 'right' : 'left',
}));
const MONEY_COLUMNS = new Set([4, 5, 6]);

export async function renderStatementPdf(data: StatementDocument): Promise<Buffer> {
  const { statement: s, company, customer } = data;
  const { doc, done } = openA4Pdf(MARGIN, {
    Title: `Hesap Ekstresi ${customer.customer_number} ${trDay(s.from)}–${trDay(s.to)}`,
    Author: company.name,
    Subject: 'Hesap Ekstresi',
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;

  // ------------------------------------------------------------ company and facts ---
  const companyWidth = width * 0.55;
  let companyTop = MARGIN;
  if (data.logo) {
    try {
      doc.image(data.logo, left, MARGIN, { fit: [140, 44] });
      companyTop += 50;
    } catch {
      // A picture pdfkit cannot read: the statement goes out without it.
    }
  }
  doc
    .font('bold')
    .fontSize(12)
    .fillColor('black')
    .text(company.name, left, companyTop, { width: companyWidth });
  doc.font('regular').fontSize(8.5).fillColor(GREY);
  const companyLines = [
    company.address,
    company.tax_number ? `Vergi Dairesi: ${company.tax_office ?? ''}   VKN: ${company.tax_number}` : null,
    [company.phone ? `Tel: ${company.phone}` : null, company.email ? `E-posta: ${company.email}` : null]
      .filter(Boolean)
      .join('   ') || null,
  ].filter((l): l is string => Boolean(l));
  for (const line of companyLines) doc.text(line, { width: companyWidth });
  const companyBottom = doc.y;

  const factsX = left + companyWidth + 10;
  const factsWidth = width - companyWidth - 10;
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('black')
    .text('HESAP EKSTRESİ', factsX, MARGIN, { width: factsWidth, align: 'right' });
  doc.moveDown(0.2);
  const facts: [string, string][] = [
    ['Dönem', `${trDay(s.from)} – ${trDay(s.to)}`],
    ['Düzenleme Tarihi', trDay(data.today)],
    ['Müşteri No', customer.customer_number],
  ];
  doc.fontSize(8.5);
  pdfFacts(doc, facts, { x: factsX, width: factsWidth, labelShare: 0.45 });

  let y = Math.max(companyBottom, doc.y) + 12;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(LINE)
    .lineWidth(0.8)
    .stroke();
  y += 8;

  // ---------------------------------------------------------------------- customer ---
  doc.font('bold').fontSize(10).fillColor('black').text('SAYIN', left, y);
  doc.text(customer.company_name || customer.full_name, { width: width * 0.7 });
  doc.font('regular').fontSize(8.5).fillColor(GREY);
  const customerLines = [
    customer.company_name ? customer.full_name : null,
    [customer.address, customer.city].filter(Boolean).join(' ') || null,
    [
      customer.tax_office ? `Vergi Dairesi: ${customer.tax_office}` : null,
      customer.tax_number
        ? `${customer.tax_number.length === 10 ? 'VKN' : 'TCKN'}: ${customer.tax_number}`
        : null,
      customer.phone ? `Tel: ${customer.phone}` : null,
    ]
      .filter(Boolean)
      .join('   ') || null,
  ].filter((l): l is string => Boolean(l));
  for (const line of customerLines) doc.text(line, { width: width * 0.7 });
  y = doc.y + 12;

  // ------------------------------------------------------------------------- table ---
  // Money is never cut short: when the widest amount does not fit its column at the table's
  // size, the whole table is set smaller until it does.
  // Measured in bold, the wider face (the totals row is bold).
  doc.font('bold').fontSize(FONT_SIZE);
  const amounts = [
    s.opening_kurus,
    s.debit_total_kurus,
    s.credit_total_kurus,
    s.closing_kurus,
    ...s.lines.map((l) => l.balance_kurus),
  ];
  let widest = 0;
  for (const k of amounts) widest = Math.max(widest, doc.widthOfString(formatTL(k)));
  const moneyInner = (WIDTHS[4] as number) - 2 * PAD;
  const fontSize = widest > moneyInner ? Math.max(4, (FONT_SIZE * moneyInner) / widest) : FONT_SIZE;
  const rowHeight = fontSize * 1.2 + 2 * PAD;

  const clip = (text: string, w: number) => {
    if (doc.widthOfString(text) <= w) return text;
    let t = text;
    while (t.length > 1 && doc.widthOfString(`${t}…`) > w) t = t.slice(0, -1);
    return `${t}…`;
  };
  const row = (cells: string[], at: number, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(fontSize).fillColor('black');
    let x = left;
    for (const [i, col] of COLUMNS.entries()) {
      const w = col.width - 2 * PAD;
      const cell = cells[i] ?? '';
      doc.text(MONEY_COLUMNS.has(i) ? cell : clip(cell, w), x + PAD, at + PAD, {
        width: w,
        align: col.align,
        lineBreak: false,
      });
      x += col.width;
    }
  };
  const header = (at: number) => {
    doc.rect(left, at, width, rowHeight).fillColor('#eeeeee').fill();
    row([...STATEMENT_COLUMN_TITLES], at, 'bold');
    return at + rowHeight;
  };
  const rule = (at: number) =>
    doc
      .moveTo(left, at)
      .lineTo(left + width, at)
      .strokeColor('#dddddd')
      .lineWidth(0.5)
      .stroke();
  const next = (at: number) => (at + rowHeight > bottom() ? header(newPage()) : at);
  const newPage = () => {
    doc.addPage();
    return MARGIN;
  };

  y = header(y);
  row([trDay(s.from), 'Devir', 'Devreden bakiye', '', '', '', formatTL(s.opening_kurus)], y, 'bold');
  y += rowHeight;
  rule(y);
  for (const [i, line] of s.lines.entries()) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToArrivals();
    y = next(y);
    row(
      [
        trDay(line.day),
        line.label,
        line.text,
        line.due_day && line.amount_kurus > 0 ? trDay(line.due_day) : '',
        line.debit_kurus ? formatTL(line.debit_kurus) : '',
        line.credit_kurus ? formatTL(line.credit_kurus) : '',
        formatTL(line.balance_kurus),
      ],
      y,
      'regular',
    );
    y += rowHeight;
    rule(y);
  }
  y = next(y);
  row(
    [
      '',
      '',
      'Dönem Toplamı',
      '',
      formatTL(s.debit_total_kurus),
      formatTL(s.credit_total_kurus),
      formatTL(s.closing_kurus),
    ],
    y,
    'bold',
  );
  y += rowHeight;

  // ----------------------------------------------------------------------- summary ---
  const summary: [string, string][] = [
    ['Devreden Bakiye', formatTL(s.opening_kurus)],
    ['Dönem Borç Toplamı', formatTL(s.debit_total_kurus)],
    ['Dönem Alacak Toplamı', formatTL(s.credit_total_kurus)],
    ['Dönem Sonu Bakiyesi', formatTL(s.closing_kurus)],
    ['Bakiye Durumu', balanceSide(s.closing_kurus)],
  ];
  const summaryRow = 13;
  if (y + 16 + summary.length * summaryRow + 30 > bottom()) y = newPage();
  y += 16;
  const boxX = left + width * 0.5;
  const boxWidth = width * 0.5;
  for (const [i, [label, value]] of summary.entries()) {
    doc
      .font(i >= 3 ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor('black');
    doc.text(label, boxX, y, { width: boxWidth * 0.55, lineBreak: false });
    doc.text(value, boxX + boxWidth * 0.55, y, { width: boxWidth * 0.45, align: 'right', lineBreak: false });
    y += summaryRow;
  }
  y += 8;
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(GREY)
    .text(
      'Borç: müşterinin borcunu artıran kayıtlar (fatura, iade ödemesi); Alacak: azaltan kayıtlar (tahsilat, iade faturası). ' +
        'Bakiye artı ise müşteri borçludur. Satırlar tarih sırasındadır.',
      left,
      y,
      { width },
    );

  // ------------------------------------------------------------------ page numbers ---
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `Hesap Ekstresi · ${customer.customer_number} · Sayfa ${i - range.start + 1} / ${range.count}`,
        left,
        doc.page.height - MARGIN - 10,
        { width, align: 'right', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
