import type { BulkAction, CreateProductKurusBody, UpdateProductKurusBody } from '../../shared/api/products';
import { requireStore } from '../local/store';
import * as local from './local';

/**
 * Product management's outbox mutations (admin) as its screens call them: on the open local store,
 * each applied to the mirror and queued in one transaction (offline too). The work itself is in
 * ./local.ts.
 */
export const createProduct = async (input: CreateProductKurusBody) =>
  local.createProduct(requireStore().db, input);
export const updateProduct = async (
  id: string,
  changes: Omit<UpdateProductKurusBody, 'expected_version'>,
  expectedVersion: number,
) => local.updateProduct(requireStore().db, id, changes, expectedVersion);
export const deleteProduct = async (id: string) => local.deleteProduct(requireStore().db, id);
export const bulkProducts = async (action: BulkAction, ids: readonly string[]) =>
  local.bulkProducts(requireStore().db, action, ids);
/** The open orders on this device that hold each product (the delete rule; the server decides). */
export const ordersHoldingProducts = async (ids: readonly string[]) =>
  local.ordersHoldingProducts(requireStore().db, ids);
