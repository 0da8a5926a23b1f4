import type { ColumnType, Selectable } from 'kysely';
import type { Int8, NullableTimestamp, Timestamp } from '../column-types';

export interface CustomersTable {
  tenant_id: string;
  id: string;
  customer_number: string;
  full_name: string;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  tax_office: ColumnType<string | null, string | null | undefined, string | null>;
  /** A VKN (10 digits) or TCKN (11 digits) with valid check digits. */
  tax_number: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Generated: the searchable fields, Turkish-folded (tr_fold). */
  search_text: ColumnType<string, never, never>;
  /** Generated: the phone's last 10 digits (duplicate check). */
  phone_key: ColumnType<string | null, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  change_seq: Int8;
}

export type CustomerRow = Selectable<CustomersTable>;
