import type { FastifyInstance } from 'fastify';
import { customerListQuery, customerListResponse } from '../../shared/api/catalogue';
import { envelope } from '../../shared/api/common';
import type { ZodTypeProvider } from '../plugins/external/zod';
import * as service from './customers.service';

export default async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/customers',
    {
      onRequest: app.authenticate,
      schema: { querystring: customerListQuery, response: { 200: envelope(customerListResponse) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(app.db, request.tenant.id, request.query),
    }),
  );
}
