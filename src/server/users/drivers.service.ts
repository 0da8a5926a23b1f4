import type { Kysely } from 'kysely';
import type { Driver } from '../../shared/api/orders';
import type { Database } from '../db/schema';
import { listActiveStaff } from './users.repository';

/** GET /drivers: the tenant's active drivers (the assign-driver dialog offers exactly these). */
export async function listDrivers(db: Kysely<Database>, tenantId: string): Promise<{ drivers: Driver[] }> {
  const drivers = await listActiveStaff(db, tenantId, ['driver']);
  return { drivers: drivers.map(({ id, full_name, username }) => ({ id, full_name, username })) };
}
