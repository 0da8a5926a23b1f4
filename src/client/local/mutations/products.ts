import { API } from '../../../shared/api/endpoints';
import type { Product } from '../../../shared/api/entities';
import {
  type BulkProductResponse,
  PRODUCT_MESSAGES,
  type UpdateProductKurusBody,
} from '../../../shared/api/products';
import { kurusToTl } from '../../../shared/domain/money';
import { defineMutation, type Row } from './define';

/**
 * The local effects of product management (admin; src/client/local/products.ts queues them).
 * Pure functions of (row, entry), re-applied on every newer server version until acknowledged:
 * - create: the optimistic product built when the admin saved (`local.product`);
 * - update: the edited fields over the row, with the TL figures derived from the kuruş the request
 *   carries (the wire row has both), so the list shows the new price at once;
 * - delete: the row leaves the mirror (the server's delete is soft: old orders keep their lines);
 * - bulk: activate / deactivate set the status, delete removes, on every product the entry names.
 *   The products a bulk delete was refused for (open orders hold them) come back, and the entry
 *   stays in the outbox as a failed one naming only them, with the server's reasons: a refused
 *   delete is never shown as done, online or sent later from offline.
 * Stock figures are never changed here: they move only through the stock ledger (a delete's
 * write-off is the server's: the row leaves the mirror).
 */

const MONEY_FIELDS = {
  selling_price_kurus: 'selling_price',
  cost_price_kurus: 'cost_price',
  discounted_price_kurus: 'discounted_price',
} as const;

/** The row with an edit's fields applied (absent fields left as they are; blanks cleared). */
export function applyProductEdit(row: Row, body: UpdateProductKurusBody): Row {
  const next: Row = { ...row };
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined || field === 'expected_version') continue;
    if (field in MONEY_FIELDS) {
      const kurus = typeof value === 'number' ? value : null;
      next[field] = kurus;
      next[MONEY_FIELDS[field as keyof typeof MONEY_FIELDS]] = kurus === null ? null : kurusToTl(kurus);
      continue;
    }
    next[field] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return next;
}

const fromProduct = (data: Product, entry: { record_key: string }): Record<string, Row | null> => ({
  [entry.record_key]: data as unknown as Row,
});

export const productMutations = {
  'product.create': defineMutation(API.productCreate, {
    apply: (row, entry) => row ?? (entry.local?.product as Row | undefined) ?? null,
    fromResponse: fromProduct,
  }),

  'product.update': defineMutation(API.productUpdate, {
    apply: (row, entry) => (row ? applyProductEdit(row, entry.body) : null),
    fromResponse: fromProduct,
  }),

  'product.delete': defineMutation(API.productDelete, {
    apply: () => null,
    fromResponse: (_data, entry) => ({ [entry.record_key]: null }),
  }),

  'product.bulk': defineMutation(API.productBulk, {
    apply: (row, entry) => {
      if (!row) return null;
      switch (entry.body.action) {
        case 'delete':
          return null;
        case 'activate':
          return { ...row, status: 'active' };
        case 'deactivate':
          return { ...row, status: 'inactive' };
      }
    },
    // Every product the server answered for, as it is now: applied or unchanged (the product after
    // the action), conflict (the product as someone else left it: not touched), deleted or unknown
    // (null: it leaves the mirror).
    fromResponse: (data: BulkProductResponse) =>
      Object.fromEntries(
        data.results.map((result) => [`product:${result.id}`, (result.product as unknown as Row) ?? null]),
      ),
    refusedPart: (data: BulkProductResponse, entry) => {
      const refused = data.results.filter((r) => r.outcome === 'refused');
      if (refused.length === 0) return null;
      const ids = new Set(refused.map((r) => r.id));
      const records = refused.map((r) => `product:${r.id}`);
      const named = records.join(' ');
      return {
        body: { ...entry.body, items: entry.body.items.filter((item) => ids.has(item.id)) },
        records,
        // The refused products' own keys (a key is at most 300 characters; beyond, the wildcard).
        record_key: named.length <= 300 ? named : entry.record_key,
        summary: `Toplu ürün işlemi: ${entry.body.action} (${refused.length})`,
        error: `${PRODUCT_MESSAGES.bulkRefused(refused.length)}: ${refused.map((r) => r.reason ?? r.id).join(' ')}`,
        code: 'PRODUCT_IN_USE',
        http_status: 409,
        local: {
          refused: refused.map((r) => ({ id: r.id, name: r.product?.name ?? r.id, reason: r.reason ?? '' })),
        },
      };
    },
  }),
};
