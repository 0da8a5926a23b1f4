import {
  findTransition,
  type OrderRef,
  type ProducedStatus,
  type TransitionBlock,
  transitionBlock,
} from '../../shared/domain/order-status';
import type { MessageKey } from './i18n';

/** What a status button disabled by an unmet precondition of its move says (transitionBlock). */
export const TRANSITION_BLOCK_TEXT: Record<TransitionBlock, MessageKey> = {
  driver_required: 'blocked_driver_required',
};

/**
 * Why `order` cannot be moved to `to` now although the move is offered (the reason's catalogue
 * key), or null when nothing stands in the way. The server refuses the same moves.
 */
export function blockedMoveText(
  order: Pick<OrderRef, 'status' | 'driver_id'>,
  to: ProducedStatus,
): MessageKey | null {
  const transition = findTransition(order.status, to);
  const block = transition ? transitionBlock(transition, order) : null;
  return block ? TRANSITION_BLOCK_TEXT[block] : null;
}
