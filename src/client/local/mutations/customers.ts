import { CUSTOMER_EDIT_FIELDS } from '../../../shared/api/customers';
import { API } from '../../../shared/api/endpoints';
import type { Customer } from '../../../shared/api/entities';
import { SYNCED } from '../../../shared/api/synced';
import { defineMutation, type Row } from './define';

/**
 * The local effects of the customer actions (src/client/local/customers.ts queues them). Pure
 * functions of (row, entry), re-applied on every newer server version until acknowledged.
 */

const byId = (data: Customer): Record<string, Row | null> => ({
  [`${SYNCED.customers.record}:${data.id}`]: data as unknown as Row,
});

export const customerMutations = {
  'customer.create': defineMutation(API.customerCreate, {
    // Absent → the optimistic customer (provisional number); present (a pull brought it) → as is.
    apply: (row, entry) => row ?? (entry.local?.customer as Row | undefined) ?? null,
    fromResponse: byId,
  }),

  'customer.update': defineMutation(API.customerUpdate, {
    apply: (row, entry) => {
      if (!row) return null;
      const next: Row = { ...row };
      for (const field of CUSTOMER_EDIT_FIELDS) {
        const value = entry.body[field];
        if (value === undefined) continue;
        const trimmed = typeof value === 'string' ? value.trim() : value;
        next[field] =
          field === 'tax_number' && typeof trimmed === 'string'
            ? trimmed.replace(/\s/g, '') || null
            : trimmed || null;
      }
      return next;
    },
    fromResponse: byId,
  }),

  'customer.delete': defineMutation(API.customerDelete, {
    apply: () => null,
    fromResponse: (data) => ({ [`${SYNCED.customers.record}:${data.id}`]: null }),
  }),
};
