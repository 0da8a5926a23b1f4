import type { Kysely } from 'kysely';
import type { AdminLogs, AdminLogsQuery, LogEntry } from '../../shared/api/admin';
import { listAuditLogs } from '../audit/audit.repository';
import type { Database } from '../db/schema';

/** Turkish one-line descriptions of the logged actions (the log's `message` when none was stored). */
const ACTION_TEXTS: Record<string, string> = {
  'auth.login': 'Kullanıcı giriş yaptı',
  'auth.logout': 'Kullanıcı çıkış yaptı',
  'auth.register': 'Yeni kullanıcı kaydı',
  'auth.profile_update': 'Profil güncellendi',
  'notification.read': 'Bildirim okundu olarak işaretlendi',
  'notification.mark_all_read': 'Tüm bildirimler okundu olarak işaretlendi',
  'notification.delete': 'Bildirim silindi',
};

function level(value: string): LogEntry['level'] {
  return value === 'warning' || value === 'error' ? value : 'info';
}

export async function listLogs(
  db: Kysely<Database>,
  tenantId: string,
  query: AdminLogsQuery,
): Promise<AdminLogs> {
  const { items, total } = await listAuditLogs(db, tenantId, query, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    logs: items.map((row) => ({
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
    })),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}
