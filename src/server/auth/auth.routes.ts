import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authResponse, loginBody, profileUpdateBody, registerBody, userSchema } from '../../shared/api/auth';
import { envelope } from '../../shared/api/common';
import type { ZodTypeProvider } from '../plugins/external/zod';
import * as authService from './auth.service';

/** A missing or non-object body is "no fields" (→ the spec's 'Kullanıcı adı ve şifre gereklidir.'). */
const objectOrEmpty = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

const meta = (request: FastifyRequest): authService.RequestMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/login',
    {
      schema: { body: z.preprocess(objectOrEmpty, loginBody), response: { 200: authResponse } },
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request) => authService.login(app.db, app.config, request.tenant, request.body, meta(request)),
  );

  app.post(
    '/auth/register',
    {
      schema: { body: z.preprocess(objectOrEmpty, registerBody), response: { 200: authResponse } },
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request) => authService.register(app.db, app.config, request.tenant, request.body, meta(request)),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: envelope(z.object({ message: z.string() })) } },
    },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'auth.logout', entity: 'session' }, (trx) =>
        authService.logout(trx, request.tenant.id, request.user.sessionId),
      ),
  );

  app.get(
    '/auth/profile',
    { onRequest: app.authenticate, schema: { response: { 200: envelope(userSchema) } } },
    async (request) => ({
      success: true as const,
      data: await authService.profile(app.db, request.tenant.id, request.user.id),
    }),
  );

  app.put(
    '/auth/profile',
    {
      onRequest: app.authenticate,
      schema: {
        body: z.preprocess(objectOrEmpty, profileUpdateBody),
        response: { 200: envelope(userSchema) },
      },
    },
    async (request, reply) => {
      let prepared: { newPasswordHash: string | undefined } = { newPasswordHash: undefined };
      return app.mutate(
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
      );
    },
  );
}
