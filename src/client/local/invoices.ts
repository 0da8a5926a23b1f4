import type { Customer, Order, Product } from '../../shared/api/entities';
import { INVOICE_MESSAGES, type Invoice, type InvoiceSeller } from '../../shared/api/invoices';
import { buyerSnapshot, invoiceAmounts, invoiceLines, profileFor } from '../../shared/domain/invoice-content';
import { type LocalDb, type LocalInvoice, recordKey } from './database';
import { enqueue, uuid } from './outbox';

/**
 * Invoices on the device: the list and the detail read the mirrored `invoices` collection
 * (works offline); issuing and cancelling go through the outbox like every other change.
 *
 * Issuing offline. The device makes the invoice's id, so the request is idempotent (a replay, or
 * the same order issued from a second device, gives the one invoice the server keeps per order),
 * and it shows an optimistic invoice at once: the same lines and figures the server will print,
 * computed with the shared rules (domain/invoice.ts), but without a number (`invoice_number:
 * null`, `pending_sync: 1`) — an invoice number runs without gaps, so only the server assigns it.
 * The row the server answers (or a pull brings) replaces the optimistic one; a refusal removes it
 * and leaves the server's reason in the sync panel.
 */

export interface InvoiceDraftInput {
  id: string;
  order: Order;
  /** The order's customer as mirrored (VKN/TCKN, tax office, company), when the device has it. */
  customer: Customer | null | undefined;
  /** The order lines' products as mirrored (their codes). */
  products: ReadonlyMap<string, Pick<Product, 'product_code'>>;
  /** The seller as far as the device knows it (the server's snapshot replaces it). */
  seller: InvoiceSeller;
  createdByName: string | null;
  now: string;
}

/**
 * The optimistic sales invoice of a delivered order, as the server will compute it: each line's
 * gross is the order line's KDV-inclusive total, split into net and KDV by the line's rate
 * (the shared rule of shared/domain/invoice-content.ts, which the server uses too), so the grand
 * total is the order's total to the kuruş. Pure: the caller supplies ids and time.
 */
export function buildInvoiceDraft(input: InvoiceDraftInput): Invoice & { pending_sync: 1 } {
  const { order, customer, products } = input;
  const lines = invoiceLines(
    order.items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      product_code: (item.product_id ? products.get(item.product_id)?.product_code : undefined) ?? null,
      quantity: item.quantity,
      unit_price_kurus: item.unit_price_kurus,
      gross_kurus: item.total_price_kurus,
      vat_rate: item.vat_rate,
    })),
  );
  const buyer = buyerSnapshot(order, customer);
  return {
    id: input.id,
    invoice_number: null,
    // The ETTN is the server's (it is not part of the request): empty until the server row arrives.
    ettn: '',
    type: 'SATIS',
    status: 'issued',
    // A buyer without a VKN: e-Arşiv. With one, the company's setting, which the device does not
    // hold: the server's default until its row replaces this one.
    profile: profileFor(buyer, 'TEMELFATURA'),
    order_id: order.id,
    order_number: order.order_number,
    salesperson_id: order.salesperson_id,
    original_invoice_id: null,
    original_invoice_number: null,
    issued_at: input.now,
    currency: 'TRY',
    seller: input.seller,
    // The customer record, else what the order says of its customer (as the server does).
    buyer,
    lines,
    ...invoiceAmounts(lines),
    cancel_reason: null,
    cancelled_at: null,
    cancelled_by_name: null,
    created_by_name: input.createdByName,
    created_at: input.now,
    updated_at: input.now,
    // Not on the server yet: version 0 until the server's row replaces it.
    version: 0,
    pending_sync: 1,
  };
}

/** The sales invoice of an order on this device (issued or cancelled), if any. */
export async function invoiceOfOrder(db: LocalDb, orderId: string): Promise<LocalInvoice | undefined> {
  const rows = await db.invoices.where('order_id').equals(orderId).toArray();
  const sales = rows.filter((r) => r.type === 'SATIS');
  // A cancelled invoice does not stand in the way of a new one; the issued one comes first.
  return sales.find((r) => r.status === 'issued') ?? sales[0];
}

export interface IssueInvoiceInput {
  seller: InvoiceSeller;
  createdByName: string | null;
}

/**
 * Issue the sales invoice of a delivered order (POST /invoices through the outbox). Refused on the
 * device when the order already has an issued invoice here, so one tap too many never queues a
 * second request. The entry also names the order, so it waits behind the order's own unsent
 * changes (its delivery) and shows on the order's detail with the server's reason if refused.
 */
export async function issueInvoice(
  db: LocalDb,
  orderId: string,
  input: IssueInvoiceInput,
): Promise<LocalInvoice> {
  const order = await db.orders.get(orderId);
  if (!order) throw new Error(INVOICE_MESSAGES.orderNotFound);
  if (order.status !== 'delivered') throw new Error(INVOICE_MESSAGES.orderNotDelivered);
  const existing = await invoiceOfOrder(db, orderId);
  if (existing && existing.status === 'issued') return existing;
  const productIds = [...new Set(order.items.map((i) => i.product_id).filter((id): id is string => !!id))];
  const found = await db.products.bulkGet(productIds);
  const products = new Map(found.filter((p) => !!p).map((p) => [p.id, p]));
  const customer = order.customer_id ? await db.customers.get(order.customer_id) : undefined;
  const id = uuid();
  const invoice = buildInvoiceDraft({
    id,
    order,
    customer,
    products,
    seller: input.seller,
    createdByName: input.createdByName,
    now: new Date().toISOString(),
  });
  const invoiceKey = recordKey('invoices', id);
  const orderKey = recordKey('orders', orderId);
  await enqueue(db, {
    id,
    kind: 'invoice.issue',
    summary: `Fatura kesildi: ${order.order_number}`,
    // No expected_version: nothing on the invoice comes from what the user saw (the server builds
    // it from the order as it is), and a version conflict could only be "applied anyway" into
    // the same refusal; the server's own checks (delivered, seller details) give the reason.
    body: { id, order_id: orderId },
    records: [invoiceKey, orderKey],
    // The order first: the sync panel offers to open it next to a refusal.
    record_key: `${orderKey} ${invoiceKey}`,
    local: { invoice },
  });
  return invoice as LocalInvoice;
}
