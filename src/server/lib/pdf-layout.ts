import { lazyRequire } from './lazy-require';
import { pdfFonts } from './pdf-fonts';

const pdfkit = lazyRequire<typeof import('pdfkit')>('pdfkit');

/**
 * A document of this product (the delivery note and the invoice on A4, a receipt on A5 or an
 * 80 mm roll): pdfkit with the Turkish fonts registered as 'regular' and 'bold', pages buffered (a
 * footer can be written on every page at the end), and the finished file as one Buffer once
 * `doc.end()` is called. `size`: a paper name or [width, height] in points.
 */
export function openA4Pdf(
  margin: number,
  info: { Title: string; Author: string; Subject: string },
  size: string | [number, number] = 'A4',
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size,
    margin,
    bufferPages: true,
    info: { ...info, Creator: 'Sipariş Yönetim Sistemi' },
  });
  const { regular, bold } = pdfFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * A table drawn with pdfkit (the delivery note's and the invoice's lines): fixed columns, one line
 * of text per cell (a text longer than its cell is cut with '…', never wrapped into the next row),
 * a grey header row to repeat at the top of every page.
 */
export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** The part of a pdfkit document the table draws with. */
interface PdfDoc {
  widthOfString(text: string): number;
  font(name: string): PdfDoc;
  fontSize(size: number): PdfDoc;
  fillColor(color: string): PdfDoc;
  text(text: string, x: number, y: number, options: Record<string, unknown>): PdfDoc;
  rect(x: number, y: number, w: number, h: number): PdfDoc;
  fill(): PdfDoc;
}

export interface PdfTable {
  rowHeight: number;
  /** Draws one row of cells at `y` (fonts registered as 'regular' and 'bold'). */
  row(cells: string[], y: number, font: 'regular' | 'bold'): void;
  /** Draws the header row at `y`; returns the y under it. */
  header(y: number): number;
}

export function pdfTable(
  doc: PdfDoc,
  layout: { left: number; width: number; columns: readonly PdfColumn[]; fontSize: number; pad: number },
): PdfTable {
  const { left, width, columns, fontSize, pad } = layout;
  const clip = (text: string, w: number) => {
    if (doc.widthOfString(text) <= w) return text;
    let s = text;
    while (s.length > 1 && doc.widthOfString(`${s}…`) > w) s = s.slice(0, -1);
    return `${s}…`;
  };
  const rowHeight = fontSize * 1.2 + 2 * pad;
  const row = (cells: string[], y: number, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(fontSize).fillColor('black');
    let x = left;
    for (const [i, col] of columns.entries()) {
      const w = col.width - 2 * pad;
      doc.text(clip(cells[i] ?? '', w), x + pad, y + pad, { width: w, align: col.align, lineBreak: false });
      x += col.width;
    }
  };
  const header = (y: number) => {
    doc.rect(left, y, width, rowHeight).fillColor('#eeeeee').fill();
    row(
      columns.map((c) => c.title),
      y,
      'bold',
    );
    return y + rowHeight;
  };
  return { rowHeight, row, header };
}

/**
 * A document's facts block (number, date, period…): one row per fact, the label in bold on the
 * left `labelShare` of the column, the value right-aligned beside it; a row as tall as the taller
 * of the two. Starts at the document's current y; leaves it under the last row.
 */
export function pdfFacts(
  doc: PDFKit.PDFDocument,
  facts: readonly (readonly [string, string])[],
  column: { x: number; width: number; labelShare: number },
): void {
  const labelWidth = column.width * column.labelShare;
  for (const [label, value] of facts) {
    const rowY = doc.y;
    doc.font('bold').fillColor('black').text(label, column.x, rowY, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font('regular')
      .text(value, column.x + labelWidth, rowY, { width: column.width - labelWidth, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y);
  }
}
