import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import { checkDatabase } from './health.service';

export default async function healthRoutes(app: FastifyInstance) {
  /**
   * Liveness + database check; needs no tenant (load balancers call it). The process answering is
   * "alive"; 503 with `database: 'unavailable'` tells the balancer to route elsewhere while the
   * database cannot be reached (the process keeps running and recovers by itself, database.ts).
   */
  route(app, API.health, async (_request, reply) => {
    const ok = await checkDatabase(app.db);
    return reply.code(ok ? 200 : 503).send({
      success: true as const,
      data: {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: ok ? ('ok' as const) : ('unavailable' as const),
        time: new Date().toISOString(),
        demo: app.config.demoMode,
      },
    });
  });
}
