import { requireStore } from '../local/store';
import * as local from './local';

/**
 * The warehouse's outbox mutations as its screens call them: on the open local store, each applied
 * locally and queued in one transaction (offline too). The work itself is in ./local.ts.
 */

/** Queue an accepted warehouse scan (the screen matched it locally first). */
export const queueScan = async (input: local.ScanInput) => local.queueScan(requireStore().db, input);
