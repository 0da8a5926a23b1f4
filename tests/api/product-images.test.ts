import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_IMAGES_JOB } from '../../src/server/products/products.routes';
import { productSchema } from '../../src/shared/api/entities';
import { imageUploadResponse, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '../../src/shared/api/products';
import { jpeg, png, pngClaiming, webpExtended, webpLossless, webpLossy } from '../helpers/images';
import { type Api, type Session, startApi } from './support/harness';

/**
 * Product images: one file per upload, at most 5 MB, JPEG/PNG/WebP decided by the bytes (never by
 * the name or the declared type), stored once per content for the tenant, served under their hash
 * with a year of immutable caching, and only to that tenant.
 */
let api: Api;
let admin: Session;
let sales: Session;
let otherAdmin: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, sales, otherAdmin] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'sales'),
    api.login('client1', 'admin'),
  ]);
});
afterAll(async () => api?.close());

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(parts: Part[], session: Session = admin, tenant = 'demo', key?: string) {
  const { payload, contentType } = multipart(parts);
  const r = await api.app.inject({
    method: 'POST',
    url: `/api/products/images?tenant=${tenant}`,
    headers: {
      authorization: `Bearer ${session.token}`,
      'content-type': contentType,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload,
  });
  return {
    status: r.statusCode,
    body: JSON.parse(r.body) as Record<string, unknown>,
    replayed: r.headers['idempotency-replayed'] === 'true',
  };
}

const imageCount = async () => (await api.db.selectFrom('product_images').select('hash').execute()).length;

describe('POST /products/images', () => {
  it('refuses a text file named .png (and declared image/png) with 415, storing nothing', async () => {
    const before = await imageCount();
    const r = await upload([
      { name: 'file', filename: 'photo.png', type: 'image/png', data: 'merhaba, ben bir resim değilim' },
    ]);
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      field: 'file',
      error: PRODUCT_MESSAGES.imageType,
    });
    expect(await imageCount()).toBe(before);
  });

  it('accepts a real PNG whatever its name, once per content, and serves it with immutable caching', async () => {
    const first = await upload([
      { name: 'file', filename: 'adsız.bin', type: 'application/octet-stream', data: PNG },
    ]);
    expect(first.status).toBe(201);
    const image = imageUploadResponse.parse(first.body.data);
    expect(image).toMatchObject({ content_type: 'image/png', size: PNG.length });
    expect(image.url).toBe(`/api/products/images/${image.hash}?tenant=demo`);
    const again = await upload([{ name: 'file', filename: 'kopya.png', data: PNG }]);
    expect(again.status).toBe(200);
    expect(imageUploadResponse.parse(again.body.data).url).toBe(image.url);

    // served without a token (an <img> sends none), with its type and a year of caching
    const served = await api.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // only to its tenant
    const elsewhere = await api.app.inject({
      method: 'GET',
      url: `/api/products/images/${image.hash}?tenant=client1`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const bad = await api.app.inject({ method: 'GET', url: '/api/products/images/not-a-hash?tenant=demo' });
    expect(bad.statusCode).toBe(400);

    // a product names it
    const product = await api.call<{ data: unknown }>('POST', '/products', {
      token: admin.token,
      body: {
        name: 'Resimli ürün',
        product_code: `IMG-${randomUUID().slice(0, 8)}`,
        selling_price_kurus: 1000,
        cost_price_kurus: 500,
        min_stock: 0,
        current_stock: 1,
        images: [{ url: image.url }],
      },
    });
    expect(product.status).toBe(201);
    expect(productSchema.parse(product.body.data).images).toEqual([{ url: image.url }]);
    // another tenant cannot name it: not one of its uploads
    const foreign = await api.call('POST', '/products', {
      tenant: 'client1',
      token: otherAdmin.token,
      body: {
        name: 'Başkasının resmi',
        product_code: `IMG-${randomUUID().slice(0, 8)}`,
        selling_price_kurus: 1000,
        cost_price_kurus: 500,
        min_stock: 0,
        current_stock: 1,
        images: [{ url: image.url.replace('tenant=demo', 'tenant=client1') }],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ field: 'images[0].url' });
  });

  it('takes JPEG and WebP (lossy, lossless, extended) by their structure', async () => {
    const files: Array<[Buffer, string]> = [
      [jpeg(640, 480), 'image/jpeg'],
      [webpLossy(320, 200), 'image/webp'],
      [webpLossless(31, 17), 'image/webp'],
      [webpExtended(800, 600), 'image/webp'],
    ];
    for (const [data, type] of files) {
      const r = await upload([{ name: 'file', filename: 'a.txt', data }]);
      expect([r.status, imageUploadResponse.parse(r.body.data).content_type]).toEqual([201, type]);
    }
  });

  it('reads the header on the server: an 8-byte PNG, a file cut short or a broken chunk is 400 naming file; nothing is stored', async () => {
    const before = await imageCount();
    const whole = png(40, 30);
    const broken = Buffer.from(whole);
    broken[whole.length - 5] = (broken[whole.length - 5] ?? 0) ^ 0xff; // the IEND's CRC
    for (const data of [
      whole.subarray(0, 8),
      whole.subarray(0, whole.length - 12),
      jpeg(64, 64).subarray(0, 40),
      webpLossless(10, 10).subarray(0, 24),
      broken,
    ]) {
      const r = await upload([{ name: 'file', filename: 'a.png', type: 'image/png', data }]);
      expect({ bytes: data.length, status: r.status }).toEqual({ bytes: data.length, status: 400 });
      expect(r.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'file',
        error: PRODUCT_MESSAGES.imageCorrupt,
      });
    }
    expect(await imageCount()).toBe(before);
  });

  it('refuses a side over 8000 pixels (as its header says), and takes 8000 × 8000', async () => {
    const before = await imageCount();
    for (const data of [pngClaiming(8001, 10), pngClaiming(10, 20000), webpExtended(9000, 9000)]) {
      const r = await upload([{ name: 'file', filename: 'dev.png', data }]);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ field: 'file', error: PRODUCT_MESSAGES.imageDimensions });
    }
    expect(await imageCount()).toBe(before);
    const edge = await upload([{ name: 'file', filename: 'sinir.png', data: pngClaiming(8000, 8000) }]);
    expect(edge.status).toBe(201);
  });

  it('takes the file only in the documented field `file`: another name is 400 naming file', async () => {
    const before = await imageCount();
    const r = await upload([{ name: 'image', filename: 'a.png', type: 'image/png', data: png(5, 5) }]);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'file',
      error: PRODUCT_MESSAGES.imageField,
    });
    expect(await imageCount()).toBe(before);
  });

  it('an Idempotency-Key covers the file’s content: the same file again is the replay, another file under it is 422', async () => {
    const key = `img-${randomUUID()}`;
    const file = Buffer.concat([PNG, Buffer.from(randomUUID())]);
    const first = await upload([{ name: 'file', filename: 'a.png', data: file }], admin, 'demo', key);
    const again = await upload([{ name: 'file', filename: 'b.png', data: file }], admin, 'demo', key);
    expect([first.status, again.status, again.replayed]).toEqual([201, 201, true]);
    const other = await upload([{ name: 'file', filename: 'a.png', data: PNG }], admin, 'demo', key);
    expect(other.status).toBe(422);
  });

  it('refuses a file over 5 MB (413), two files, no file, a JSON body and a salesperson', async () => {
    const before = await imageCount();
    const big = Buffer.concat([PNG, Buffer.alloc(PRODUCT_LIMITS.imageBytesMax)]);
    const tooBig = await upload([{ name: 'file', filename: 'big.png', data: big }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      field: 'file',
      error: PRODUCT_MESSAGES.imageTooLarge,
    });
    const two = await upload([
      { name: 'file', filename: 'a.png', data: PNG },
      { name: 'file2', filename: 'b.png', data: PNG },
    ]);
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ field: 'file', error: PRODUCT_MESSAGES.imageOneFile });
    const none = await upload([{ name: 'note', data: 'dosya yok' }]);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ field: 'file', error: PRODUCT_MESSAGES.imageRequired });
    const json = await api.call('POST', '/products/images', { token: admin.token, body: { url: 'x' } });
    expect(json.status).toBe(415);
    const bySales = await upload([{ name: 'file', filename: 'a.png', data: PNG }], sales);
    expect(bySales.status).toBe(403);
    expect(await imageCount()).toBe(before);
  });
});

describe('orphaned images', () => {
  it('an image no product names is deleted a day after its upload; named ones (deleted products too) and recent ones stay', async () => {
    const hash = (c: string) => c.repeat(64);
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    const image = (h: string, at: Date) => ({
      tenant_id: 'demo',
      hash: h,
      content_type: 'image/png',
      bytes: new Uint8Array(PNG),
      size: PNG.byteLength,
      created_at: at,
    });
    await api.db
      .insertInto('product_images')
      .values([
        image(hash('a'), old),
        image(hash('b'), new Date()),
        image(hash('c'), old),
        image(hash('d'), old),
      ])
      .execute();
    const [live, gone] = await api.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('deleted_at', 'is', null)
      .limit(2)
      .execute();
    if (!live || !gone) throw new Error('the demo tenant has products');
    const named = (h: string) => JSON.stringify([{ url: `/api/products/images/${h}?tenant=demo` }]);
    await api.db
      .updateTable('products')
      .set({ images: named(hash('c')) as never })
      .where('tenant_id', '=', 'demo')
      .where('id', '=', live.id)
      .execute();
    await api.db
      .updateTable('products')
      .set({ images: named(hash('d')) as never, deleted_at: new Date() })
      .where('tenant_id', '=', 'demo')
      .where('id', '=', gone.id)
      .execute();

    await api.app.scheduler.run(ORPHAN_IMAGES_JOB);

    const left = await api.db
      .selectFrom('product_images')
      .select('hash')
      .where('tenant_id', '=', 'demo')
      .where('hash', 'in', [hash('a'), hash('b'), hash('c'), hash('d')])
      .execute();
    expect(left.map((r) => r.hash).sort()).toEqual([hash('b'), hash('c'), hash('d')]);
  });
});
