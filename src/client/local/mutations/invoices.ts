import { API } from '../../../shared/api/endpoints';
import type { Invoice } from '../../../shared/api/invoices';
import { SYNCED } from '../../../shared/api/synced';
import { defineMutation, type Row } from './define';

/**
 * The local effects of the invoice actions (src/client/local/invoices.ts queues them). Pure
 * functions of (row, entry), re-applied on every newer server version until acknowledged.
 */

const invoiceKey = (id: string) => `${SYNCED.invoices.record}:${id}`;
const isInvoiceKey = (key: string) => key.startsWith(`${SYNCED.invoices.record}:`);

export const invoiceMutations = {
  'invoice.issue': defineMutation(API.invoiceIssue, {
    // The entry also names the order (so it is ordered behind the order's changes and shows on the
    // order's detail); the order itself is not changed by issuing its invoice.
    apply: (row, entry, key) => {
      if (!isInvoiceKey(key)) return row;
      // Absent → the optimistic invoice (no number yet); present (a pull brought it) → as is.
      return row ?? (entry.local?.invoice as Row | undefined) ?? null;
    },
    // The server keeps one sales invoice per order: when another device issued it first, the
    // answer is THAT invoice (another id), and this device's optimistic one must go.
    fromResponse: (data: Invoice, entry) => {
      const rows: Record<string, Row | null> = { [invoiceKey(data.id)]: data as unknown as Row };
      if (entry.body.id !== data.id) rows[invoiceKey(entry.body.id)] = null;
      return rows;
    },
  }),

  'invoice.cancel': defineMutation(API.invoiceCancel, {
    apply: (row, entry) => {
      if (!row) return null;
      return {
        ...row,
        status: 'cancelled',
        cancel_reason: entry.body.reason.trim(),
        cancelled_at: entry.created_at,
        cancelled_by_name: (entry.local?.cancelled_by_name as string | null | undefined) ?? null,
      };
    },
    fromResponse: (data: Invoice) => ({ [invoiceKey(data.id)]: data as unknown as Row }),
  }),
};
