import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { CountResultLine, InventoryCountResponse, inventoryCountBody } from '../../shared/api/stock';
import { countDelta, onHandAsOf } from '../../shared/domain/stock';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, validation } from '../lib/errors';
import * as repo from './stock.repository';
import { applyStockMovements } from './stock.service';

type Trx = Transaction<Database>;

const COUNT_TAKEN = 'Bu sayım kimliği başka bir kullanıcıya ait';

/**
 * POST /inventory/counts: an inventory count, all lines in one transaction.
 *
 * Exactly once: the count's client-made id is claimed first (a row in stock_counts). A count
 * posted again — its outbox entry resent under another key, a second tab — finds the claim and
 * answers what the first post answered, applying nothing; on PostgreSQL two simultaneous posts of
 * one id queue on the claim's key, and the second then reads the first's answer. Another user's
 * id is 409.
 *
 * Each line posts `counted − on hand as of the movement its device had seen` (the count rule,
 * shared/domain/stock.ts): the products are locked (id order), the movements after each line's
 * `seen_stock_seq` are read, and a 'count' movement with the difference is written where it is
 * not zero. Goods shipped while the count was under way therefore still count, and nothing the
 * count did not see is overwritten.
 */
export async function postCount(
  trx: Trx,
  tenantId: string,
  actor: { id: string },
  body: z.output<typeof inventoryCountBody>,
): Promise<MutationResult<InventoryCountResponse>> {
  const at = new Date();
  const claim = await repo.claimCount(trx, tenantId, {
    id: body.count_id,
    user_id: actor.id,
    notes: body.notes ?? null,
    created_at: at,
  });
  if (!claim.claimed) {
    if (claim.user_id !== actor.id) throw new AppError(409, 'CONFLICT', COUNT_TAKEN, { field: 'count_id' });
    return {
      data: claim.result as InventoryCountResponse,
      statusCode: 200,
      entityId: body.count_id,
      changed: false,
    };
  }

  const ids = body.lines.map((l) => l.product_id);
  const locked = await repo.lockProducts(trx, tenantId, ids);
  for (const [i, line] of body.lines.entries())
    if (!locked.has(line.product_id)) throw validation(`Ürün bulunamadı`, `lines[${i}].product_id`);

  const seen = new Map(body.lines.map((l) => [l.product_id, l.seen_stock_seq]));
  const after = await repo.quantitiesAfter(trx, tenantId, ids, seen);
  const lines: CountResultLine[] = body.lines.map((line) => {
    const p = locked.get(line.product_id) as repo.LockedStock;
    const moved = after.get(line.product_id) ?? [];
    const delta = countDelta(line.counted, p.current_stock, moved);
    return {
      product_id: line.product_id,
      expected: onHandAsOf(p.current_stock, moved),
      counted: line.counted,
      delta,
      current_stock: p.current_stock + delta,
    };
  });

  await applyStockMovements(
    trx,
    tenantId,
    actor.id,
    lines
      .filter((l) => l.delta !== 0)
      .map((l) => ({
        product_id: l.product_id,
        quantity: l.delta,
        reserved_delta: 0,
        reason: 'count' as const,
        count_id: body.count_id,
        notes: body.notes ?? null,
        device_time: body.device_time ? new Date(body.device_time) : null,
      })),
    { at },
  );
  const result: InventoryCountResponse = { count_id: body.count_id, created_at: at.toISOString(), lines };
  await repo.storeCountResult(trx, tenantId, body.count_id, result);
  return { data: result, statusCode: 201, entityId: body.count_id, changed: true };
}
