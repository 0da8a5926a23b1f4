import type { Product } from '../../shared/api/entities';
import type { BulkAction, CreateProductKurusBody, UpdateProductKurusBody } from '../../shared/api/products';
import { DEFAULT_KDV_RATE } from '../../shared/domain/invoice';
import { kurusToTl } from '../../shared/domain/money';
import { ORDER_STATUSES_HOLDING_PRODUCT, stockStatusOf } from '../../shared/domain/stock';
import { type LocalDb, type LocalProduct, type OutboxEntry, recordKey } from '../local/database';
import { enqueue, uuid } from '../local/outbox';
import { foldTr } from '../local/queries';

/**
 * Product management on the device (admin): the list reads the mirrored products (a synced
 * collection), so the screen works offline after one visit; every change is applied to the mirror
 * and queued in the outbox in one Dexie transaction (outbox.ts `enqueue`), then sent with its
 * Idempotency-Key. Record keys are `product:<id>`, so the changes of one product go in the order
 * they were made; a bulk action orders itself after every earlier product change (`product:*`).
 * Their local effects are in ./mutations/products.ts.
 */

// ---------------------------------------------------------------------------------- reads ---

export interface ProductPageFilter {
  search?: string | null;
  category?: string | null;
  brand?: string | null;
  status?: string | null;
}

export interface ProductPage {
  rows: LocalProduct[];
  total: number;
}

/** The same fields GET /products searches: name, product code, barcode and brand. */
export function productMatches(product: LocalProduct, folded: string): boolean {
  return [product.name, product.product_code, product.barcode ?? '', product.brand ?? ''].some((field) =>
    foldTr(field).includes(folded),
  );
}

/**
 * One page of the mirrored products, newest first (the spec's sort_by=created_at, desc), filtered
 * like GET /products: search (Turkish case folding: 'ipad' finds 'İPAD'), category, brand, status.
 * `page` is 0-based here (the pager's); the server's `page` is 1-based.
 */
export async function queryProductPage(
  db: LocalDb,
  filter: ProductPageFilter,
  page: number,
  pageSize: number,
): Promise<ProductPage> {
  let rows = filter.status
    ? await db.products.where('status').equals(filter.status).toArray()
    : await db.products.toArray();
  if (filter.category) rows = rows.filter((p) => p.category === filter.category);
  if (filter.brand) rows = rows.filter((p) => p.brand === filter.brand);
  const q = foldTr(filter.search?.trim() ?? '');
  if (q) rows = rows.filter((p) => productMatches(p, q));
  rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  const offset = Math.max(0, page) * pageSize;
  return { rows: rows.slice(offset, offset + pageSize), total: rows.length };
}

/** The distinct non-empty values of a product field on this device (tr-TR order). */
export async function productFieldValues(db: LocalDb, field: 'category' | 'brand'): Promise<string[]> {
  const values = (await db.products.orderBy(field).uniqueKeys()) as unknown[];
  return values
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .sort((a, b) => a.localeCompare(b, 'tr-TR'));
}

// -------------------------------------------------------------------------------- writes ---

/**
 * Create a product. The device makes its UUID (also the Idempotency-Key), so it exists here at
 * once and the server creates it exactly once however often the request is sent. The optimistic
 * row has version 0 until the server's row replaces it.
 */
export async function createProduct(db: LocalDb, input: CreateProductKurusBody): Promise<OutboxEntry> {
  const id = input.id ?? uuid();
  const now = new Date().toISOString();
  const body: CreateProductKurusBody = { ...input, id };
  const stock = input.current_stock ?? 0;
  const min = input.min_stock ?? 0;
  const product: Product = {
    id,
    name: input.name.trim(),
    product_code: input.product_code.trim(),
    barcode: input.barcode?.trim() || null,
    description: input.description?.trim() || null,
    category: input.category?.trim() || null,
    brand: input.brand?.trim() || null,
    unit: input.unit ?? 'adet',
    selling_price: kurusToTl(input.selling_price_kurus),
    selling_price_kurus: input.selling_price_kurus,
    cost_price: kurusToTl(input.cost_price_kurus),
    cost_price_kurus: input.cost_price_kurus,
    discounted_price:
      input.discounted_price_kurus === null || input.discounted_price_kurus === undefined
        ? null
        : kurusToTl(input.discounted_price_kurus),
    discounted_price_kurus: input.discounted_price_kurus ?? null,
    vat_rate: input.vat_rate ?? DEFAULT_KDV_RATE,
    current_stock: stock,
    available_stock: stock,
    min_stock: min,
    stock_status: stockStatusOf(stock, min),
    // No stock movement is known here yet: the server's row (with the opening movement) replaces it.
    stock_seq: 0,
    status: input.status ?? 'active',
    images: input.images ?? [],
    tags: input.tags ?? [],
    created_at: now,
    updated_at: now,
    version: 0,
  };
  return enqueue(db, {
    id,
    kind: 'product.create',
    summary: `Ürün oluşturuldu: ${product.name}`,
    body,
    records: [recordKey('products', id)],
    local: { product },
  });
}

async function requireProduct(db: LocalDb, id: string): Promise<LocalProduct> {
  const row = await db.products.get(id);
  if (!row) throw new Error('Ürün bulunamadı');
  return row;
}

/**
 * Edit a product: only the fields given, naming the version the user saw (`expected_version`,
 * the version of the row the dialog was opened on): if someone changed the product meanwhile the
 * server refuses (409 with the product as it is now) instead of overwriting their change.
 */
export async function updateProduct(
  db: LocalDb,
  id: string,
  changes: Omit<UpdateProductKurusBody, 'expected_version'>,
  expectedVersion: number,
): Promise<OutboxEntry> {
  const row = await requireProduct(db, id);
  return enqueue(db, {
    kind: 'product.update',
    summary: `Ürün güncellendi: ${row.name}`,
    params: { id },
    body: { ...changes, expected_version: expectedVersion },
    records: [recordKey('products', id)],
  });
}

/** Delete a product (a soft delete on the server), naming the version the user saw. */
export async function deleteProduct(db: LocalDb, id: string): Promise<OutboxEntry> {
  const row = await requireProduct(db, id);
  return enqueue(db, {
    kind: 'product.delete',
    summary: `Ürün silindi: ${row.name}`,
    params: { id },
    body: { expected_version: row.version },
    records: [recordKey('products', id)],
  });
}

/** One action on the selected products, each naming the version the user saw. */
export async function bulkProducts(
  db: LocalDb,
  action: BulkAction,
  ids: readonly string[],
): Promise<OutboxEntry> {
  const rows = (await db.products.bulkGet([...ids])).filter((r): r is LocalProduct => !!r);
  if (rows.length === 0) throw new Error('Ürün bulunamadı');
  return enqueue(db, {
    kind: 'product.bulk',
    summary: `Toplu ürün işlemi: ${action} (${rows.length})`,
    record_key: 'product:*',
    body: { action, items: rows.map((r) => ({ id: r.id, expected_version: r.version })) },
    records: rows.map((r) => recordKey('products', r.id)),
  });
}

/**
 * Per product among `productIds`: the numbers of the orders on this device that hold it — the
 * delete rule's open orders (shared/domain/stock.ts `ORDER_STATUSES_HOLDING_PRODUCT`). What the
 * device knows, for the delete dialog to say before asking; the server decides.
 */
export async function ordersHoldingProducts(
  db: LocalDb,
  productIds: readonly string[],
): Promise<Map<string, string[]>> {
  const wanted = new Set(productIds);
  const held = new Map<string, string[]>();
  const open = await db.orders
    .where('status')
    .anyOf([...ORDER_STATUSES_HOLDING_PRODUCT])
    .toArray();
  for (const order of open) {
    for (const id of new Set(order.items.map((item) => item.product_id))) {
      if (!id || !wanted.has(id)) continue;
      held.set(id, [...(held.get(id) ?? []), order.order_number]);
    }
  }
  for (const numbers of held.values()) numbers.sort();
  return held;
}
