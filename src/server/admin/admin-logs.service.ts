import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  type AdminLogFilter,
  type AdminLogs,
  type AdminLogsQuery,
  type AdminLogUsers,
  LOG_EXPORT_CAP,
  LOG_SEARCH_WINDOW,
  type LogEntry,
} from '../../shared/api/admin';
import {
  type AuditLogRecord,
  auditLogBatch,
  type LogCursor,
  listAuditLogs,
  pruneAuditLogBatch,
  recordAudit,
} from '../audit/audit.repository';
import type { Database } from '../db/schema';
import { listTenantIds } from '../tenants/tenants.repository';
import { listUserNames } from '../users/users.repository';

/** Turkish one-line descriptions of the logged actions (the log's `message` when none was stored). */
const ACTION_TEXTS: Record<string, string> = {
  'auth.login': 'Kullanıcı giriş yaptı',
  'auth.logout': 'Kullanıcı çıkış yaptı',
  'auth.register': 'Yeni kullanıcı kaydı',
  'auth.profile_update': 'Profil güncellendi',
  'auth.login_failed': 'Başarısız giriş denemesi',
  'auth.lockout': 'Hesap kilitlendi',
  'admin.logs_export': 'Sistem logları dışa aktarıldı',
  'notification.read': 'Bildirim okundu olarak işaretlendi',
  'notification.mark_all_read': 'Tüm bildirimler okundu olarak işaretlendi',
  'notification.delete': 'Bildirim silindi',
};

function level(value: string): LogEntry['level'] {
  return value === 'warning' || value === 'error' ? value : 'info';
}

function toEntry(row: AuditLogRecord): LogEntry {
  return {
    id: row.id,
    level: level(row.level),
    action: row.action,
    message: row.message ?? ACTION_TEXTS[row.action] ?? row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    user_id: row.user_id,
    user_name: row.user_name,
    ip_address: row.ip,
    user_agent: row.user_agent,
    timestamp: row.created_at.toISOString(),
  };
}

export async function listLogs(
  db: Kysely<Database>,
  tenantId: string,
  query: AdminLogsQuery,
): Promise<AdminLogs> {
  const { items, total, capped } = await listAuditLogs(db, tenantId, query, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    logs: items.map(toEntry),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      pages: Math.ceil(total / query.limit),
      capped,
    },
  };
}

export async function listLogUsers(db: Kysely<Database>, tenantId: string): Promise<AdminLogUsers> {
  return { users: await listUserNames(db, tenantId) };
}

// ------------------------------------------------------------------------------ export ---

/**
 * A CSV cell: quoted when it holds the separator, a quote or a line break; and a cell that a
 * spreadsheet would read as a formula (it begins with =, +, -, @, or a tab or carriage return
 * that hides one) gets a leading apostrophe, so a logged text such as '=HYPERLINK(…)' stays text
 * when the file is opened in Excel.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The separator is ';': Excel with Turkish regional settings splits CSV on ';' (',' is the
 * decimal separator there); the byte-order mark makes it read the file as UTF-8 (ğ, ş, İ intact).
 */
const SEPARATOR = ';';
const BOM = '\uFEFF';
const HEADER = ['Zaman (UTC)', 'Seviye', 'Mesaj', 'Kullanıcı', 'IP adresi', 'Kullanıcı aracısı', 'İşlem'];
const LEVEL_TEXTS: Record<LogEntry['level'], string> = { info: 'Bilgi', warning: 'Uyarı', error: 'Hata' };
const BATCH = 2000;

function csvLine(cells: Array<string | null>): string {
  return `${cells.map(csvCell).join(SEPARATOR)}\r\n`;
}

function csvRow(row: AuditLogRecord): string {
  const entry = toEntry(row);
  return csvLine([
    entry.timestamp
      .replace('T', ' ')
      .replace(/\.\d+Z$/, '')
      .replace('Z', ''),
    LEVEL_TEXTS[entry.level],
    entry.message,
    entry.user_name,
    entry.ip_address,
    entry.user_agent,
    entry.action,
  ]);
}

/** The note a cut export ends with. */
export const EXPORT_CAP_NOTE = `Dışa aktarma ${LOG_EXPORT_CAP.toLocaleString('tr-TR')} satırla sınırlandı; daha fazlası için tarih aralığını daraltın.`;
export const SEARCH_WINDOW_NOTE = `Arama en yeni ${LOG_SEARCH_WINDOW.toLocaleString('tr-TR')} kayıt içinde yapıldı; daha eskiler için tarih aralığı verin.`;

/**
 * GET /admin/logs/export: the filtered entries as CSV, newest first, streamed batch by batch
 * (keyset over the filter's index, one short query per batch — a large export never holds the
 * connection, PGlite's only one, for long, and never builds the whole file in memory). At most
 * LOG_EXPORT_CAP rows; a cut file ends with a line saying so. With a free-text search the scan
 * stops after LOG_SEARCH_WINDOW entries, as the list's does, and says so when it stopped there.
 */
export function exportCsv(db: Kysely<Database>, tenantId: string, filter: AdminLogFilter): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield BOM + csvLine(HEADER);
    let cursor: LogCursor | null = null;
    let written = 0;
    let scanned = 0;
    for (;;) {
      const size = filter.search ? Math.min(BATCH, LOG_SEARCH_WINDOW - scanned) : BATCH;
      const batch = await auditLogBatch(db, tenantId, filter, cursor, size);
      scanned += batch.scanned;
      let chunk = '';
      for (const row of batch.items) {
        if (written === LOG_EXPORT_CAP) {
          yield `${chunk}${csvLine([EXPORT_CAP_NOTE])}`;
          return;
        }
        chunk += csvRow(row);
        written++;
      }
      if (chunk) yield chunk;
      if (!batch.next) return;
      if (filter.search && scanned >= LOG_SEARCH_WINDOW) {
        yield csvLine([SEARCH_WINDOW_NOTE]);
        return;
      }
      if (!filter.search && written === LOG_EXPORT_CAP) {
        // Exactly the cap written: only a note when more rows exist.
        const more = await auditLogBatch(db, tenantId, filter, batch.next, 1);
        if (more.items.length > 0) yield csvLine([EXPORT_CAP_NOTE]);
        return;
      }
      cursor = batch.next;
    }
  }
  return Readable.from(lines());
}

/** The export is an admin action: it is logged (who took which entries, from where). */
export async function auditExport(
  db: Kysely<Database>,
  tenantId: string,
  actor: { id: string; full_name: string },
  filter: AdminLogFilter,
  meta: { ip: string | null; userAgent: string | null },
): Promise<void> {
  const described = Object.entries(filter)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString() : String(value)}`)
    .join(', ');
  await recordAudit(db, {
    tenant_id: tenantId,
    action: 'admin.logs_export',
    entity: 'audit_log',
    message: described ? `Sistem logları dışa aktarıldı (${described})` : 'Sistem logları dışa aktarıldı',
    user_id: actor.id,
    user_name: actor.full_name,
    ip: meta.ip,
    user_agent: meta.userAgent,
  });
}

// --------------------------------------------------------------------------- retention ---

export const RETENTION_JOB = 'audit-retention';
export const RETENTION_EVERY_MS = 6 * 3600_000;
const PRUNE_BATCH = 5000;

/**
 * Deletes the entries older than `days` days, tenant by tenant, in batches of PRUNE_BATCH rows
 * (each its own short statement: the table is never locked for long, and the sign-ins and
 * changes writing new entries meanwhile are not held up). Returns how many were deleted.
 */
export async function pruneOldLogs(db: Kysely<Database>, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 3600_000);
  let deleted = 0;
  for (const tenantId of await listTenantIds(db)) {
    for (;;) {
      const n = await pruneAuditLogBatch(db, tenantId, before, PRUNE_BATCH);
      deleted += n;
      if (n < PRUNE_BATCH) break;
    }
  }
  return deleted;
}
