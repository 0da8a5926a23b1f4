import type { CancelInvoiceBody, Invoice, InvoiceStatus, InvoiceType } from '../../shared/api/invoices';
import { INVOICE_MESSAGES } from '../../shared/api/invoices';
import { blockingReturnInvoice } from '../../shared/domain/invoice-access';
import { dayIn } from '../../shared/domain/time';
import { type LocalDb, type LocalInvoice, type OutboxEntry, recordKey } from '../local/database';
import { enqueue } from '../local/outbox';
import { foldTr } from '../local/queries';

/**
 * The invoices screens' own local-store code: the list read from the mirrored `invoices` collection
 * (works offline) and cancelling through the outbox. Issuing, which an order's screens offer too, is
 * in local/invoices.ts; the local effects of both are in local/mutations/invoices.ts.
 */

/** The invoice number as shown: the number, or 'Numara bekleniyor' while the server has not assigned one. */
export function shownInvoiceNumber(invoice: Pick<Invoice, 'invoice_number'>): string {
  return invoice.invoice_number ?? INVOICE_MESSAGES.numberPending;
}

/**
 * The return invoice on this device that keeps a sales invoice from being cancelled (the shared
 * rule, blockingReturnInvoice: one not cancelled, numbered or still waiting for its number), if any.
 */
export async function returnInvoiceBlocking(
  db: LocalDb,
  invoice: Pick<Invoice, 'id' | 'type' | 'order_id'>,
): Promise<LocalInvoice | undefined> {
  if (invoice.type !== 'SATIS') return undefined;
  const ofOrder = await db.invoices.where('order_id').equals(invoice.order_id).toArray();
  return blockingReturnInvoice(invoice, ofOrder);
}

/**
 * Cancel an issued invoice (admin) with its reason and the version the user saw. An invoice that
 * still waits for its number cannot be cancelled yet: the server does not know it. Nor a sales
 * invoice whose return invoice stands (returnInvoiceBlocking): refused here at once, nothing
 * queued, with the server's words.
 */
export async function cancelInvoice(
  db: LocalDb,
  id: string,
  reason: string,
  cancelledByName: string | null,
): Promise<OutboxEntry> {
  const row = await db.invoices.get(id);
  if (!row) throw new Error(INVOICE_MESSAGES.notFound);
  if (row.status === 'cancelled') throw new Error(INVOICE_MESSAGES.alreadyCancelled);
  if (row.pending_sync === 1 || row.invoice_number === null) throw new Error(INVOICE_MESSAGES.numberPending);
  const blocking = await returnInvoiceBlocking(db, row);
  if (blocking) throw new Error(INVOICE_MESSAGES.hasReturnInvoice(shownInvoiceNumber(blocking)));
  const body: CancelInvoiceBody = { reason: reason.trim(), expected_version: row.version };
  return enqueue(db, {
    kind: 'invoice.cancel',
    summary: `Fatura iptal edildi: ${row.invoice_number}`,
    params: { id },
    body,
    records: [recordKey('invoices', id)],
    local: { cancelled_by_name: cancelledByName },
  });
}

// ------------------------------------------------------------------------------- list ---

export interface InvoiceFilter {
  search?: string | null;
  status?: InvoiceStatus | null;
  type?: InvoiceType | null;
  /** Days (YYYY-MM-DD) in the tenant's time zone, inclusive. */
  from?: string | null;
  to?: string | null;
  timeZone: string;
}

export interface InvoicePage {
  rows: LocalInvoice[];
  total: number;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (the day a printed invoice shows). */
export function dayInZone(iso: string, timeZone: string): string {
  return dayIn(iso, timeZone);
}

/** Does the invoice match the filter? Search: number, order number, customer and company names (Turkish folding). */
export function invoiceMatches(invoice: Invoice, filter: InvoiceFilter): boolean {
  if (filter.status && invoice.status !== filter.status) return false;
  if (filter.type && invoice.type !== filter.type) return false;
  if (filter.from || filter.to) {
    const day = dayInZone(invoice.issued_at, filter.timeZone);
    if (filter.from && day < filter.from) return false;
    if (filter.to && day > filter.to) return false;
  }
  const q = foldTr(filter.search?.trim() ?? '');
  if (!q) return true;
  return [
    invoice.invoice_number ?? INVOICE_MESSAGES.numberPending,
    invoice.order_number,
    invoice.buyer.name,
    invoice.buyer.company_name ?? '',
  ].some((field) => foldTr(field).includes(q));
}

/** One page of the mirrored invoices, newest first, filtered on the device. */
export async function queryInvoices(
  db: LocalDb,
  filter: InvoiceFilter,
  page: number,
  pageSize: number,
): Promise<InvoicePage> {
  const collection = db.invoices
    .orderBy('issued_at')
    .reverse()
    .filter((row) => invoiceMatches(row, filter));
  const [total, rows] = await Promise.all([
    collection.clone().count(),
    collection
      .clone()
      .offset(Math.max(0, page) * pageSize)
      .limit(pageSize)
      .toArray(),
  ]);
  return { rows, total };
}
