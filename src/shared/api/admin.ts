import { z } from 'zod';

/**
 * GET /admin/logs (admin only): the tenant's system log (spec: Sistem Logları — level, message,
 * user name, IP address, user agent, timestamp). Every applied mutation writes one entry in its own
 * transaction, so the log is also the proof that an action was applied exactly once.
 */
export const LOG_LEVELS = ['info', 'warning', 'error'] as const;

export const adminLogsQuery = z.object({
  page: z.coerce
    .number({ error: 'page bir sayı olmalıdır' })
    .int()
    .min(1, 'page en az 1 olmalıdır')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit bir sayı olmalıdır' })
    .int()
    .min(1, 'limit en az 1 olmalıdır')
    .max(200, 'limit en fazla 200 olabilir')
    .default(50),
  level: z.enum(LOG_LEVELS, { error: 'level info, warning veya error olmalıdır' }).optional(),
  action: z.string().trim().max(100, 'action en fazla 100 karakter olabilir').optional(),
  entity_id: z.string().trim().max(100, 'entity_id en fazla 100 karakter olabilir').optional(),
  user_id: z.uuid({ error: 'user_id geçersiz' }).optional(),
  search: z.string().trim().max(200, 'search en fazla 200 karakter olabilir').optional(),
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
