import type { FastifyInstance } from 'fastify';
import { envelope } from '../../shared/api/common';
import { driverListResponse } from '../../shared/api/orders';
import type { ZodTypeProvider } from '../plugins/external/zod';
import * as service from './drivers.service';

export default async function driverRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Manager and admin only: they are the ones who assign drivers (DESIGN §5).
  app.get(
    '/drivers',
    {
      onRequest: [app.authenticate, app.requireRole('manager', 'admin')],
      schema: { response: { 200: envelope(driverListResponse) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.listDrivers(app.db, request.tenant.id),
    }),
  );
}
