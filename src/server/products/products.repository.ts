import type { Kysely, Transaction } from 'kysely';
import type { Product } from '../../shared/api/entities';
import { DEFAULT_KDV_RATE } from '../../shared/domain/invoice';
import { kurusToDecimal, kurusToTl, toKurus } from '../../shared/domain/money';
import { stockStatusOf } from '../../shared/domain/stock';
import { searchFold } from '../../shared/domain/turkish-text';
import type { Database, ProductRow } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ProductRecord extends Omit<Product, 'version'> {
  change_seq: number;
  /** Change number of the last catalogue edit (stock movements leave it): edits are checked against it. */
  edit_seq: number;
  deleted: boolean;
}

function money(value: string | null): { tl: number | null; kurus: number | null } {
  if (value === null) return { tl: null, kurus: null };
  const kurus = toKurus(value);
  return { tl: kurusToTl(kurus), kurus };
}

/** Stock status from the AVAILABLE quantity (the rule: shared/domain/stock.ts). */
export function stockStatus(available: number, min: number): Product['stock_status'] {
  return stockStatusOf(available, min);
}

export function toProductRecord(row: ProductRow): ProductRecord {
  const selling = toKurus(row.selling_price);
  const cost = money(row.cost_price);
  const discounted = money(row.discounted_price);
  return {
    id: row.id,
    name: row.name,
    product_code: row.product_code,
    barcode: row.barcode,
    description: row.description,
    category: row.category,
    brand: row.brand,
    unit: row.unit,
    selling_price: kurusToTl(selling),
    selling_price_kurus: selling,
    cost_price: cost.tl,
    cost_price_kurus: cost.kurus,
    discounted_price: discounted.tl,
    discounted_price_kurus: discounted.kurus,
    vat_rate: row.vat_rate,
    current_stock: row.current_stock,
    available_stock: row.current_stock - row.reserved_stock,
    min_stock: row.min_stock,
    stock_status: stockStatus(row.current_stock - row.reserved_stock, row.min_stock),
    stock_seq: Number(row.stock_seq),
    status: row.status as Product['status'],
    images: Array.isArray(row.images) ? row.images : [],
    tags: Array.isArray(row.tags) ? row.tags : [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    change_seq: Number(row.change_seq),
    edit_seq: Number(row.edit_seq),
    deleted: row.deleted_at !== null,
  };
}

export function toWireProduct(record: ProductRecord): Product {
  const { change_seq, edit_seq: _edit, deleted: _deleted, ...product } = record;
  return { ...product, version: change_seq };
}

/** Products by id, as they are now (deleted ones too). */
export async function findProductsByIds(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toProductRecord);
}

export interface NewProductInput {
  id: string;
  name: string;
  product_code: string;
  barcode: string | null;
  description: string | null;
  category: string | null;
  brand: string | null;
  unit?: string;
  selling_price_kurus: number;
  cost_price_kurus: number | null;
  discounted_price_kurus?: number | null;
  vat_rate?: number;
  current_stock: number;
  min_stock: number;
  status?: Product['status'];
  images?: { url: string }[];
  tags?: string[];
  created_at: Date;
  change_seq: number;
}

export async function insertProducts(
  trx: Executor,
  tenantId: string,
  products: NewProductInput[],
): Promise<void> {
  if (products.length === 0) return;
  await trx
    .insertInto('products')
    .values(
      products.map((p) => ({
        tenant_id: tenantId,
        id: p.id,
        name: p.name,
        product_code: p.product_code,
        barcode: p.barcode,
        description: p.description,
        category: p.category,
        brand: p.brand,
        unit: p.unit ?? 'adet',
        selling_price: kurusToDecimal(p.selling_price_kurus),
        cost_price: p.cost_price_kurus === null ? null : kurusToDecimal(p.cost_price_kurus),
        discounted_price:
          p.discounted_price_kurus === null || p.discounted_price_kurus === undefined
            ? null
            : kurusToDecimal(p.discounted_price_kurus),
        vat_rate: p.vat_rate ?? DEFAULT_KDV_RATE,
        edit_seq: p.change_seq,
        current_stock: p.current_stock,
        min_stock: p.min_stock,
        status: p.status ?? 'active',
        images: JSON.stringify(p.images ?? []),
        tags: JSON.stringify(p.tags ?? []),
        created_at: p.created_at,
        updated_at: p.created_at,
        deleted_at: null,
        change_seq: p.change_seq,
      })),
    )
    .execute();
}

/** Soft delete (the sync feed sends a removal). */
export async function softDeleteProduct(
  trx: Transaction<Database>,
  tenantId: string,
  productId: string,
  changeSeq: number,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set({ deleted_at: at, updated_at: at, change_seq: changeSeq })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ProductListFilter {
  search?: string;
  category?: string;
  brand?: string;
  status?: Product['status'];
}

export interface ProductListOrder {
  sortBy: 'created_at' | 'name' | 'selling_price' | 'current_stock';
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/**
 * GET /products: live products matching the filter (search: name, product code, barcode or brand
 * contains the text, Turkish case folding; category, brand and status: equal), sorted by the
 * chosen column then id (a total order, so pages never overlap), with the number of matches.
 */
export async function listProducts(
  db: Executor,
  tenantId: string,
  filter: ProductListFilter,
  order: ProductListOrder,
): Promise<{ items: ProductRecord[]; total: number }> {
  let query = db.selectFrom('products').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  if (filter.search) {
    // search_text: name, code, barcode and brand, kept folded by the database with tr_fold, the
    // same fold as searchFold (migration 0029).
    query = query.where('search_text', 'like', containsPattern(searchFold(filter.search)));
  }
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.brand) query = query.where('brand', '=', filter.brand);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(order.sortBy, order.sortOrder)
      .orderBy('id', order.sortOrder)
      .limit(order.limit)
      .offset(order.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toProductRecord), total: Number(count.n) };
}

/**
 * The catalogue's version: the highest change number of the tenant's products (deleted ones too —
 * a deletion takes a new number). One backward step of products (tenant_id, change_seq).
 */
export async function catalogueVersion(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('change_seq')
    .where('tenant_id', '=', tenantId)
    .orderBy('change_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.change_seq) : 0;
}

/** What an order line copies from its product: the barcode (the warehouse scans it) and the KDV rate. */
export interface LineProduct {
  id: string;
  barcode: string | null;
  vat_rate: number;
}

/**
 * The tenant's products among `ids` (a soft-deleted one still counts: an order made offline may
 * name a product deleted since), with what an order line copies.
 */
export async function findProductsForLines(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, LineProduct>> {
  const found = new Map<string, LineProduct>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('products')
    .select(['id', 'barcode', 'vat_rate'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) found.set(row.id, row);
  return found;
}
