import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  type CancelInvoiceBody,
  INVOICE_LIMITS,
  INVOICE_MESSAGES,
  type Invoice,
  type InvoiceListResponse,
  type InvoiceReadiness,
  type IssueInvoiceBody,
} from '../../shared/api/invoices';
import { ORDER_MESSAGES } from '../../shared/api/orders';
import { dueDayOf } from '../../shared/domain/account';
import { formatInvoiceNumber } from '../../shared/domain/invoice';
import {
  blockingReturnInvoice,
  canCancelInvoice,
  canIssueInvoice,
  canSeeInvoice,
  invoiceScope,
} from '../../shared/domain/invoice-access';
import { buyerSnapshot, invoiceAmounts, invoiceLines, profileFor } from '../../shared/domain/invoice-content';
import { missingSellerFields, sellerIncompleteMessage } from '../../shared/domain/invoice-seller';
import { toKurus } from '../../shared/domain/money';
import type { Role } from '../../shared/domain/roles';
import { dayIn } from '../../shared/domain/time';
import { invoiceMovement } from '../accounts/accounts.repository';
import { type AccountPosting, lockForPosting } from '../accounts/accounts.service';
import { insertAuditLog } from '../audit/audit.repository';
import { logoForPdf } from '../company/company.service';
import { reserveChangeSeqs } from '../db/change-seq';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, forbidden, notFound, validation } from '../lib/errors';
import { reload } from '../orders/orders.service';
import { renderInvoicePdf } from './invoice.pdf';
import { renderInvoiceXml } from './invoice.xml';
import { dayStart, lineSources, nextDay, sellerSnapshot, yearIn } from './invoice-build';
import { exportZip } from './invoice-export';
import { skippedInvoiceStep } from './invoice-skipped';
import * as repo from './invoices.repository';

/**
 * Invoices: the rules of issuing, cancelling and reading them (who may: shared/domain/
 * invoice-access.ts). Writes run inside app.mutate's transaction (audit row and Idempotency-Key
 * outcome in the same commit) or inside an order status change's transaction (the automatic
 * invoice of a delivery, the return invoice of a return).
 *
 * Lock order (as everywhere: rows first, the tenant counter last): the order row, then the
 * tenant's invoice sequence of the year (numbering), then the tenant counter (change number).
 * The sequence is taken in the transaction that inserts the invoice, so a number is used exactly
 * once and a rolled-back issue (a refusal, a crash before COMMIT) takes its number back: the
 * numbers of a year run without gaps.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface InvoiceActor {
  id: string;
  role: Role;
  full_name: string;
}

const invoiceNotFound = () => notFound(INVOICE_MESSAGES.notFound);

// -------------------------------------------------------------------------------- reads ---

/** One invoice the caller may see (another tenant's, or one not theirs to see, is 404). */
export async function get(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  id: string,
): Promise<Invoice> {
  const scope = invoiceScope(user);
  if (scope.kind === 'none') throw forbidden(INVOICE_MESSAGES.cannotView);
  const record = await repo.findInvoice(db, tenantId, id);
  if (!record || record.deleted || !canSeeInvoice(scope, record)) throw invoiceNotFound();
  return repo.toWireInvoice(record);
}

export interface ListQuery {
  search?: string | undefined;
  status?: Invoice['status'] | undefined;
  type?: Invoice['type'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

/** The instants [from, before) of the days from…to (inclusive) in the tenant's time zone. */
export function periodOf(from: string | undefined, to: string | undefined, timeZone: string) {
  return {
    from: from ? dayStart(from, timeZone) : undefined,
    before: to ? dayStart(nextDay(to), timeZone) : undefined,
  };
}

export async function list(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  query: ListQuery,
): Promise<InvoiceListResponse> {
  const scope = invoiceScope(user);
  if (scope.kind === 'none') throw forbidden(INVOICE_MESSAGES.cannotView);
  const settings = await repo.invoiceSettings(db, tenantId);
  const page = query.page ?? 1;
  const limit = query.limit ?? 10;
  const { records, total } = await repo.listInvoices(db, tenantId, {
    search: query.search?.trim() || undefined,
    status: query.status,
    type: query.type,
    ...periodOf(query.from, query.to, settings?.timezone ?? 'Europe/Istanbul'),
    salespersonId: scope.kind === 'salesperson' ? scope.salesperson_id : undefined,
    page,
    limit,
  });
  return {
    data: records.map(repo.toWireInvoice),
    pagination: { page, limit, totalDocs: total, totalPages: Math.ceil(total / limit) },
  };
}

// ------------------------------------------------------------------------------- issuing ---

interface PreparedInvoice {
  /** Change numbers the invoice needs: its own, and its customer account's when it posts there. */
  count: number;
  /** Inserts the invoice with its change numbers (after the tenant counter was taken). */
  write(changeSeqs: readonly number[]): Promise<repo.InvoiceRecord>;
}

/**
 * Everything of a new invoice but its change number: the content, and its number from the
 * tenant's sequence (the sequence row is locked from here to the end of the transaction).
 * An invoice of a customer on record posts to the customer's account in the same transaction:
 * a sales invoice as a debit due its issue day + the customer's terms, a return invoice as a
 * credit against the sale it returns (the account row is locked here, before the counter).
 */
async function prepare(
  trx: Trx,
  tenantId: string,
  actor: InvoiceActor,
  order: repo.InvoiceOrder,
  input: { id: string; type: Invoice['type']; original?: repo.InvoiceRecord },
): Promise<PreparedInvoice> {
  const settings = await repo.invoiceSettings(trx, tenantId);
  if (!settings) throw notFound();
  const at = new Date();
  let content: Pick<Invoice, 'seller' | 'buyer' | 'lines' | 'profile'>;
  if (input.original) {
    // A return gives back what was sold: the sale's lines, seller and buyer as printed on it.
    // A return invoice may not be of the commercial scenario (TICARIFATURA accepts no IADE
    // type): it goes out as TEMELFATURA then.
    const { seller, buyer, lines, profile } = input.original;
    content = { seller, buyer, lines, profile: profile === 'TICARIFATURA' ? 'TEMELFATURA' : profile };
  } else {
    // The one rule of what a company needs before it invoices (the device greys out 'Fatura Kes'
    // by the same rule); refused before a number is taken, so nothing is written.
    const missing = missingSellerFields(settings);
    if (missing.length > 0) {
      throw new AppError(409, 'INVALID_STATE', sellerIncompleteMessage(missing), { missing });
    }
    const customer = order.customer_id
      ? await repo.customerForInvoice(trx, tenantId, order.customer_id)
      : undefined;
    const buyer = buyerSnapshot(order, customer);
    const lines = invoiceLines(lineSources(await repo.orderItemsForInvoice(trx, tenantId, order.id)));
    content = {
      seller: sellerSnapshot(settings),
      buyer,
      lines,
      profile: profileFor(buyer, settings.invoice_profile),
    };
  }
  const amounts = invoiceAmounts(content.lines);
  // The invoice's grand total is the order's, to the kuruş (the split never loses one).
  if (!input.original && amounts.gross_total_kurus !== toKurus(order.total_amount)) {
    throw new Error(
      `invoice total ${amounts.gross_total_kurus} differs from order ${order.id} total ${order.total_amount}`,
    );
  }
  const customerId = content.buyer.customer_id;
  const posting: AccountPosting | null = customerId ? await lockForPosting(trx, tenantId, customerId) : null;
  const year = yearIn(at, settings.timezone);
  const sequence = await repo.nextInvoiceSequence(trx, tenantId, year);
  const number = formatInvoiceNumber(settings.invoice_number_prefix, year, sequence);
  return {
    count: 1 + (posting?.count ?? 0),
    async write(changeSeqs) {
      const changeSeq = changeSeqs[0] as number;
      const row: repo.NewInvoiceRow = {
        id: input.id,
        invoice_number: number,
        ettn: randomUUID(),
        type: input.type,
        status: 'issued',
        profile: content.profile,
        order_id: order.id,
        order_number: order.order_number,
        salesperson_id: order.salesperson_id,
        original_invoice_id: input.original?.id ?? null,
        original_invoice_number: input.original?.invoice_number ?? null,
        issued_at: at.toISOString(),
        seller: content.seller,
        buyer: content.buyer,
        lines: content.lines,
        ...amounts,
        cancel_reason: null,
        cancelled_at: null,
        cancelled_by_name: null,
        created_by: actor.id,
        created_by_name: actor.full_name,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        change_seq: changeSeq,
      };
      await repo.insertInvoice(trx, tenantId, row);
      if (posting) {
        const day = dayIn(at, settings.timezone);
        const sale = input.original
          ? await invoiceMovement(trx, tenantId, input.original.id, 'sales_invoice')
          : undefined;
        await posting.write(
          changeSeqs[1] as number,
          [
            input.type === 'IADE'
              ? {
                  id: randomUUID(),
                  kind: 'return_invoice',
                  amount_kurus: -amounts.gross_total_kurus,
                  day,
                  invoice_id: input.id,
                  applies_to: sale ? [sale.id] : [],
                  description: number,
                }
              : {
                  id: randomUUID(),
                  kind: 'sales_invoice',
                  amount_kurus: amounts.gross_total_kurus,
                  day,
                  due_day: dueDayOf(day, posting.account.due_days),
                  invoice_id: input.id,
                  description: number,
                },
          ],
          actor,
        );
      }
      // What was written is what a read would give back (no generated field reaches the wire).
      return { ...row, currency: 'TRY', deleted: false };
    },
  };
}

/**
 * POST /invoices: the sales invoice of a delivered order. The device makes `id`; one standing
 * sales invoice per order, so a replay (same id, even after its invoice was cancelled) and a
 * second device (another id) both get the existing invoice (200, nothing written). Once the
 * order's invoice is cancelled, a new id issues its replacement. An id already used for another
 * order's invoice is 409.
 */
export async function issue(
  trx: Trx,
  tenantId: string,
  actor: InvoiceActor,
  body: IssueInvoiceBody,
): Promise<MutationResult<Invoice>> {
  if (!canIssueInvoice(actor.role)) throw forbidden(INVOICE_MESSAGES.cannotIssue);
  // The order row first: two issues of one order run one after the other.
  const order = await repo.lockInvoiceOrder(trx, tenantId, body.order_id);
  if (!order || order.deleted) throw notFound(INVOICE_MESSAGES.orderNotFound);
  const same = await repo.findInvoice(trx, tenantId, body.id);
  if (same) {
    if (same.order_id !== order.id || same.type !== 'SATIS')
      throw new AppError(409, 'CONFLICT', INVOICE_MESSAGES.idTaken, { field: 'id' });
    return { data: repo.toWireInvoice(same), statusCode: 200, entityId: same.id, changed: false };
  }
  const existing = await repo.findOrderInvoice(trx, tenantId, order.id, 'SATIS', 'issued');
  if (existing) {
    return { data: repo.toWireInvoice(existing), statusCode: 200, entityId: existing.id, changed: false };
  }
  if (body.expected_version !== undefined && body.expected_version !== order.change_seq) {
    throw new AppError(409, 'CONFLICT', ORDER_MESSAGES.versionConflict, {
      current: await reload(trx, tenantId, order.id),
    });
  }
  if (order.status !== 'delivered')
    throw new AppError(409, 'INVALID_STATE', INVOICE_MESSAGES.orderNotDelivered);
  const prepared = await prepare(trx, tenantId, actor, order, { id: body.id, type: 'SATIS' });
  const created = await prepared.write(await reserveChangeSeqs(trx, tenantId, prepared.count));
  return { data: repo.toWireInvoice(created), statusCode: 201, entityId: created.id, changed: true };
}

/**
 * The invoice a status change brings, as a step of that change's transaction (order-status
 * .service.ts), taken BEFORE the change reserves its change numbers (lock order above):
 * - delivered, and the tenant issues on delivery: the sales invoice — or, when the company
 *   profile lacks what an invoice prints, a notification to every active admin instead
 *   (invoice-skipped.ts): the delivery stands, the invoice is issued by hand once the profile is
 *   complete;
 * - returned or refunded, and the order has an issued sales invoice without a return invoice:
 *   the return invoice (IADE) referring to it.
 * `count` change numbers are needed; `write` inserts with them (and its audit row).
 */
export interface StatusInvoiceStep {
  count: number;
  write(changeSeqs: readonly number[]): Promise<void>;
}

const NOTHING: StatusInvoiceStep = { count: 0, write: async () => {} };

export async function statusInvoiceStep(
  trx: Trx,
  tenantId: string,
  actor: InvoiceActor,
  orderId: string,
  target: string,
): Promise<StatusInvoiceStep> {
  if (target !== 'delivered' && target !== 'returned' && target !== 'refunded') return NOTHING;
  const order = await repo.lockInvoiceOrder(trx, tenantId, orderId);
  if (!order) return NOTHING;
  const sale = await repo.findOrderInvoice(trx, tenantId, orderId, 'SATIS', 'issued');
  let prepared: PreparedInvoice;
  let action: 'invoice.issue' | 'invoice.return';
  if (target === 'delivered') {
    const settings = await repo.invoiceSettings(trx, tenantId);
    if (sale || !settings?.auto_invoice_on_delivery) return NOTHING;
    // Automatic issuing never blocks a delivery: with an incomplete company profile it is
    // skipped, and the admins are told which order waits for its invoice and what is missing.
    const missing = missingSellerFields(settings);
    if (missing.length > 0) return skippedInvoiceStep(trx, tenantId, actor, order, missing);
    prepared = await prepare(trx, tenantId, actor, order, { id: randomUUID(), type: 'SATIS' });
    action = 'invoice.issue';
  } else {
    if (!sale) return NOTHING;
    if (await repo.findOrderInvoice(trx, tenantId, orderId, 'IADE')) return NOTHING;
    prepared = await prepare(trx, tenantId, actor, order, { id: randomUUID(), type: 'IADE', original: sale });
    action = 'invoice.return';
  }
  return {
    count: prepared.count,
    async write(changeSeqs) {
      const created = await prepared.write(changeSeqs);
      await insertAuditLog(trx, tenantId, {
        action,
        entity: 'invoice',
        entity_id: created.id,
        params: { number: created.invoice_number, order: order.order_number },
        user_id: actor.id,
        user_name: actor.full_name,
      });
    },
  };
}

/**
 * GET /invoices/readiness: whether the company may issue invoices now, by the rule POST /invoices
 * refuses with. The devices of admins and managers keep the answer, so 'Fatura Kes' is greyed out
 * (with the fields named) offline too.
 */
export async function readiness(db: Db, tenantId: string): Promise<InvoiceReadiness> {
  const settings = await repo.invoiceSettings(db, tenantId);
  if (!settings) throw notFound();
  const missing = missingSellerFields(settings);
  return { ready: missing.length === 0, missing };
}

// ----------------------------------------------------------------------------- cancelling ---

/**
 * POST /invoices/{id}/cancel: admin only, with a reason, naming the version seen. The number
 * stays used (the sequence never goes back); only the status and the cancel fields change.
 * A sales invoice whose return invoice stands is refused (409 RETURN_INVOICE_EXISTS, naming the
 * return's number: blockingReturnInvoice); its return invoice cancelled first, it may be.
 *
 * Lock order: the order row first (as a status change making the return invoice does), then the
 * invoice. So a return being made and this cancel run one after the other: the return sees the
 * sale cancelled and makes no return invoice, or this cancel sees the return invoice and refuses.
 */
export async function cancel(
  trx: Trx,
  tenantId: string,
  actor: InvoiceActor,
  id: string,
  body: CancelInvoiceBody,
): Promise<MutationResult<Invoice>> {
  if (!canCancelInvoice(actor.role)) {
    // A role that may not even see it learns nothing of it.
    const scope = invoiceScope(actor);
    const record = await repo.findInvoice(trx, tenantId, id);
    if (!record || !canSeeInvoice(scope, record)) throw invoiceNotFound();
    throw forbidden(INVOICE_MESSAGES.cannotCancel);
  }
  const seen = await repo.findInvoice(trx, tenantId, id);
  if (!seen || seen.deleted) throw invoiceNotFound();
  await repo.lockInvoiceOrder(trx, tenantId, seen.order_id);
  const locked = await repo.findInvoice(trx, tenantId, id, true);
  if (!locked || locked.deleted) throw invoiceNotFound();
  const reason = body.reason.trim();
  if (locked.status === 'cancelled') {
    if (locked.cancel_reason === reason) {
      return { data: repo.toWireInvoice(locked), entityId: id, changed: false };
    }
    throw new AppError(409, 'CONFLICT', INVOICE_MESSAGES.alreadyCancelled, {
      current: repo.toWireInvoice(locked),
    });
  }
  // The rule before the version: seeing a newer version would not make the cancel possible.
  const returned =
    locked.type === 'SATIS' ? await repo.findReturnInvoice(trx, tenantId, locked.id) : undefined;
  const blocking = blockingReturnInvoice(locked, returned ? [returned] : []);
  if (blocking) {
    throw new AppError(
      409,
      'RETURN_INVOICE_EXISTS',
      INVOICE_MESSAGES.hasReturnInvoice(blocking.invoice_number),
      {
        current: repo.toWireInvoice(locked),
      },
    );
  }
  if (body.expected_version !== locked.change_seq) {
    throw new AppError(409, 'CONFLICT', INVOICE_MESSAGES.versionConflict, {
      current: repo.toWireInvoice(locked),
    });
  }
  // The cancellation undoes the invoice's posting on the customer's account, in this transaction.
  const posted = await invoiceMovement(
    trx,
    tenantId,
    id,
    locked.type === 'IADE' ? 'return_invoice' : 'sales_invoice',
  );
  const posting =
    posted && locked.buyer.customer_id ? await lockForPosting(trx, tenantId, locked.buyer.customer_id) : null;
  const [seq, accountSeq] = await reserveChangeSeqs(trx, tenantId, 1 + (posting?.count ?? 0));
  if (posting && posted) {
    const settings = await repo.invoiceSettings(trx, tenantId);
    await posting.write(
      accountSeq as number,
      [
        {
          id: randomUUID(),
          kind: 'invoice_cancellation',
          amount_kurus: -posted.amount_kurus,
          day: dayIn(new Date(), settings?.timezone ?? 'Europe/Istanbul'),
          invoice_id: id,
          reverses: posted.id,
          description: locked.invoice_number,
          reason,
        },
      ],
      actor,
    );
  }
  await repo.markCancelled(trx, tenantId, id, {
    reason,
    by: actor.id,
    byName: actor.full_name,
    at: new Date(),
    changeSeq: seq as number,
  });
  const updated = await repo.findInvoice(trx, tenantId, id);
  if (!updated) throw invoiceNotFound();
  return { data: repo.toWireInvoice(updated), entityId: id, changed: true };
}

/** For the files (PDF, XML): one invoice the caller may see, with the tenant's time zone. */
export async function forDocument(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  id: string,
): Promise<{ invoice: Invoice; timeZone: string }> {
  const invoice = await get(db, tenantId, user, id);
  const settings = await repo.invoiceSettings(db, tenantId);
  return { invoice, timeZone: settings?.timezone ?? 'Europe/Istanbul' };
}

// ---------------------------------------------------------------------------------- files ---

/** A file's name from an invoice number (already [A-Z0-9]; anything else is replaced). */
const fileName = (invoice: Invoice, ext: string) =>
  `fatura-${(invoice.invoice_number ?? invoice.id).replace(/[^A-Za-z0-9._-]/g, '_')}.${ext}`;

/** GET /invoices/{id}/pdf. */
export async function pdf(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  id: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const { invoice, timeZone } = await forDocument(db, tenantId, user, id);
  const logo = await logoForPdf(db, tenantId);
  return { pdf: await renderInvoicePdf({ invoice, timeZone, logo }), filename: fileName(invoice, 'pdf') };
}

/** The issue instants of the sales invoices these return invoices refer to (BillingReference). */
async function originalDates(
  db: Db,
  tenantId: string,
  invoices: readonly Invoice[],
): Promise<Map<string, string>> {
  const ids = [...new Set(invoices.flatMap((i) => (i.original_invoice_id ? [i.original_invoice_id] : [])))];
  const originals = await repo.findInvoicesByIds(db, tenantId, ids);
  return new Map(originals.map((o) => [o.id, o.issued_at]));
}

/** GET /invoices/{id}/xml: UBL-TR 1.2. */
export async function xml(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  id: string,
): Promise<{ xml: string; filename: string }> {
  const { invoice, timeZone } = await forDocument(db, tenantId, user, id);
  const originals = await originalDates(db, tenantId, [invoice]);
  const originalIssuedAt = invoice.original_invoice_id ? originals.get(invoice.original_invoice_id) : null;
  return {
    xml: renderInvoiceXml(invoice, { timeZone, originalIssuedAt }),
    filename: fileName(invoice, 'xml'),
  };
}

/** An export holds at most this many invoices (a ZIP without ZIP64 holds fewer than 65,535 files). */
export const EXPORT_MAX_INVOICES = 50_000;

/**
 * GET /invoices/export?from&to: the ZIP of the invoices issued in those days (the tenant's time
 * zone, both inclusive) the caller may see. At most INVOICE_LIMITS.exportDays days.
 */
export async function exportPeriod(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  query: { from: string; to: string },
): Promise<{ zip: Buffer; filename: string }> {
  const scope = invoiceScope(user);
  if (scope.kind === 'none') throw forbidden(INVOICE_MESSAGES.cannotView);
  if (query.to < query.from) throw validation(INVOICE_MESSAGES.exportRange, 'to');
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > INVOICE_LIMITS.exportDays) throw validation(INVOICE_MESSAGES.exportTooLong, 'to');
  const settings = await repo.invoiceSettings(db, tenantId);
  const timeZone = settings?.timezone ?? 'Europe/Istanbul';
  const period = periodOf(query.from, query.to, timeZone);
  const records = await repo.periodInvoices(
    db,
    tenantId,
    period.from as Date,
    period.before as Date,
    scope.kind === 'salesperson' ? scope.salesperson_id : undefined,
    EXPORT_MAX_INVOICES + 1,
  );
  if (records.length > EXPORT_MAX_INVOICES) throw validation(INVOICE_MESSAGES.exportTooMany, 'to');
  const invoices = records.map(repo.toWireInvoice);
  const zip = await exportZip(invoices, timeZone, await originalDates(db, tenantId, invoices));
  return { zip, filename: `faturalar-${query.from}-${query.to}.zip` };
}
