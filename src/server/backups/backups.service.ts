import { createReadStream } from 'node:fs';
import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { sql, type Transaction } from 'kysely';
import { BACKUP_MESSAGES, type Backup, type BackupList } from '../../shared/api/backups';
import { insertAuditLog } from '../audit/audit.repository';
import type { Config } from '../config';
import type { DatabaseKind, Db } from '../db/database';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import { writeTenantArchive } from './archive-writer';
import * as repo from './backups.repository';

export interface BackupDeps {
  db: Db;
  config: Pick<Config, 'backupDir'>;
  log?: (message: string, error?: unknown) => void;
}

/** How often the scheduler looks for due backups (each tenant is backed up on its own schedule). */
export const BACKUP_CHECK_EVERY_MS = 10 * 60_000;
/** A running backup older than this was left by a process that stopped; it is marked failed. */
const STALE_AFTER_MS = 6 * 3600_000;
/** A tick that comes a little early still counts: a 10-minute tick never pushes a day to 24h10m. */
const SCHEDULE_SLACK_MS = 15 * 60_000;

const kinds = new WeakMap<Db, Promise<DatabaseKind>>();

/** PGlite or PostgreSQL (how the archive is read differs), asked once per database. */
export function databaseKind(db: Db): Promise<DatabaseKind> {
  let kind = kinds.get(db);
  if (!kind) {
    kind = sql<{ v: string }>`SELECT version() AS v`
      .execute(db)
      .then((r) => (/wasm32|emscripten/i.test(r.rows[0]?.v ?? '') ? 'pglite' : 'postgres'));
    kinds.set(db, kind);
  }
  return kind;
}

/** BACKUP_DIR/<tenant>, created owner-only (0700): archives hold every row of the company. */
export async function tenantBackupDir(config: Pick<Config, 'backupDir'>, tenantId: string): Promise<string> {
  await mkdir(config.backupDir, { recursive: true, mode: 0o700 });
  await chmod(config.backupDir, 0o700).catch(() => {});
  const dir = join(config.backupDir, tenantId);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700).catch(() => {});
  return dir;
}

export function toBackup(row: repo.BackupRow): Backup {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    trigger: row.trigger as Backup['trigger'],
    status: row.status as Backup['status'],
    started_at: new Date(row.started_at).toISOString(),
    finished_at: iso(row.finished_at),
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    row_counts: row.row_counts,
    file_name: row.file_name,
    error: row.error,
  };
}

export async function list(db: Db, tenant: { id: string }): Promise<BackupList> {
  const settings = await db
    .selectFrom('tenants')
    .select(['backup_frequency', 'backup_retention_days'])
    .where('id', '=', tenant.id)
    .executeTakeFirstOrThrow();
  return {
    backups: (await repo.listBackups(db, tenant.id)).map(toBackup),
    frequency: settings.backup_frequency,
    retention_days: settings.backup_retention_days,
  };
}

/**
 * "Back up now" (inside the mutation's transaction): claims the tenant's one running slot. The
 * same client-made id again answers that backup (a replayed request); another backup running → 409.
 * The archive is written after the commit (`runClaimed`), so the request answers at once (202).
 */
export async function startManual(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  id: string,
): Promise<MutationResult<Backup>> {
  const same = await repo.findBackup(trx, tenantId, id);
  if (same) return { data: toBackup(same), entityId: id, changed: false };
  if (!(await repo.insertRunning(trx, { tenant_id: tenantId, id, trigger: 'manual', created_by: userId }))) {
    throw new AppError(409, 'CONFLICT', BACKUP_MESSAGES.running);
  }
  const row = await repo.findBackup(trx, tenantId, id);
  if (!row) throw notFound(BACKUP_MESSAGES.notFound);
  return { data: toBackup(row), statusCode: 202, entityId: id };
}

/** Backups this process is writing (a replayed "back up now" never starts a second writer). */
const writing = new Set<string>();

/** Writes the archive of a claimed (running) backup row and records the outcome. */
export async function runClaimed(deps: BackupDeps, tenantId: string, id: string): Promise<void> {
  const key = `${tenantId}\u0000${id}`;
  if (writing.has(key)) return;
  const row = await repo.findBackup(deps.db, tenantId, id);
  if (row?.status !== 'running') return;
  writing.add(key);
  try {
    const dir = await tenantBackupDir(deps.config, tenantId);
    const stamp = new Date(row.started_at).toISOString().replace(/[:.]/g, '-');
    const fileName = `${tenantId}-${stamp}-${id.slice(0, 8)}.ndjson.gz`;
    try {
      const result = await writeTenantArchive(
        deps.db,
        await databaseKind(deps.db),
        tenantId,
        join(dir, fileName),
      );
      await repo.markFinished(deps.db, tenantId, id, {
        status: 'success',
        size_bytes: result.sizeBytes,
        row_counts: result.rowCounts,
        file_name: fileName,
        error: result.consistent ? null : 'Yedek alınırken veriler değişti; tek bir an değil (PGlite).',
      });
    } catch (error) {
      deps.log?.(`backup of ${tenantId} failed`, error);
      const message = error instanceof Error ? error.message : String(error);
      await repo.markFinished(deps.db, tenantId, id, { status: 'failed', error: message.slice(0, 500) });
    }
  } finally {
    writing.delete(key);
  }
}

/** The archive of a successful backup, for download; the download is audited. */
export async function openDownload(
  deps: BackupDeps,
  tenantId: string,
  id: string,
  who: { id: string; full_name: string; ip: string; userAgent: string | null },
): Promise<{ stream: Readable; fileName: string }> {
  const row = await repo.findBackup(deps.db, tenantId, id);
  if (!row) throw notFound(BACKUP_MESSAGES.notFound);
  if (row.status !== 'success' || !row.file_name)
    throw new AppError(409, 'CONFLICT', BACKUP_MESSAGES.notReady);
  const file = join(deps.config.backupDir, tenantId, row.file_name);
  try {
    await stat(file);
  } catch {
    throw notFound(BACKUP_MESSAGES.fileMissing);
  }
  await insertAuditLog(deps.db, tenantId, {
    action: 'backup.download',
    entity: 'backup',
    entity_id: id,
    params: { file: row.file_name },
    user_id: who.id,
    user_name: who.full_name,
    ip: who.ip,
    user_agent: who.userAgent,
  });
  return { stream: createReadStream(file), fileName: row.file_name };
}

function addPeriod(from: Date, frequency: string): Date {
  const next = new Date(from);
  if (frequency === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else if (frequency === 'monthly') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * Deletes the tenant's backups (rows and files) that started more than `retentionDays` ago,
 * always keeping the newest successful one — a tenant whose backups have been failing for longer
 * than its retention still has its last good archive.
 */
export async function prune(
  deps: BackupDeps,
  tenantId: string,
  retentionDays: number,
  now: Date,
): Promise<number> {
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const keep = await repo.newestSuccessful(deps.db, tenantId);
  let removed = 0;
  for (const row of await repo.listBackups(deps.db, tenantId, 10_000)) {
    if (row.status === 'running' || row.id === keep?.id) continue;
    if (new Date(row.started_at).getTime() >= cutoff) continue;
    if (row.file_name) await rm(join(deps.config.backupDir, tenantId, row.file_name), { force: true });
    await repo.deleteBackup(deps.db, tenantId, row.id);
    removed++;
  }
  // A crash between writing and renaming leaves a `.partial` file that no row names.
  const dir = join(deps.config.backupDir, tenantId);
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const name of files) {
    if (!name.endsWith('.partial')) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_AFTER_MS) await rm(join(dir, name), { force: true });
  }
  return removed;
}

/**
 * The scheduler's round: for each active tenant, a backup when its `backup_frequency` says one is
 * due (daily, weekly, monthly since the last one that did not fail), then pruning by its
 * `backup_retention_days`. Tenants are backed up one after another, never in parallel.
 */
export async function runSchedule(deps: BackupDeps, now = new Date()): Promise<void> {
  await repo.failStale(deps.db, new Date(now.getTime() - STALE_AFTER_MS));
  for (const tenant of await repo.activeTenants(deps.db)) {
    try {
      const last = await repo.newestAttempt(deps.db, tenant.id);
      const due =
        !last ||
        addPeriod(new Date(last.started_at), tenant.backup_frequency).getTime() - SCHEDULE_SLACK_MS <=
          now.getTime();
      if (due) {
        const id = crypto.randomUUID();
        if (
          await repo.insertRunning(deps.db, {
            tenant_id: tenant.id,
            id,
            trigger: 'scheduled',
            created_by: null,
          })
        ) {
          await runClaimed(deps, tenant.id, id);
        }
      }
      await prune(deps, tenant.id, tenant.backup_retention_days, now);
    } catch (error) {
      deps.log?.(`scheduled backup of ${tenant.id} failed`, error);
    }
  }
}
