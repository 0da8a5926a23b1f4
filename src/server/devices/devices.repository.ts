import { type Kysely, sql } from 'kysely';
import type { DeviceFacts } from '../../shared/api/devices';
import type { Database } from '../db/schema';

/** Insert or update a device's row with what it reported (the pull's user, now as last seen). */
export async function upsertDevice(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  facts: DeviceFacts,
  userAgent: string | null,
): Promise<void> {
  const values = {
    user_id: userId,
    user_agent: userAgent,
    app_version: facts.app_version,
    outbox_pending: facts.outbox_pending,
    oldest_pending_at: facts.oldest_pending_at,
    failed: facts.failed,
    last_sync_at: facts.last_sync_at,
    persisted: facts.persisted,
    storage_used: facts.storage_used,
    storage_quota: facts.storage_quota,
    last_seen_at: sql<Date>`now()`,
  };
  await db
    .insertInto('devices')
    .values({ tenant_id: tenantId, device_id: facts.device_id, ...values })
    .onConflict((oc) => oc.columns(['tenant_id', 'device_id']).doUpdateSet(values))
    .execute();
}

export interface DeviceRecord {
  device_id: string;
  user_id: string | null;
  user_name: string | null;
  username: string | null;
  role: string | null;
  user_agent: string | null;
  app_version: string | null;
  outbox_pending: number;
  oldest_pending_at: Date | null;
  failed: number;
  last_sync_at: Date | null;
  persisted: boolean | null;
  storage_used: number | null;
  storage_quota: number | null;
  last_seen_at: Date;
}

/** The tenant's devices with their last user's name, most recently heard first (bounded). */
export async function listDevices(
  db: Kysely<Database>,
  tenantId: string,
  limit: number,
): Promise<DeviceRecord[]> {
  const rows = await db
    .selectFrom('devices as d')
    .leftJoin('users as u', (join) =>
      join.onRef('u.tenant_id', '=', 'd.tenant_id').onRef('u.id', '=', 'd.user_id'),
    )
    .where('d.tenant_id', '=', tenantId)
    .select([
      'd.device_id',
      'd.user_id',
      'u.full_name as user_name',
      'u.username',
      'u.role',
      'd.user_agent',
      'd.app_version',
      'd.outbox_pending',
      'd.oldest_pending_at',
      'd.failed',
      'd.last_sync_at',
      'd.persisted',
      'd.storage_used',
      'd.storage_quota',
      'd.last_seen_at',
    ])
    .orderBy('d.last_seen_at', 'desc')
    .orderBy('d.device_id')
    .limit(limit)
    .execute();
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    ...r,
    oldest_pending_at: date(r.oldest_pending_at),
    last_sync_at: date(r.last_sync_at),
    last_seen_at: new Date(r.last_seen_at),
    storage_used: r.storage_used === null ? null : Number(r.storage_used),
    storage_quota: r.storage_quota === null ? null : Number(r.storage_quota),
  }));
}
