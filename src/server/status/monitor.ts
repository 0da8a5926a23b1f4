import os from 'node:os';

/**
 * What this API process has seen lately, for the system status: kept in memory, cheap enough to
 * feed from every request's onResponse hook.
 *
 * - A ring buffer of the last RING_SIZE API requests (time, duration, status, tenant) in typed
 *   arrays: recording one is a few array writes, no allocation; the figures are computed only when
 *   an admin asks for them.
 * - Per tenant, the last request time of each signed-in user (the "active users" list), bounded.
 * - A CPU sampler: usage is the difference of cumulative CPU times between two readings.
 *
 * Per process: with several API processes, each answers for what it served.
 */
export const RING_SIZE = 4096;
/** The figures' window: requests of the last 15 minutes, users active in the last 15 minutes. */
export const WINDOW_MS = 15 * 60_000;
const MAX_USERS_PER_TENANT = 5_000;
const MAX_TENANTS = 10_000;

export interface ActiveUser {
  user_id: string;
  username: string;
  full_name: string;
  role: string;
  at: number;
}

interface CpuReading {
  at: number;
  process: number; // µs of user + system CPU of this process
  busy: number; // ms of non-idle CPU over all cores
  total: number; // ms of all CPU over all cores
}

function machineCpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    const sum = t.user + t.nice + t.sys + t.idle + t.irq;
    total += sum;
    busy += sum - t.idle;
  }
  return { busy, total };
}

function reading(): CpuReading {
  const usage = process.cpuUsage();
  return { at: performance.now(), process: usage.user + usage.system, ...machineCpuTimes() };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const clampPercent = (n: number) => round1(Math.min(100, Math.max(0, n)));

export class Monitor {
  private readonly at = new Float64Array(RING_SIZE);
  private readonly ms = new Float32Array(RING_SIZE);
  private readonly status = new Uint16Array(RING_SIZE);
  private readonly tenant: Array<string | undefined> = new Array(RING_SIZE);
  private next = 0;
  private count = 0;
  private readonly users = new Map<string, Map<string, ActiveUser>>();
  private latest: { process: number | null; machine: number | null } = { process: null, machine: null };
  /**
   * The reading the next figure is measured from. At first all zeros at the process's start: the
   * first ask gives the process's usage since it started and the machine's since boot.
   */
  private lastReading: CpuReading = {
    at: performance.now() - process.uptime() * 1000,
    process: 0,
    busy: 0,
    total: 0,
  };

  constructor(private readonly now: () => number = Date.now) {}

  /** One finished API request (the onResponse hook). */
  record(statusCode: number, durationMs: number, tenantId: string | undefined): void {
    const i = this.next;
    this.at[i] = this.now();
    this.ms[i] = durationMs;
    this.status[i] = statusCode;
    this.tenant[i] = tenantId;
    this.next = (i + 1) % RING_SIZE;
    if (this.count < RING_SIZE) this.count++;
  }

  /** A signed-in user's request (the same hook). */
  seen(tenantId: string, user: Omit<ActiveUser, 'at'>): void {
    let map = this.users.get(tenantId);
    if (!map) {
      if (this.users.size >= MAX_TENANTS) this.users.clear();
      map = new Map();
      this.users.set(tenantId, map);
    }
    const entry = map.get(user.user_id);
    if (entry) {
      entry.at = this.now();
      entry.username = user.username;
      entry.full_name = user.full_name;
      entry.role = user.role;
      return;
    }
    if (map.size >= MAX_USERS_PER_TENANT) this.prune(map);
    if (map.size >= MAX_USERS_PER_TENANT) map.clear();
    map.set(user.user_id, { ...user, at: this.now() });
  }

  private prune(map: Map<string, ActiveUser>): void {
    const since = this.now() - WINDOW_MS;
    for (const [id, entry] of map) if (entry.at < since) map.delete(id);
  }

  /** The tenant's users with a request in the window, most recent first. */
  activeUsers(tenantId: string): ActiveUser[] {
    const map = this.users.get(tenantId);
    if (!map) return [];
    this.prune(map);
    return [...map.values()].sort((a, b) => b.at - a.at);
  }

  /**
   * Requests of the window: their count, how many failed with a 5xx (all, and the tenant's), their
   * mean duration in ms (null without requests).
   */
  requests(tenantId: string): {
    total: number;
    serverErrors: number;
    tenantServerErrors: number;
    meanMs: number | null;
  } {
    const since = this.now() - WINDOW_MS;
    let total = 0;
    let serverErrors = 0;
    let tenantServerErrors = 0;
    let sum = 0;
    for (let k = 0; k < this.count; k++) {
      const i = (this.next - 1 - k + RING_SIZE) % RING_SIZE;
      if ((this.at[i] ?? 0) < since) break; // older from here on
      total++;
      sum += this.ms[i] ?? 0;
      if ((this.status[i] ?? 0) >= 500) {
        serverErrors++;
        if (this.tenant[i] === tenantId) tenantServerErrors++;
      }
    }
    return { total, serverErrors, tenantServerErrors, meanMs: total > 0 ? sum / total : null };
  }

  /**
   * CPU in use (percent) since the previous ask — at least a second before, else the figure of the
   * previous ask is kept (two admins refreshing at once see the same figures, not noise).
   */
  cpu(): { process: number | null; machine: number | null } {
    const now = reading();
    const base = this.lastReading;
    const elapsedMs = now.at - base.at;
    if (elapsedMs < 1000 && this.latest.process !== null) return this.latest;
    const cores = Math.max(1, os.cpus().length);
    const processPct = elapsedMs > 0 ? ((now.process - base.process) / 1000 / elapsedMs / cores) * 100 : null;
    const total = now.total - base.total;
    const machinePct = total > 0 ? ((now.busy - base.busy) / total) * 100 : null;
    this.lastReading = now;
    this.latest = {
      process: processPct === null ? null : clampPercent(processPct),
      machine: machinePct === null ? null : clampPercent(machinePct),
    };
    return this.latest;
  }
}
