import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { USER_LIMITS, USERNAME_PATTERN } from '../../shared/api/admin-users';
import { oneTimePassword } from '../auth/one-time-password';
import type { Database } from '../db/schema';
import { seedListNames } from '../products/product-lists.repository';
import { tenantHoldsSubdomain } from '../registrations/registrations.repository';
import { insertUserIfFree } from '../users/users.repository';
import { findTenant, insertTenant, type Tenant } from './tenants.repository';
import { newUserDefaults } from './user-defaults';

export interface ProvisionInput {
  /** The tenant's id and subdomain (one value: a tenant is named by its host label). */
  subdomain: string;
  company_name: string;
  subscription_plan: Tenant['subscription_plan'];
  /** The base domain (BASE_DOMAIN): the tenant's address is `<subdomain>.<base>`. */
  baseDomain: string;
  contact_email: string;
  contact_name: string;
  contact_phone: string | null;
  /**
   * What the company's invoices print, as the sign-up asked for it (null: not given — a
   * registration made before the form asked, or a company made without one).
   */
  legal_name?: string | null;
  tax_number?: string | null;
  tax_office?: string | null;
  address?: string | null;
  /** The first admin's password, already hashed (scrypt runs before the transaction). */
  admin_password_hash: string;
  now: Date;
}

export interface ProvisionResult {
  tenant_id: string;
  admin_user_id: string;
  admin_username: string;
  /** When the first admin's one-time password stops signing in unless used. */
  admin_password_expires_at: Date;
}

/**
 * The first admin's username: the contact e-mail's local part where it is a valid username
 * (letters a–z, digits, '.', '_', '-', 3–50 characters), else 'admin'. The new tenant has no
 * other users, so it cannot be taken.
 */
export function adminUsernameFrom(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  return USERNAME_PATTERN.test(local) &&
    local.length >= USER_LIMITS.username.min &&
    local.length <= USER_LIMITS.username.max
    ? local
    : 'admin';
}

/**
 * Creates a company: its tenant (id = subdomain, the tenant defaults: plan as asked, Europe/Istanbul,
 * TRY, tr, ORD/CUST prefixes; DNS 'pending' until the record is written; the company profile's
 * contact, invoicing and address fields from what was given), its counters, its
 * product list names, and its first user — role admin, named after the contact person, with the
 * tenant's default language and time zone, and a one-time password (the platform made it: the
 * admin signs in with it only to set their own, within the new tenant's `temp_password_days`).
 * Everything in the CALLER's transaction: either the company exists whole, or nothing of it
 * does. Returns null when a tenant already has that id or subdomain (nothing written).
 */
export async function provisionTenant(
  trx: Transaction<Database>,
  input: ProvisionInput,
): Promise<ProvisionResult | null> {
  if (await tenantHoldsSubdomain(trx, input.subdomain)) return null;
  await insertTenant(trx, {
    id: input.subdomain,
    company_name: input.company_name,
    subdomain: input.subdomain,
    full_domain: `${input.subdomain}.${input.baseDomain}`,
    subscription_plan: input.subscription_plan,
    company_description: `${input.company_name} sipariş yönetim sistemi`,
    email: input.contact_email,
    phone: input.contact_phone,
    legal_name: input.legal_name ?? null,
    tax_number: input.tax_number ?? null,
    tax_office: input.tax_office ?? null,
    address: input.address ?? null,
    dns_status: 'pending',
  });
  await seedListNames(trx, input.subdomain, [], input.now);
  const tenant = await findTenant(trx, input.subdomain);
  if (!tenant) throw new Error('provisionTenant: the tenant just written cannot be read');
  const adminId = randomUUID();
  const username = adminUsernameFrom(input.contact_email);
  const origin = oneTimePassword(tenant, input.now);
  const inserted = await insertUserIfFree(trx, input.subdomain, {
    id: adminId,
    username,
    password_hash: input.admin_password_hash,
    full_name: input.contact_name,
    email: input.contact_email,
    phone: input.contact_phone,
    role: 'admin',
    ...newUserDefaults(tenant),
    ...origin,
  });
  if (!inserted) throw new Error('provisionTenant: the new tenant already had a user');
  return {
    tenant_id: input.subdomain,
    admin_user_id: adminId,
    admin_username: username,
    admin_password_expires_at: origin.password_expires_at,
  };
}
