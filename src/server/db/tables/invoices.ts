import type { ColumnType } from 'kysely';
import type {
  InvoiceBuyer,
  InvoiceLine,
  InvoiceRateTotal,
  InvoiceSeller,
} from '../../../shared/api/invoices';
import type { Int8, Json, NullableTimestamp, Timestamp } from '../column-types';

/** An issued invoice (migration 0027): snapshots as jsonb, amounts in kuruş; only the status changes. */
export interface InvoicesTable {
  tenant_id: string;
  id: string;
  invoice_number: string;
  ettn: string;
  type: string; // SATIS | IADE
  status: ColumnType<string, string | undefined, string>; // issued | cancelled
  profile: string; // EARSIVFATURA | TICARIFATURA | TEMELFATURA
  order_id: string;
  order_number: string;
  salesperson_id: string | null;
  original_invoice_id: string | null;
  original_invoice_number: string | null;
  issued_at: Timestamp;
  seller: Json<InvoiceSeller>;
  buyer: Json<InvoiceBuyer>;
  lines: Json<InvoiceLine[]>;
  rate_totals: Json<InvoiceRateTotal[]>;
  net_total_kurus: Int8;
  vat_total_kurus: Int8;
  gross_total_kurus: Int8;
  amount_in_words: string;
  cancel_reason: string | null;
  cancelled_at: NullableTimestamp;
  cancelled_by: string | null;
  cancelled_by_name: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  change_seq: Int8;
  /** Generated: number, order number, buyer name, company and tax number, Turkish-folded. */
  search_text: ColumnType<string, never, never>;
}

/** The last invoice sequence used per tenant and year (gap-free numbering). */
export interface InvoiceSequencesTable {
  tenant_id: string;
  year: number;
  last: number;
}
