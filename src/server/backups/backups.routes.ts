import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as service from './backups.service';

/**
 * Tenant backups (admin of the tenant only: the entries' access). Also registers the scheduler's
 * job that backs up every active tenant on its own schedule and prunes by its retention.
 */
export default async function backupRoutes(app: FastifyInstance) {
  const deps: service.BackupDeps = {
    db: app.db,
    config: app.config,
    log: (message, error) => app.log.error({ err: error }, message),
  };

  app.scheduler.every({
    name: 'tenant-backups',
    everyMs: service.BACKUP_CHECK_EVERY_MS,
    run: () => service.runSchedule(deps),
  });

  route(app, API.backupList, async (request) => ({
    success: true as const,
    data: await service.list(app.db, request.tenant),
  }));

  route(app, API.backupCreate, async (request, reply) => {
    const answered = await app.mutate(request, reply, { action: 'backup.create', entity: 'backup' }, (trx) =>
      service.startManual(trx, request.tenant.id, request.user.id, request.body.id),
    );
    // After the commit: write the archive in the background (a replay finds it done or running).
    if (reply.statusCode < 300) {
      void service.runClaimed(deps, request.tenant.id, request.body.id);
    }
    return answered;
  });

  route(app, API.backupDownload, async (request) => {
    const file = await service.openDownload(deps, request.tenant.id, request.params.id, {
      id: request.user.id,
      full_name: request.user.full_name,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return { body: file.stream, filename: file.fileName };
  });
}
