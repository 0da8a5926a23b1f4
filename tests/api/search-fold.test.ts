import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_FOLD_FROM, searchFold } from '../../src/shared/domain/turkish-text';
import { type Api, type Session, startApi } from './support/harness';

/**
 * The server's searches fold text exactly as the device does (shared/domain/turkish-text.ts
 * `searchFold`): the database's `tr_fold` gives the same text for every character of the rule and
 * for mixed text, and each list's `?search=` finds the same rows for 'İstanbul', 'ISTANBUL',
 * 'Istanbul', 'ıstanbul' and 'istanbul', and 'Şahin' for 'sahin'.
 */
const TENANT = 'demo';
let api: Api;
let admin: Session;

beforeAll(async () => {
  api = await startApi();
  admin = await api.login(TENANT, 'admin');
});
afterAll(async () => api?.close());

const SPELLINGS = ['İstanbul', 'ISTANBUL', 'Istanbul', 'ıstanbul', 'istanbul', 'İSTANBUL'];
const MARK = `F${randomUUID().slice(0, 6)}`;

async function list<T>(path: string, search: string): Promise<T[]> {
  const r = await api.call<{ data: unknown }>('GET', path, {
    token: admin.token,
    query: { search, limit: 100 },
  });
  expect(r.status, r.raw).toBe(200);
  const data = r.body.data as T[] | Record<string, T[]>;
  if (Array.isArray(data)) return data;
  const rows = Object.values(data).find(Array.isArray);
  return (rows ?? []) as T[];
}

async function created(path: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const r = await api.call<{ data: { id: string } }>('POST', path, { token: admin.token, body });
  expect(r.status, r.raw).toBe(201);
  return r.body.data;
}

describe('one search fold on the server', () => {
  it("the database's tr_fold is the device's searchFold, character by character and on mixed text", async () => {
    const samples = [
      ...SEARCH_FOLD_FROM,
      ...SPELLINGS,
      'Şahin ÇAĞLAR Öztürk Üsküdar Iğdır Kâğıt Hâkim',
      'IPHONE-15 pm-lz8qı-a 0532 111 22 33 %_\\',
      's\u0327ahin I\u0307stanbul g\u0306u\u0308l',
      'Ürün 12,50 TL (KDV dâhil) — ÉCLAIR Ω',
    ];
    for (const text of samples) {
      const { rows } = await sql<{ f: string }>`SELECT tr_fold(${text}) AS f`.execute(api.db);
      expect(rows[0]?.f, JSON.stringify(text)).toBe(searchFold(text));
    }
  });

  it("tr_fold is the device's fold on 2,000 random texts of every character the fold maps, and others", async () => {
    // Letters the fold maps (every one of SEARCH_FOLD_FROM, each combining mark too), their
    // folded forms, and letters it leaves alone (other accented capitals, Greek, German ß, an
    // emoji, quotes, backslash, digits, spaces): a fold that lost or doubled a step would differ.
    const alphabet = [...`${SEARCH_FOLD_FROM}abcçgğiıoösşuüÉéÀßΣσΩ€😀'"\\%_ -.,0123456789`];
    let seed = 20261130;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const texts = Array.from({ length: 2000 }, () =>
      Array.from(
        { length: 1 + Math.floor(random() * 40) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join(''),
    );
    const { rows } = await sql<{ f: string[] }>`SELECT array_agg(tr_fold(t) ORDER BY n) AS f
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS x(t, n)`.execute(api.db);
    const folded = rows[0]?.f ?? [];
    expect(folded).toHaveLength(texts.length);
    texts.forEach((text, i) => {
      expect(folded[i], JSON.stringify(text)).toBe(searchFold(text));
    });
  });

  it('customers, products, orders and the system log find İstanbul and Şahin however they are typed', async () => {
    const customer = await created('/customers', { full_name: `Mehmet Şahin ${MARK}`, city: 'İstanbul' });
    const product = await created('/products', {
      name: `Şahin İstanbul Çaydanlığı ${MARK}`,
      product_code: `${MARK}-IST`,
      selling_price_kurus: 1000,
      cost_price_kurus: 500,
      min_stock: 0,
      current_stock: 1,
    });
    const order = await created('/orders', {
      customer_name: `Şahin İnşaat İstanbul ${MARK}`,
      items: [{ product_name: 'Çaydanlık', quantity: 1, unit_price: 10 }],
    });
    await api.db
      .insertInto('audit_logs')
      .values({
        tenant_id: TENANT,
        id: randomUUID(),
        level: 'info',
        action: 'fx.fold',
        message: `İstanbul deposu, Şahin ${MARK}`,
        user_id: null,
        user_name: null,
        ip: null,
        user_agent: null,
        entity: null,
        entity_id: null,
        idempotency_key: null,
        created_at: new Date(),
      })
      .execute();

    const ids = async (path: string, search: string) =>
      (await list<{ id: string; message?: string }>(path, search)).map((row) => row.id ?? row.message);
    for (const city of SPELLINGS) {
      expect(await ids('/customers', `${city}`), `customers: ${city}`).toContain(customer.id);
      expect(await ids('/products', `${city} ç`), `products: ${city}`).toContain(product.id);
      expect(await ids('/orders', `inşaat ${city}`), `orders: ${city}`).toContain(order.id);
      const logs = await list<{ message: string }>('/admin/logs', `${city} deposu`);
      expect(
        logs.map((l) => l.message),
        `logs: ${city}`,
      ).toContain(`İstanbul deposu, Şahin ${MARK}`);
    }
    for (const name of ['sahin', 'SAHIN', 'Şahin', 'şahİn']) {
      expect(await ids('/customers', `${name} ${MARK}`), `customers: ${name}`).toEqual([customer.id]);
      expect(await ids('/products', name), `products: ${name}`).toContain(product.id);
      expect(await ids('/orders', `${name} insaat`), `orders: ${name}`).toContain(order.id);
    }
    expect(await ids('/customers', `bursa ${MARK}`)).toEqual([]);
  });
});
