import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { productSchema } from '../../../src/shared/api/entities';
import type { CreateProductBody } from '../../../src/shared/api/products';
import type { Api, Session } from './harness';

/** Products for the product-management tests: valid, unique codes and barcodes, one helper set per api. */
let serial = 0;

/** A valid EAN-13 (GS1 check digit) from 12 digits. */
export function ean13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return body12 + String((10 - (sum % 10)) % 10);
}
const freshBarcode = () => ean13(`8690000${String(10000 + ++serial).slice(-5)}`);

export function productBody(overrides: Partial<CreateProductBody> = {}): CreateProductBody {
  serial++;
  return {
    name: `Deneme Ürünü ${serial}`,
    product_code: `TST-${serial}-${randomUUID().slice(0, 6)}`,
    barcode: freshBarcode(),
    selling_price_kurus: 12_550,
    cost_price_kurus: 9_000,
    category: 'Elektronik',
    brand: 'Apple',
    min_stock: 5,
    current_stock: 40,
    tags: ['yeni', 'kampanya'],
    ...overrides,
  };
}

export function productHelpers(api: () => Api, admin: () => Session) {
  async function create(body: CreateProductBody, session = admin(), key?: string) {
    return api().call<{ success: boolean; data: unknown; error?: string; field?: string; code?: string }>(
      'POST',
      '/products',
      { token: session.token, body, ...(key ? { idempotencyKey: key } : {}) },
    );
  }
  async function created(overrides: Partial<CreateProductBody> = {}) {
    const r = await create(productBody(overrides));
    expect(r.status, r.raw).toBe(201);
    return productSchema.parse(r.body.data);
  }
  const productCount = async (tenant = 'demo') =>
    (await api().db.selectFrom('products').select('id').where('tenant_id', '=', tenant).execute()).length;
  return { create, created, productCount };
}
