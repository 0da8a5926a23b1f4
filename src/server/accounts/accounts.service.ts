import type { Kysely, Transaction } from 'kysely';
import {
  ACCOUNT_MESSAGES,
  type Account,
  type AccountAdjustmentBody,
  type ConfirmDayEndBody,
  type CreatePaymentBody,
  type DayEndPerson,
  type DayEndResponse,
  type MethodTotals,
  type Movement,
  type MovementListResponse,
  type Payment,
  type PaymentListResponse,
  paymentAmountKurus,
  type ReversePaymentBody,
  termsLimitKurus,
  type UpdateAccountTermsBody,
} from '../../shared/api/accounts';
import {
  ageingOfItems,
  creditDecision,
  creditOpenItems,
  daysBetween,
  formatReceiptNumber,
  isDeferred,
  type LedgerEntry,
  type MovementKind,
  movementRefusal,
  PAYMENT_DETAIL_FIELDS,
  PAYMENT_METHODS,
  settle,
  withRecentPayments,
} from '../../shared/domain/account';
import {
  canAdjustAccount,
  canConfirmDayEnd,
  canOverrideCreditLimit,
  canReversePayment,
  canSeeAccount,
  canSetCredit,
  canTakePayment,
} from '../../shared/domain/account-access';
import {
  accountStatement,
  STATEMENT_LIMITS,
  statementFilename,
  statementPeriod,
} from '../../shared/domain/account-statement';
import { formatTL } from '../../shared/domain/money';
import type { Role } from '../../shared/domain/roles';
import { dayIn } from '../../shared/domain/time';
import { insertAuditLog } from '../audit/audit.repository';
import { logoForPdf } from '../company/company.service';
import { reserveChangeSeqs } from '../db/change-seq';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { sellerSnapshot } from '../invoices/invoice-build';
import { invoiceSettings } from '../invoices/invoices.repository';
import { AppError, forbidden, notFound, validation } from '../lib/errors';
import * as repo from './accounts.repository';
import { type ReceiptSize, renderReceiptPdf } from './receipt.pdf';
import { renderStatementPdf, type StatementDocument } from './statement.pdf';
import { renderStatementXlsx } from './statement.xlsx';

/**
 * Customer accounts (cari hesap): the ledger's writes and reads. The rules are in
 * shared/domain/account.ts (settlement, ageing, payment details) and account-access.ts (who may).
 *
 * Every write that adds movements locks the customer's account row first (repo.lockAccount), then
 * takes the tenant's change numbers, then inserts: the lock order of every writer (rows, then the
 * counter), so a payment and an invoice of one customer run one after the other and the ledger's
 * `seq` and running balance never fork. After the movements the account's figures — balance, the
 * unpaid debits after settlement, unapplied credit, portfolio — are recomputed from the whole
 * ledger by the one rule (settle), so they always equal what a recount gives.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface AccountActor {
  id: string;
  role: Role;
  full_name: string;
}

const customerNotFound = () => notFound(ACCOUNT_MESSAGES.customerNotFound);
const paymentNotFound = () => notFound(ACCOUNT_MESSAGES.paymentNotFound);

// ------------------------------------------------------------------------------ posting ---

export interface NewMovement {
  id: string;
  kind: MovementKind;
  amount_kurus: number;
  day: string;
  due_day?: string | null;
  invoice_id?: string | null;
  payment_id?: string | null;
  reverses?: string | null;
  applies_to?: readonly string[];
  description: string;
  reason?: string | null;
}

/** A locked account, ready to take movements with one change number. */
export interface AccountPosting {
  account: repo.AccountRecord;
  /** Change numbers the posting needs (the account row's). */
  count: 1;
  write(
    changeSeq: number,
    movements: readonly NewMovement[],
    actor: { id: string; full_name: string } | null,
  ): Promise<Movement[]>;
}

/**
 * Locks the customer's account (made if missing) for movements written later in the transaction.
 * Called before the transaction takes its change numbers.
 */
export async function lockForPosting(
  trx: Trx,
  tenantId: string,
  customerId: string,
): Promise<AccountPosting> {
  const account = await repo.lockAccount(trx, tenantId, customerId);
  return {
    account,
    count: 1,
    async write(changeSeq, movements, actor) {
      // A payment that names no invoice pays what is open oldest due first, after everything
      // already posted: the same as settling the whole ledger with it added last (creditOpenItems,
      // property-tested against settle). So it is applied to the figures the account row keeps,
      // without reading the ledger. Anything else (debits, reversals, named payments) is settled
      // from the whole ledger.
      const plainCredits = movements.every((m) => m.kind === 'payment' && !m.applies_to?.length);
      const ledger = plainCredits ? null : await repo.ledgerEntries(trx, tenantId, customerId);
      let balance = ledger ? ledger.reduce((sum, e) => sum + e.amount_kurus, 0) : account.balance_kurus;
      let seq = ledger ? ledger.length : account.movement_count;
      const rows = movements.map((m) => {
        balance += m.amount_kurus;
        seq += 1;
        return {
          tenant_id: tenantId,
          id: m.id,
          customer_id: customerId,
          seq,
          kind: m.kind,
          amount_kurus: m.amount_kurus,
          balance_after_kurus: balance,
          day: m.day,
          due_day: m.due_day ?? null,
          invoice_id: m.invoice_id ?? null,
          payment_id: m.payment_id ?? null,
          reverses: m.reverses ?? null,
          applies_to: JSON.stringify(m.applies_to ?? []),
          description: m.description,
          reason: m.reason ?? null,
          created_by: actor?.id ?? null,
          created_by_name: actor?.full_name ?? null,
        };
      });
      await repo.insertMovements(trx, tenantId, rows);
      const { items, unapplied_kurus } = ledger
        ? settledWith(ledger, movements)
        : creditOpenItems(
            account.open_items,
            account.unapplied_kurus,
            movements.reduce((sum, m) => sum - m.amount_kurus, 0),
          );
      await repo.updateAccountFigures(
        trx,
        tenantId,
        customerId,
        {
          balance_kurus: balance,
          open_items: items
            .filter((i) => i.open_kurus > 0)
            .map((i) => ({ id: i.id, due_day: i.due_day, open_kurus: i.open_kurus })),
          unapplied_kurus,
          portfolio_kurus: await repo.portfolioKurus(trx, tenantId, customerId),
          recent_payment_ids: withRecentPayments(
            account.recent_payment_ids,
            movements.filter((m) => m.kind === 'payment' && m.payment_id).map((m) => m.payment_id as string),
          ),
          movement_count: seq,
        },
        changeSeq,
      );
      const created = await Promise.all(rows.map((r) => repo.findMovement(trx, tenantId, r.id)));
      return created.filter((m): m is Movement => m !== undefined);
    },
  };
}

/** The settlement of the ledger with these movements added last. */
function settledWith(ledger: readonly LedgerEntry[], movements: readonly NewMovement[]) {
  return settle([
    ...ledger,
    ...movements.map((m) => ({
      id: m.id,
      kind: m.kind,
      amount_kurus: m.amount_kurus,
      day: m.day,
      due_day: m.due_day ?? null,
      reverses: m.reverses ?? null,
      applies_to: m.applies_to ?? [],
    })),
  ]);
}

// -------------------------------------------------------------------------------- reads ---

/** Whether this user may see (or take payments for) this customer's account; 404/403 otherwise. */
async function checkAccess(
  db: Db | Trx,
  tenantId: string,
  user: { id: string; role: Role },
  customerId: string,
  rule: (role: Role, own: boolean) => boolean,
  deniedMessage: string,
): Promise<repo.AccountCustomer> {
  const customer = await repo.findCustomer(db, tenantId, customerId);
  if (!customer) throw customerNotFound();
  const own =
    user.role === 'salesperson' || user.role === 'driver'
      ? await repo.isOwnCustomer(db, tenantId, user, customerId)
      : true;
  if (!rule(user.role, own)) throw forbidden(deniedMessage);
  return customer;
}

/**
 * The account as the wire gives it. The ageing is read from the figures the account row keeps
 * (the unpaid debits and the unapplied credit after settlement, rewritten from the whole ledger
 * by every posting): the same as settling the ledger again, without reading it.
 */
function toWireAccount(
  customer: repo.AccountCustomer,
  account: repo.AccountRecord,
  openOrders: number,
  today: string,
): Account {
  // From the open items kept with the balance (settled when each movement was posted): an
  // account of 10,000 movements is aged without reading its ledger.
  const ageing = ageingOfItems(account.open_items, account.unapplied_kurus, today);
  return {
    customer_id: customer.id,
    customer_name: customer.full_name,
    balance_kurus: account.balance_kurus,
    due_days: account.due_days,
    credit_limit_kurus: account.credit_limit_kurus,
    open_orders_kurus: openOrders,
    ageing: {
      not_due: ageing.not_due,
      d0_30: ageing.d0_30,
      d31_60: ageing.d31_60,
      d61_90: ageing.d61_90,
      d90_plus: ageing.d90_plus,
    },
    overdue_kurus: ageing.overdue_kurus,
    unapplied_kurus: ageing.unapplied_kurus,
    portfolio_kurus: account.portfolio_kurus,
    movement_count: account.movement_count,
    last_movement_at: account.last_movement_at,
    today,
    terms_version: account.terms_version,
  };
}

async function readAccount(db: Db | Trx, tenantId: string, customer: repo.AccountCustomer): Promise<Account> {
  const [account, openOrders, zone] = await Promise.all([
    repo.findAccount(db, tenantId, customer.id),
    repo.openOrdersKurus(db, tenantId, customer.id),
    repo.tenantTimeZone(db, tenantId),
  ]);
  return toWireAccount(customer, account, openOrders, dayIn(new Date(), zone));
}

/** GET /customers/{id}/account. */
export async function getAccount(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  customerId: string,
): Promise<Account> {
  const customer = await checkAccess(
    db,
    tenantId,
    user,
    customerId,
    canSeeAccount,
    ACCOUNT_MESSAGES.cannotView,
  );
  return readAccount(db, tenantId, customer);
}

/** GET /customers/{id}/account/movements: newest first. */
export async function listMovements(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  customerId: string,
  query: { page?: number | undefined; limit?: number | undefined },
): Promise<MovementListResponse> {
  await checkAccess(db, tenantId, user, customerId, canSeeAccount, ACCOUNT_MESSAGES.cannotView);
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const { rows, total } = await repo.listMovements(db, tenantId, customerId, page, limit);
  return { data: rows, pagination: { page, limit, totalDocs: total, totalPages: Math.ceil(total / limit) } };
}

// ---------------------------------------------------------------------------- statement ---

/**
 * The customer statement of a period (who may: as reading the account; the period's rule:
 * shared/domain/account-statement.ts statementPeriod, on the company's day): the balance brought
 * forward and the period's movements from the ledger, the arithmetic by the shared rule, the
 * company and the customer as the documents print them. A period of more than
 * STATEMENT_LIMITS.maxLines movements is refused (400 naming `to`): a shorter one is asked for.
 */
async function statementDocument(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  customerId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<StatementDocument> {
  await checkAccess(db, tenantId, user, customerId, canSeeAccount, ACCOUNT_MESSAGES.cannotView);
  const settings = await invoiceSettings(db, tenantId);
  const timeZone = settings?.timezone ?? 'Europe/Istanbul';
  const today = dayIn(new Date(), timeZone);
  const period = statementPeriod(query, today);
  if ('field' in period) throw validation(period.message, period.field);
  const [opening, movements, customer, logo] = await Promise.all([
    repo.balanceBefore(db, tenantId, customerId, period.from),
    repo.movementsBetween(db, tenantId, customerId, period.from, period.to, STATEMENT_LIMITS.maxLines + 1),
    repo.customerForStatement(db, tenantId, customerId),
    logoForPdf(db, tenantId),
  ]);
  if (!customer) throw customerNotFound();
  if (movements.length > STATEMENT_LIMITS.maxLines)
    throw validation(ACCOUNT_MESSAGES.statementTooManyLines, 'to');
  return {
    statement: accountStatement({ ...period, opening_kurus: opening, movements }),
    company: {
      name: settings?.legal_name?.trim() || settings?.company_name || '',
      address: settings?.address ?? null,
      tax_number: settings?.tax_number ?? null,
      tax_office: settings?.tax_office ?? null,
      phone: settings?.phone ?? null,
      email: settings?.email ?? null,
    },
    customer,
    today,
    timeZone,
    logo,
  };
}

/** GET /customers/{id}/account/statement/pdf. */
export async function statementPdf(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  customerId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<{ pdf: Buffer; filename: string }> {
  const document = await statementDocument(db, tenantId, user, customerId, query);
  return {
    pdf: await renderStatementPdf(document),
    filename: statementFilename(document.customer, document.statement, 'pdf'),
  };
}

/** GET /customers/{id}/account/statement/xlsx. */
export async function statementXlsx(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  customerId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<{ xlsx: Buffer; filename: string }> {
  const document = await statementDocument(db, tenantId, user, customerId, query);
  return {
    xlsx: await renderStatementXlsx(document),
    filename: statementFilename(document.customer, document.statement, 'xlsx'),
  };
}

/** GET /payments: office roles every payment; a salesperson or driver the payments they took. */
export async function listPayments(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  query: {
    customer_id?: string | undefined;
    taken_by?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page?: number | undefined;
    limit?: number | undefined;
  },
): Promise<PaymentListResponse> {
  if (!canSeeAccount(user.role, true)) throw forbidden(ACCOUNT_MESSAGES.cannotView);
  if (query.from && query.to && query.to < query.from)
    throw validation('Bitiş başlangıçtan önce olamaz', 'to');
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const field = user.role === 'salesperson' || user.role === 'driver';
  const { rows, total } = await repo.listPayments(
    db,
    tenantId,
    {
      customerId: query.customer_id,
      takenBy: query.taken_by,
      fromDay: query.from,
      toDay: query.to,
      onlyTakenBy: field ? user.id : undefined,
    },
    page,
    limit,
  );
  return { data: rows, pagination: { page, limit, totalDocs: total, totalPages: Math.ceil(total / limit) } };
}

/** GET /payments/{id}: one a field role took, or any for the office. */
export async function getPayment(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  id: string,
): Promise<Payment> {
  if (!canSeeAccount(user.role, true)) throw forbidden(ACCOUNT_MESSAGES.cannotView);
  const payment = await repo.findPayment(db, tenantId, id);
  const field = user.role === 'salesperson' || user.role === 'driver';
  if (!payment || (field && payment.taken_by !== user.id)) throw paymentNotFound();
  return payment;
}

/** GET /payments/{id}/receipt: the receipt as PDF, A5 or an 80 mm roll. */
export async function receiptPdf(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  id: string,
  size: ReceiptSize,
): Promise<{ pdf: Buffer; filename: string }> {
  const payment = await getPayment(db, tenantId, user, id);
  const [settings, customer, invoiceNumbers, orderNumber, logo] = await Promise.all([
    invoiceSettings(db, tenantId),
    repo.customerForReceipt(db, tenantId, payment.customer_id),
    repo.invoiceNumbers(db, tenantId, payment.applies_to),
    payment.order_id ? repo.orderNumber(db, tenantId, payment.order_id) : null,
    logoForPdf(db, tenantId),
  ]);
  if (!settings || !customer) throw paymentNotFound();
  const pdf = await renderReceiptPdf({
    payment,
    seller: sellerSnapshot(settings),
    customer,
    invoiceNumbers,
    orderNumber,
    timeZone: settings.timezone,
    logo,
    size,
  });
  return { pdf, filename: `makbuz-${payment.receipt_number}.pdf` };
}

// ------------------------------------------------------------------------------ payments ---

/** How far a device's clock may say a payment was taken: not in the future (with slack), not over a year ago. */
const TAKEN_AT_AHEAD_MS = 24 * 3_600_000;
const TAKEN_AT_BEHIND_DAYS = 366;

/** The same payment sent again: same customer, amount and method (what the receipt printed). */
const samePayment = (p: Payment, body: CreatePaymentBody, kurus: number) =>
  p.customer_id === body.customer_id && p.amount_kurus === kurus && p.method === body.method;

/**
 * POST /payments: a payment taken at the door or in the office. The device makes `id`: a replay
 * (even after its idempotency record expired) answers the payment already recorded (200, nothing
 * written); the same id for a different payment is 409. The receipt number is the tenant's next
 * of the year, taken in this transaction (gap-free: a refusal or a crash takes it back).
 */
export async function createPayment(
  trx: Trx,
  tenantId: string,
  actor: AccountActor,
  body: CreatePaymentBody,
): Promise<MutationResult<Payment>> {
  const kurus = paymentAmountKurus(body);
  const existing = await repo.findPayment(trx, tenantId, body.id);
  if (existing) {
    // Someone else's payment is never shown to a field role that may not see it, even by its id.
    const field = actor.role === 'salesperson' || actor.role === 'driver';
    if (!samePayment(existing, body, kurus) || (field && existing.taken_by !== actor.id))
      throw new AppError(409, 'CONFLICT', ACCOUNT_MESSAGES.idTaken, { field: 'id' });
    return { data: existing, statusCode: 200, entityId: existing.id, changed: false };
  }
  const customer = await checkAccess(
    trx,
    tenantId,
    actor,
    body.customer_id,
    canTakePayment,
    ACCOUNT_MESSAGES.cannotTakePayment,
  );
  if (customer.deleted) throw customerNotFound();
  const takenAt = new Date(body.taken_at);
  const now = Date.now();
  const zone = await repo.tenantTimeZone(trx, tenantId);
  const today = dayIn(new Date(now), zone);
  const day = dayIn(takenAt, zone);
  if (takenAt.getTime() > now + TAKEN_AT_AHEAD_MS || daysBetween(day, today) > TAKEN_AT_BEHIND_DAYS)
    throw validation(ACCOUNT_MESSAGES.takenAtRange, 'taken_at');
  if (body.order_id) {
    const order = await repo.orderCustomer(trx, tenantId, body.order_id);
    if (!order || order.customer_id !== customer.id)
      throw validation(ACCOUNT_MESSAGES.orderNotOfCustomer, 'order_id');
  }
  const named = [...new Set(body.applies_to ?? [])];
  const invoices = await repo.customerSalesInvoices(trx, tenantId, customer.id, named);
  if (invoices.length !== named.length) throw validation(ACCOUNT_MESSAGES.invoiceNotOfCustomer, 'applies_to');

  const posting = await lockForPosting(trx, tenantId, customer.id);
  const year = Number(day.slice(0, 4));
  const receipt = formatReceiptNumber(year, await repo.nextReceiptSequence(trx, tenantId, year));
  const [paymentSeq, accountSeq] = await reserveChangeSeqs(trx, tenantId, 1 + posting.count);
  const details = Object.fromEntries(
    PAYMENT_DETAIL_FIELDS.map((f) => [f, body[f]?.trim() ? (body[f] as string).trim() : null]),
  ) as Record<(typeof PAYMENT_DETAIL_FIELDS)[number], string | null>;
  await repo.insertPayment(trx, {
    tenant_id: tenantId,
    id: body.id,
    customer_id: customer.id,
    order_id: body.order_id ?? null,
    method: body.method,
    amount_kurus: kurus,
    receipt_number: receipt,
    ...details,
    document_status: isDeferred(body.method) ? 'portfolio' : null,
    applies_to: JSON.stringify(named),
    note: body.note?.trim() || null,
    taken_by: actor.id,
    taken_by_name: actor.full_name,
    taken_at: takenAt,
    day,
    change_seq: paymentSeq as number,
  });
  const movementIds = await repo.invoiceMovementIds(trx, tenantId, customer.id, named);
  await posting.write(
    accountSeq as number,
    [
      {
        id: body.id,
        kind: 'payment',
        amount_kurus: -kurus,
        day,
        payment_id: body.id,
        applies_to: named.flatMap((id) => (movementIds.has(id) ? [movementIds.get(id) as string] : [])),
        description: receipt,
      },
    ],
    actor,
  );
  const created = await repo.findPayment(trx, tenantId, body.id);
  if (!created) throw paymentNotFound();
  return {
    data: created,
    statusCode: 201,
    entityId: created.id,
    audit: { params: { receipt, name: customer.full_name, amount: kurus } },
  };
}

/**
 * POST /payments/{id}/reverse: a manager undoes a payment taken by mistake, or records that a
 * cheque or note bounced (`returned`: its status becomes 'returned'). The ledger gets a movement
 * that names the payment's and negates it; the payment keeps its receipt number. The same
 * reversal sent again answers the reversed payment; another after it is 409.
 */
export async function reversePayment(
  trx: Trx,
  tenantId: string,
  actor: AccountActor,
  id: string,
  body: ReversePaymentBody,
): Promise<MutationResult<Payment>> {
  if (!canReversePayment(actor.role)) throw forbidden(ACCOUNT_MESSAGES.cannotReverse);
  const seen = await repo.findPayment(trx, tenantId, id);
  if (!seen) throw paymentNotFound();
  const posting = await lockForPosting(trx, tenantId, seen.customer_id);
  const payment = await repo.findPayment(trx, tenantId, id, true);
  if (!payment) throw paymentNotFound();
  const reason = body.reason.trim();
  if (payment.reversed_at) {
    if (payment.reverse_reason === reason) return { data: payment, entityId: id, changed: false };
    throw new AppError(409, 'CONFLICT', ACCOUNT_MESSAGES.alreadyReversed, { current: payment });
  }
  if (body.expected_version !== payment.version)
    throw new AppError(409, 'CONFLICT', ACCOUNT_MESSAGES.versionConflict, { current: payment });
  const returned = body.returned === true && isDeferred(payment.method);
  const kind: MovementKind = returned ? 'cheque_returned' : 'payment_reversal';
  const refusal = movementRefusal(
    { kind, amount_kurus: payment.amount_kurus },
    { kind: 'payment', amount_kurus: -payment.amount_kurus, reversed: false },
  );
  if (refusal) throw new AppError(409, 'INVALID_STATE', refusal.message);
  const zone = await repo.tenantTimeZone(trx, tenantId);
  const [paymentSeq, accountSeq] = await reserveChangeSeqs(trx, tenantId, 1 + posting.count);
  await repo.markPaymentReversed(trx, tenantId, id, {
    by: actor.id,
    byName: actor.full_name,
    reason,
    returned,
    changeSeq: paymentSeq as number,
  });
  await posting.write(
    accountSeq as number,
    [
      {
        id: crypto.randomUUID(),
        kind,
        amount_kurus: payment.amount_kurus,
        day: dayIn(new Date(), zone),
        payment_id: id,
        reverses: id,
        description: payment.receipt_number,
        reason,
      },
    ],
    actor,
  );
  const updated = await repo.findPayment(trx, tenantId, id);
  if (!updated) throw paymentNotFound();
  return {
    data: updated,
    entityId: id,
    audit: { params: { receipt: updated.receipt_number, name: updated.customer_name, reason } },
  };
}

// ------------------------------------------------------------------------ terms, adjusting ---

/** PUT /customers/{id}/account: payment terms and risk limit, naming the terms' version seen. */
export async function updateTerms(
  trx: Trx,
  tenantId: string,
  actor: AccountActor,
  customerId: string,
  body: UpdateAccountTermsBody,
): Promise<MutationResult<Account>> {
  if (!canSetCredit(actor.role)) throw forbidden(ACCOUNT_MESSAGES.cannotSetTerms);
  const customer = await repo.findCustomer(trx, tenantId, customerId);
  if (!customer || customer.deleted) throw customerNotFound();
  const account = await repo.lockAccount(trx, tenantId, customerId);
  if (body.expected_version !== account.terms_version) {
    throw new AppError(409, 'CONFLICT', ACCOUNT_MESSAGES.versionConflict, {
      current: await readAccount(trx, tenantId, customer),
    });
  }
  const limit = termsLimitKurus(body);
  const unchanged = account.due_days === body.due_days && account.credit_limit_kurus === limit;
  if (!unchanged) {
    const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
    await repo.updateTerms(
      trx,
      tenantId,
      customerId,
      { due_days: body.due_days, credit_limit_kurus: limit },
      seq as number,
    );
  }
  return {
    data: await readAccount(trx, tenantId, customer),
    entityId: customerId,
    changed: !unchanged,
    audit: { params: { name: customer.full_name } },
  };
}

/**
 * POST /customers/{id}/account/adjustments: an admin's opening balance or adjustment (signed,
 * with a reason). The client makes its id: the same id again answers the movement recorded.
 */
export async function adjust(
  trx: Trx,
  tenantId: string,
  actor: AccountActor,
  customerId: string,
  body: AccountAdjustmentBody,
): Promise<MutationResult<Movement>> {
  if (!canAdjustAccount(actor.role)) throw forbidden(ACCOUNT_MESSAGES.cannotAdjust);
  const customer = await repo.findCustomer(trx, tenantId, customerId);
  if (!customer || customer.deleted) throw customerNotFound();
  const posting = await lockForPosting(trx, tenantId, customerId);
  const existing = await repo.findMovement(trx, tenantId, body.id);
  if (existing) {
    if (existing.kind !== body.kind || existing.amount_kurus !== body.amount_kurus)
      throw new AppError(409, 'CONFLICT', ACCOUNT_MESSAGES.idTaken, { field: 'id' });
    return { data: existing, statusCode: 200, entityId: existing.id, changed: false };
  }
  const zone = await repo.tenantTimeZone(trx, tenantId);
  const [seq] = await reserveChangeSeqs(trx, tenantId, posting.count);
  const reason = body.reason.trim();
  const [movement] = await posting.write(
    seq as number,
    [
      {
        id: body.id,
        kind: body.kind,
        amount_kurus: body.amount_kurus,
        day: dayIn(new Date(), zone),
        description: '',
        reason,
      },
    ],
    actor,
  );
  if (!movement) throw notFound();
  return {
    data: movement,
    statusCode: 201,
    entityId: movement.id,
    audit: { params: { name: customer.full_name, amount: body.amount_kurus, reason } },
  };
}

// --------------------------------------------------------------------------- credit limit ---

/**
 * The credit check of an order's approval, a step of the status change's transaction (before its
 * change numbers): the customer's account is locked, so two approvals of one customer's orders
 * are decided one after the other. Over the limit (balance + the other approved, not yet invoiced
 * orders + this one, shared/domain/account.ts creditDecision) it is refused with 409 CREDIT_LIMIT
 * and the figures — unless a manager or an admin gives a reason, which goes to the audit log.
 * An order without a customer on record, or a customer without a limit, passes.
 */
export async function approvalCreditCheck(
  trx: Trx,
  tenantId: string,
  actor: AccountActor,
  orderId: string,
  overrideReason: string | null | undefined,
): Promise<void> {
  const order = await repo.orderForCredit(trx, tenantId, orderId);
  if (!order?.customer_id) return;
  // Most customers have no limit: nothing to lock or write for them.
  if ((await repo.findAccount(trx, tenantId, order.customer_id)).credit_limit_kurus === null) return;
  const account = await repo.lockAccount(trx, tenantId, order.customer_id);
  if (account.credit_limit_kurus === null) return;
  const open = await repo.openOrdersKurus(trx, tenantId, order.customer_id, orderId);
  const decision = creditDecision({
    limit_kurus: account.credit_limit_kurus,
    balance_kurus: account.balance_kurus,
    open_orders_kurus: open,
    order_kurus: order.total_kurus,
  });
  if (decision.allowed) return;
  const reason = overrideReason?.trim() ?? '';
  const mayOverride = canOverrideCreditLimit(actor.role);
  if (mayOverride && reason.length >= 3) {
    await insertAuditLog(trx, tenantId, {
      action: 'order.credit_override',
      entity: 'order',
      entity_id: orderId,
      params: {
        number: order.order_number,
        customer: order.customer_name,
        over: decision.over_kurus,
        reason,
      },
      user_id: actor.id,
      user_name: actor.full_name,
    });
    return;
  }
  const message = ACCOUNT_MESSAGES.creditLimit({
    balance: formatTL(account.balance_kurus),
    open: formatTL(open),
    order: formatTL(order.total_kurus),
    exposure: formatTL(decision.exposure_kurus),
    limit: formatTL(account.credit_limit_kurus),
    over: formatTL(decision.over_kurus),
  });
  throw new AppError(
    409,
    'CREDIT_LIMIT',
    mayOverride ? `${message} ${ACCOUNT_MESSAGES.creditOverrideHint}` : message,
    {
      credit: {
        limit_kurus: account.credit_limit_kurus,
        balance_kurus: account.balance_kurus,
        open_orders_kurus: open,
        order_kurus: order.total_kurus,
        exposure_kurus: decision.exposure_kurus,
        over_kurus: decision.over_kurus,
        may_override: mayOverride,
      },
    },
  );
}

// ------------------------------------------------------------------------------- day-end ---

const zeroTotals = (): MethodTotals => ({ cash: 0, card: 0, transfer: 0, cheque: 0, promissory_note: 0 });
const sumOf = (t: MethodTotals) => PAYMENT_METHODS.reduce((s, m) => s + t[m], 0);

/** Each person's collections of the day by method, with their confirmations. */
async function dayEndPeople(
  db: Db | Trx,
  tenantId: string,
  day: string,
  onlyUser?: string,
): Promise<DayEndPerson[]> {
  const [collections, confirmations] = await Promise.all([
    repo.dayCollections(db, tenantId, day, onlyUser),
    repo.dayEnds(db, tenantId, day, onlyUser),
  ]);
  const people = new Map<string, DayEndPerson>();
  const person = (id: string, name: string, role: string) => {
    let p = people.get(id);
    if (!p) {
      p = {
        user_id: id,
        user_name: name,
        role,
        day,
        expected_kurus: zeroTotals(),
        expected_total_kurus: 0,
        payment_count: 0,
        confirmation: null,
        after_confirmation_kurus: 0,
      };
      people.set(id, p);
    }
    return p;
  };
  for (const c of collections) {
    const p = person(c.user_id, c.user_name, c.role);
    p.expected_kurus[c.method] += c.total_kurus;
    p.expected_total_kurus += c.total_kurus;
    p.payment_count += c.count;
  }
  for (const d of confirmations) {
    const user = await repo.findUser(db, tenantId, d.user_id);
    const p = person(d.user_id, d.user_name, user?.role ?? '');
    p.confirmation = {
      id: d.id,
      expected_kurus: d.expected,
      counted_kurus: d.counted,
      difference_kurus: Number(d.difference_kurus),
      payment_count: d.payment_count,
      note: d.note,
      confirmed_by_name: d.confirmed_by_name,
      confirmed_at: d.confirmed_at.toISOString(),
    };
  }
  for (const p of people.values())
    if (p.confirmation)
      p.after_confirmation_kurus = p.expected_total_kurus - sumOf(p.confirmation.expected_kurus);
  return [...people.values()].sort((a, b) => a.user_name.localeCompare(b.user_name, 'tr'));
}

/** GET /day-ends?day: the office sees everyone who collected or was confirmed that day; a driver or salesperson itself. */
export async function getDayEnd(
  db: Db,
  tenantId: string,
  user: { id: string; role: Role },
  day: string,
): Promise<DayEndResponse> {
  if (!canSeeAccount(user.role, true)) throw forbidden(ACCOUNT_MESSAGES.cannotView);
  const field = user.role === 'salesperson' || user.role === 'driver';
  return { day, people: await dayEndPeople(db, tenantId, day, field ? user.id : undefined) };
}

/**
 * POST /day-ends: a manager confirms what a driver or a salesperson handed over of a day: the
 * counted amounts by method beside what their payments add up to now; the difference is
 * recorded as it is. One confirmation per person and day: the same id again answers it; another
 * for the same person and day is 409.
 */
export async function confirmDayEnd(
  trx: Trx,
  tenantId: string,
  actor: AccountActor,
  body: ConfirmDayEndBody,
): Promise<MutationResult<DayEndPerson>> {
  if (!canConfirmDayEnd(actor.role)) throw forbidden(ACCOUNT_MESSAGES.cannotConfirmDayEnd);
  const same = await repo.findDayEnd(trx, tenantId, body.id);
  if (same) {
    if (same.user_id !== body.user_id || same.day !== body.day)
      throw new AppError(409, 'CONFLICT', ACCOUNT_MESSAGES.idTaken, { field: 'id' });
    const [again] = await dayEndPeople(trx, tenantId, same.day, same.user_id);
    return { data: again as DayEndPerson, statusCode: 200, entityId: same.id, changed: false };
  }
  const person = await repo.findUser(trx, tenantId, body.user_id);
  if (!person) throw notFound(ACCOUNT_MESSAGES.userNotFound);
  if (person.role !== 'driver' && person.role !== 'salesperson')
    throw validation(ACCOUNT_MESSAGES.dayEndNotField, 'user_id');
  const zone = await repo.tenantTimeZone(trx, tenantId);
  if (body.day > dayIn(new Date(), zone)) throw validation(ACCOUNT_MESSAGES.dayEndFuture, 'day');
  const [current] = await dayEndPeople(trx, tenantId, body.day, body.user_id);
  if (current?.confirmation) throw new AppError(409, 'CONFLICT', ACCOUNT_MESSAGES.dayEndExists, { current });
  const expected = current?.expected_kurus ?? zeroTotals();
  const counted = body.counted_kurus as MethodTotals;
  const difference = sumOf(counted) - sumOf(expected);
  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  await repo.insertDayEnd(trx, {
    tenant_id: tenantId,
    id: body.id,
    user_id: person.id,
    user_name: person.full_name,
    day: body.day,
    expected: JSON.stringify(expected),
    counted: JSON.stringify(counted),
    payment_count: current?.payment_count ?? 0,
    difference_kurus: difference,
    note: body.note?.trim() || null,
    confirmed_by: actor.id,
    confirmed_by_name: actor.full_name,
    change_seq: seq as number,
  });
  const [confirmed] = await dayEndPeople(trx, tenantId, body.day, body.user_id);
  return {
    data: confirmed as DayEndPerson,
    statusCode: 201,
    entityId: body.id,
    audit: { params: { name: person.full_name, day: body.day, difference } },
  };
}
