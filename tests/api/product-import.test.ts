import { randomUUID } from 'node:crypto';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import yauzl from 'yauzl';
import { lentReadCounts } from '../../src/server/db/pglite-lending';
import type { ImportReport, ImportRow, ImportSummary } from '../../src/shared/api/product-import';
import { IMPORT_LIMITS } from '../../src/shared/domain/product-import';
import { entriesOf, zipOf, zipWith } from '../helpers/zip';
import { type Api, type Session, startApi } from './support/harness';
import { ean13 } from './support/products';

/**
 * The bulk product import through HTTP on a seeded database: a preview writes nothing; a file is
 * refused by its content whatever its name (PNG, text, zip bomb, too many rows); a Windows-1254
 * `;` CSV with decimal commas and Turkish letters imports exactly; the confirmation is refused
 * when the catalogue changed, rolls back whole on a failure mid-way, and applies once on replay;
 * the refused rows come back as an .xlsx whose formula-like cells are text.
 */
let api: Api;
let admin: Session;
let sales: Session;
let manager: Session;

beforeAll(async () => {
  api = await startApi();
  admin = await api.login('demo', 'admin');
  sales = await api.login('demo', 'sales');
  manager = await api.login('demo', 'manager');
});
afterAll(async () => api?.close());

interface Answer<T> {
  status: number;
  body: { success: boolean; data: T; error?: string; code?: string; reason?: string };
  raw: Buffer;
  headers: Record<string, unknown>;
}

async function upload(
  bytes: Buffer,
  filename: string,
  token = admin.token,
  field = 'file',
): Promise<Answer<ImportSummary>> {
  const boundary = `----import${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await api.app.inject({
    method: 'POST',
    url: '/api/products/import/preview?tenant=demo',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: r.statusCode, body: JSON.parse(r.body), raw: r.rawPayload, headers: r.headers };
}

async function get(path: string, token = admin.token) {
  const r = await api.app.inject({
    method: 'GET',
    url: `/api${path}${path.includes('?') ? '&' : '?'}tenant=demo`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: r.statusCode, raw: r.rawPayload, headers: r.headers, body: r.body };
}

async function confirm(id: string, fingerprint: string, key?: string) {
  return api.call<{ success: boolean; data: ImportReport; error?: string; code?: string }>(
    'POST',
    `/products/import/${id}/confirm`,
    { token: admin.token, body: { expected_fingerprint: fingerprint }, idempotencyKey: key },
  );
}

async function allRows(id: string): Promise<ImportRow[]> {
  const r = await api.call<{ data: { rows: ImportRow[] } }>('GET', `/products/import/${id}/rows`, {
    token: admin.token,
    query: { limit: 200 },
  });
  return r.body.data.rows;
}

async function catalogueState() {
  const products = await api.db
    .selectFrom('products')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('change_seq').as('seq')])
    .where('tenant_id', '=', 'demo')
    .executeTakeFirstOrThrow();
  const movements = await api.db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', 'demo')
    .executeTakeFirstOrThrow();
  return { products: Number(products.n), seq: Number(products.seq), movements: Number(movements.n) };
}

const byCode = (code: string) =>
  api.db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('product_code', '=', code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

const csv = (lines: string[]) => Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');

describe('product import', () => {
  it('templates download as .xlsx and .csv for an admin only', async () => {
    const xlsx = await get('/products/import/template.xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(xlsx.raw);
    expect(rows[0]).toEqual([
      'Ürün Adı',
      'Ürün Kodu',
      'Açıklama',
      'Satış Fiyatı',
      'Kategori',
      'Marka',
      'Barkod',
      'KDV Oranı',
      'Min. Stok',
      'Stok',
    ]);
    const text = await get('/products/import/template.csv');
    expect(text.status).toBe(200);
    expect([...text.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.raw.toString('utf8')).toContain('Ürün Adı;Ürün Kodu;');
    expect((await get('/products/import/template.xlsx', sales.token)).status).toBe(403);
    expect((await upload(csv(['Ürün Kodu;Ürün Adı', 'X;Y']), 'a.csv', sales.token)).status).toBe(403);
  });

  it('a preview lists every row and writes nothing to the catalogue', async () => {
    const existing = await api.db
      .selectFrom('products')
      .selectAll()
      .where('tenant_id', '=', 'demo')
      .where('deleted_at', 'is', null)
      .orderBy('product_code')
      .limit(2)
      .execute();
    const [a, b] = existing;
    if (!a || !b) throw new Error('seed has products');
    const before = await catalogueState();
    const r = await upload(
      csv([
        'Ürün Kodu;Ürün Adı;Satış Fiyatı;Kategori',
        `${a.product_code};${a.name};${a.selling_price.replace('.', ',')};${a.category ?? ''}`,
        `${b.product_code};Yeni Ad;1.000,00;`,
        'YENI-1;Yeni Ürün;12,50;Bahçe',
        'YENI-2;;abc;',
        'YENI-1;Kopya;1;',
      ]),
      'onizleme.csv',
    );
    expect(r.status).toBe(200);
    expect(r.body.data.counts).toEqual({ total: 5, create: 0, update: 1, unchanged: 1, error: 3 });
    expect(r.body.data.new_categories).toEqual([]);
    expect(r.body.data.encoding).toBe('utf-8-bom');
    expect(r.body.data.separator).toBe(';');
    const rows = await allRows(r.body.data.import_id);
    expect(rows.map((x) => [x.row, x.action])).toEqual([
      [2, 'unchanged'],
      [3, 'update'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
    ]);
    expect(rows[1]?.changes).toEqual([
      { field: 'name', old: b.name, new: 'Yeni Ad' },
      { field: 'selling_price', old: Math.round(Number(b.selling_price) * 100), new: 100000 },
    ]);
    expect(rows[2]?.errors[0]?.message).toMatch(/birden fazla satırda var \(satır 4, 6\)/);
    const row5 = rows[3]?.errors.map((e) => `${e.column}: ${e.message}`) ?? [];
    expect(row5.some((m) => m.startsWith('Ürün Adı:') && m.includes('gereklidir'))).toBe(true);
    expect(row5.some((m) => m.startsWith('Satış Fiyatı:') && m.includes('Geçerli bir sayı'))).toBe(true);
    expect(await catalogueState()).toEqual(before);
    expect(await byCode('YENI-1')).toBeUndefined();
  });

  it('imports a Windows-1254 `;` CSV with decimal commas and Turkish letters exactly', async () => {
    const file = iconv.encode(
      [
        'Ürün Adı;Ürün Kodu;Açıklama;Satış Fiyatı;Kategori;Marka;Barkod;KDV Oranı;Min. Stok;Stok',
        'İğne Şişe Çığ;TR-1254-1;"Açıklama; ünlü ölçü";1.250,75;Bahçe Ürünleri;Güneş;8691234567890;10;3;40',
        'ışık ğüşöç İIıi;TR-1254-2;;19,90;Bahçe Ürünleri;;;%1;;0',
        'Çözüm;TR-1254-3;;0,05;elektronik;;;0;;7',
      ].join('\r\n'),
      'win1254',
    );
    const preview = await upload(file, 'türkçe.csv');
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ kind: 'csv', encoding: 'windows-1254', separator: ';' });
    expect(preview.body.data.counts).toMatchObject({ create: 3, error: 0 });
    expect(preview.body.data.new_categories).toEqual(['Bahçe Ürünleri']);
    expect(preview.body.data.new_brands).toEqual(['Güneş']);
    const before = await catalogueState();
    const done = await confirm(preview.body.data.import_id, preview.body.data.fingerprint);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      created: 3,
      updated: 0,
      unchanged: 0,
      refused: 0,
      stock_movements: 2,
    });
    const one = await byCode('TR-1254-1');
    expect(one).toMatchObject({
      name: 'İğne Şişe Çığ',
      description: 'Açıklama; ünlü ölçü',
      selling_price: '1250.75',
      category: 'Bahçe Ürünleri',
      brand: 'Güneş',
      barcode: '8691234567890',
      vat_rate: 10,
      min_stock: 3,
      current_stock: 40,
    });
    expect(await byCode('TR-1254-2')).toMatchObject({
      name: 'ışık ğüşöç İIıi',
      selling_price: '19.90',
      vat_rate: 1,
    });
    // 'elektronik' takes the list's spelling
    expect(await byCode('TR-1254-3')).toMatchObject({
      selling_price: '0.05',
      category: 'Elektronik',
      current_stock: 7,
    });
    const moves = await api.db
      .selectFrom('stock_movements')
      .select(['product_id', 'quantity', 'reason'])
      .where('tenant_id', '=', 'demo')
      .where('product_id', '=', one?.id ?? '')
      .execute();
    expect(moves).toEqual([{ product_id: one?.id, quantity: 40, reason: 'import' }]);
    const after = await catalogueState();
    expect(after.products - before.products).toBe(3);
    expect(after.movements - before.movements).toBe(2);
  });

  it('refuses the confirmation (409) when a product of the file changed since the preview', async () => {
    const target = await byCode('TR-1254-1');
    const preview = await upload(csv(['Ürün Kodu;Satış Fiyatı;Stok', 'TR-1254-1;1.300,00;45']), 'fiyat.csv');
    expect(preview.body.data.counts).toMatchObject({ update: 1 });
    // another admin edits the product meanwhile (a new change number)
    await api.db
      .updateTable('products')
      .set({ name: 'Başkası değiştirdi', change_seq: sql`change_seq + 1000` })
      .where('tenant_id', '=', 'demo')
      .where('id', '=', target?.id ?? '')
      .execute();
    const before = await catalogueState();
    const r = await confirm(preview.body.data.import_id, preview.body.data.fingerprint);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/Önizlemeden sonra katalogda/);
    expect(await catalogueState()).toEqual(before);
    expect(await byCode('TR-1254-1')).toMatchObject({ selling_price: '1250.75', current_stock: 40 });
    // a new code someone else created meanwhile voids the preview as well
    const again = await upload(csv(['Ürün Kodu;Ürün Adı;Satış Fiyatı', 'RACE-1;Yarış;5']), 'yaris.csv');
    await upload(csv(['Ürün Kodu;Ürün Adı;Satış Fiyatı', 'RACE-1;Önce Gelen;6']), 'once.csv').then(
      async (p) => expect((await confirm(p.body.data.import_id, p.body.data.fingerprint)).status).toBe(200),
    );
    expect((await confirm(again.body.data.import_id, again.body.data.fingerprint)).status).toBe(409);
    expect(await byCode('RACE-1')).toMatchObject({ name: 'Önce Gelen' });
    // the fingerprint sent must be the preview's
    const third = await upload(csv(['Ürün Kodu;Ürün Adı;Satış Fiyatı', 'RACE-2;X;5']), 'x.csv');
    expect((await confirm(third.body.data.import_id, 'a'.repeat(64))).status).toBe(409);
  });

  it('a file with one over-long cell imports its valid rows; a real change since the preview is still 409', async () => {
    const run = randomUUID().slice(0, 6).toUpperCase();
    const long = 'Ç'.repeat(IMPORT_LIMITS.maxCellChars + 500);
    const digits = () => String(Math.floor(Math.random() * 1e5)).padStart(5, '0');
    const [good, other] = [ean13(`8697${digits()}111`), ean13(`8697${digits()}222`)];
    // row 2 valid; row 3 a name over the cell limit; row 4 a bad price but a readable code and barcode
    const file = (name: string) =>
      csv([
        'Ürün Adı;Ürün Kodu;Satış Fiyatı;Barkod;Stok',
        `${name};LONG-${run}-1;12,50;${good};4`,
        `${long};LONG-${run}-2;9,90;;2`,
        `Fiyatı Bozuk;LONG-${run}-3;-5;${other};1`,
      ]);
    const preview = await upload(file('Geçerli Satır'), 'uzun.csv');
    expect(preview.status).toBe(200);
    expect(preview.body.data.counts).toMatchObject({ total: 3, create: 1, error: 2 });
    const rows = await allRows(preview.body.data.import_id);
    expect(rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'error'],
      [4, 'error'],
    ]);
    expect(rows[1]?.errors[0]?.message).toBe(
      `Hücre en fazla ${IMPORT_LIMITS.maxCellChars} karakter olabilir`,
    );
    // nothing changed since the preview: the valid row lands, the long one is refused
    const done = await confirm(preview.body.data.import_id, preview.body.data.fingerprint);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ created: 1, refused: 2, stock_movements: 1 });
    expect(await byCode(`LONG-${run}-1`)).toMatchObject({ name: 'Geçerli Satır', current_stock: 4 });
    expect(await byCode(`LONG-${run}-2`)).toBeUndefined();
    expect(await byCode(`LONG-${run}-3`)).toBeUndefined();

    // the same file again updates the product; someone edits it between preview and confirm: 409
    const second = await upload(file('Yeni Ad'), 'uzun-2.csv');
    expect(second.body.data.counts).toMatchObject({ update: 1, error: 2 });
    await api.db
      .updateTable('products')
      .set({ name: 'Başkası değiştirdi', change_seq: sql`change_seq + 1000` })
      .where('tenant_id', '=', 'demo')
      .where('product_code', '=', `LONG-${run}-1`)
      .execute();
    const before = await catalogueState();
    const refused = await confirm(second.body.data.import_id, second.body.data.fingerprint);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/Önizlemeden sonra katalogda/);
    expect(await catalogueState()).toEqual(before);
    expect(await byCode(`LONG-${run}-1`)).toMatchObject({ name: 'Başkası değiştirdi' });
  });

  it('is all or nothing: a database failure mid-way rolls every row back', async () => {
    const rows = ['Ürün Kodu;Ürün Adı;Satış Fiyatı;Stok'];
    for (let i = 0; i < 1500; i++) rows.push(`ALL-${i};Ürün ${i};${i},50;${i % 7}`);
    rows.push('TR-1254-2;Güncellenen;21,00;5');
    const preview = await upload(csv(rows), 'hepsi.csv');
    expect(preview.body.data.counts).toMatchObject({ create: 1500, update: 1 });
    // The updates run after 1,500 inserts: a trigger fails the update, mid-way through the writes.
    await sql`CREATE FUNCTION fail_import() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full (test)'; END $$`.execute(api.db);
    await sql`CREATE TRIGGER fail_import BEFORE UPDATE ON products FOR EACH ROW
      WHEN (NEW.name = 'Güncellenen') EXECUTE FUNCTION fail_import()`.execute(api.db);
    const before = await catalogueState();
    try {
      const r = await confirm(preview.body.data.import_id, preview.body.data.fingerprint);
      expect(r.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER fail_import ON products`.execute(api.db);
      await sql`DROP FUNCTION fail_import()`.execute(api.db);
    }
    expect(await catalogueState()).toEqual(before);
    expect(await byCode('ALL-0')).toBeUndefined();
    const status = await api.call<{ data: ImportSummary }>(
      'GET',
      `/products/import/${preview.body.data.import_id}`,
      {
        token: admin.token,
      },
    );
    expect(status.body.data.status).toBe('preview');
    // and the same preview then applies whole
    const r = await confirm(preview.body.data.import_id, preview.body.data.fingerprint);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ created: 1500, updated: 1 });
    expect(await byCode('ALL-1499')).toMatchObject({ selling_price: '1499.50', current_stock: 1499 % 7 });
  });

  it("other users' reads are answered while a confirmation runs, not after it", async () => {
    // The embedded database has one connection: a confirmation that held it for the whole file
    // made every other request wait for its end. Now it stages the rows in short statements and
    // only the final step holds it: a read sent once the confirmation is under way answers first.
    const ROWS = 5000;
    const rows = ['Ürün Kodu;Ürün Adı;Satış Fiyatı;Stok'];
    for (let i = 0; i < ROWS; i++) rows.push(`SIDE-${i};Yan Ürün ${i};${i},25;${i % 5}`);
    const preview = await upload(csv(rows), 'yan.csv');
    expect(preview.body.data.counts).toMatchObject({ create: ROWS });
    const id = preview.body.data.import_id;
    let confirmed = false;
    const confirming = confirm(id, preview.body.data.fingerprint).then((r) => {
      confirmed = true;
      return r;
    });
    // Under way: its progress is known (or it has already finished, which the check below catches).
    for (;;) {
      const p = await api.call<{ data: { done: number; total: number } | null }>(
        'GET',
        `/products/import/${id}/progress`,
        { token: admin.token },
      );
      if (p.body.data || confirmed) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const read = await api.call<{ data: unknown[] }>('GET', '/orders', {
      token: manager.token,
      query: { page: 1, limit: 10 },
    });
    expect(read.status).toBe(200);
    expect(confirmed, 'the read answered only after the whole confirmation').toBe(false);
    const done = await confirming;
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ created: ROWS, stock_movements: ROWS - ROWS / 5 });
    expect(await byCode(`SIDE-${ROWS - 1}`)).toMatchObject({ current_stock: (ROWS - 1) % 5 });
  });

  it("other users' reads go on inside the confirmation's final transaction; a catalogue read sees the file's products all or none", async () => {
    // On the embedded database the final transaction lets other users' reads of what it does not
    // write run between its statements (db/pglite-lending.ts); a read of the catalogue waits for
    // its end. Readers poll both while the confirmation runs.
    const ROWS = 3000;
    const rows = ['Ürün Kodu;Ürün Adı;Satış Fiyatı;Stok'];
    for (let i = 0; i < ROWS; i++) rows.push(`GAP-${i};Aralık Ürünü ${i};${i},75;${i % 3}`);
    const preview = await upload(csv(rows), 'aralik.csv');
    expect(preview.body.data.counts).toMatchObject({ create: ROWS });
    const lentBefore = lentReadCounts.lent;
    let confirmed = false;
    const confirming = confirm(preview.body.data.import_id, preview.body.data.fingerprint).finally(() => {
      confirmed = true;
    });
    const seen = new Set<number>();
    let orderReads = 0;
    // A request over a socket gives the event loop a turn; app.inject does not, so a reader that
    // never waits would starve everything that waits for one (the confirmation's steps).
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const readers = [
      (async () => {
        while (!confirmed) {
          const r = await api.call<{ pagination: { totalDocs: number } }>('GET', '/products', {
            token: sales.token,
            query: { search: 'GAP-', limit: 1 },
          });
          expect(r.status).toBe(200);
          seen.add(r.body.pagination.totalDocs);
          await nextTurn();
        }
      })(),
      (async () => {
        while (!confirmed) {
          const r = await api.call('GET', '/orders', { token: manager.token, query: { page: 1, limit: 10 } });
          expect(r.status).toBe(200);
          orderReads++;
          await nextTurn();
        }
      })(),
    ];
    const done = await confirming;
    await Promise.all(readers);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ created: ROWS, stock_movements: ROWS - ROWS / 3 });
    // Never a part of the file: before it, or all of it.
    expect([...seen].filter((n) => n !== 0 && n !== ROWS)).toEqual([]);
    expect(orderReads).toBeGreaterThan(0);
    if (api.database.pglite) expect(lentReadCounts.lent).toBeGreaterThan(lentBefore);
    const after = await api.call<{ pagination: { totalDocs: number } }>('GET', '/products', {
      token: sales.token,
      query: { search: 'GAP-', limit: 1 },
    });
    expect(after.body.pagination.totalDocs).toBe(ROWS);
  });

  it('a replayed confirmation applies nothing twice and answers the same report', async () => {
    const preview = await upload(
      csv(['Ürün Kodu;Ürün Adı;Satış Fiyatı;Stok', 'REPLAY-1;Tekrar;9,99;4']),
      'r.csv',
    );
    const first = await confirm(preview.body.data.import_id, preview.body.data.fingerprint, 'key-1');
    const state = await catalogueState();
    const second = await confirm(preview.body.data.import_id, preview.body.data.fingerprint, 'key-2');
    const third = await confirm(preview.body.data.import_id, preview.body.data.fingerprint);
    expect(first.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(third.body.data).toEqual(first.body.data);
    expect(await catalogueState()).toEqual(state);
    expect(await byCode('REPLAY-1')).toMatchObject({ current_stock: 4 });
  });

  it('refuses a file that is not a spreadsheet, whatever its name', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000185d3b6b10000000049454e44ae426082',
      'hex',
    );
    for (const [bytes, name] of [
      [png, 'urunler.xlsx'],
      [Buffer.from('Merhaba, bu bir not dosyasıdır.\nİkinci satır.\n'), 'urunler.xlsx'],
      [zipWith('word/document.xml', Buffer.from('<w:document/>')), 'urunler.xlsx'],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), 'eski.xls'],
    ] as const) {
      const r = await upload(bytes, name);
      expect({ name, status: r.status, error: r.body.error }).toEqual({
        name,
        status: 400,
        error: 'Yalnızca .xlsx veya .csv dosyası yüklenebilir',
      });
    }
    // and a real workbook named .csv is read as the workbook it is
    const book = await writeExcelFile([
      ['Ürün Kodu', 'Ürün Adı', 'Satış Fiyatı'],
      ['XLSX-AS-CSV', 'Adı yanlış dosya', 12.5],
    ] as never).toBuffer();
    const r = await upload(book, 'urunler.csv');
    expect(r.status).toBe(200);
    expect(r.body.data.kind).toBe('xlsx');
  });

  it('refuses a workbook whose cell holds a NUL character (and a UTF-16 CSV with one) with 400, never 5xx; nothing is stored', async () => {
    const previews = async () =>
      Number(
        (
          await api.db
            .selectFrom('product_imports')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await previews();
    // write-excel-file leaves a NUL out, so the workbook's XML is patched by hand: a raw NUL byte
    // and the character reference &#0; — in a name, a code, the header and an unknown column.
    const books: Array<[string[][], string]> = [
      [
        [
          ['Ürün Kodu', 'Ürün Adı', 'Satış Fiyatı'],
          ['NUL-1', 'AdMARKı', '12,50'],
        ],
        'name',
      ],
      [
        [
          ['Ürün Kodu', 'Ürün Adı', 'Satış Fiyatı'],
          ['NULMARK2', 'Adı', '12,50'],
        ],
        'code',
      ],
      [
        [
          ['Ürün Kodu', 'ÜrünMARK Adı', 'Satış Fiyatı'],
          ['NUL-3', 'Adı', '12,50'],
        ],
        'header',
      ],
      [
        [
          ['Ürün Kodu', 'Ürün Adı', 'Notlar MARK'],
          ['NUL-4', 'Adı', 'x'],
        ],
        'unknown column',
      ],
    ];
    for (const nul of ['\u0000', '&#0;']) {
      for (const [rows, where] of books) {
        const book = await writeExcelFile(rows as never).toBuffer();
        const patched = zipOf(
          entriesOf(book).map(([name, data]) => [
            name,
            Buffer.from(data.toString('utf8').replaceAll('MARK', nul)),
          ]),
        );
        const r = await upload(patched, 'nul.xlsx');
        expect({ where, nul, status: r.status }).toEqual({ where, nul, status: 400 });
        expect(r.body).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringMatching(/NUL/) });
      }
    }
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Ürün Kodu;Ürün Adı\r\nNUL-5;A\u0000dı\r\n', 'utf16le'),
    ]);
    const r = await upload(utf16, 'nul.csv');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/NUL/);
    // a control character in the file's NAME is dropped, not stored
    const named = await upload(csv(['Ürün Kodu;Ürün Adı;Satış Fiyatı', 'ADI-1;Ad;1']), 'a\u0001b.csv');
    expect(named.status).toBe(200);
    expect(named.body.data.file_name).toBe('ab.csv');
    expect(await previews()).toBe(before + 1);
  });

  it('takes the file only in the documented field `file`: another name is 400 naming file', async () => {
    const r = await upload(
      csv(['Ürün Kodu;Ürün Adı;Satış Fiyatı', 'ALAN-1;Ad;1']),
      'a.csv',
      admin.token,
      'dosya',
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'file',
      error: expect.stringMatching(/"file"/),
    });
  });

  it('refuses a zip bomb .xlsx without unpacking it, and a file over the row limit', async () => {
    const bomb = zipWith('xl/worksheets/sheet1.xml', Buffer.alloc(300 * 1024 * 1024));
    const rss = process.memoryUsage().rss;
    const r = await upload(bomb, 'bomba.xlsx');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/50 MB/);
    expect(process.memoryUsage().rss - rss).toBeLessThan(150 * 1024 * 1024);
    const lines = ['Ürün Kodu;Ürün Adı;Satış Fiyatı'];
    for (let i = 0; i <= IMPORT_LIMITS.maxRows; i++) lines.push(`L${i};A;1`);
    const many = await upload(csv(lines), 'cok.csv');
    expect(many.status).toBe(400);
    expect(many.body.error).toMatch(/en fazla 10\.000 ürün satırı/);
  });

  it('hands the refused rows back as .xlsx, formula-like cells as text', async () => {
    const preview = await upload(
      csv([
        'Ürün Kodu;Ürün Adı;Satış Fiyatı;Açıklama',
        '=1+2;=HYPERLINK("http://x.example","tıkla");abc;@SUM(A1)',
        '+90;-5;-5;-cmd',
        'OK-1;Doğru;5;',
      ]),
      'formul.csv',
    );
    expect(preview.body.data.counts).toMatchObject({ create: 1, error: 2 });
    const file = await get(`/products/import/${preview.body.data.import_id}/refused.xlsx`);
    expect(file.status).toBe(200);
    const rows = await readSheet(file.raw);
    expect(rows[0]?.slice(0, 4)).toEqual(['Ürün Kodu', 'Ürün Adı', 'Satış Fiyatı', 'Açıklama']);
    expect(rows[1]?.slice(0, 4)).toEqual([
      '=1+2',
      '=HYPERLINK("http://x.example","tıkla")',
      'abc',
      '@SUM(A1)',
    ]);
    expect(rows[2]?.slice(0, 4)).toEqual(['+90', '-5', '-5', '-cmd']);
    expect(String(rows[1]?.[5])).toMatch(/Satış Fiyatı/);
    const sheet = await entryText(file.raw, 'xl/worksheets/sheet1.xml');
    expect(sheet).not.toMatch(/<f[ >]/);
  });
});

function entryText(zip: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      file.on('end', () => reject(new Error(`${name} not found`)));
      file.readEntry();
    });
  });
}
