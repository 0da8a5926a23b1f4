import type { FastifyInstance } from 'fastify';
import { envelope } from '../../shared/api/common';
import { tenantInfoSchema } from '../../shared/api/tenants';
import type { ZodTypeProvider } from '../plugins/external/zod';
import { toTenantInfo } from './tenants.service';

export default async function tenantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Public (no token): the login screen shows the company's name and colours. */
  app.get(
    '/tenants/info',
    { schema: { response: { 200: envelope(tenantInfoSchema) } } },
    async (request) => ({
      success: true as const,
      data: toTenantInfo(request.tenant),
    }),
  );
}
