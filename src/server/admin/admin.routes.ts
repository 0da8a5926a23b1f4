import type { FastifyInstance } from 'fastify';
import { XLSX_TYPE } from '../../shared/api/endpoint';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as logs from './admin-logs.service';
import * as settings from './settings.service';

/** Admin panel endpoints (admin role of the tenant: the entry's access, enforced by the auth hook). */
export default async function adminRoutes(app: FastifyInstance) {
  route(app, API.adminLogs, async (request) => ({
    success: true as const,
    data: await logs.listLogs(app.db, request.tenant.id, request.query),
  }));

  const channels = () => ({ emailConfigured: !!app.config.smtpUrl });

  route(app, API.adminSettings, async (request) => ({
    success: true as const,
    data: settings.toSystemSettings(request.tenant, channels()),
  }));

  // The tenant (and the sessions read with it) are cached for every request: emptied around the
  // write, so the next request of any open session obeys the new settings.
  route(app, API.adminSettingsUpdate, async (request, reply) =>
    app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'settings.update', entity: 'tenant' }, (trx) =>
        settings.updateSettings(trx, request.tenant.id, request.body, channels()),
      ),
    ),
  );
  route(app, API.adminLogUsers, async (request) => ({
    success: true as const,
    data: await logs.listLogUsers(app.db, request.tenant.id),
  }));

  route(app, API.adminLogsExport, async (request) => {
    await logs.auditExport(app.db, request.tenant.id, request.user, request.query, {
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    const day = new Date().toISOString().slice(0, 10);
    const name = `sistem-loglari-${request.tenant.id}-${day}`;
    const timeZone = request.tenant.settings.timezone;
    if (request.query.format === 'xlsx') {
      return {
        body: await logs.exportXlsx(app.db, request.tenant.id, request.query, timeZone),
        filename: `${name}.xlsx`,
        contentType: XLSX_TYPE,
      };
    }
    return {
      body: logs.exportCsv(app.db, request.tenant.id, request.query, timeZone),
      filename: `${name}.csv`,
    };
  });

  // Retention: entries older than AUDIT_RETENTION_DAYS are deleted every 6 hours, in batches.
  app.scheduler.every({
    name: logs.RETENTION_JOB,
    everyMs: logs.RETENTION_EVERY_MS,
    run: async () => {
      const deleted = await logs.pruneOldLogs(app.db, app.config.auditRetentionDays);
      if (deleted > 0) app.log.info({ deleted }, 'audit log retention');
    },
  });
}
