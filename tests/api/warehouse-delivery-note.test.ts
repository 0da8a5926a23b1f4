import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/api/errors';
import { callFile, dispositionFilename } from '../../src/client/api/http';
import { API } from '../../src/shared/api/endpoints';
import type { Session } from './support/harness';
import {
  admin,
  api,
  approvedOrder,
  foreignWarehouse,
  product,
  run,
  sales,
  sales2,
  setUpWarehouseApi,
  tmp,
  warehouse,
} from './support/warehouse';

/**
 * The delivery note's PDF (its text read back with pdftotext: order number, customer, 'İrsaliye',
 * Turkish letters, pages), who may fetch it, and the client's callFile over real HTTP.
 */
setUpWarehouseApi();

// ------------------------------------------------------------------------ delivery note ---

async function pdf(s: Session, orderId: string) {
  return api.app.inject({
    method: 'GET',
    url: `/api/delivery-notes/generate/${orderId}?tenant=${s.tenant}`,
    headers: { authorization: `Bearer ${s.token}` },
  });
}

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const file = join(tmp, `${randomUUID()}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  const info = await run('/usr/bin/pdfinfo', [file]);
  const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]);
  return { text: stdout, pages };
}

describe('GET /delivery-notes/generate/{orderId}', () => {
  const customer = 'Şükrü Öğütçü İnşaat ığüşçö İĞÜŞÇÖ';

  it('is a real PDF: order number, customer, İrsaliye, company, lines, totals, signatures — Turkish letters intact', async () => {
    await api.db
      .updateTable('tenants')
      .set({
        legal_name: 'Demo Dağıtım Ticaret A.Ş.',
        tax_office: 'Kadıköy',
        tax_number: '1234567890',
        address: 'Moda Cad. No:5, Kadıköy / İstanbul',
        phone: '+90 216 000 00 00',
        email: 'irsaliye@demo.com.tr',
      })
      .where('id', '=', 'demo')
      .execute();
    const order = await approvedOrder(
      [
        { product: product(0), quantity: 2 },
        { product: product(1), quantity: 1 },
      ],
      { customer, notes: 'Kapıcıya bırakılmasın; öğleden sonra teslim.' },
    );
    const r = await pdf(warehouse, order.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="irsaliye-${order.order_number}.pdf"`,
    );
    expect(r.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(r.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      'İrsaliye',
      order.order_number,
      customer,
      'Demo Dağıtım Ticaret A.Ş.',
      'Vergi Dairesi: Kadıköy',
      product(0).barcode,
      'Teslim Eden',
      'Teslim Alan',
      'Kapıcıya bırakılmasın; öğleden sonra teslim.',
      'Genel Toplam',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}/);
  });

  it('paginates an order of 200 lines, the header and page numbers on every page', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ product: product(i % 4), quantity: 1 + (i % 3) }));
    const order = await approvedOrder(lines, { customer });
    const r = await pdf(admin, order.id);
    expect(r.statusCode).toBe(200);
    const { text, pages } = await pdfText(r.rawPayload);
    expect(pages).toBeGreaterThan(3);
    expect(text).toContain(`Sayfa ${pages} / ${pages}`);
    expect(text.split('Birim Fiyat').length - 1).toBe(pages);
    expect(text).toContain('Teslim Alan');
  });

  it('is for whoever may see the order: own salesperson yes; another salesperson, another tenant → 404 (JSON)', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 1 }], { customer });
    expect((await pdf(sales, order.id)).statusCode).toBe(200);
    for (const s of [sales2, foreignWarehouse]) {
      const r = await pdf(s, order.id);
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-type']).toContain('application/json');
      expect(JSON.parse(r.body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await pdf(warehouse, randomUUID())).statusCode).toBe(404);
    const bad = await pdf(warehouse, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).field).toBe('orderId');
  });
});

describe("the client's callFile (a `produces` entry over real HTTP)", () => {
  it('gets the PDF bytes and the file name; a refusal is an ApiError with the server text', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 1 }]);
    const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
    const options = { tenant: 'demo', token: warehouse.token, baseUrl: `${address}/api` };
    const file = await callFile(API.deliveryNote, { ...options, params: { orderId: order.id } });
    expect(file.filename).toBe(`irsaliye-${order.order_number}.pdf`);
    expect(file.blob.type).toBe('application/pdf');
    const bytes = Buffer.from(await file.blob.arrayBuffer());
    expect((await pdfText(bytes)).text).toContain(order.order_number);
    const refused = await callFile(API.deliveryNote, { ...options, params: { orderId: randomUUID() } }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
    expect(
      dispositionFilename(`attachment; filename="irsaliye-x.pdf"; filename*=UTF-8''irsaliye-%C4%B0.pdf`),
    ).toBe('irsaliye-İ.pdf');
  });
});
