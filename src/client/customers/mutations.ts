import { requireStore } from '../local/store';
import * as local from './local';

/**
 * The customers screen's outbox mutation as it calls it: on the open local store, applied locally
 * and queued in one transaction (offline too). The work itself is in ./local.ts.
 */
export const deleteCustomer = async (id: string) => local.deleteCustomer(requireStore().db, id);
