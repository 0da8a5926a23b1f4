import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as authService from './auth.service';

const meta = (request: FastifyRequest): authService.RequestMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

export default async function authRoutes(app: FastifyInstance) {
  const limited = { config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: 60_000 } } };

  route(
    app,
    API.login,
    async (request) => authService.login(app.db, app.config, request.tenant, request.body, meta(request)),
    limited,
  );

  route(
    app,
    API.register,
    async (request) => authService.register(app.db, app.config, request.tenant, request.body, meta(request)),
    limited,
  );

  // Writes to a session or a user run inside invalidateAround: the read cache (lib/read-cache.ts)
  // forgets the old state before the write and again once it has committed.
  route(app, API.logout, async (request, reply) =>
    app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'auth.logout', entity: 'session' }, (trx) =>
        authService.logout(trx, request.tenant.id, request.user.sessionId),
      ),
    ),
  );

  route(app, API.profile, async (request) => ({
    success: true as const,
    data: await authService.profile(app.db, request.tenant.id, request.user.id),
  }));

  route(app, API.profileUpdate, async (request, reply) => {
    let prepared: { newPasswordHash: string | undefined } = { newPasswordHash: undefined };
    return app.readCache.invalidateAround(() =>
      app.mutate(
        request,
        reply,
        {
          action: 'user.profile_update',
          entity: 'user',
          prepare: async () => {
            prepared = await authService.prepareProfileUpdate(
              app.db,
              request.tenant,
              request.user.id,
              request.body,
              meta(request),
            );
          },
        },
        (trx) =>
          authService.updateProfile(
            trx,
            request.tenant.id,
            request.user.id,
            request.user.sessionId,
            request.body,
            prepared,
          ),
      ),
    );
  });
}
