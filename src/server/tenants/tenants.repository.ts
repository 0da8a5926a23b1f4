import type { Kysely, Transaction } from 'kysely';
import { defaultInvoicePrefix } from '../../shared/domain/invoice';
import type { Database, TenantRow } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** What the rest of the server knows about a tenant (never the row type itself). */
export interface Tenant {
  id: string;
  company_name: string;
  subdomain: string;
  full_domain: string | null;
  subscription_plan: 'free' | 'basic' | 'pro' | 'enterprise';
  is_active: boolean;
  dns_status: string;
  branding: {
    logo_url: string | null;
    primary_color: string;
    secondary_color: string;
    company_description: string | null;
  };
  settings: {
    timezone: string;
    currency: string;
    language: string;
    order_number_prefix: string;
    customer_number_prefix: string;
  };
  /** Names this history of change numbers; see migration 0002. */
  sync_epoch: string;
  max_login_attempts: number;
  registration_enabled: boolean;
  password_min_length: number;
  /** Minutes a session may stay idle (admin setting); JWT_TTL caps a session's whole life. */
  session_timeout: number;
  /** While on, every call of a non-admin is refused with 503 MAINTENANCE. */
  maintenance_mode: boolean;
  system_name: string;
  system_version: string;
  require_strong_password: boolean;
  email_notifications: boolean;
  sms_notifications: boolean;
  backup_frequency: 'daily' | 'weekly' | 'monthly';
  backup_retention_days: number;
  /** The language and time zone a new user starts with. */
  default_language: 'tr' | 'en' | 'de' | 'fr';
  default_timezone: string;
  /** The system settings' version (an edit names it). */
  settings_version: number;
  /** Days a one-time password (made by an admin) stays usable (shared/domain/one-time-password.ts). */
  temp_password_days: number;
  /**
   * Made by the demo seed (invented company, users with the demo password): only such a tenant
   * has the demo tools (the debug calls and their buttons), and only while the server is in
   * demo mode. A company from sign-up or tenant management never has them.
   */
  demo_data: boolean;
  created_at: string;
}

type BrandingColumns = Pick<
  TenantRow,
  'logo_url' | 'primary_color' | 'secondary_color' | 'company_description'
>;
type SettingsColumns = Pick<
  TenantRow,
  'timezone' | 'currency' | 'language' | 'order_number_prefix' | 'customer_number_prefix'
>;

/** A tenant row's branding as the API shows it (tenant info, tenant management). */
export function tenantBranding(row: BrandingColumns): Tenant['branding'] {
  return {
    logo_url: row.logo_url,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    company_description: row.company_description,
  };
}

/** A tenant row's settings as the API shows them (tenant info, tenant management). */
export function tenantSettings(row: SettingsColumns): Tenant['settings'] {
  return {
    timezone: row.timezone,
    currency: row.currency,
    language: row.language,
    order_number_prefix: row.order_number_prefix,
    customer_number_prefix: row.customer_number_prefix,
  };
}

function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    company_name: row.company_name,
    subdomain: row.subdomain,
    full_domain: row.full_domain,
    subscription_plan: row.subscription_plan as Tenant['subscription_plan'],
    is_active: row.is_active,
    dns_status: row.dns_status,
    branding: tenantBranding(row),
    settings: tenantSettings(row),
    sync_epoch: row.sync_epoch,
    max_login_attempts: row.max_login_attempts,
    registration_enabled: row.registration_enabled,
    password_min_length: row.password_min_length,
    session_timeout: row.session_timeout,
    maintenance_mode: row.maintenance_mode,
    system_name: row.system_name,
    system_version: row.system_version,
    require_strong_password: row.require_strong_password,
    email_notifications: row.email_notifications,
    sms_notifications: row.sms_notifications,
    backup_frequency: row.backup_frequency as Tenant['backup_frequency'],
    backup_retention_days: row.backup_retention_days,
    default_language: row.default_language as Tenant['default_language'],
    default_timezone: row.default_timezone,
    settings_version: row.settings_version,
    temp_password_days: row.temp_password_days,
    demo_data: row.demo_data,
    created_at: row.created_at.toISOString(),
  };
}

/** The tenant row locked for an edit of its settings (inside the caller's transaction). */
export async function lockTenant(trx: Transaction<Database>, tenantId: string): Promise<Tenant | undefined> {
  const row = await trx
    .selectFrom('tenants')
    .selectAll()
    .where('id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  return row ? toTenant(row) : undefined;
}

/** The system settings an admin may change (the columns of the same names). */
export interface SystemSettingsPatch {
  system_name?: string;
  maintenance_mode?: boolean;
  registration_enabled?: boolean;
  default_language?: string;
  default_timezone?: string;
  session_timeout?: number;
  max_login_attempts?: number;
  password_min_length?: number;
  require_strong_password?: boolean;
  email_notifications?: boolean;
  sms_notifications?: boolean;
  backup_frequency?: string;
  backup_retention_days?: number;
  temp_password_days?: number;
}

/** Writes the changed settings and moves `settings_version` on by one; returns the tenant after. */
export async function updateSystemSettings(
  trx: Transaction<Database>,
  tenantId: string,
  patch: SystemSettingsPatch,
  at: Date,
): Promise<Tenant> {
  const row = await trx
    .updateTable('tenants')
    .set((eb) => ({ ...patch, settings_version: eb('settings_version', '+', 1), updated_at: at }))
    .where('id', '=', tenantId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTenant(row);
}

export async function findTenant(db: Executor, tenantId: string): Promise<Tenant | undefined> {
  const row = await db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
  return row ? toTenant(row) : undefined;
}

export async function countTenants(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every tenant's id (background jobs that work tenant by tenant: the log retention). */
export async function listTenantIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('tenants').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** Does the database hold a tenant made by the demo seed (demo mode's condition)? */
export async function hasDemoData(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('id').where('demo_data', '=', true).executeTakeFirst();
  return row !== undefined;
}

export interface NewTenantInput {
  id: string;
  company_name: string;
  subdomain: string;
  full_domain?: string | null;
  subscription_plan: Tenant['subscription_plan'];
  primary_color?: string;
  secondary_color?: string;
  company_description?: string | null;
  registration_enabled?: boolean;
  legal_name?: string | null;
  tax_number?: string | null;
  tax_office?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  dns_status?: string;
  /** Made by the demo seed (turns demo mode on for the database). */
  demo_data?: boolean;
}

/** Creates the tenant and its counter row (one transaction: the caller's). */
export async function insertTenant(trx: Transaction<Database>, input: NewTenantInput): Promise<void> {
  await trx
    .insertInto('tenants')
    .values({
      id: input.id,
      company_name: input.company_name,
      subdomain: input.subdomain,
      full_domain: input.full_domain ?? null,
      subscription_plan: input.subscription_plan,
      ...(input.primary_color ? { primary_color: input.primary_color } : {}),
      ...(input.secondary_color ? { secondary_color: input.secondary_color } : {}),
      company_description: input.company_description ?? null,
      logo_url: null,
      registration_enabled: input.registration_enabled ?? false,
      legal_name: input.legal_name ?? null,
      tax_number: input.tax_number ?? null,
      tax_office: input.tax_office ?? null,
      address: input.address ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      website: input.website ?? null,
      ...(input.dns_status ? { dns_status: input.dns_status } : {}),
      demo_data: input.demo_data ?? false,
      invoice_number_prefix: defaultInvoicePrefix(input.company_name),
    })
    .execute();
  await trx.insertInto('tenant_counters').values({ tenant_id: input.id }).execute();
}

/** Sets a tenant's counters (the seed writes rows with known numbers, then moves the counters past them). */
export async function setTenantCounters(
  trx: Transaction<Database>,
  tenantId: string,
  values: { change_seq: number; order_seq: number; customer_seq: number },
): Promise<void> {
  await trx.updateTable('tenant_counters').set(values).where('tenant_id', '=', tenantId).execute();
}

export async function readTenantCounters(
  db: Executor,
  tenantId: string,
): Promise<{ change_seq: number; order_seq: number; customer_seq: number }> {
  const row = await db
    .selectFrom('tenant_counters')
    .select(['change_seq', 'order_seq', 'customer_seq'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return {
    change_seq: Number(row.change_seq),
    order_seq: Number(row.order_seq),
    customer_seq: Number(row.customer_seq),
  };
}
