import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Product } from '../../shared/api/entities';
import type { StockMovementListBody, stockAdjustBody } from '../../shared/api/stock';
import type { Role } from '../../shared/domain/roles';
import {
  applyMovement,
  availableOf,
  movementRefusal,
  STOCK_MESSAGES,
  type StockReason,
} from '../../shared/domain/stock';
import { reserveChangeSeqs } from '../db/change-seq';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError } from '../lib/errors';
import { productForRole } from '../products/product-projection';
import { toProductRecord, toWireProduct } from '../products/products.repository';
import * as repo from './stock.repository';

type Trx = Transaction<Database>;
type Executor = Kysely<Database> | Trx;

export interface StockMovementInput {
  product_id: string;
  /** Signed on-hand delta. */
  quantity: number;
  /** Signed reservation delta. */
  reserved_delta: number;
  reason: StockReason;
  order_id?: string | null;
  count_id?: string | null;
  notes?: string | null;
  /** The device's clock when the change was made (offline), if it said. */
  device_time?: Date | null;
}

export interface AppliedStock {
  product_id: string;
  current_stock: number;
  reserved_stock: number;
  stock_seq: number;
  change_seq: number;
}

/**
 * THE way stock changes: called by every cause (order status moves, order edits, adjustments,
 * counts, imports) INSIDE the cause's own transaction, so the movement and its cause commit or
 * roll back together.
 *
 * In this order:
 *  1. locks the products named (FOR UPDATE, id order — a stable order: no deadlock between two
 *     writers, and each reads what the other committed: no lost update);
 *  2. checks every movement against the rules (shared/domain/stock.ts `movementRefusal`), in the
 *     given order over the running figures: a refusal throws before anything is written —
 *     409 INSUFFICIENT_STOCK ('Yetersiz stok: {ürün} (mevcut {n})') for a reservation beyond the
 *     available stock or of a deleted product ('Ürün silinmiş: {ürün}…'), 400 for an adjustment
 *     that would take the shelf below zero; an unknown product 404;
 *  3. takes one change number per product (the tenant counter: call this BEFORE the caller's own
 *     bump, after its own entity locks — the project's lock order is entity rows, then the counter;
 *     a second bump of the counter in the same transaction is free);
 *  4. inserts the movement rows and writes each product's current_stock, reserved_stock,
 *     stock_seq (its last movement) and change number (devices pull the new figures).
 *
 * `options.field`: the request field a refusal names (default 'quantity').
 * Movements with both deltas 0 are dropped. Returns the products' new figures.
 */
export async function applyStockMovements(
  trx: Trx,
  tenantId: string,
  userId: string | null,
  movements: readonly StockMovementInput[],
  options: { at?: Date; field?: string } = {},
): Promise<Map<string, AppliedStock>> {
  const effective = movements.filter((m) => m.quantity !== 0 || m.reserved_delta !== 0);
  const result = new Map<string, AppliedStock>();
  if (effective.length === 0) return result;
  for (const m of effective)
    if (!Number.isInteger(m.quantity) || !Number.isInteger(m.reserved_delta))
      throw new RangeError('stock deltas must be integers');

  const ids = [...new Set(effective.map((m) => m.product_id))].sort();
  const locked = await repo.lockProducts(trx, tenantId, ids);
  const figures = new Map<string, { current: number; reserved: number }>();
  for (const id of ids) {
    const p = locked.get(id);
    if (!p) throw new AppError(404, 'NOT_FOUND', STOCK_MESSAGES.productNotFound);
    figures.set(id, { current: p.current_stock, reserved: p.reserved_stock });
  }
  // What is written: the movements asked for, each followed — when an order's return brings goods
  // back to a deleted product — by the write-off of those goods, in the same transaction: its stock
  // was written off when it was deleted and nobody can see or sell it any more, so what comes back
  // goes the same way, and on hand stays the sum of its ledger. (A count or an adjustment is a
  // person's deliberate figure for the product and is kept as given.)
  const written: StockMovementInput[] = [];
  for (const m of effective) {
    const before = figures.get(m.product_id) as { current: number; reserved: number };
    const refusal = movementRefusal(before, m);
    const product = locked.get(m.product_id) as repo.LockedStock;
    const name = product.name;
    // A deleted product has nothing to promise (its stock was written off): a reservation of it —
    // an order made offline, or created while the delete committed — names it as deleted.
    if (product.deleted && m.reserved_delta > 0)
      throw new AppError(409, 'INSUFFICIENT_STOCK', STOCK_MESSAGES.deleted(name), {
        product_id: m.product_id,
        available: 0,
      });
    if (refusal === 'insufficient')
      throw new AppError(409, 'INSUFFICIENT_STOCK', STOCK_MESSAGES.insufficient(name, availableOf(before)), {
        product_id: m.product_id,
        available: availableOf(before),
      });
    if (refusal === 'negative')
      throw new AppError(400, 'VALIDATION_ERROR', STOCK_MESSAGES.negative(name, before.current), {
        field: options.field ?? 'quantity',
        product_id: m.product_id,
      });
    const after = applyMovement(before, m);
    written.push(m);
    if (product.deleted && m.reason === 'return' && after.current > 0) {
      const writeOff = {
        product_id: m.product_id,
        quantity: 0 - after.current,
        reserved_delta: 0,
        reason: 'write_off' as const,
        order_id: m.order_id ?? null,
        notes: STOCK_MESSAGES.returnedToDeleted,
      };
      written.push(writeOff);
      figures.set(m.product_id, applyMovement(after, writeOff));
    } else figures.set(m.product_id, after);
  }

  const at = options.at ?? new Date();
  const seqs = await reserveChangeSeqs(trx, tenantId, ids.length);
  const movementSeqs = await repo.insertMovements(
    trx,
    tenantId,
    written.map((m) => ({
      product_id: m.product_id,
      quantity: m.quantity,
      reserved_delta: m.reserved_delta,
      reason: m.reason,
      order_id: m.order_id ?? null,
      count_id: m.count_id ?? null,
      user_id: userId,
      device_time: m.device_time ?? null,
      notes: m.notes ?? null,
      created_at: at,
    })),
  );
  const lastSeq = new Map<string, number>();
  for (const [i, m] of written.entries()) lastSeq.set(m.product_id, movementSeqs[i] as number);
  for (const [i, id] of ids.entries()) {
    const f = figures.get(id) as { current: number; reserved: number };
    const applied: AppliedStock = {
      product_id: id,
      current_stock: f.current,
      reserved_stock: f.reserved,
      stock_seq: lastSeq.get(id) as number,
      change_seq: seqs[i] as number,
    };
    result.set(id, applied);
  }
  await repo.updateProductsStock(
    trx,
    tenantId,
    [...result.values()].map((a) => ({
      id: a.product_id,
      current_stock: a.current_stock,
      reserved_stock: a.reserved_stock,
      stock_seq: a.stock_seq,
      change_seq: a.change_seq,
    })),
    at,
  );
  return result;
}

// ------------------------------------------------------------------------ the endpoints ---

const productNotFound = () => new AppError(404, 'NOT_FOUND', STOCK_MESSAGES.productNotFound);

async function wireProduct(db: Executor, tenantId: string, id: string, role: Role): Promise<Product> {
  const row = await repo.findProductRow(db, tenantId, id);
  if (!row) throw productNotFound();
  return productForRole(toWireProduct(toProductRecord(row)), role);
}

/**
 * PATCH /products/{id}/stock: a manual adjustment, versioned like every edit. The product row is
 * locked first, so two adjustments at once run one after the other: the second sees the first's
 * figures and version — with the version the first saw it is refused (409 with the product as it
 * is now), never applied on top of figures its user did not see, never lost, never doubled.
 * (A replay of the same request under its Idempotency-Key answers the stored outcome.)
 */
export async function adjust(
  trx: Trx,
  tenantId: string,
  actor: { id: string; role: Role },
  productId: string,
  body: z.output<typeof stockAdjustBody>,
): Promise<MutationResult<Product>> {
  const locked = (await repo.lockProducts(trx, tenantId, [productId])).get(productId);
  if (!locked || locked.deleted) throw productNotFound();
  if (locked.change_seq !== body.expected_version)
    throw new AppError(409, 'CONFLICT', STOCK_MESSAGES.conflict, {
      current: await wireProduct(trx, tenantId, productId, actor.role),
    });
  await applyStockMovements(
    trx,
    tenantId,
    actor.id,
    [
      {
        product_id: productId,
        quantity: body.adjustment,
        reserved_delta: 0,
        reason: body.reason,
        notes: body.notes ?? null,
        device_time: body.device_time ? new Date(body.device_time) : null,
      },
    ],
    { field: 'adjustment' },
  );
  return {
    data: await wireProduct(trx, tenantId, productId, actor.role),
    entityId: productId,
    changed: true,
  };
}

/** GET /products/{id}/stock-movements: newest first, paged like the product list. */
export async function movements(
  db: Executor,
  tenantId: string,
  productId: string,
  query: { page: number; limit: number },
): Promise<StockMovementListBody> {
  if (!(await repo.findProductRow(db, tenantId, productId))) throw productNotFound();
  const { items, total } = await repo.listMovements(
    db,
    tenantId,
    productId,
    (query.page - 1) * query.limit,
    query.limit,
  );
  return {
    success: true,
    data: items.map((m) => ({
      id: m.seq,
      seq: m.seq,
      product_id: productId,
      quantity: m.quantity,
      reserved_delta: m.reserved_delta,
      reason: m.reason as StockReason,
      order_id: m.order_id,
      order_number: m.order_number,
      count_id: m.count_id,
      user_name: m.user_name,
      notes: m.notes,
      created_at: m.created_at.toISOString(),
      device_time: m.device_time ? m.device_time.toISOString() : null,
    })),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalDocs: total,
      pages: Math.ceil(total / query.limit),
    },
  };
}

/** At most this many products in the low-stock list (a bound; the lowest come first). */
export const LOW_STOCK_LIMIT = 1000;

/** GET /products/low-stock. */
export async function lowStock(db: Executor, tenantId: string, role: Role): Promise<Product[]> {
  const rows = await repo.listLowStock(db, tenantId, LOW_STOCK_LIMIT);
  return rows.map((row) => productForRole(toWireProduct(toProductRecord(row)), role));
}
