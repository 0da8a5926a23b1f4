import { z } from 'zod';
import { typeError } from './common';

/**
 * Tenant backups (admin only): the list, "back up now", and the archive's download. A backup is a
 * gzip archive of every row of the tenant, written by the server on the tenant's schedule
 * (`backup_frequency`) and kept `backup_retention_days`; restoring one is an operator's command.
 */
export const BACKUP_STATUSES = ['running', 'success', 'failed'] as const;
export const BACKUP_TRIGGERS = ['scheduled', 'manual'] as const;

export const BACKUP_MESSAGES = {
  running: 'Bu firma için bir yedekleme zaten sürüyor; bitince yeniden deneyin.',
  notFound: 'Yedek bulunamadı.',
  notReady: 'Bu yedeğin dosyası yok (yedekleme sürüyor veya başarısız oldu).',
  fileMissing: 'Yedek dosyası sunucuda bulunamadı.',
} as const;

export const backupSchema = z.object({
  id: z.string(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Rows per table; their sum is the backup's row count. */
  row_counts: z.record(z.string(), z.number().int()).nullable(),
  file_name: z.string().nullable(),
  error: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListResponse = z.object({
  backups: z.array(backupSchema),
  frequency: z.string(),
  retention_days: z.number().int(),
});
export type BackupList = z.infer<typeof backupListResponse>;

/** POST /admin/backups: the client-made id of the backup (a replay answers the same backup). */
export const createBackupBody = z.object({
  id: z.uuid({ error: typeError('Yedek kimliği gereklidir', 'Yedek kimliği geçersiz') }),
});
