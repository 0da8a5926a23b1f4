import type { FastifyInstance } from 'fastify';
import { adminLogsQuery, adminLogsResponse } from '../../shared/api/admin';
import { envelope } from '../../shared/api/common';
import type { ZodTypeProvider } from '../plugins/external/zod';
import * as logs from './admin-logs.service';

/** Admin panel endpoints (admin role of the tenant; the server enforces it). */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/logs',
    {
      onRequest: [app.authenticate, app.requireRole('admin')],
      schema: { querystring: adminLogsQuery, response: { 200: envelope(adminLogsResponse) } },
    },
    async (request) => ({ success: true as const, data: await logs.listLogs(app.db, request.tenant.id, request.query) }),
  );
}
