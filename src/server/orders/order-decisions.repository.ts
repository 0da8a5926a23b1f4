import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** An order without a recorded decision and its history, as the decision rule reads them. */
export interface UndecidedHistory {
  id: string;
  salesperson_id: string | null;
  /** Every event of the order in wire order (created_at, then id). */
  events: {
    id: string;
    event_type: string;
    from_status: string | null;
    to_status: string;
    user_id: string | null;
  }[];
}

/** Those of `orderIds` that have no decision recorded yet, each with its whole history. */
export async function findUndecidedHistories(
  db: Executor,
  tenantId: string,
  orderIds: readonly string[],
): Promise<UndecidedHistory[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_events as e', (j) =>
      j.onRef('e.tenant_id', '=', 'o.tenant_id').onRef('e.order_id', '=', 'o.id'),
    )
    .select([
      'o.id as order_id',
      'o.salesperson_id',
      'e.id',
      'e.event_type',
      'e.from_status',
      'e.to_status',
      'e.user_id',
    ])
    .where('o.tenant_id', '=', tenantId)
    .where('o.id', 'in', [...orderIds])
    .where('o.decided_at', 'is', null)
    .orderBy('o.id')
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  const histories = new Map<string, UndecidedHistory>();
  for (const { order_id, salesperson_id, ...event } of rows) {
    let history = histories.get(order_id);
    if (!history) {
      history = { id: order_id, salesperson_id, events: [] };
      histories.set(order_id, history);
    }
    history.events.push(event);
  }
  return [...histories.values()];
}

/**
 * Records each order's decision as the event named made it: when (the event's own timestamp, to
 * the microsecond), by whom and the outcome (its to_status). Orders that have one keep it.
 */
export async function recordDecisionEvents(
  db: Executor,
  tenantId: string,
  decisions: readonly { order_id: string; event_id: string }[],
): Promise<void> {
  for (let i = 0; i < decisions.length; i += 500) {
    const batch = decisions.slice(i, i + 500);
    await db
      .updateTable('orders as o')
      .from('order_events as e')
      .set((eb) => ({
        decided_at: eb.ref('e.created_at'),
        decided_by: eb.ref('e.user_id'),
        decision: eb.ref('e.to_status'),
      }))
      .whereRef('e.tenant_id', '=', 'o.tenant_id')
      .whereRef('e.order_id', '=', 'o.id')
      .where('o.tenant_id', '=', tenantId)
      .where('o.decided_at', 'is', null)
      .where(
        'e.id',
        'in',
        batch.map((d) => d.event_id),
      )
      .execute();
  }
}
