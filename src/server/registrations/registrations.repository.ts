import { type Kysely, sql, type Transaction } from 'kysely';
import type { CompanyRegistration, CreateRegistrationInput } from '../../shared/api/registrations';
import { REGISTRATION_LIST_MAX } from '../../shared/api/registrations';
import type { RegistrationStatus } from '../../shared/domain/company-registration';
import type { Database } from '../db/schema';
import { containsPattern } from '../lib/like-pattern';

type Executor = Kysely<Database> | Transaction<Database>;

const COLUMNS = [
  'id',
  'company_name',
  'industry',
  'legal_name',
  'tax_number',
  'tax_office',
  'contact_person_name',
  'contact_person_email',
  'contact_person_phone',
  'subdomain',
  'subscription_plan',
  'status',
  'email_verified',
  'address_street',
  'address_city',
  'address_state',
  'address_country',
  'reason',
  'created_at',
  'updated_at',
] as const;

interface SelectedRow {
  id: string;
  company_name: string;
  industry: string | null;
  legal_name: string | null;
  tax_number: string | null;
  tax_office: string | null;
  contact_person_name: string;
  contact_person_email: string;
  contact_person_phone: string | null;
  subdomain: string;
  subscription_plan: string;
  status: string;
  email_verified: boolean;
  address_street: string | null;
  address_city: string | null;
  address_state: string | null;
  address_country: string | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

function toRegistration(row: SelectedRow): CompanyRegistration {
  return {
    ...row,
    subscription_plan: row.subscription_plan as CompanyRegistration['subscription_plan'],
    status: row.status as RegistrationStatus,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Stores a new registration; false when its id or its live subdomain is taken (nothing written). */
export async function insertRegistration(
  db: Executor,
  tenantId: string,
  input: Omit<CreateRegistrationInput, 'form_token' | 'website'>,
  verify: { hash: string; expiresAt: Date } | null,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('company_registrations')
    .values({
      tenant_id: tenantId,
      id: input.id,
      company_name: input.company_name,
      industry: input.industry,
      legal_name: input.legal_name,
      tax_number: input.tax_number,
      tax_office: input.tax_office,
      contact_person_name: input.contact_person_name,
      contact_person_email: input.contact_person_email,
      contact_person_phone: input.contact_person_phone,
      subdomain: input.subdomain,
      subscription_plan: input.subscription_plan,
      address_street: input.address_street,
      address_city: input.address_city,
      address_state: input.address_state,
      address_country: input.address_country,
      reason: null,
      verify_token_hash: verify?.hash ?? null,
      verify_expires_at: verify?.expiresAt ?? null,
      created_at: now,
      updated_at: now,
    })
    // Any unique key: the id (primary key) or a live registration of the same subdomain.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findRegistration(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<CompanyRegistration | undefined> {
  const row = await db
    .selectFrom('company_registrations')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRegistration(row) : undefined;
}

/** The registration, locked until the transaction ends (two approvals at once: one waits, then sees it approved). */
export async function lockRegistration(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
): Promise<CompanyRegistration | undefined> {
  const row = await trx
    .selectFrom('company_registrations')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? toRegistration(row) : undefined;
}

export async function setRegistrationStatus(
  trx: Transaction<Database>,
  tenantId: string,
  id: string,
  patch: { status: RegistrationStatus; reason: string | null; decidedBy: string; at: Date },
): Promise<CompanyRegistration> {
  const row = await trx
    .updateTable('company_registrations')
    .set({
      status: patch.status,
      reason: patch.reason,
      decided_at: patch.at,
      decided_by: patch.decidedBy,
      updated_at: patch.at,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRegistration(row);
}

/** Is a live (pending or approved) registration holding this subdomain? */
export async function liveRegistrationStatus(
  db: Executor,
  tenantId: string,
  subdomain: string,
): Promise<RegistrationStatus | undefined> {
  const row = await db
    .selectFrom('company_registrations')
    .select('status')
    .where('tenant_id', '=', tenantId)
    .where('subdomain', '=', subdomain)
    .where('status', 'in', ['pending', 'approved'])
    .executeTakeFirst();
  return row?.status as RegistrationStatus | undefined;
}

/** Does a tenant use this id or subdomain? */
export async function tenantHoldsSubdomain(db: Executor, subdomain: string): Promise<boolean> {
  const row = await db
    .selectFrom('tenants')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', subdomain), eb('subdomain', '=', subdomain)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The newest matching registrations (at most REGISTRATION_LIST_MAX). `search` matches the
 * company, the contact person, the e-mail address and the subdomain with Turkish case folding.
 */
export async function listRegistrations(
  db: Executor,
  tenantId: string,
  filter: { search?: string; status?: RegistrationStatus },
): Promise<CompanyRegistration[]> {
  let query = db.selectFrom('company_registrations').select(COLUMNS).where('tenant_id', '=', tenantId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where(
      sql<boolean>`tr_fold(company_name || ' ' || contact_person_name || ' ' || contact_person_email || ' ' || subdomain) LIKE tr_fold(${pattern})`,
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(REGISTRATION_LIST_MAX).execute();
  return rows.map(toRegistration);
}

export async function countRegistrations(
  db: Executor,
  tenantId: string,
): Promise<{ total: number; pending: number; approved: number }> {
  const row = await db
    .selectFrom('company_registrations')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<string>`count(*) FILTER (WHERE status = 'pending')`.as('pending'),
      sql<string>`count(*) FILTER (WHERE status = 'approved')`.as('approved'),
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), pending: Number(row.pending), approved: Number(row.approved) };
}

export async function countActiveTenants(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Uses a verification token: marks the e-mail verified. The token stays until it expires, so
 * opening the link twice (a mail client's preview, then the person) verifies once and says so twice.
 */
export async function verifyEmailByToken(
  db: Executor,
  tenantId: string,
  hash: string,
  now: Date,
): Promise<{ company_name: string } | undefined> {
  return db
    .updateTable('company_registrations')
    .set({ email_verified: true })
    .where('tenant_id', '=', tenantId)
    .where('verify_token_hash', '=', hash)
    .where('verify_expires_at', '>', now)
    .returning('company_name')
    .executeTakeFirst();
}

/** Turns a tenant on or off (suspension of its registration). */
export async function setTenantActive(
  trx: Transaction<Database>,
  tenantId: string,
  active: boolean,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('tenants')
    .set({ is_active: active, updated_at: now })
    .where('id', '=', tenantId)
    .execute();
}
