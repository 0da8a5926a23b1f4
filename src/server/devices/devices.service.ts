import type { Kysely } from 'kysely';
import { DEVICE_SILENT_AFTER_MS, type DeviceFacts, parseDeviceReport } from '../../shared/api/devices';
import type { DeviceRow } from '../../shared/api/system-status';
import type { Database } from '../db/schema';
import { listDevices, upsertDevice } from './devices.repository';

/**
 * Device health reports (they come with the pulls, see shared/api/devices.ts).
 *
 * A device pulls every 15 s and on every live event; writing its row each time would add a write
 * to the hottest read of the API. So a report is written only when its facts changed (the outbox
 * grew or drained, a refusal, a new version, …) or when the row is older than `refreshMs` (so
 * "last seen" stays within a minute of the truth). What was last written per device is kept in
 * memory, bounded; another process, or a restart, simply writes once more.
 */
export const DEVICE_WRITE_EVERY_MS = 60_000;
const MAX_REMEMBERED = 20_000;
/** The status tab lists at most this many devices (most recently heard first). */
export const DEVICE_LIST_LIMIT = 500;

export type ReportResult = 'stored' | 'skipped' | 'ignored';

export class DeviceReports {
  private readonly written = new Map<string, { key: string; at: number }>();

  constructor(
    private readonly refreshMs = DEVICE_WRITE_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records a pull's report. Never throws: the pull must be answered whatever becomes of it
   * (an invalid report is ignored, a failed write is logged by the caller through `onError`).
   */
  async report(
    db: Kysely<Database>,
    tenantId: string,
    userId: string,
    header: string | string[] | undefined,
    userAgent: string | undefined,
    onError: (error: unknown) => void,
  ): Promise<ReportResult> {
    const facts = parseDeviceReport(header);
    if (!facts) return 'ignored';
    const agent = userAgent ? userAgent.slice(0, 500) : null;
    const id = `${tenantId}\u0000${facts.device_id}`;
    const key = factsKey(facts, userId, agent);
    const last = this.written.get(id);
    const now = this.now();
    if (last && last.key === key && now - last.at < this.refreshMs) return 'skipped';
    try {
      await upsertDevice(db, tenantId, userId, facts, agent);
    } catch (error) {
      onError(error);
      return 'ignored';
    }
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.set(id, { key, at: now });
    return 'stored';
  }

  /** Forget what was written (tests that change rows with SQL). */
  clear(): void {
    this.written.clear();
  }
}

/**
 * What makes a report worth writing: everything but the last sync time, which moves with every
 * pull (it is written with the next change or the minute's refresh).
 */
function factsKey(facts: DeviceFacts, userId: string, agent: string | null): string {
  return JSON.stringify([
    userId,
    agent,
    facts.outbox_pending,
    facts.oldest_pending_at,
    facts.failed,
    facts.app_version,
    facts.persisted,
    // Storage moves a little with every pull: a change of 1 MiB or more is news.
    facts.storage_used === null ? null : Math.floor(facts.storage_used / 1_048_576),
    facts.storage_quota,
  ]);
}

/** The tenant's devices for the status tab, with the silence and unsent-work flags. */
export async function tenantDevices(
  db: Kysely<Database>,
  tenantId: string,
  now = Date.now(),
): Promise<DeviceRow[]> {
  const rows = await listDevices(db, tenantId, DEVICE_LIST_LIMIT);
  return rows.map((r) => ({
    device_id: r.device_id,
    user_id: r.user_id,
    user_name: r.user_name,
    username: r.username,
    role: r.role,
    last_seen_at: r.last_seen_at.toISOString(),
    last_sync_at: r.last_sync_at?.toISOString() ?? null,
    outbox_pending: r.outbox_pending,
    oldest_pending_at: r.oldest_pending_at?.toISOString() ?? null,
    failed: r.failed,
    app_version: r.app_version,
    persisted: r.persisted,
    storage_used: r.storage_used,
    storage_quota: r.storage_quota,
    user_agent: r.user_agent,
    silent: now - r.last_seen_at.getTime() >= DEVICE_SILENT_AFTER_MS,
    unsent: r.outbox_pending > 0 || r.failed > 0,
  }));
}
