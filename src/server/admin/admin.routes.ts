import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as logs from './admin-logs.service';

/** Admin panel endpoints (admin role of the tenant: the entry's access, enforced by the auth hook). */
export default async function adminRoutes(app: FastifyInstance) {
  route(app, API.adminLogs, async (request) => ({
    success: true as const,
    data: await logs.listLogs(app.db, request.tenant.id, request.query),
  }));
}
