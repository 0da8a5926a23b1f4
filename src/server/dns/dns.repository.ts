import type { Kysely } from 'kysely';
import type { DnsStatus } from '../../shared/api/dns';
import type { Database } from '../db/schema';

/** The tenant columns DNS work reads and the status it stores. */
export interface DnsTenant {
  id: string;
  subdomain: string;
  is_active: boolean;
  dns_status: string;
}

export async function listActiveTenants(db: Kysely<Database>): Promise<DnsTenant[]> {
  return db
    .selectFrom('tenants')
    .select(['id', 'subdomain', 'is_active', 'dns_status'])
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
}

export async function findDnsTenant(db: Kysely<Database>, tenantId: string): Promise<DnsTenant | undefined> {
  return db
    .selectFrom('tenants')
    .select(['id', 'subdomain', 'is_active', 'dns_status'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
}

/** Stores the tenant's DNS status; true when it changed. */
export async function setDnsStatus(
  db: Kysely<Database>,
  tenantId: string,
  status: DnsStatus,
): Promise<boolean> {
  const result = await db
    .updateTable('tenants')
    .set({ dns_status: status, updated_at: new Date() })
    .where('id', '=', tenantId)
    .where('dns_status', '<>', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** When the resolver (or the provider) was last asked for the tenant's host; not a change of the tenant. */
export async function markDnsChecked(db: Kysely<Database>, tenantId: string, at: Date): Promise<void> {
  await db.updateTable('tenants').set({ dns_checked_at: at }).where('id', '=', tenantId).execute();
}
