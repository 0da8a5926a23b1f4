import { z } from 'zod';
import { limitQuery, pageQuery, text } from './common';

/**
 * GET /admin/logs (admin only): the tenant's system log (spec: Sistem Logları — level, message,
 * user name, IP address, user agent, timestamp). Every applied mutation writes one entry in its own
 * transaction, so the log is also the proof that an action was applied exactly once.
 */
export const LOG_LEVELS = ['info', 'warning', 'error'] as const;

export const adminLogsQuery = z.object({
  page: pageQuery,
  limit: limitQuery(50, 200),
  level: z.enum(LOG_LEVELS, { error: 'level info, warning veya error olmalıdır' }).optional(),
  action: text('İşlem (action)', 100).optional(),
  entity_id: text('Kayıt kimliği (entity_id)', 100).optional(),
  user_id: z.uuid({ error: 'user_id geçersiz' }).optional(),
  search: text('Arama (search)', 200).optional(),
});
export type AdminLogsQuery = z.infer<typeof adminLogsQuery>;

export const logEntrySchema = z.object({
  id: z.string(),
  level: z.enum(LOG_LEVELS),
  action: z.string(),
  message: z.string(),
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
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
export type AdminLogs = z.infer<typeof adminLogsResponse>;
