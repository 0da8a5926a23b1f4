import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../column-types';

export interface TenantsTable {
  id: string; // slug, e.g. 'demo'
  company_name: string;
  /** Names the tenant's history of change numbers (migration 0002). */
  sync_epoch: Generated<string>;
  /** Created by the demo seed: demo mode is on only for a database holding such a tenant (migration 0011). */
  demo_data: Generated<boolean>;
  subdomain: string;
  full_domain: string | null;
  subscription_plan: string; // free | basic | pro | enterprise
  is_active: Generated<boolean>;
  dns_status: Generated<string>; // active | inactive | error | pending
  /** When the resolver was last asked for the tenant's host (null: never; migration 0040). */
  dns_checked_at: NullableTimestamp;
  // branding
  logo_url: string | null;
  primary_color: Generated<string>;
  secondary_color: Generated<string>;
  company_description: string | null;
  // settings (spec: tenant settings)
  timezone: Generated<string>;
  currency: Generated<string>;
  language: Generated<string>;
  order_number_prefix: Generated<string>;
  customer_number_prefix: Generated<string>;
  // company profile (admin "Şirket Bilgileri")
  legal_name: string | null;
  tax_number: string | null;
  tax_office: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** The company profile's version: every applied edit adds one; an edit names the one it saw (migration 0017). */
  company_version: Generated<number>;
  // system settings (admin "Sistem Ayarları")
  system_name: Generated<string>;
  system_version: Generated<string>;
  maintenance_mode: Generated<boolean>;
  registration_enabled: Generated<boolean>;
  session_timeout: Generated<number>; // minutes, 5-1440
  max_login_attempts: Generated<number>; // 3-10
  password_min_length: Generated<number>; // 6-20
  require_strong_password: Generated<boolean>;
  email_notifications: Generated<boolean>;
  sms_notifications: Generated<boolean>;
  backup_frequency: Generated<string>; // daily | weekly | monthly
  backup_retention_days: Generated<number>; // 7-365
  default_language: Generated<string>; // tr | en | de | fr (migration 0019)
  default_timezone: Generated<string>;
  /** Named by an edit of the system settings (expected_version); +1 on every change. */
  settings_version: Generated<number>;
  /** Days a one-time password stays usable, 1-90 (migration 0031). */
  temp_password_days: Generated<number>;
  // invoices (migration 0027)
  /** 3 characters A–Z 0–9 opening every invoice number; from the company name when the tenant is made. */
  invoice_number_prefix: Generated<string>;
  /** ProfileID for a buyer with a VKN: TICARIFATURA | TEMELFATURA (a buyer without one: EARSIVFATURA). */
  invoice_profile: Generated<string>;
  /** Issue the sales invoice in the same transaction as the delivery. */
  auto_invoice_on_delivery: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TenantCountersTable {
  tenant_id: string;
  change_seq: ColumnType<number, number | undefined, number>;
  order_seq: ColumnType<number, number | undefined, number>;
  customer_seq: ColumnType<number, number | undefined, number>;
}

/** The company logo's bytes, once per content (sha256) per tenant (migration 0017). */
export interface TenantLogosTable {
  tenant_id: string;
  hash: string;
  content_type: string;
  bytes: Uint8Array;
  size: number;
  created_at: Timestamp;
}

export type TenantRow = Selectable<TenantsTable>;
