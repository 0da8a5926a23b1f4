import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  type AdminLogFilter,
  type AdminLogs,
  type AdminLogsExportQuery,
  type AdminLogsQuery,
  type AdminLogUsers,
  LOG_EXPORT_CAP,
  LOG_SEARCH_WINDOW,
  type LogEntry,
  logEntrySchema,
} from '../../shared/api/admin';
import { entityKindOf } from '../../shared/api/audit-actions';
import { renderAuditChange } from '../../shared/api/audit-fields';
import { renderAuditMessage } from '../../shared/api/audit-messages';
import {
  type AuditLogRecord,
  auditLogBatch,
  type LogCursor,
  listAuditLogs,
  pruneAuditLogBatch,
  recordAudit,
} from '../audit/audit.repository';
import type { Database } from '../db/schema';
import { CSV_BOM, csvLine, type SheetCell } from '../lib/csv';
import { xlsxFile } from '../lib/xlsx';
import { listTenantIds } from '../tenants/tenants.repository';
import { listUserNames } from '../users/users.repository';

function level(value: string): LogEntry['level'] {
  return value === 'warning' || value === 'error' ? value : 'info';
}

/** A stored jsonb value as its wire form: what the contract allows, else null (never a 500). */
function paramsOf(value: unknown): LogEntry['params'] {
  const parsed = logEntrySchema.shape.params.safeParse(value ?? null);
  return parsed.success ? parsed.data : null;
}
function changesOf(value: unknown): LogEntry['changes'] {
  const parsed = logEntrySchema.shape.changes.safeParse(value ?? null);
  return parsed.success ? parsed.data : null;
}

function toEntry(row: AuditLogRecord): LogEntry {
  const params = paramsOf(row.params);
  return {
    id: row.id,
    level: level(row.level),
    action: row.action,
    message: renderAuditMessage({ action: row.action, params, message: row.message }, 'tr'),
    params,
    changes: changesOf(row.changes),
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

type Language = AdminLogsExportQuery['lang'];

const HEADERS: Record<Language, (timeZone: string) => string[]> = {
  tr: (zone) => [
    `Zaman (${zone})`,
    'Seviye',
    'Mesaj',
    'Değişiklikler',
    'Kullanıcı',
    'IP adresi',
    'Kullanıcı aracısı',
    'İşlem',
  ],
  en: (zone) => [
    `Time (${zone})`,
    'Level',
    'Message',
    'Changes',
    'User',
    'IP address',
    'User agent',
    'Action',
  ],
};
const LEVEL_TEXTS: Record<Language, Record<LogEntry['level'], string>> = {
  tr: { info: 'Bilgi', warning: 'Uyarı', error: 'Hata' },
  en: { info: 'Info', warning: 'Warning', error: 'Error' },
};
const WIDTHS = [20, 10, 60, 40, 22, 16, 30, 22];
const BATCH = 2000;

/** The note a cut export ends with. */
export const EXPORT_CAP_NOTE: Record<Language, string> = {
  tr: `Dışa aktarma ${LOG_EXPORT_CAP.toLocaleString('tr-TR')} satırla sınırlandı; daha fazlası için tarih aralığını daraltın.`,
  en: `The export stops at ${LOG_EXPORT_CAP.toLocaleString('en-GB')} rows; narrow the date range for more.`,
};
export const SEARCH_WINDOW_NOTE: Record<Language, string> = {
  tr: `Arama en yeni ${LOG_SEARCH_WINDOW.toLocaleString('tr-TR')} kayıt içinde yapıldı; daha eskiler için tarih aralığı verin.`,
  en: `The search looked through the newest ${LOG_SEARCH_WINDOW.toLocaleString('en-GB')} entries; give a date range for older ones.`,
};

/** An entry as a row of the export, in the reader's language (the message rendered from its parameters). */
function exportRow(row: AuditLogRecord, lang: Language): SheetCell[] {
  const entry = toEntry(row);
  const changes = (entry.changes ?? [])
    .map((change) => {
      const line = renderAuditChange(entityKindOf(entry.action), change, lang);
      return line.secret ? `${line.label}: ${line.after}` : `${line.label}: ${line.before} → ${line.after}`;
    })
    .join('; ');
  return [
    { dateTime: row.created_at },
    LEVEL_TEXTS[lang][entry.level],
    renderAuditMessage({ action: entry.action, params: entry.params, message: row.message }, lang),
    changes,
    entry.user_name,
    entry.ip_address,
    entry.user_agent,
    entry.action,
  ];
}

/**
 * The filtered entries as export rows, newest first, batch by batch (keyset over the filter's
 * index, one short query per batch — a large export never holds the connection, PGlite's only
 * one, for long, and never reads the whole log at once). At most LOG_EXPORT_CAP rows; a cut
 * export ends with a row saying so. With a free-text search the scan stops after
 * LOG_SEARCH_WINDOW entries, as the list's does, and says so when it stopped there.
 */
async function* exportRows(
  db: Kysely<Database>,
  tenantId: string,
  filter: AdminLogFilter,
  lang: Language,
): AsyncGenerator<SheetCell[][]> {
  let cursor: LogCursor | null = null;
  let written = 0;
  let scanned = 0;
  for (;;) {
    const size = filter.search ? Math.min(BATCH, LOG_SEARCH_WINDOW - scanned) : BATCH;
    const batch = await auditLogBatch(db, tenantId, filter, cursor, size);
    scanned += batch.scanned;
    const rows: SheetCell[][] = [];
    for (const row of batch.items) {
      if (written === LOG_EXPORT_CAP) {
        yield [...rows, [EXPORT_CAP_NOTE[lang]]];
        return;
      }
      rows.push(exportRow(row, lang));
      written++;
    }
    if (rows.length > 0) yield rows;
    if (!batch.next) return;
    if (filter.search && scanned >= LOG_SEARCH_WINDOW) {
      yield [[SEARCH_WINDOW_NOTE[lang]]];
      return;
    }
    if (!filter.search && written === LOG_EXPORT_CAP) {
      // Exactly the cap written: only a note when more rows exist.
      const more = await auditLogBatch(db, tenantId, filter, batch.next, 1);
      if (more.items.length > 0) yield [[EXPORT_CAP_NOTE[lang]]];
      return;
    }
    cursor = batch.next;
  }
}

function filterOf(query: AdminLogsExportQuery): AdminLogFilter {
  const { format: _format, lang: _lang, ...filter } = query;
  return filter;
}

/**
 * GET /admin/logs/export, `format=csv`: streamed batch by batch (lib/csv.ts — Turkish Excel's
 * CSV: ';', BOM, times dd.MM.yyyy HH:mm:ss on the company's clock, formula-safe texts).
 */
export function exportCsv(
  db: Kysely<Database>,
  tenantId: string,
  query: AdminLogsExportQuery,
  timeZone: string,
): Readable {
  const options = { timeZone };
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(HEADERS[query.lang](timeZone), options);
    for await (const rows of exportRows(db, tenantId, filterOf(query), query.lang)) {
      yield rows.map((row) => csvLine(row, options)).join('');
    }
  }
  return Readable.from(lines());
}

/** `format=xlsx`: the same rows as a sheet (times as date cells); built whole, at most LOG_EXPORT_CAP rows. */
export async function exportXlsx(
  db: Kysely<Database>,
  tenantId: string,
  query: AdminLogsExportQuery,
  timeZone: string,
): Promise<Buffer> {
  const all: SheetCell[][] = [];
  for await (const rows of exportRows(db, tenantId, filterOf(query), query.lang)) all.push(...rows);
  const sheet = query.lang === 'en' ? 'System logs' : 'Sistem logları';
  return xlsxFile(HEADERS[query.lang](timeZone), all, { timeZone, sheet, widths: WIDTHS });
}

/** The export is an admin action: it is logged (who took which entries, from where). */
export async function auditExport(
  db: Kysely<Database>,
  tenantId: string,
  actor: { id: string; full_name: string },
  query: AdminLogsExportQuery,
  meta: { ip: string | null; userAgent: string | null },
): Promise<void> {
  const described = Object.entries({ ...filterOf(query), format: query.format })
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString() : String(value)}`)
    .join(', ');
  await recordAudit(db, {
    tenant_id: tenantId,
    action: 'admin.logs_export',
    entity: 'audit_log',
    params: { filters: described },
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
