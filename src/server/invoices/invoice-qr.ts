import type { EncodeHintType } from '@zxing/library';
import type { Invoice } from '../../shared/api/invoices';
import { lazyRequire } from '../lib/lazy-require';
import { localDateTime } from './invoice-build';

/**
 * GİB's QR code on a printed e-Arşiv / e-Fatura: a JSON object of the invoice's key figures, so a
 * reader (or the tax office's app) gets them without typing. Encoded with the QR encoder of
 * @zxing/library (already a dependency, for the camera scanner; the `qrcode` package is not
 * installed): UTF-8, error correction M, no quiet zone (the page's white space is the margin).
 */

/** The QR fields, in GİB's order: per KDV rate its base (kdvmatrah) and its KDV (hesaplanankdv). */
export function gibQrPayload(invoice: Invoice, timeZone: string): Record<string, string> {
  const [date] = localDateTime(new Date(invoice.issued_at), timeZone);
  const tl = (kurus: number) => (kurus / 100).toFixed(2);
  const payload: Record<string, string> = {
    vkntckn: invoice.seller.tax_number,
    avkntckn: invoice.buyer.tax_number ?? '11111111111',
    senaryo: invoice.profile,
    tip: invoice.type,
    tarih: date,
    no: invoice.invoice_number ?? '',
    ettn: invoice.ettn,
    parabirimi: 'TRY',
    malhizmettoplam: tl(invoice.net_total_kurus),
  };
  for (const total of invoice.rate_totals) {
    payload[`kdvmatrah(${total.rate})`] = tl(total.net_kurus);
    payload[`hesaplanankdv(${total.rate})`] = tl(total.vat_kurus);
  }
  payload.vergidahil = tl(invoice.gross_total_kurus);
  payload.odenecek = tl(invoice.gross_total_kurus);
  return payload;
}

export interface QrMatrix {
  /** Modules per side. */
  size: number;
  dark(x: number, y: number): boolean;
}

const zxing = lazyRequire<typeof import('@zxing/library')>('@zxing/library');

export function qrMatrix(text: string): QrMatrix {
  const { BarcodeFormat, EncodeHintType, QRCodeDecoderErrorCorrectionLevel, QRCodeWriter } = zxing();
  const hints = new Map<EncodeHintType, unknown>([
    [EncodeHintType.CHARACTER_SET, 'UTF-8'],
    [EncodeHintType.ERROR_CORRECTION, QRCodeDecoderErrorCorrectionLevel.M],
    [EncodeHintType.MARGIN, 0],
  ]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  return { size: matrix.getWidth(), dark: (x, y) => matrix.get(x, y) };
}
