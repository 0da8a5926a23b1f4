import { requireStore } from '../local/store';
import * as local from './local';

/**
 * The inventory's outbox mutations as its screens call them: on the open local store, each applied
 * locally and queued in one transaction (offline too). The work itself is in ./local.ts.
 */

/** A manual stock adjustment with a reason (versioned; offline through the outbox). */
export const adjustStock = async (input: local.AdjustInput) => local.adjustStock(requireStore().db, input);
/** Post a finished count (its count_id is the Idempotency-Key: posted exactly once). */
export const postCount = async (input: local.PostCountInput) => local.postCount(requireStore().db, input);
