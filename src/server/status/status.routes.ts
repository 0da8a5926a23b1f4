import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import { systemStatus } from './status.service';

/** GET /admin/system-status (admin of the tenant: the entry's access, enforced by the auth hook). */
export default async function statusRoutes(app: FastifyInstance) {
  route(app, API.adminSystemStatus, async (request) => ({
    success: true as const,
    data: await systemStatus(app.db, app.monitor, request.tenant.id, app.config.dataDir),
  }));
}
