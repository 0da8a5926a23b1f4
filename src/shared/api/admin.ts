import { z } from 'zod';
import { auditChangeSchema } from './audit-fields';
import { limitQuery, pageQuery, text } from './common';

/**
 * GET /admin/logs (admin only): the tenant's system log (spec: Sistem Logları — level, message,
 * user name, IP address, user agent, timestamp). Every applied mutation writes one entry in its own
 * transaction, so the log is also the proof that an action was applied exactly once. Sign-ins,
 * failed sign-ins (with the username tried) and lockouts are logged too.
 *
 * Filters: level, user (id), action, a date range (`from` inclusive, `to` exclusive, ISO-8601 on
 * the wire, UTC), and a free-text search (Turkish folding) over the words a reader sees in either
 * language. GET /admin/logs/export takes the same filters and answers CSV (`format=csv`, the
 * default) or an .xlsx sheet (`format=xlsx`), its texts in `lang` (tr, the default, or en).
 *
 * An entry's `message` is the Turkish sentence; `params` holds what it says as data (its action's
 * named parameters, src/shared/api/audit-actions.ts), from which a reader renders it in their own
 * language, and `changes` an update's changed fields (before → after; secrets never).
 */
export const LOG_LEVELS = ['info', 'warning', 'error'] as const;

/**
 * The bounds that keep the log fast at a million entries:
 * - the total is counted up to LOG_COUNT_CAP (beyond it the answer says `capped` and the list
 *   offers that many rows: narrow the dates to reach older ones);
 * - a free-text search looks through the newest LOG_SEARCH_WINDOW entries that match the other
 *   filters (a search over older entries gives a date range);
 * - an export holds at most LOG_EXPORT_CAP rows, and says so in its last line when cut.
 */
export const LOG_COUNT_CAP = 10_000;
export const LOG_SEARCH_WINDOW = 100_000;
export const LOG_EXPORT_CAP = 100_000;
export const LOG_SEARCH_MAX = 100;

/** Dates the database can hold and a person means (years 2000–2100). */
const MIN_DATE = Date.UTC(2000, 0, 1);
const MAX_DATE = Date.UTC(2100, 0, 1);

function dateQuery(field: string) {
  return z
    .string({ error: `${field} tarih olmalıdır` })
    .max(40, `${field} geçerli bir tarih olmalıdır (ISO-8601)`)
    .refine((value) => {
      if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value))
        return false;
      const ms = Date.parse(value);
      return Number.isFinite(ms) && ms >= MIN_DATE && ms <= MAX_DATE;
    }, `${field} geçerli bir tarih olmalıdır (ISO-8601, 2000–2100)`)
    .transform(
      (value) =>
        new Date(/T.*(Z|[+-]\d{2}:\d{2})$/.test(value) || !value.includes('T') ? value : `${value}Z`),
    );
}

/** The filters the list and the export share. */
export const adminLogFilterFields = {
  level: z.enum(LOG_LEVELS, { error: 'Seviye bilgi, uyarı veya hata olmalıdır' }).optional(),
  action: text('İşlem', 100).optional(),
  entity_id: text('Kayıt kimliği', 100).optional(),
  user_id: z.uuid({ error: 'Kullanıcı kimliği geçersiz' }).optional(),
  from: dateQuery('Başlangıç tarihi').optional(),
  to: dateQuery('Bitiş tarihi').optional(),
  search: text('Arama', LOG_SEARCH_MAX).optional(),
};

const rangeInOrder = (q: { from?: Date; to?: Date }) =>
  !q.from || !q.to || q.from.getTime() <= q.to.getTime();
const RANGE_MESSAGE = 'Bitiş tarihi başlangıç tarihinden önce olamaz';

export const adminLogsQuery = z
  .object({ page: pageQuery, limit: limitQuery(50, 200), ...adminLogFilterFields })
  .refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['to'] })
  .refine((q) => (q.page - 1) * q.limit < LOG_COUNT_CAP, {
    message: `Sayfa en fazla ilk ${LOG_COUNT_CAP.toLocaleString('tr-TR')} kayda kadar gidebilir; tarih aralığını daraltın`,
    path: ['page'],
  });
export type AdminLogsQuery = z.infer<typeof adminLogsQuery>;

export const LOG_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const LOG_EXPORT_LANGUAGES = ['tr', 'en'] as const;

export const adminLogsExportQuery = z
  .object({
    ...adminLogFilterFields,
    format: z.enum(LOG_EXPORT_FORMATS, { error: 'Biçim csv veya xlsx olmalıdır' }).default('csv'),
    lang: z.enum(LOG_EXPORT_LANGUAGES, { error: 'Dil tr veya en olmalıdır' }).default('tr'),
  })
  .refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['to'] });
export type AdminLogsExportQuery = z.infer<typeof adminLogsExportQuery>;
export type AdminLogFilter = Omit<AdminLogsExportQuery, 'format' | 'lang'>;

export const logEntrySchema = z.object({
  id: z.string(),
  level: z.enum(LOG_LEVELS),
  action: z.string(),
  /** The Turkish sentence (rows with `params`: rendered from them). */
  message: z.string(),
  /** The named parameters of the action's message; null on rows written before they were stored. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** An update's changed fields, before and after; null when none were stored. */
  changes: z.array(auditChangeSchema).nullable(),
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  timestamp: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const adminLogsResponse = z.object({
  logs: z.array(logEntrySchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    /** Matching entries, counted up to LOG_COUNT_CAP. */
    total: z.number().int(),
    pages: z.number().int(),
    /** true: more than LOG_COUNT_CAP entries match (total stops there). */
    capped: z.boolean(),
  }),
});
export type AdminLogs = z.infer<typeof adminLogsResponse>;

/** GET /admin/logs/users: the tenant's users, for the log's user filter. */
export const adminLogUsersResponse = z.object({
  users: z.array(z.object({ id: z.string(), username: z.string(), full_name: z.string() })),
});
export type AdminLogUsers = z.infer<typeof adminLogUsersResponse>;
