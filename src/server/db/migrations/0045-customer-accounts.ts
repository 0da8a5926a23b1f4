import { type Kysely, sql } from 'kysely';

/**
 * Customer accounts (cari hesap) and payments (tahsilat).
 *
 * 1. `customer_accounts`: one row per customer that has terms or movements — the payment terms
 *    (`due_days`), the risk limit (`credit_limit_kurus`, null = none), and what the ledger sums
 *    to, kept in the transaction that adds a movement: the balance, the unpaid debits after FIFO
 *    settlement (`open_items`: [{id, due_day, open_kurus}], what ageing needs on any day), the
 *    unapplied credit and the cheques/notes still in the portfolio. Separate from `customers` so
 *    a payment never changes the version a customer edit names. `change_seq` for the sync feed,
 *    `terms_version` for the terms edit.
 * 2. `account_movements`: the ledger, only ever added to. `seq` numbers a customer's movements in
 *    posting order (the statement's order and its running balance `balance_after_kurus`). A
 *    reversal names what it undoes (`reverses`, at most one reversal per movement); an invoice is
 *    posted once and cancelled once (unique per invoice and kind).
 * 3. `payments`: a payment taken, with the id its device made (exactly once), the receipt number
 *    the server assigns (gap-free per tenant and year, `receipt_sequences`), the method's details,
 *    who took it and when (device time `taken_at`, the company's day `day`, server time
 *    `received_at`), and its reversal. Days are calendar days in the company's zone, stored as
 *    'YYYY-MM-DD' text (both drivers read it the same; a date column would come back as a local
 *    midnight Date on one of them). Cheques and notes carry `document_status`.
 */
const KINDS = `'opening_balance', 'sales_invoice', 'return_invoice', 'invoice_cancellation', 'payment',
  'payment_reversal', 'cheque_returned', 'refund', 'adjustment'`;

const UP = [
  `CREATE TABLE customer_accounts (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    customer_id uuid NOT NULL,
    due_days integer NOT NULL DEFAULT 0 CHECK (due_days BETWEEN 0 AND 365),
    credit_limit_kurus bigint CHECK (credit_limit_kurus >= 0),
    balance_kurus bigint NOT NULL DEFAULT 0,
    open_items jsonb NOT NULL DEFAULT '[]',
    unapplied_kurus bigint NOT NULL DEFAULT 0 CHECK (unapplied_kurus >= 0),
    portfolio_kurus bigint NOT NULL DEFAULT 0 CHECK (portfolio_kurus >= 0),
    movement_count integer NOT NULL DEFAULT 0,
    last_movement_at timestamptz,
    terms_version integer NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    change_seq bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, customer_id),
    FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
  )`,
  'CREATE INDEX customer_accounts_change_seq_idx ON customer_accounts (tenant_id, change_seq)',
  'CREATE INDEX customer_accounts_balance_idx ON customer_accounts (tenant_id, balance_kurus DESC)',
  `CREATE TABLE account_movements (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    customer_id uuid NOT NULL,
    seq integer NOT NULL CHECK (seq > 0),
    kind text NOT NULL CHECK (kind IN (${KINDS})),
    amount_kurus bigint NOT NULL CHECK (amount_kurus <> 0),
    balance_after_kurus bigint NOT NULL,
    day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    due_day text CHECK (due_day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    invoice_id uuid,
    payment_id uuid,
    reverses uuid,
    applies_to jsonb NOT NULL DEFAULT '[]',
    description text NOT NULL DEFAULT '',
    reason text,
    created_by uuid,
    created_by_name text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
  )`,
  'CREATE UNIQUE INDEX account_movements_seq_key ON account_movements (tenant_id, customer_id, seq)',
  `CREATE UNIQUE INDEX account_movements_reversal_key ON account_movements (tenant_id, reverses)
     WHERE reverses IS NOT NULL`,
  `CREATE UNIQUE INDEX account_movements_invoice_key ON account_movements (tenant_id, invoice_id, kind)
     WHERE invoice_id IS NOT NULL`,
  `CREATE UNIQUE INDEX account_movements_payment_key ON account_movements (tenant_id, payment_id, kind)
     WHERE payment_id IS NOT NULL`,
  'CREATE INDEX account_movements_day_idx ON account_movements (tenant_id, customer_id, day)',
  `CREATE TABLE receipt_sequences (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    year integer NOT NULL CHECK (year BETWEEN 1000 AND 9999),
    last integer NOT NULL CHECK (last BETWEEN 0 AND 999999999),
    PRIMARY KEY (tenant_id, year)
  )`,
  `CREATE TABLE payments (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    customer_id uuid NOT NULL,
    order_id uuid,
    method text NOT NULL CHECK (method IN ('cash', 'card', 'transfer', 'cheque', 'promissory_note')),
    amount_kurus bigint NOT NULL CHECK (amount_kurus > 0),
    receipt_number text NOT NULL CHECK (receipt_number ~ '^THS[0-9]{13}$'),
    pos_slip_number text,
    bank_reference text,
    document_number text,
    bank_name text,
    drawer_name text,
    document_due_day text CHECK (document_due_day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    document_status text CHECK (document_status IN ('portfolio', 'collected', 'returned')),
    applies_to jsonb NOT NULL DEFAULT '[]',
    note text,
    taken_by uuid NOT NULL,
    taken_by_name text NOT NULL,
    taken_at timestamptz NOT NULL,
    day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    received_at timestamptz NOT NULL DEFAULT now(),
    reversed_at timestamptz,
    reversed_by uuid,
    reversed_by_name text,
    reverse_reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    change_seq bigint NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE,
    CHECK ((method IN ('cheque', 'promissory_note')) = (document_status IS NOT NULL))
  )`,
  'CREATE UNIQUE INDEX payments_receipt_key ON payments (tenant_id, receipt_number)',
  'CREATE INDEX payments_day_idx ON payments (tenant_id, day, taken_by)',
  'CREATE INDEX payments_customer_idx ON payments (tenant_id, customer_id, taken_at DESC)',
  'CREATE INDEX payments_change_seq_idx ON payments (tenant_id, change_seq)',
];

const DOWN = [
  'DROP TABLE IF EXISTS payments',
  'DROP TABLE IF EXISTS receipt_sequences',
  'DROP TABLE IF EXISTS account_movements',
  'DROP TABLE IF EXISTS customer_accounts',
];

export async function up0045(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0045(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
