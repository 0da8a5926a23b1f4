import type { NullableTimestamp, Timestamp } from '../column-types';

/** A tenant's device as it last reported with a pull (migration 0020). */
export interface DevicesTable {
  tenant_id: string;
  device_id: string;
  user_id: string | null;
  user_agent: string | null;
  app_version: string | null;
  outbox_pending: number;
  oldest_pending_at: NullableTimestamp;
  failed: number;
  last_sync_at: NullableTimestamp;
  persisted: boolean | null;
  storage_used: number | null;
  storage_quota: number | null;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}
