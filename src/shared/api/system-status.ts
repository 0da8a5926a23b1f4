import { z } from 'zod';

/**
 * GET /admin/system-status (admin only): the 'Sistem Durumu' tab, every figure read live.
 *
 * - system_health: the share (percent) of this server's recent API requests that did not fail
 *   with a 5xx, over the last `window_minutes`; null when no request was seen in the window.
 * - average_response_time: seconds, the mean time of those requests.
 * - cpu_usage / ram_usage: the machine's CPU and memory in use (percent); `process` gives the
 *   API process's own share. On a machine with several API processes each answers for itself.
 * - system_uptime: seconds since this API process started (and the machine's).
 * - storage_limit: bytes of the file system holding the data directory (null on PostgreSQL,
 *   whose disk this process cannot see: shown as unlimited).
 * - database: reachable, its size (pg_database_size) and the time the check took.
 * - active_users: the tenant's users who made a request in the last 15 minutes (this process).
 * - errors: the tenant's recent error log rows and its recent 5xx count.
 * - devices: the tenant's devices as they last reported with their pulls.
 */
const nullableNumber = z.number().nullable();

export const deviceRowSchema = z.object({
  device_id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  username: z.string().nullable(),
  role: z.string().nullable(),
  last_seen_at: z.string(),
  last_sync_at: z.string().nullable(),
  outbox_pending: z.number().int(),
  oldest_pending_at: z.string().nullable(),
  failed: z.number().int(),
  app_version: z.string().nullable(),
  persisted: z.boolean().nullable(),
  storage_used: nullableNumber,
  storage_quota: nullableNumber,
  user_agent: z.string().nullable(),
  /** Not heard from for a day or more: shown grey, not green. */
  silent: z.boolean(),
  /** Holds changes not yet sent or refused by the server. */
  unsent: z.boolean(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

export const systemStatusResponse = z.object({
  generated_at: z.string(),
  window_minutes: z.number().int(),
  system_health: nullableNumber,
  average_response_time: nullableNumber,
  requests: z.object({ total: z.number().int(), server_errors: z.number().int() }),
  cpu_usage: nullableNumber,
  ram_usage: nullableNumber,
  process: z.object({
    cpu_usage: nullableNumber,
    rss_bytes: z.number(),
    heap_used_bytes: z.number(),
  }),
  memory: z.object({ total_bytes: z.number(), free_bytes: z.number() }),
  load_average: z.array(z.number()),
  cpu_count: z.number().int(),
  system_uptime: z.number(),
  machine_uptime: z.number(),
  storage_limit: nullableNumber,
  storage_free: nullableNumber,
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    size_bytes: nullableNumber,
    latency_ms: nullableNumber,
  }),
  last_backup: z.object({ at: z.string(), size_bytes: z.number() }).nullable(),
  active_users: z.array(
    z.object({
      user_id: z.string(),
      username: z.string(),
      full_name: z.string(),
      role: z.string(),
      last_request_at: z.string(),
    }),
  ),
  errors: z.object({
    server_errors: z.number().int(),
    recent: z.array(
      z.object({ id: z.string(), message: z.string(), action: z.string(), timestamp: z.string() }),
    ),
  }),
  devices: z.array(deviceRowSchema),
});
export type SystemStatus = z.infer<typeof systemStatusResponse>;
