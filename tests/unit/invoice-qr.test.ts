import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { gibQrPayload, qrMatrix } from '../../src/server/invoices/invoice-qr';
import type { Invoice } from '../../src/shared/api/invoices';

/** The printed invoice's GİB QR code: its fields, and a code a reader decodes back to them. */

const invoice: Invoice = {
  id: '6f1c2b9e-1111-4222-8333-444455556666',
  invoice_number: 'DEM2026000000042',
  ettn: '3f2b1c9e-1111-4222-8333-444455556666',
  type: 'SATIS',
  status: 'issued',
  profile: 'TEMELFATURA',
  order_id: '7a1c2b9e-1111-4222-8333-444455556666',
  order_number: 'ORD-2026-0001',
  salesperson_id: null,
  original_invoice_id: null,
  original_invoice_number: null,
  // 23:30 UTC on 31 December is already 1 January in Istanbul: the QR carries the local date.
  issued_at: '2025-12-31T23:30:00.000Z',
  currency: 'TRY',
  seller: {
    legal_name: 'Demo Ticaret A.Ş.',
    tax_number: '9876543217',
    tax_office: 'Kadıköy',
    address: null,
    city: null,
    phone: null,
    email: null,
    website: null,
    logo_hash: null,
  },
  buyer: {
    customer_id: null,
    name: 'Şükrü Öztürk',
    company_name: null,
    tax_number: null,
    tax_office: null,
    address: null,
    city: null,
    phone: null,
    email: null,
  },
  lines: [],
  rate_totals: [
    { rate: 10, net_kurus: 10000, vat_kurus: 1000, gross_kurus: 11000 },
    { rate: 20, net_kurus: 50000, vat_kurus: 10000, gross_kurus: 60000 },
  ],
  net_total_kurus: 60000,
  vat_total_kurus: 11000,
  gross_total_kurus: 71000,
  amount_in_words: 'Yalnız: Yedi Yüz On Türk Lirası',
  cancel_reason: null,
  cancelled_at: null,
  cancelled_by_name: null,
  created_by_name: null,
  created_at: '2025-12-31T23:30:00.000Z',
  updated_at: '2025-12-31T23:30:00.000Z',
  version: 1,
};

function decode(text: string): string {
  const qr = qrMatrix(text);
  const scale = 4;
  const quiet = 4;
  const side = (qr.size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  for (let y = 0; y < qr.size; y++)
    for (let x = 0; x < qr.size; x++)
      if (qr.dark(x, y))
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++)
            pixels[((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx] = 0;
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)));
  return new QRCodeReader().decode(bitmap).getText();
}

describe('GİB QR code', () => {
  it('carries the invoice key figures, per KDV rate, with the local issue date', () => {
    expect(gibQrPayload(invoice, 'Europe/Istanbul')).toEqual({
      vkntckn: '9876543217',
      avkntckn: '11111111111',
      senaryo: 'TEMELFATURA',
      tip: 'SATIS',
      tarih: '2026-01-01',
      no: 'DEM2026000000042',
      ettn: '3f2b1c9e-1111-4222-8333-444455556666',
      parabirimi: 'TRY',
      malhizmettoplam: '600.00',
      'kdvmatrah(10)': '100.00',
      'hesaplanankdv(10)': '10.00',
      'kdvmatrah(20)': '500.00',
      'hesaplanankdv(20)': '100.00',
      vergidahil: '710.00',
      odenecek: '710.00',
    });
  });

  it('a QR reader decodes the code back to the same JSON (Turkish letters too)', () => {
    const text = JSON.stringify({ ...gibQrPayload(invoice, 'Europe/Istanbul'), not: 'Şükrü İğdır' });
    expect(JSON.parse(decode(text))).toEqual(JSON.parse(text));
  });
});
