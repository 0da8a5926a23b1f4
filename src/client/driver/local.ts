import type { DeliverBody } from '../../shared/api/warehouse';
import { type LocalDb, META, type OutboxEntry, recordKey } from '../local/database';
import { enqueue } from '../local/outbox';

/**
 * The driver's delivery with proof, offline. `deliverOrder` marks the order delivered
 * locally and queues POST /orders/{id}/deliver with the whole proof in the entry's body, in one
 * Dexie transaction: from that moment the proof is in IndexedDB and survives a reload, a closed
 * tab or a lost signal, and the sync engine sends it once (the entry id is its Idempotency-Key;
 * `expected_status` makes even a replay after the key expired harmless). Its local effect is in
 * local/mutations/delivery.ts.
 *
 * Start delivery and a failed delivery are plain status changes (local/orders.ts `changeOrderStatus`).
 */

/** What the driver's delivery dialog collects. */
export type DeliveryProofInput = Omit<DeliverBody, 'expected_status'>;

export async function deliverOrder(db: LocalDb, id: string, proof: DeliveryProofInput): Promise<OutboxEntry> {
  const row = await db.orders.get(id);
  if (!row) throw new Error('Sipariş bulunamadı');
  const user = await db.getMeta<{ full_name?: string | null; username?: string | null }>(META.user);
  const body: DeliverBody = {
    ...proof,
    recipient_name: proof.recipient_name.trim(),
    expected_status: 'out_for_delivery',
  };
  return enqueue(db, {
    kind: 'order.deliver',
    summary: `${row.order_number}: teslim edildi, teslim alan ${body.recipient_name}`,
    params: { id },
    body,
    records: [recordKey('orders', id)],
    local: { actor: { id: db.userId, name: user?.full_name ?? user?.username ?? null } },
  });
}
