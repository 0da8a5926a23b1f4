import type { DeliverBody } from '../../shared/api/warehouse';
import type { LocalDb } from './database';
import { orderOutboxEntries } from './queries';

/**
 * A delivery's proof while it waits in the outbox (the driver's screen queues it:
 * driver/local.ts `deliverOrder`): what the screens that show an order's proof read until the
 * server has it.
 */

/** The proof of this device's delivery of the order that the server has not acknowledged yet. */
export async function unsentDeliveryProof(db: LocalDb, id: string): Promise<DeliverBody | null> {
  const entries = await orderOutboxEntries(db, id);
  const entry = entries.filter((e) => e.kind === 'order.deliver').at(-1);
  return entry ? (entry.body as DeliverBody) : null;
}
