import { statfs } from 'node:fs/promises';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { SystemStatus } from '../../shared/api/system-status';
import { listAuditLogs } from '../audit/audit.repository';
import { lastBackup } from '../backups/last-backup';
import type { Database } from '../db/schema';
import { tenantDevices } from '../devices/devices.service';
import { type Monitor, WINDOW_MS } from './monitor';
import { databaseFacts } from './status.repository';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
/** The tenant's error log rows shown on the tab (newest first). */
const RECENT_ERRORS = 10;

/** Bytes of the file system holding `dir`, or nulls when it cannot be read. */
async function storage(dir: string): Promise<{ limit: number | null; free: number | null }> {
  try {
    const s = await statfs(dir);
    return { limit: s.blocks * s.bsize, free: s.bavail * s.bsize };
  } catch {
    return { limit: null, free: null };
  }
}

async function database(db: Kysely<Database>): Promise<SystemStatus['database'] & { pglite: boolean }> {
  const started = performance.now();
  try {
    const facts = await databaseFacts(db);
    const pglite = facts.version.includes('wasm32');
    return {
      kind: pglite ? 'pglite' : 'postgres',
      pglite,
      reachable: true,
      size_bytes: facts.size,
      latency_ms: round(performance.now() - started, 1),
    };
  } catch {
    return { kind: 'postgres', pglite: false, reachable: false, size_bytes: null, latency_ms: null };
  }
}

/**
 * The 'Sistem Durumu' figures, all read now: this process's recent requests and CPU, the
 * machine's memory and load, the database, the tenant's last backup, active users, errors and
 * devices. A figure that cannot be read is null (the screen then shows the spec's fallback).
 */
export async function systemStatus(
  db: Kysely<Database>,
  monitor: Monitor,
  tenantId: string,
  dataDir: string,
): Promise<SystemStatus> {
  const [dbFacts, backup, errors, devices] = await Promise.all([
    database(db),
    lastBackup(db, tenantId).catch(() => null),
    listAuditLogs(db, tenantId, { level: 'error' }, { offset: 0, limit: RECENT_ERRORS }).catch(() => null),
    tenantDevices(db, tenantId),
  ]);
  // On PostgreSQL the data lives on the database server's disk, which this process cannot see.
  const disk = dbFacts.pglite ? await storage(dataDir) : { limit: null, free: null };
  const requests = monitor.requests(tenantId);
  const cpu = monitor.cpu();
  const memory = process.memoryUsage();
  const total = os.totalmem();
  const free = os.freemem();
  const { pglite: _pglite, ...databaseStatus } = dbFacts;
  return {
    generated_at: new Date().toISOString(),
    window_minutes: WINDOW_MS / 60_000,
    system_health:
      requests.total > 0 ? round(((requests.total - requests.serverErrors) / requests.total) * 100, 1) : null,
    average_response_time: requests.meanMs === null ? null : round(requests.meanMs / 1000, 3),
    requests: { total: requests.total, server_errors: requests.serverErrors },
    cpu_usage: cpu.machine,
    ram_usage: total > 0 ? round(((total - free) / total) * 100, 1) : null,
    process: { cpu_usage: cpu.process, rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed },
    memory: { total_bytes: total, free_bytes: free },
    load_average: os.loadavg().map((n) => round(n, 2)),
    cpu_count: os.cpus().length,
    system_uptime: Math.floor(process.uptime()),
    machine_uptime: Math.floor(os.uptime()),
    storage_limit: disk.limit,
    storage_free: disk.free,
    database: databaseStatus,
    last_backup: backup,
    active_users: monitor.activeUsers(tenantId).map((u) => ({
      user_id: u.user_id,
      username: u.username,
      full_name: u.full_name,
      role: u.role,
      last_request_at: new Date(u.at).toISOString(),
    })),
    errors: {
      server_errors: requests.tenantServerErrors,
      recent: (errors?.items ?? []).map((row) => ({
        id: row.id,
        message: row.message ?? row.action,
        action: row.action,
        timestamp: row.created_at.toISOString(),
      })),
    },
    devices,
  };
}
