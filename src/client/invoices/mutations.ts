import { requireStore } from '../local/store';
import * as local from './local';

/**
 * The invoices screens' outbox mutation as they call it: on the open local store, applied locally
 * and queued in one transaction (offline too). The work itself is in ./local.ts.
 */
export const cancelInvoice = async (id: string, reason: string, cancelledByName: string | null) =>
  local.cancelInvoice(requireStore().db, id, reason, cancelledByName);
