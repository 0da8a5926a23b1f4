import { requireStore } from '../local/store';
import * as local from './local';

/**
 * The warehouse's outbox mutations as its screens call them: on the open local store, each applied
 * locally and queued in one transaction (offline too). The work itself is in ./local.ts.
 */

/** Queue accepted warehouse scans, in the order made (the screen matched them locally first). */
export const queueScans = async (inputs: readonly local.ScanInput[]) =>
  local.queueScans(requireStore().db, inputs);
