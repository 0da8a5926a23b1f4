import { randomUUID } from 'node:crypto';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogsResponse, type LogEntry } from '../../src/shared/api/admin';
import { type Api, type Session, startApi } from './support/harness';
import { productBody } from './support/products';

/**
 * The system log says what happened: each entry stores its action's parameters (rendered in
 * Turkish in `message`, in the reader's language on the device) and an update's changed fields
 * — never a secret; the free-text search finds the words a reader sees in either language; the
 * export writes the reader's language, as CSV or .xlsx.
 */
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
  ]);
});
afterAll(async () => api?.close());

async function logs(query: Record<string, string | number | undefined>): Promise<LogEntry[]> {
  const r = await api.call<{ data: unknown }>('GET', '/admin/logs', { token: admin.token, query });
  expect(r.status, r.raw).toBe(200);
  return adminLogsResponse.parse(r.body.data).logs;
}

async function call<T = { data: Record<string, unknown> }>(
  session: Session,
  method: string,
  path: string,
  body?: unknown,
) {
  const r = await api.call<T>(method, path, { token: session.token, body });
  expect(r.status, r.raw).toBeLessThan(300);
  return r.body;
}

/** A ';' CSV as rows of cells (quoted cells may hold ';', quotes doubled, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ';' || (c === '\r' && text[i + 1] === '\n')) {
      row.push(cell);
      cell = '';
      if (c === '\r') {
        rows.push(row);
        row = [];
        i++;
      }
    } else {
      cell += c;
    }
  }
  return rows;
}

/** The stored row of an entry, whole, as JSON text (what must never hold a secret). */
async function storedRow(id: string): Promise<string> {
  const row = await api.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return JSON.stringify(row);
}

describe('what a log entry says', () => {
  let productId: string;
  let productName: string;
  let productCode: string;
  beforeAll(async () => {
    const body = productBody({
      name: `Magic Keyboard ${randomUUID().slice(0, 4)}`,
      selling_price_kurus: 90_099,
    });
    const created = await call(admin, 'POST', '/products', body);
    productId = created.data.id as string;
    productName = body.name;
    productCode = body.product_code;
    await call(admin, 'PUT', `/products/${productId}`, { selling_price_kurus: 95_000, status: 'inactive' });
  });

  it('a product edit: its name and code, and the changed fields before and after', async () => {
    const [entry] = await logs({ action: 'product.update', entity_id: productId });
    expect(entry).toMatchObject({
      action: 'product.update',
      message: `Ürün güncellendi: ${productName} (${productCode})`,
      params: { name: productName, code: productCode },
      entity_id: productId,
    });
    expect(entry!.changes).toEqual([
      { field: 'selling_price_kurus', before: 90_099, after: 95_000 },
      { field: 'status', before: 'active', after: 'inactive' },
    ]);
    const [made] = await logs({ action: 'product.create', entity_id: productId });
    expect(made!.message).toBe(`Ürün eklendi: ${productName} (${productCode})`);
  });

  it('an order status change names the order and both statuses', async () => {
    const order = await call(sales, 'POST', '/orders', {
      customer_name: 'Günlük Müşteri A.Ş.',
      items: [{ product_name: 'Kalem', quantity: 3, unit_price: 12.5 }],
    });
    const id = order.data.id as string;
    await call(manager, 'PATCH', `/orders/${id}/status`, { status: 'approved' });
    const [entry] = await logs({ action: 'order.status', entity_id: id });
    expect(entry!.params).toMatchObject({
      number: order.data.order_number,
      customer: 'Günlük Müşteri A.Ş.',
      from: 'pending_approval',
      to: 'approved',
    });
    expect(entry!.message).toBe(
      `Sipariş durumu değişti: ${order.data.order_number} (Günlük Müşteri A.Ş.): Onay Bekliyor → Onaylandı`,
    );
    // The English sentence is searchable too.
    expect((await logs({ search: 'awaiting approval → approved', entity_id: id })).map((l) => l.id)).toEqual([
      entry!.id,
    ]);
  });

  it('a user made, edited and given a new password: named, changes shown, no password or hash stored', async () => {
    const username = `logkisi${randomUUID().slice(0, 6)}`;
    const made = await call(admin, 'POST', '/admin/users', {
      username,
      full_name: 'Log Kişisi',
      email: `${username}@ornek.com.tr`,
      role: 'salesperson',
      password: 'gizli-Sifre-77',
    });
    const id = made.data.id as string;
    await call(admin, 'PUT', `/admin/users/${id}`, { role: 'driver', full_name: 'Log Kişisi İki' });
    const [created] = await logs({ action: 'user.create', entity_id: id });
    expect(created!.message).toBe(`Kullanıcı oluşturuldu: Log Kişisi (${username})`);
    const [updated] = await logs({ action: 'user.update', entity_id: id });
    expect(updated!.changes).toEqual([
      { field: 'full_name', before: 'Log Kişisi', after: 'Log Kişisi İki' },
      { field: 'role', before: 'salesperson', after: 'driver' },
    ]);

    const own = await api.login('demo', username, 'gizli-Sifre-77');
    await call(own, 'PUT', '/auth/profile', {
      current_password: 'gizli-Sifre-77',
      new_password: 'yeni-Sifre-88',
    });
    const [profile] = await logs({ action: 'user.profile_update', entity_id: id });
    expect(profile!.changes).toEqual([{ field: 'password', before: null, after: null }]);
    for (const entry of [created!, updated!, profile!]) {
      const stored = await storedRow(entry.id);
      expect(stored).not.toMatch(/gizli-Sifre-77|yeni-Sifre-88|scrypt|password_hash/);
    }
  });

  it('a settings change lists the setting before and after', async () => {
    const settings = await call(admin, 'GET', '/admin/settings');
    const was = settings.data.max_login_attempts as number;
    await call(admin, 'PUT', '/admin/settings', {
      max_login_attempts: was + 1,
      expected_version: settings.data.version,
    });
    const [entry] = await logs({ action: 'settings.update' });
    expect(entry!.message).toBe('Sistem ayarları güncellendi');
    expect(entry!.changes).toEqual([{ field: 'max_login_attempts', before: was, after: was + 1 }]);
  });
});

describe('searching the words a reader sees', () => {
  const oldId = randomUUID();
  beforeAll(async () => {
    // A row written before messages had parameters: only its code.
    await api.db
      .insertInto('audit_logs')
      .values({
        tenant_id: 'demo',
        id: oldId,
        level: 'info',
        action: 'customer.update',
        message: null,
        ip: '203.0.113.9',
        created_at: new Date(),
      })
      .execute();
    await api.login('demo', 'warehouse');
  });

  it('Turkish and English words, folded like every search, find the entries that show them', async () => {
    for (const words of ['giriş', 'GİRİŞ', 'Kullanıcı giriş', 'signed in', 'login']) {
      const found = await logs({ search: words, limit: 200 });
      expect(found.length, words).toBeGreaterThan(0);
      expect(
        found.some((l) => l.action === 'auth.login'),
        words,
      ).toBe(true);
    }
    for (const words of ['güncellendi', 'GÜNCELLENDİ', 'product updated']) {
      expect(
        (await logs({ search: words, limit: 200 })).some((l) => l.action === 'product.update'),
        words,
      ).toBe(true);
    }
  });

  it('an old row without parameters shows and is found by its generic sentence in either language', async () => {
    const [old] = await logs({ search: 'müşteri güncellendi', action: 'customer.update' });
    expect(old).toMatchObject({ id: oldId, message: 'Müşteri güncellendi', params: null, changes: null });
    expect(
      (await logs({ search: 'customer updated', action: 'customer.update' })).map((l) => l.id),
    ).toContain(oldId);
    expect((await logs({ search: 'silindi', action: 'customer.update' })).map((l) => l.id)).not.toContain(
      oldId,
    );
  });
});

describe('the export in the reader language', () => {
  it('lang=en: English headers and messages, times on the company clock, ";" cells', async () => {
    const r = await api.call('GET', '/admin/logs/export', {
      token: admin.token,
      query: { action: 'product.update', lang: 'en' },
    });
    expect(r.status).toBe(200);
    expect(r.raw.charCodeAt(0)).toBe(0xfeff);
    const lines = r.raw.slice(1).split('\r\n');
    expect(lines[0]).toBe('Time (Europe/Istanbul);Level;Message;Changes;User;IP address;User agent;Action');
    const row = parseCsv(r.raw.slice(1))[1]!;
    expect(row).toHaveLength(8);
    expect(row[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(row[1]).toBe('Info');
    expect(row[2]).toMatch(/^Product updated: Magic Keyboard/);
    expect(row[3]).toBe('Selling price: 900,99 TL → 950,00 TL; Status: Active → Inactive');
    expect(row[7]).toBe('product.update');
  });

  it('format=xlsx: a sheet with the time as a date cell and the message as text', async () => {
    const r = await api.app.inject({
      method: 'GET',
      url: '/api/admin/logs/export?tenant=demo&action=product.update&format=xlsx',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(String(r.headers['content-disposition'])).toMatch(/sistem-loglari-demo-\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = await readSheet(r.rawPayload);
    expect(sheet[0]?.[0]).toBe('Zaman (Europe/Istanbul)');
    expect(sheet[1]?.[0]).toBeInstanceOf(Date);
    expect(String(sheet[1]?.[2])).toMatch(/^Ürün güncellendi: Magic Keyboard/);
    const refused = await api.call<{ error: string; field?: string }>('GET', '/admin/logs/export', {
      token: admin.token,
      query: { format: 'pdf' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('format');
    expect(refused.body.error).toBe('Biçim csv veya xlsx olmalıdır');
  });
});
