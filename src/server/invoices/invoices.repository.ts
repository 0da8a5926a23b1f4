import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Invoice } from '../../shared/api/invoices';
import type { Database, InvoicesTable } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';

type Executor = Kysely<Database> | Transaction<Database>;

/** An invoice as stored, with what the wire leaves out. */
export interface InvoiceRecord extends Omit<Invoice, 'version' | 'pending_sync' | 'invoice_number'> {
  /** Always set on the server (only a device's optimistic copy waits for one). */
  invoice_number: string;
  change_seq: number;
  deleted: boolean;
  created_by: string | null;
}

const COLUMNS = [
  'id',
  'invoice_number',
  'ettn',
  'type',
  'status',
  'profile',
  'order_id',
  'order_number',
  'salesperson_id',
  'original_invoice_id',
  'original_invoice_number',
  'issued_at',
  'seller',
  'buyer',
  'lines',
  'rate_totals',
  'net_total_kurus',
  'vat_total_kurus',
  'gross_total_kurus',
  'amount_in_words',
  'cancel_reason',
  'cancelled_at',
  'cancelled_by_name',
  'created_by',
  'created_by_name',
  'created_at',
  'updated_at',
  'deleted_at',
  'change_seq',
] as const;

type SelectedRow = {
  [K in (typeof COLUMNS)[number]]: InvoicesTable[K] extends { __select__: infer S } ? S : InvoicesTable[K];
};

/** jsonb comes back parsed on both drivers; a text (an older driver setting) is parsed here. */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toRecord(row: SelectedRow): InvoiceRecord {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    ettn: row.ettn,
    type: row.type as Invoice['type'],
    status: row.status as Invoice['status'],
    profile: row.profile as Invoice['profile'],
    order_id: row.order_id,
    order_number: row.order_number,
    salesperson_id: row.salesperson_id,
    original_invoice_id: row.original_invoice_id,
    original_invoice_number: row.original_invoice_number,
    issued_at: new Date(row.issued_at).toISOString(),
    currency: 'TRY',
    seller: json(row.seller),
    buyer: json(row.buyer),
    lines: json(row.lines),
    rate_totals: json(row.rate_totals),
    net_total_kurus: Number(row.net_total_kurus),
    vat_total_kurus: Number(row.vat_total_kurus),
    gross_total_kurus: Number(row.gross_total_kurus),
    amount_in_words: row.amount_in_words,
    cancel_reason: row.cancel_reason,
    cancelled_at: row.cancelled_at === null ? null : new Date(row.cancelled_at).toISOString(),
    cancelled_by_name: row.cancelled_by_name,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    change_seq: Number(row.change_seq),
    deleted: row.deleted_at !== null,
  };
}

/** The wire form: the change number is the version an edit names. */
export function toWireInvoice(record: InvoiceRecord): Invoice {
  const { change_seq, deleted: _deleted, created_by: _by, ...invoice } = record;
  return { ...invoice, version: change_seq };
}

export async function findInvoicesByIds(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<InvoiceRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('invoices')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toRecord);
}

export async function findInvoice(
  db: Executor,
  tenantId: string,
  id: string,
  lock = false,
): Promise<InvoiceRecord | undefined> {
  let query = db
    .selectFrom('invoices')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The order's invoice of this type (a sale: at most one; a return: the one of the sale). */
export async function findOrderInvoice(
  db: Executor,
  tenantId: string,
  orderId: string,
  type: Invoice['type'],
  status?: Invoice['status'],
): Promise<InvoiceRecord | undefined> {
  let query = db
    .selectFrom('invoices')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('type', '=', type);
  if (status) query = query.where('status', '=', status);
  const row = await query.orderBy('issued_at', 'desc').executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The return invoice (IADE) of a sales invoice, if any (at most one per sale). */
export async function findReturnInvoice(
  db: Executor,
  tenantId: string,
  saleId: string,
): Promise<InvoiceRecord | undefined> {
  const row = await db
    .selectFrom('invoices')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'IADE')
    .where('original_invoice_id', '=', saleId)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * The next number of the tenant's sequence of `year`: one upsert that creates the year's row or
 * adds one to it and returns the new value. The row stays locked until the calling transaction
 * ends, so concurrent issues of a tenant take their numbers one after another, and a transaction
 * that rolls back (or a server that dies before COMMIT) takes its number back with it: no gap.
 */
export async function nextInvoiceSequence(
  trx: Transaction<Database>,
  tenantId: string,
  year: number,
): Promise<number> {
  const row = await trx
    .insertInto('invoice_sequences')
    .values({ tenant_id: tenantId, year, last: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'year']).doUpdateSet({ last: sql`invoice_sequences.last + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

export interface NewInvoiceRow extends Omit<InvoiceRecord, 'deleted' | 'currency' | 'change_seq'> {
  change_seq: number;
}

export async function insertInvoice(
  trx: Transaction<Database>,
  tenantId: string,
  row: NewInvoiceRow,
): Promise<void> {
  await trx
    .insertInto('invoices')
    .values({
      ...row,
      tenant_id: tenantId,
      seller: JSON.stringify(row.seller),
      buyer: JSON.stringify(row.buyer),
      lines: JSON.stringify(row.lines),
      rate_totals: JSON.stringify(row.rate_totals),
    })
    .execute();
}

export async function markCancelled(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  change: { reason: string; by: string; byName: string; at: Date; changeSeq: number },
): Promise<void> {
  await trx
    .updateTable('invoices')
    .set({
      status: 'cancelled',
      cancel_reason: change.reason,
      cancelled_at: change.at,
      cancelled_by: change.by,
      cancelled_by_name: change.byName,
      updated_at: change.at,
      change_seq: change.changeSeq,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export interface InvoiceListOptions {
  search?: string | undefined;
  status?: Invoice['status'] | undefined;
  type?: Invoice['type'] | undefined;
  /** Issued at or after (inclusive) / before (exclusive), UTC instants. */
  from?: Date | undefined;
  before?: Date | undefined;
  /** Only the invoices of this salesperson's orders. */
  salespersonId?: string | undefined;
  page: number;
  limit: number;
}

function listConditions(
  tenantId: string,
  options: Omit<InvoiceListOptions, 'page' | 'limit'>,
): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`tenant_id = ${tenantId}`, sql`deleted_at IS NULL`];
  if (options.search) parts.push(sql`search_text LIKE tr_fold(${containsPattern(options.search)})`);
  if (options.status) parts.push(sql`status = ${options.status}`);
  if (options.type) parts.push(sql`type = ${options.type}`);
  if (options.from) parts.push(sql`issued_at >= ${options.from}`);
  if (options.before) parts.push(sql`issued_at < ${options.before}`);
  if (options.salespersonId) parts.push(sql`salesperson_id = ${options.salespersonId}`);
  return sql<boolean>`${sql.join(parts, sql` AND `)}`;
}

/** GET /invoices: newest first (then id), one page, with the total count. */
export async function listInvoices(
  db: Executor,
  tenantId: string,
  options: InvoiceListOptions,
): Promise<{ records: InvoiceRecord[]; total: number }> {
  const where = listConditions(tenantId, options);
  const rows = await db
    .selectFrom('invoices')
    .select(COLUMNS)
    .where(where)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  const total = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  return { records: rows.map(toRecord), total: Number(total.n) };
}

/** The export's invoices of a period, by number, at most `max` (the caller refuses more). */
export async function periodInvoices(
  db: Executor,
  tenantId: string,
  from: Date,
  before: Date,
  salespersonId: string | undefined,
  max: number,
): Promise<InvoiceRecord[]> {
  const rows = await db
    .selectFrom('invoices')
    .select(COLUMNS)
    .where(listConditions(tenantId, { from, before, salespersonId }))
    .orderBy('invoice_number')
    .limit(max)
    .execute();
  return rows.map(toRecord);
}

// ------------------------------------------------------------ what an invoice is made from ---

/** The order an invoice is issued from, locked (one issue of an order at a time). */
export interface InvoiceOrder {
  id: string;
  order_number: string;
  status: string;
  customer_id: string | null;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  customer_address: string | null;
  total_amount: string;
  salesperson_id: string | null;
  change_seq: number;
  deleted: boolean;
}

export async function lockInvoiceOrder(
  trx: Transaction<Database>,
  tenantId: string,
  orderId: string,
): Promise<InvoiceOrder | undefined> {
  const row = await trx
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'customer_id',
      'customer_name',
      'customer_phone',
      'customer_email',
      'customer_address',
      'total_amount',
      'salesperson_id',
      'change_seq',
      'deleted_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const { deleted_at, ...order } = row;
  return { ...order, change_seq: Number(order.change_seq), deleted: deleted_at !== null };
}

export interface InvoiceOrderItem {
  position: number;
  product_id: string | null;
  product_name: string;
  product_code: string | null;
  quantity: number;
  unit_price: string;
  total_price: string;
  vat_rate: number | null;
}

export async function orderItemsForInvoice(
  db: Executor,
  tenantId: string,
  orderId: string,
): Promise<InvoiceOrderItem[]> {
  return db
    .selectFrom('order_items as i')
    .leftJoin('products as p', (join) =>
      join.onRef('p.tenant_id', '=', 'i.tenant_id').onRef('p.id', '=', 'i.product_id'),
    )
    .select([
      'i.position',
      'i.product_id',
      'i.product_name',
      'p.product_code',
      'i.quantity',
      'i.unit_price',
      'i.total_price',
      'i.vat_rate',
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
}

export async function customerForInvoice(db: Executor, tenantId: string, customerId: string) {
  return db
    .selectFrom('customers')
    .select([
      'id',
      'full_name',
      'company_name',
      'phone',
      'email',
      'address',
      'city',
      'tax_office',
      'tax_number',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** The company profile and the invoice settings of a tenant. */
export async function invoiceSettings(db: Executor, tenantId: string) {
  return db
    .selectFrom('tenants')
    .select([
      'company_name',
      'legal_name',
      'tax_number',
      'tax_office',
      'address',
      'phone',
      'email',
      'website',
      'logo_url',
      'timezone',
      'invoice_number_prefix',
      'invoice_profile',
      'auto_invoice_on_delivery',
    ])
    .where('id', '=', tenantId)
    .executeTakeFirst();
}

export type InvoiceSettingsRow = NonNullable<Awaited<ReturnType<typeof invoiceSettings>>>;

/** The tenant row's invoice settings and settings version, locked for an edit when `lock`. */
export async function findInvoiceSettings(db: Executor, tenantId: string, lock = false) {
  let query = db
    .selectFrom('tenants')
    .select(['invoice_number_prefix', 'invoice_profile', 'auto_invoice_on_delivery', 'settings_version'])
    .where('id', '=', tenantId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateInvoiceSettings(
  trx: Transaction<Database>,
  tenantId: string,
  patch: { invoice_number_prefix?: string; invoice_profile?: string; auto_invoice_on_delivery?: boolean },
  at: Date,
): Promise<void> {
  await trx
    .updateTable('tenants')
    .set((eb) => ({ ...patch, settings_version: eb('settings_version', '+', 1), updated_at: at }))
    .where('id', '=', tenantId)
    .execute();
}
