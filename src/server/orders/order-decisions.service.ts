import type { Kysely, Transaction } from 'kysely';
import { type DecisionOutcome, firstDecidingMove, isDecidingMove } from '../../shared/domain/dashboard-stats';
import type { Database } from '../db/schema';
import { findUndecidedHistories, recordDecisionEvents } from './order-decisions.repository';

/**
 * An order's DECISION — the manager's (or admin's) answer to it, which the dashboards measure —
 * is stored on the order (`decided_at`, `decided_by`, `decision`) so that the figures are sums of
 * a few rows. Which move is the decision is `isDecidingMove` / `firstDecidingMove` of
 * src/shared/domain/dashboard-stats.ts and nothing else; this file applies that rule in the two
 * places an order's history grows:
 * - a status change: `decisionOf` is a step of orders.service.ts `changeStatus`, which writes the
 *   columns with the status in the same update;
 * - whole histories written at once (the demo seed, tests and benchmarks that build data sets):
 *   `backfillDecisions` after the events are in.
 */

/** The decision a status move records on its order, or undefined (not one, or not the first). */
export function decisionOf(
  move: {
    event_type: 'status_changed';
    from_status: string;
    to_status: string;
    user_id: string;
    created_at: Date;
  },
  order: { salesperson_id: string | null; decided: boolean },
): { at: Date; by: string; outcome: DecisionOutcome } | undefined {
  if (order.decided || !isDecidingMove(move, order.salesperson_id)) return undefined;
  return { at: move.created_at, by: move.user_id, outcome: move.to_status };
}

/**
 * Records the decision of each of `orderIds` that has none yet, from its history as it is in the
 * database (the first deciding move in wire order). Returns how many orders got one.
 */
export async function backfillDecisions(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
  orderIds: readonly string[],
): Promise<number> {
  let recorded = 0;
  for (let i = 0; i < orderIds.length; i += 500) {
    const histories = await findUndecidedHistories(db, tenantId, orderIds.slice(i, i + 500));
    const decisions = histories.flatMap((h) => {
      const move = firstDecidingMove(h.events, h.salesperson_id);
      return move ? [{ order_id: h.id, event_id: move.id }] : [];
    });
    await recordDecisionEvents(db, tenantId, decisions);
    recorded += decisions.length;
  }
  return recorded;
}
