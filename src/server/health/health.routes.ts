import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../shared/api/common';
import type { ZodTypeProvider } from '../plugins/external/zod';
import { checkDatabase } from './health.service';

export const healthResponse = envelope(
  z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'error']), time: z.string() }),
);

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Liveness + database check; needs no tenant (load balancers call it). 503 when the database is down. */
  app.get(
    '/health',
    { config: { tenant: false }, schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const ok = await checkDatabase(app.db);
      return reply.code(ok ? 200 : 503).send({
        success: true as const,
        data: {
          status: ok ? ('ok' as const) : ('degraded' as const),
          database: ok ? ('ok' as const) : ('error' as const),
          time: new Date().toISOString(),
        },
      });
    },
  );
}
