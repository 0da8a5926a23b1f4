import { type Kysely, sql } from 'kysely';
import { defaultInvoicePrefix } from '../../../shared/domain/invoice';

/**
 * Invoices (e-Arşiv-style sales invoices issued from delivered orders, and return invoices).
 *
 * 1. `invoices`: one row per issued invoice. What was printed never changes: the seller, the buyer,
 *    the lines and the per-rate totals are snapshots (jsonb) taken when it was issued; only the
 *    status (issued → cancelled) and the cancel fields change. A synced table like the others:
 *    `change_seq` from the tenant's counter (it is also the version an edit names), `deleted_at`
 *    for the feed's removals (an invoice is never deleted; the column keeps the feed's shape).
 *    - UNIQUE (tenant_id, invoice_number): a number is used once, a cancelled invoice keeps it.
 *    - UNIQUE (tenant_id, order_id) WHERE type = 'SATIS' AND status = 'issued': one standing
 *      sales invoice per order, whatever device or replay asks for a second one; a cancelled one
 *      (wrong buyer details, say) does not stand in the way of its replacement.
 *    - UNIQUE (tenant_id, original_invoice_id) WHERE type = 'IADE': one return invoice per sale.
 *    - `salesperson_id`: the order's salesperson, copied so the feed can show a salesperson the
 *      invoices of their own orders without a join.
 *    - `search_text`: number, order number, buyer name, company and tax number, Turkish-folded.
 * 2. `invoice_sequences`: the last number used per tenant and year. Taken with an upsert that
 *    locks the row in the transaction inserting the invoice, so numbers run without gaps (a
 *    rolled-back or crashed issue rolls its increment back too) and never twice.
 * 3. Tenant settings: `invoice_number_prefix` (3 characters A–Z 0–9; existing tenants get the
 *    default from their company name), `invoice_profile` for buyers with a VKN (TICARIFATURA or
 *    TEMELFATURA) and `auto_invoice_on_delivery`.
 * 4. The live channel's announcement of a changed invoice: {"t","s","k":"i","p": salesperson}
 *    (admin and manager hear every one, a salesperson those of their own orders).
 */
const UP = [
  `ALTER TABLE tenants ADD COLUMN invoice_number_prefix text NOT NULL DEFAULT 'FTR'
     CHECK (invoice_number_prefix ~ '^[A-Z0-9]{3}$')`,
  `ALTER TABLE tenants ADD COLUMN invoice_profile text NOT NULL DEFAULT 'TEMELFATURA'
     CHECK (invoice_profile IN ('TICARIFATURA', 'TEMELFATURA'))`,
  'ALTER TABLE tenants ADD COLUMN auto_invoice_on_delivery boolean NOT NULL DEFAULT false',
  `CREATE TABLE invoice_sequences (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    year integer NOT NULL CHECK (year BETWEEN 1000 AND 9999),
    last integer NOT NULL CHECK (last BETWEEN 0 AND 999999999),
    PRIMARY KEY (tenant_id, year)
  )`,
  `CREATE TABLE invoices (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    invoice_number text NOT NULL CHECK (invoice_number ~ '^[A-Z0-9]{3}[0-9]{13}$'),
    ettn uuid NOT NULL,
    type text NOT NULL CHECK (type IN ('SATIS', 'IADE')),
    status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'cancelled')),
    profile text NOT NULL CHECK (profile IN ('EARSIVFATURA', 'TICARIFATURA', 'TEMELFATURA')),
    order_id uuid NOT NULL,
    order_number text NOT NULL,
    salesperson_id uuid,
    original_invoice_id uuid,
    original_invoice_number text,
    issued_at timestamptz NOT NULL,
    seller jsonb NOT NULL,
    buyer jsonb NOT NULL,
    lines jsonb NOT NULL,
    rate_totals jsonb NOT NULL,
    net_total_kurus bigint NOT NULL,
    vat_total_kurus bigint NOT NULL,
    gross_total_kurus bigint NOT NULL,
    amount_in_words text NOT NULL,
    cancel_reason text,
    cancelled_at timestamptz,
    cancelled_by uuid,
    cancelled_by_name text,
    created_by uuid,
    created_by_name text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    change_seq bigint NOT NULL,
    search_text text GENERATED ALWAYS AS (tr_fold(
      invoice_number || ' ' || order_number || ' ' || coalesce(buyer->>'name', '') || ' ' ||
      coalesce(buyer->>'company_name', '') || ' ' || coalesce(buyer->>'tax_number', ''))) STORED,
    PRIMARY KEY (tenant_id, id),
    CHECK (net_total_kurus + vat_total_kurus = gross_total_kurus),
    CHECK ((type = 'IADE') = (original_invoice_id IS NOT NULL))
  )`,
  'CREATE UNIQUE INDEX invoices_number_key ON invoices (tenant_id, invoice_number)',
  `CREATE UNIQUE INDEX invoices_sale_per_order_key ON invoices (tenant_id, order_id)
     WHERE type = 'SATIS' AND status = 'issued'`,
  `CREATE UNIQUE INDEX invoices_return_per_sale_key ON invoices (tenant_id, original_invoice_id)
     WHERE type = 'IADE'`,
  'CREATE INDEX invoices_change_seq_idx ON invoices (tenant_id, change_seq)',
  'CREATE INDEX invoices_issued_idx ON invoices (tenant_id, issued_at DESC, id)',
  'CREATE INDEX invoices_order_idx ON invoices (tenant_id, order_id)',
  `CREATE FUNCTION announce_invoice_change() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'UPDATE' AND NEW.change_seq IS NOT DISTINCT FROM OLD.change_seq THEN RETURN NULL; END IF;
     PERFORM pg_notify('sys_changes', json_build_object(
       't', NEW.tenant_id, 's', NEW.change_seq, 'k', 'i', 'p', NEW.salesperson_id)::text);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER invoices_announce AFTER INSERT OR UPDATE ON invoices
   FOR EACH ROW EXECUTE FUNCTION announce_invoice_change()`,
];

const DOWN = [
  'DROP TRIGGER IF EXISTS invoices_announce ON invoices',
  'DROP FUNCTION IF EXISTS announce_invoice_change()',
  'DROP TABLE IF EXISTS invoices',
  'DROP TABLE IF EXISTS invoice_sequences',
  'ALTER TABLE tenants DROP COLUMN IF EXISTS auto_invoice_on_delivery',
  'ALTER TABLE tenants DROP COLUMN IF EXISTS invoice_profile',
  'ALTER TABLE tenants DROP COLUMN IF EXISTS invoice_number_prefix',
];

export async function up0027(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
  // Existing tenants: the prefix from their company name (a new tenant's is set when it is made,
  // else it keeps 'FTR' until an admin changes it).
  const { rows } = await sql<{
    id: string;
    company_name: string;
  }>`SELECT id, company_name FROM tenants`.execute(db);
  for (const tenant of rows) {
    await sql`UPDATE tenants SET invoice_number_prefix = ${defaultInvoicePrefix(tenant.company_name)}
      WHERE id = ${tenant.id}`.execute(db);
  }
}

export async function down0027(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
