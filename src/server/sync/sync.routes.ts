import type { FastifyInstance } from 'fastify';
import { envelope } from '../../shared/api/common';
import { syncPullQuery, syncPullResponse } from '../../shared/api/sync';
import type { ZodTypeProvider } from '../plugins/external/zod';
import * as service from './sync.service';

export default async function syncRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/sync/pull',
    {
      onRequest: app.authenticate,
      schema: { querystring: syncPullQuery, response: { 200: envelope(syncPullResponse) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.pull(
        app.db,
        request.tenant.id,
        request.tenant.sync_epoch,
        request.user,
        request.query.cursor,
        request.query.limit,
      ),
    }),
  );
}
