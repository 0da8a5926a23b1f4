import type { Driver, UpdateOrderBody } from '../../shared/api/orders';
import { requireStore } from '../local/store';
import * as local from './local';

/**
 * The orders screens' outbox mutations as they call them: on the open local store, each applied
 * locally and queued in one transaction (offline too). The work itself is in ./local.ts.
 */
export const updateOrder = async (id: string, changes: UpdateOrderBody) =>
  local.updateOrder(requireStore().db, id, changes);
export const assignDriver = async (
  id: string,
  driver: Pick<Driver, 'id' | 'full_name'>,
  vehiclePlate?: string | null,
) => local.assignDriver(requireStore().db, id, driver, vehiclePlate);
export const deleteOrder = async (id: string) => local.deleteOrder(requireStore().db, id);
