import { type Kysely, sql, type Transaction } from 'kysely';
import type { StockReason } from '../../shared/domain/stock';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A product's stock figures as locked for a change. */
export interface LockedStock {
  id: string;
  name: string;
  current_stock: number;
  reserved_stock: number;
  stock_seq: number;
  change_seq: number;
  deleted: boolean;
}

/**
 * Locks the tenant's products among `ids` (FOR UPDATE), in id order: every writer that changes
 * stock takes its product locks in the same order, so two of them never each hold what the other
 * waits for (no deadlock), and each reads the figures the other committed (no lost update).
 */
export async function lockProducts(
  trx: Transaction<Database>,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, LockedStock>> {
  const found = new Map<string, LockedStock>();
  if (ids.length === 0) return found;
  const sorted = [...new Set(ids)].sort();
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'name', 'current_stock', 'reserved_stock', 'stock_seq', 'change_seq', 'deleted_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', sorted)
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const r of rows)
    found.set(r.id, {
      id: r.id,
      name: r.name,
      current_stock: r.current_stock,
      reserved_stock: r.reserved_stock,
      stock_seq: Number(r.stock_seq),
      change_seq: Number(r.change_seq),
      deleted: r.deleted_at !== null,
    });
  return found;
}

export interface NewMovement {
  product_id: string;
  quantity: number;
  reserved_delta: number;
  reason: StockReason;
  order_id?: string | null;
  count_id?: string | null;
  user_id: string | null;
  device_time?: Date | null;
  notes?: string | null;
  created_at: Date;
}

/** Inserts movements in the given order; returns their seqs, in that order. */
export async function insertMovements(
  trx: Transaction<Database>,
  tenantId: string,
  movements: readonly NewMovement[],
): Promise<number[]> {
  if (movements.length === 0) return [];
  const rows = await trx
    .insertInto('stock_movements')
    .values(
      movements.map((m) => ({
        tenant_id: tenantId,
        product_id: m.product_id,
        quantity: m.quantity,
        reserved_delta: m.reserved_delta,
        reason: m.reason,
        order_id: m.order_id ?? null,
        count_id: m.count_id ?? null,
        user_id: m.user_id,
        device_time: m.device_time ?? null,
        notes: m.notes ?? null,
        created_at: m.created_at,
      })),
    )
    .returning('seq')
    .execute();
  // Identity values of one multi-row INSERT are drawn in VALUES order.
  return rows.map((r) => Number(r.seq)).sort((a, b) => a - b);
}

/**
 * Writes products' new figures, last movements and change numbers, in ONE statement (a bulk import moves thousands at once; one
 * UPDATE per product would hold the transaction a thousand times longer).
 */
export async function updateProductsStock(
  trx: Transaction<Database>,
  tenantId: string,
  rows: readonly {
    id: string;
    current_stock: number;
    reserved_stock: number;
    stock_seq: number;
    change_seq: number;
  }[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`UPDATE products AS p SET current_stock = x.current_stock, reserved_stock = x.reserved_stock,
      stock_seq = x.stock_seq, change_seq = x.change_seq, updated_at = ${at}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
      id uuid, current_stock int, reserved_stock int, stock_seq bigint, change_seq bigint)
    WHERE p.tenant_id = ${tenantId} AND p.id = x.id`.execute(trx);
}

/** Σ quantity of a product's movements after `seq` (the count rule's "moved since"). */
export async function quantitiesAfter(
  trx: Executor,
  tenantId: string,
  productIds: readonly string[],
  seen: ReadonlyMap<string, number>,
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (productIds.length === 0) return out;
  const minSeen = Math.min(...productIds.map((id) => seen.get(id) ?? 0));
  const rows = await trx
    .selectFrom('stock_movements')
    .select(['product_id', 'seq', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', 'in', [...new Set(productIds)])
    .where('seq', '>', minSeen)
    .where('quantity', '<>', 0)
    .execute();
  for (const r of rows) {
    if (Number(r.seq) <= (seen.get(r.product_id) ?? 0)) continue;
    const list = out.get(r.product_id) ?? [];
    list.push(r.quantity);
    out.set(r.product_id, list);
  }
  return out;
}

export interface MovementListRow {
  seq: number;
  quantity: number;
  reserved_delta: number;
  reason: string;
  order_id: string | null;
  order_number: string | null;
  count_id: string | null;
  user_name: string | null;
  notes: string | null;
  created_at: Date;
  device_time: Date | null;
}

/** A product's movements, newest first, with the order number and the user's name. */
export async function listMovements(
  db: Executor,
  tenantId: string,
  productId: string,
  offset: number,
  limit: number,
): Promise<{ items: MovementListRow[]; total: number }> {
  const base = db
    .selectFrom('stock_movements as m')
    .where('m.tenant_id', '=', tenantId)
    .where('m.product_id', '=', productId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('orders as o', (j) =>
        j.onRef('o.tenant_id', '=', 'm.tenant_id').onRef('o.id', '=', 'm.order_id'),
      )
      .leftJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_id'),
      )
      .select([
        'm.seq',
        'm.quantity',
        'm.reserved_delta',
        'm.reason',
        'm.order_id',
        'o.order_number',
        'm.count_id',
        'u.full_name as user_name',
        'm.notes',
        'm.created_at',
        'm.device_time',
      ])
      .orderBy('m.seq', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ ...r, seq: Number(r.seq), order_number: r.order_number ?? null })),
    total: Number(count.n),
  };
}

/** Per product: Σ quantity and Σ reserved_delta of its movements (the ledger's recomputation). */
export async function ledgerSums(
  db: Executor,
  tenantId: string,
): Promise<Map<string, { current: number; reserved: number }>> {
  const rows = await db
    .selectFrom('stock_movements')
    .select(['product_id', sql<string>`sum(quantity)`.as('q'), sql<string>`sum(reserved_delta)`.as('r')])
    .where('tenant_id', '=', tenantId)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, { current: Number(r.q), reserved: Number(r.r) }]));
}

/** A product as its row (for the wire), or undefined. */
export async function findProductRow(db: Executor, tenantId: string, id: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Live, sellable (active or marked out of stock) products whose AVAILABLE stock is at or below
 * their min_stock or at or below zero — the low_stock and out_of_stock of the stock rule — lowest
 * available first, then by name.
 */
export async function listLowStock(db: Executor, tenantId: string, limit: number) {
  const available = sql<number>`current_stock - reserved_stock`;
  return db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['active', 'out_of_stock'])
    .where((eb) => eb.or([eb(available, '<=', eb.ref('min_stock')), eb(available, '<=', 0)]))
    .orderBy(available, 'asc')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Who posted a count before (its id is the client's), and its stored answer. */
export async function claimCount(
  trx: Transaction<Database>,
  tenantId: string,
  count: { id: string; user_id: string; notes: string | null; created_at: Date },
): Promise<{ claimed: true } | { claimed: false; user_id: string | null; result: unknown }> {
  const inserted = await trx
    .insertInto('stock_counts')
    .values({
      tenant_id: tenantId,
      id: count.id,
      user_id: count.user_id,
      notes: count.notes,
      result: JSON.stringify(null),
      created_at: count.created_at,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { claimed: true };
  const row = await trx
    .selectFrom('stock_counts')
    .select(['user_id', 'result'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', count.id)
    .executeTakeFirstOrThrow();
  return { claimed: false, user_id: row.user_id, result: row.result };
}

export async function storeCountResult(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  result: unknown,
): Promise<void> {
  await trx
    .updateTable('stock_counts')
    .set({ result: JSON.stringify(result) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
