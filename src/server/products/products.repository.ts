import type { Kysely, Transaction } from 'kysely';
import type { Product } from '../../shared/api/entities';
import { kurusToDecimal, kurusToTl, toKurus } from '../../shared/domain/money';
import type { Database, ProductRow } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ProductRecord extends Product {
  change_seq: number;
  deleted: boolean;
}

function money(value: string | null): { tl: number | null; kurus: number | null } {
  if (value === null) return { tl: null, kurus: null };
  const kurus = toKurus(value);
  return { tl: kurusToTl(kurus), kurus };
}

/** Stock status: out_of_stock at 0 or less, low_stock at or below min_stock, else in_stock. */
export function stockStatus(current: number, min: number): Product['stock_status'] {
  if (current <= 0) return 'out_of_stock';
  if (current <= min) return 'low_stock';
  return 'in_stock';
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
    current_stock: row.current_stock,
    available_stock: row.current_stock - row.reserved_stock,
    min_stock: row.min_stock,
    stock_status: stockStatus(row.current_stock, row.min_stock),
    status: row.status as Product['status'],
    images: Array.isArray(row.images) ? row.images : [],
    tags: Array.isArray(row.tags) ? row.tags : [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    change_seq: Number(row.change_seq),
    deleted: row.deleted_at !== null,
  };
}

export function toWireProduct(record: ProductRecord): Product {
  const { change_seq: _seq, deleted: _deleted, ...product } = record;
  return product;
}

export async function findProductsChanged(
  db: Executor,
  tenantId: string,
  after: number,
  upTo: number,
): Promise<ProductRecord[]> {
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('change_seq', '>', after)
    .where('change_seq', '<=', upTo)
    .orderBy('change_seq')
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
