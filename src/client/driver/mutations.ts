import { requireStore } from '../local/store';
import * as local from './local';

/**
 * The driver's outbox mutation as the delivery dialog calls it: on the open local store, applied
 * locally and queued in one transaction (offline too). The work itself is in ./local.ts.
 */

/** The driver's delivery with proof: delivered locally at once, the proof kept in the outbox. */
export const deliverOrder = async (id: string, proof: local.DeliveryProofInput) =>
  local.deliverOrder(requireStore().db, id, proof);
