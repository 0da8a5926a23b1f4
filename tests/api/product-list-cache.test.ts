import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListBody } from '../../src/shared/api/catalogue';
import { type Api, type Session, startApi } from './support/harness';
import { productHelpers } from './support/products';

/**
 * GET /products answers are reused while the catalogue keeps its version: every kind of change
 * must show on the very next read — an edit, a stock movement, a deletion, and a write this
 * process never saw (another API process on the same PostgreSQL) — and a role that may not see
 * cost prices never gets an answer built for one that may.
 */
let api: Api;
let admin: Session;
let sales: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, sales] = await Promise.all([api.login('demo', 'admin'), api.login('demo', 'sales')]);
});
afterAll(async () => api?.close());

const { created } = productHelpers(
  () => api,
  () => admin,
);

async function listed(session: Session, search: string) {
  const r = await api.call('GET', '/products', { token: session.token, query: { search, limit: 10 } });
  expect(r.status, r.raw).toBe(200);
  return productListBody.parse(r.body).data;
}

describe('GET /products reused while the catalogue is unchanged', () => {
  it('shows an edit, a stock movement, a write from elsewhere and a deletion on the next read', async () => {
    const product = await created({ name: 'Önbellek Deneme Çaydanlığı', current_stock: 10 });
    const first = await listed(admin, 'önbellek deneme');
    expect(first.map((p) => p.id)).toEqual([product.id]);
    expect(await listed(admin, 'önbellek deneme')).toEqual(first); // same answer again

    const edit = await api.call('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { name: 'Önbellek Deneme Demliği', expected_version: product.version },
    });
    expect(edit.status, edit.raw).toBe(200);
    expect((await listed(admin, 'önbellek deneme'))[0]?.name).toBe('Önbellek Deneme Demliği');

    const current = (await listed(admin, 'önbellek deneme'))[0];
    const adjust = await api.call('PATCH', `/products/${product.id}/stock`, {
      token: admin.token,
      body: { adjustment: -3, reason: 'manual_adjustment', expected_version: current?.version },
    });
    expect(adjust.status, adjust.raw).toBe(200);
    expect((await listed(admin, 'önbellek deneme'))[0]?.current_stock).toBe(7);

    // Another process writes (a new change number, as every writer takes): seen at once.
    await api.db
      .updateTable('products')
      .set({ name: 'Önbellek Deneme Semaveri', change_seq: sql`change_seq + 1000000` })
      .where('id', '=', product.id)
      .execute();
    expect((await listed(admin, 'önbellek deneme'))[0]?.name).toBe('Önbellek Deneme Semaveri');

    const latest = (await listed(admin, 'önbellek deneme'))[0];
    const removed = await api.call('DELETE', `/products/${product.id}`, {
      token: admin.token,
      body: { expected_version: latest?.version },
    });
    expect(removed.status, removed.raw).toBe(200);
    expect(await listed(admin, 'önbellek deneme')).toEqual([]);
  });

  it('never hands the cost price to a role that may not see it, whoever asked first', async () => {
    await created({ name: 'Maliyetli Önbellek Ürünü' });
    const forAdmin = await listed(admin, 'maliyetli önbellek');
    expect(forAdmin[0]?.cost_price_kurus).toBeTypeOf('number');
    const forSales = await listed(sales, 'maliyetli önbellek');
    expect(forSales).toHaveLength(1);
    expect(forSales[0]).not.toHaveProperty('cost_price');
    expect(forSales[0]).not.toHaveProperty('cost_price_kurus');
  });
});
