import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../column-types';

/** A company's sign-up, reviewed by the platform's admins (stored under the platform tenant). */
export interface CompanyRegistrationsTable {
  tenant_id: string; // the platform tenant that reviews it
  id: string;
  company_name: string;
  industry: string | null;
  contact_person_name: string;
  contact_person_email: string;
  contact_person_phone: string | null;
  subdomain: string;
  subscription_plan: string;
  status: Generated<string>; // pending | approved | rejected | suspended
  email_verified: Generated<boolean>;
  address_street: string | null;
  address_city: string | null;
  address_state: string | null;
  address_country: string | null;
  /** What the company's invoices print (migration 0028); null on registrations made before. */
  legal_name: string | null;
  tax_number: string | null;
  tax_office: string | null;
  reason: string | null;
  /** SHA-256 of the e-mail verification link's token (migration 0024); null once used. */
  verify_token_hash: string | null;
  verify_expires_at: NullableTimestamp;
  /** The last decision (approve, reject, suspend): when and by whom (migration 0024). */
  decided_at: NullableTimestamp;
  decided_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
