import {
  type Expression,
  type Insertable,
  type Kysely,
  type RawBuilder,
  sql,
  type Transaction,
} from 'kysely';
import type { Movement, Payment, SyncedAccount } from '../../shared/api/accounts';
import type { LedgerEntry, MovementKind, PaymentMethod } from '../../shared/domain/account';
import type { StatementMovement } from '../../shared/domain/account-statement';
import type {
  AccountMovementRow,
  CustomerAccountRow,
  Database,
  DayEndsTable,
  NewAccountMovement,
  NewPayment,
  PaymentRow,
  StoredOpenItem,
} from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/** Statuses of an approved order whose amount is not in the balance yet (no invoice so far). */
const COMMITTED_STATUSES = ['approved', 'prepared', 'in_transit', 'out_for_delivery'] as const;

// ------------------------------------------------------------------------------ accounts ---

export interface AccountRecord {
  customer_id: string;
  due_days: number;
  credit_limit_kurus: number | null;
  balance_kurus: number;
  open_items: StoredOpenItem[];
  unapplied_kurus: number;
  portfolio_kurus: number;
  recent_payment_ids: string[];
  movement_count: number;
  last_movement_at: string | null;
  terms_version: number;
}

function toAccount(row: CustomerAccountRow): AccountRecord {
  return {
    customer_id: row.customer_id,
    due_days: row.due_days,
    credit_limit_kurus: row.credit_limit_kurus === null ? null : Number(row.credit_limit_kurus),
    balance_kurus: Number(row.balance_kurus),
    open_items: row.open_items,
    unapplied_kurus: Number(row.unapplied_kurus),
    portfolio_kurus: Number(row.portfolio_kurus),
    recent_payment_ids: row.recent_payment_ids,
    movement_count: row.movement_count,
    last_movement_at: row.last_movement_at?.toISOString() ?? null,
    terms_version: row.terms_version,
  };
}

/** A customer's account as stored, or the figures of one with no movements and no terms yet. */
export async function findAccount(
  db: Executor,
  tenantId: string,
  customerId: string,
): Promise<AccountRecord> {
  const row = await db
    .selectFrom('customer_accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row
    ? toAccount(row)
    : {
        customer_id: customerId,
        due_days: 0,
        credit_limit_kurus: null,
        balance_kurus: 0,
        open_items: [],
        unapplied_kurus: 0,
        portfolio_kurus: 0,
        recent_payment_ids: [],
        movement_count: 0,
        last_movement_at: null,
        terms_version: 0,
      };
}

/**
 * The customer's account row, made if missing, locked to the end of the transaction (one upsert):
 * writers of one customer's ledger then run one after another, so `seq` and the running balance
 * never fork. Taken before the tenant's change counter (the lock order of every writer).
 */
export async function lockAccount(trx: Trx, tenantId: string, customerId: string): Promise<AccountRecord> {
  const row = await trx
    .insertInto('customer_accounts')
    .values({ tenant_id: tenantId, customer_id: customerId })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'customer_id']).doUpdateSet({ due_days: sql`customer_accounts.due_days` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccount(row);
}

export interface AccountFigures {
  balance_kurus: number;
  open_items: StoredOpenItem[];
  unapplied_kurus: number;
  portfolio_kurus: number;
  recent_payment_ids: string[];
  movement_count: number;
}

export async function updateAccountFigures(
  trx: Trx,
  tenantId: string,
  customerId: string,
  figures: AccountFigures,
  changeSeq: number,
): Promise<void> {
  await trx
    .updateTable('customer_accounts')
    .set({
      ...figures,
      open_items: JSON.stringify(figures.open_items),
      recent_payment_ids: JSON.stringify(figures.recent_payment_ids),
      last_movement_at: new Date(),
      updated_at: new Date(),
      change_seq: changeSeq,
    })
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .execute();
}

export async function updateTerms(
  trx: Trx,
  tenantId: string,
  customerId: string,
  terms: { due_days: number; credit_limit_kurus: number | null },
  changeSeq: number,
): Promise<void> {
  await trx
    .updateTable('customer_accounts')
    .set({
      ...terms,
      terms_version: sql`terms_version + 1`,
      updated_at: new Date(),
      change_seq: changeSeq,
    })
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .execute();
}

// ----------------------------------------------------------------------------- movements ---

/** Every movement of a customer in posting order, as the settlement rules need them. */
export async function ledgerEntries(
  db: Executor,
  tenantId: string,
  customerId: string,
): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('account_movements')
    .select(['id', 'kind', 'amount_kurus', 'day', 'due_day', 'reverses', 'applies_to'])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as MovementKind,
    amount_kurus: Number(r.amount_kurus),
    day: r.day,
    due_day: r.due_day,
    reverses: r.reverses,
    applies_to: r.applies_to,
  }));
}

export async function insertMovements(trx: Trx, tenantId: string, rows: readonly NewAccountMovement[]) {
  if (rows.length === 0) return;
  await trx
    .insertInto('account_movements')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .execute();
}

function toMovement(row: AccountMovementRow): Movement {
  return {
    id: row.id,
    seq: row.seq,
    kind: row.kind as MovementKind,
    amount_kurus: Number(row.amount_kurus),
    balance_after_kurus: Number(row.balance_after_kurus),
    day: row.day,
    due_day: row.due_day,
    invoice_id: row.invoice_id,
    payment_id: row.payment_id,
    reverses: row.reverses,
    description: row.description,
    reason: row.reason,
    created_by_name: row.created_by_name,
    created_at: row.created_at.toISOString(),
  };
}

export async function findMovement(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<Movement | undefined> {
  const row = await db
    .selectFrom('account_movements')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toMovement(row) : undefined;
}

/** The movement that posted an invoice (or its cancellation), if any. */
export async function invoiceMovement(
  db: Executor,
  tenantId: string,
  invoiceId: string,
  kind: MovementKind,
): Promise<Movement | undefined> {
  const row = await db
    .selectFrom('account_movements')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? toMovement(row) : undefined;
}

/** The movements posting these invoices (sales invoices of the customer), by invoice id. */
export async function invoiceMovementIds(
  db: Executor,
  tenantId: string,
  customerId: string,
  invoiceIds: readonly string[],
): Promise<Map<string, string>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('account_movements')
    .select(['id', 'invoice_id'])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'sales_invoice')
    .where('invoice_id', 'in', [...invoiceIds])
    .execute();
  return new Map(rows.map((r) => [r.invoice_id as string, r.id]));
}

/** A page of a customer's movements, newest first. */
export async function listMovements(
  db: Executor,
  tenantId: string,
  customerId: string,
  page: number,
  limit: number,
): Promise<{ rows: Movement[]; total: number }> {
  const base = db
    .selectFrom('account_movements')
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toMovement), total: Number(count.n) };
}

// ------------------------------------------------------------------------------ payments ---

/** The next receipt number of the tenant's year: the row stays locked to the end of the transaction. */
export async function nextReceiptSequence(trx: Trx, tenantId: string, year: number): Promise<number> {
  const row = await trx
    .insertInto('receipt_sequences')
    .values({ tenant_id: tenantId, year, last: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'year']).doUpdateSet({ last: sql`receipt_sequences.last + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

export async function insertPayment(trx: Trx, row: NewPayment): Promise<void> {
  await trx.insertInto('payments').values(row).execute();
}

type PaymentWithName = PaymentRow & { customer_name: string };

function toPayment(row: PaymentWithName): Payment {
  return {
    id: row.id,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    order_id: row.order_id,
    method: row.method as PaymentMethod,
    amount_kurus: Number(row.amount_kurus),
    receipt_number: row.receipt_number,
    pos_slip_number: row.pos_slip_number,
    bank_reference: row.bank_reference,
    document_number: row.document_number,
    bank_name: row.bank_name,
    drawer_name: row.drawer_name,
    document_due_day: row.document_due_day,
    document_status: row.document_status as Payment['document_status'],
    applies_to: row.applies_to,
    note: row.note,
    taken_by: row.taken_by,
    taken_by_name: row.taken_by_name,
    taken_at: row.taken_at.toISOString(),
    day: row.day,
    received_at: row.received_at.toISOString(),
    reversed_at: row.reversed_at?.toISOString() ?? null,
    reversed_by_name: row.reversed_by_name,
    reverse_reason: row.reverse_reason,
    version: Number(row.change_seq),
  };
}

function paymentsWithNames(db: Executor, tenantId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('customers', (j) =>
      j
        .onRef('customers.tenant_id', '=', 'payments.tenant_id')
        .onRef('customers.id', '=', 'payments.customer_id'),
    )
    .selectAll('payments')
    .select('customers.full_name as customer_name')
    .where('payments.tenant_id', '=', tenantId);
}

export async function findPayment(
  db: Executor,
  tenantId: string,
  id: string,
  lock = false,
): Promise<Payment | undefined> {
  let query = paymentsWithNames(db, tenantId).where('payments.id', '=', id);
  if (lock) query = query.forUpdate('payments');
  const row = await query.executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

export async function markPaymentReversed(
  trx: Trx,
  tenantId: string,
  id: string,
  change: { by: string; byName: string; reason: string; returned: boolean; changeSeq: number },
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      reversed_at: new Date(),
      reversed_by: change.by,
      reversed_by_name: change.byName,
      reverse_reason: change.reason,
      ...(change.returned ? { document_status: 'returned' } : {}),
      updated_at: new Date(),
      change_seq: change.changeSeq,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** The cheques and notes of a customer still in the portfolio (not reversed, not collected). */
export async function portfolioKurus(db: Executor, tenantId: string, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount_kurus'), sql<number>`0`).as('sum'))
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('document_status', '=', 'portfolio')
    .where('reversed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

export interface PaymentFilter {
  customerId?: string | undefined;
  takenBy?: string | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
  /** A field role: only the payments they took. */
  onlyTakenBy?: string | undefined;
}

export async function listPayments(
  db: Executor,
  tenantId: string,
  filter: PaymentFilter,
  page: number,
  limit: number,
): Promise<{ rows: Payment[]; total: number }> {
  let base = paymentsWithNames(db, tenantId);
  if (filter.customerId) base = base.where('payments.customer_id', '=', filter.customerId);
  if (filter.takenBy) base = base.where('payments.taken_by', '=', filter.takenBy);
  if (filter.onlyTakenBy) base = base.where('payments.taken_by', '=', filter.onlyTakenBy);
  if (filter.fromDay) base = base.where('payments.day', '>=', filter.fromDay);
  if (filter.toDay) base = base.where('payments.day', '<=', filter.toDay);
  const [rows, count] = await Promise.all([
    base
      .orderBy('payments.taken_at', 'desc')
      .orderBy('payments.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toPayment), total: Number(count.n) };
}

// ------------------------------------------------------------------------------- context ---

export interface AccountCustomer {
  id: string;
  full_name: string;
  deleted: boolean;
}

export async function findCustomer(
  db: Executor,
  tenantId: string,
  customerId: string,
): Promise<AccountCustomer | undefined> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'full_name', 'deleted_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row ? { id: row.id, full_name: row.full_name, deleted: row.deleted_at !== null } : undefined;
}

/** Whether the customer has an order of this salesperson's (created) or this driver's (assigned). */
export async function isOwnCustomer(
  db: Executor,
  tenantId: string,
  user: { id: string; role: string },
  customerId: string,
): Promise<boolean> {
  const column = user.role === 'driver' ? 'driver_id' : 'salesperson_id';
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where(column, '=', user.id)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The order's customer, when the order exists in this tenant. */
export async function orderCustomer(
  db: Executor,
  tenantId: string,
  orderId: string,
): Promise<{ customer_id: string | null } | undefined> {
  return db
    .selectFrom('orders')
    .select('customer_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Issued sales invoices of this customer among `ids`. */
export async function customerSalesInvoices(
  db: Executor,
  tenantId: string,
  customerId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('invoices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('type', '=', 'SATIS')
    .where('status', '=', 'issued')
    .where(sql<string>`buyer->>'customer_id'`, '=', customerId)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The approved orders of a customer whose amount is not in the balance yet: approved and on the
 * way, or delivered without a standing sales invoice (`exceptOrderId`: the order being decided).
 */
export async function openOrdersKurus(
  db: Executor,
  tenantId: string,
  customerId: string,
  exceptOrderId?: string,
): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(round(orders.total_amount * 100)), 0)`.as('sum'))
    .where('orders.tenant_id', '=', tenantId)
    .where('orders.customer_id', '=', customerId)
    .where('orders.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('orders.status', 'in', [...COMMITTED_STATUSES]),
        eb.and([
          eb('orders.status', '=', 'delivered'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('invoices')
                .select('invoices.id')
                .whereRef('invoices.tenant_id', '=', 'orders.tenant_id')
                .whereRef('invoices.order_id', '=', 'orders.id')
                .where('invoices.type', '=', 'SATIS')
                .where('invoices.status', '=', 'issued'),
            ),
          ),
        ]),
      ]),
    );
  if (exceptOrderId) query = query.where('orders.id', '<>', exceptOrderId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** The company's time zone: its days are the ledger's days. */
export async function tenantTimeZone(db: Executor, tenantId: string): Promise<string> {
  const row = await db.selectFrom('tenants').select('timezone').where('id', '=', tenantId).executeTakeFirst();
  return row?.timezone ?? 'Europe/Istanbul';
}

/** The order's customer and amount in kuruş (the credit check of an approval). */
export async function orderForCredit(
  db: Executor,
  tenantId: string,
  orderId: string,
): Promise<
  { customer_id: string | null; order_number: string; customer_name: string; total_kurus: number } | undefined
> {
  const row = await db
    .selectFrom('orders')
    .select([
      'customer_id',
      'order_number',
      'customer_name',
      sql<string>`round(total_amount * 100)`.as('total_kurus'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row ? { ...row, total_kurus: Number(row.total_kurus) } : undefined;
}

/** What a receipt prints of its customer. */
export async function customerForReceipt(db: Executor, tenantId: string, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['full_name', 'company_name', 'tax_number', 'tax_office'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** Invoice numbers by id (the invoices a payment names), in the order given. */
export async function invoiceNumbers(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'invoice_number'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.invoice_number]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as string] : []));
}

export async function orderNumber(db: Executor, tenantId: string, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('order_number')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.order_number ?? null;
}

// ------------------------------------------------------------------------------- day-end ---

export interface DayCollection {
  user_id: string;
  user_name: string;
  role: string;
  method: PaymentMethod;
  total_kurus: number;
  count: number;
}

/** A day's payments (reversed ones left out) per person and method, of field roles. */
export async function dayCollections(
  db: Executor,
  tenantId: string,
  day: string,
  onlyUser?: string,
): Promise<DayCollection[]> {
  let query = db
    .selectFrom('payments')
    .innerJoin('users', (j) =>
      j.onRef('users.tenant_id', '=', 'payments.tenant_id').onRef('users.id', '=', 'payments.taken_by'),
    )
    .select([
      'payments.taken_by as user_id',
      'users.full_name as user_name',
      'users.role',
      'payments.method',
      sql<string>`sum(payments.amount_kurus)`.as('total'),
      sql<string>`count(*)`.as('n'),
    ])
    .where('payments.tenant_id', '=', tenantId)
    .where('payments.day', '=', day)
    .where('payments.reversed_at', 'is', null)
    .where('users.role', 'in', ['driver', 'salesperson'])
    .groupBy(['payments.taken_by', 'users.full_name', 'users.role', 'payments.method']);
  if (onlyUser) query = query.where('payments.taken_by', '=', onlyUser);
  const rows = await query.execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    user_name: r.user_name,
    role: r.role,
    method: r.method as PaymentMethod,
    total_kurus: Number(r.total),
    count: Number(r.n),
  }));
}

export async function dayEnds(db: Executor, tenantId: string, day: string, onlyUser?: string) {
  let query = db.selectFrom('day_ends').selectAll().where('tenant_id', '=', tenantId).where('day', '=', day);
  if (onlyUser) query = query.where('user_id', '=', onlyUser);
  return query.execute();
}

export async function findDayEnd(db: Executor, tenantId: string, id: string) {
  return db
    .selectFrom('day_ends')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertDayEnd(trx: Trx, row: Insertable<DayEndsTable>): Promise<void> {
  await trx.insertInto('day_ends').values(row).execute();
}

export async function findUser(db: Executor, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

// ------------------------------------------------------------------------------ sync feed ---

/**
 * Whose accounts and payments a caller's sync feed carries: admin and manager every one; a
 * salesperson or driver the accounts of the customers of their orders (the same rule as reading
 * an account, `isOwnCustomer`) and the payments they took; anyone else none.
 */
export type AccountFeedScope =
  | { kind: 'all' }
  | { kind: 'own'; column: 'salesperson_id' | 'driver_id'; userId: string }
  | { kind: 'none' };

/**
 * The change number of an account in a caller's feed. For admin and manager, the account's own.
 * For a field role it is the greater of the account's and of the newest change of their orders
 * of that customer: when a driver is given an order of a customer whose account has not changed
 * for months, the order's change number brings the account into their feed at the same moment
 * the order arrives (the order's number was taken in commit order, so the cursor rule holds).
 * No write has to touch the account row for that, so no writer takes locks out of order.
 */
function accountRows(tenantId: string, scope: AccountFeedScope): RawBuilder<unknown> {
  if (scope.kind === 'all') {
    return sql`SELECT a.*, a.change_seq AS n FROM customer_accounts a WHERE a.tenant_id = ${tenantId}`;
  }
  if (scope.kind === 'none') {
    return sql`SELECT a.*, a.change_seq AS n FROM customer_accounts a WHERE false`;
  }
  return sql`SELECT a.*, greatest(a.change_seq, mine.seq) AS n FROM customer_accounts a
    JOIN (SELECT customer_id, max(change_seq) AS seq FROM orders
          WHERE tenant_id = ${tenantId} AND deleted_at IS NULL AND ${sql.ref(scope.column)} = ${scope.userId}
            AND customer_id IS NOT NULL
          GROUP BY customer_id) mine ON mine.customer_id = a.customer_id
    WHERE a.tenant_id = ${tenantId}`;
}

/** The feed's change numbers of accounts after `after`, oldest first, at most `take`. */
export function accountChangeNumbers(
  tenantId: string,
  scope: AccountFeedScope,
  after: number,
  take: number,
): RawBuilder<unknown> {
  return sql`(SELECT x.n AS change_seq FROM (${accountRows(tenantId, scope)}) x
    WHERE x.n > ${after} ORDER BY x.n LIMIT ${take})`;
}

/** The newest change number of an account in the feed after `after`, or null. */
export function newestAccountChange(
  tenantId: string,
  scope: AccountFeedScope,
  after: number,
): RawBuilder<number | null> {
  return sql<number | null>`(SELECT x.n FROM (${accountRows(tenantId, scope)}) x
    WHERE x.n > ${after} ORDER BY x.n DESC LIMIT 1)`;
}

/**
 * The accounts of the feed with after < number <= upTo, oldest first, as one JSON array text of
 * `[customer_id, number, row]` (the rows are small; they travel whole, with no second read).
 */
export function changedAccountsJson(
  tenantId: string,
  scope: AccountFeedScope,
  after: number,
  upTo: Expression<number | null>,
): RawBuilder<string> {
  return sql<string>`(SELECT coalesce(json_agg(json_build_array(x.customer_id, x.n, json_build_object(
        'balance_kurus', x.balance_kurus, 'due_days', x.due_days, 'credit_limit_kurus', x.credit_limit_kurus,
        'open_items', x.open_items, 'recent_payment_ids', x.recent_payment_ids, 'unapplied_kurus', x.unapplied_kurus, 'portfolio_kurus', x.portfolio_kurus,
        'movement_count', x.movement_count, 'last_movement_at', x.last_movement_at,
        'terms_version', x.terms_version, 'updated_at', x.updated_at)) ORDER BY x.n), '[]')::text
    FROM (${accountRows(tenantId, scope)}) x WHERE x.n > ${after} AND x.n <= ${upTo})`;
}

/** A changed account of the feed's JSON (see changedAccountsJson) in its wire form. */
export function parseChangedAccounts(text: string): SyncedAccount[] {
  const rows = JSON.parse(text) as [string, number, Record<string, unknown>][];
  const instant = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());
  return rows.map(([id, , r]) => ({
    id,
    balance_kurus: Number(r.balance_kurus),
    due_days: Number(r.due_days),
    credit_limit_kurus: r.credit_limit_kurus == null ? null : Number(r.credit_limit_kurus),
    open_items: (r.open_items as StoredOpenItem[]).map((i) => ({
      id: i.id,
      due_day: i.due_day,
      open_kurus: Number(i.open_kurus),
    })),
    unapplied_kurus: Number(r.unapplied_kurus),
    portfolio_kurus: Number(r.portfolio_kurus),
    recent_payment_ids: r.recent_payment_ids as string[],
    movement_count: Number(r.movement_count),
    last_movement_at: instant(r.last_movement_at),
    terms_version: Number(r.terms_version),
    updated_at: instant(r.updated_at) as string,
  }));
}

/** Payments by id, with their customer's name (the feed's rows; `change_seq` for its check). */
export async function findPaymentsByIds(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<(Payment & { change_seq: number })[]> {
  if (ids.length === 0) return [];
  const rows = await paymentsWithNames(db, tenantId)
    .where('payments.id', 'in', [...ids])
    .execute();
  return rows.map((row) => ({ ...toPayment(row), change_seq: Number(row.change_seq) }));
}

// ----------------------------------------------------------------------------- statement ---

/** The balance brought forward to `fromDay`: every movement of the customer dated before it. */
export async function balanceBefore(
  db: Executor,
  tenantId: string,
  customerId: string,
  fromDay: string,
): Promise<number> {
  const row = await db
    .selectFrom('account_movements')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount_kurus'), sql<number>`0`).as('sum'))
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('day', '<', fromDay)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** The movements dated `fromDay`–`toDay` (inclusive) in day, then ledger order; at most `limit`. */
export async function movementsBetween(
  db: Executor,
  tenantId: string,
  customerId: string,
  fromDay: string,
  toDay: string,
  limit: number,
): Promise<StatementMovement[]> {
  const rows = await db
    .selectFrom('account_movements')
    .select(['id', 'seq', 'kind', 'amount_kurus', 'day', 'due_day', 'description', 'reason'])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    kind: r.kind as MovementKind,
    amount_kurus: Number(r.amount_kurus),
    day: r.day,
    due_day: r.due_day,
    description: r.description,
    reason: r.reason,
  }));
}

/** What a statement prints of its customer. */
export async function customerForStatement(db: Executor, tenantId: string, customerId: string) {
  return db
    .selectFrom('customers')
    .select([
      'customer_number',
      'full_name',
      'company_name',
      'tax_number',
      'tax_office',
      'address',
      'city',
      'phone',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
}
