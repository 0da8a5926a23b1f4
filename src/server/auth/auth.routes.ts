import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import type { Tenant } from '../tenants/tenants.repository';
import * as authService from './auth.service';
import * as resetService from './password-reset.service';

const meta = (request: FastifyRequest): authService.RequestMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Per IP: asking for reset links and using them (a person needs a few; a script is stopped). */
const RESET_RATE_LIMIT = { config: { rateLimit: { max: 10, timeWindow: 15 * 60_000 } } };

/**
 * The address a reset link opens: the one this request came to — only when it is one of ours
 * (the base domain or a subdomain of it, the tenant's own domain, or this machine). A forged Host
 * header must not make us mail a link to someone else's site: then null, and nothing is sent.
 */
function resetLinkBase(request: FastifyRequest, baseDomain: string, tenant: Tenant): string | null {
  const host = request.hostname.toLowerCase();
  const ours =
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '[::1]' ||
    host === baseDomain ||
    host.endsWith(`.${baseDomain}`) ||
    (tenant.full_domain !== null && host === tenant.full_domain.toLowerCase());
  return ours ? `${request.protocol}://${request.host}` : null;
}

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

  const emailConfigured = app.config.smtpUrl !== undefined;
  route(
    app,
    API.forgotPassword,
    async (request) => ({
      success: true as const,
      data: await resetService.requestPasswordReset(
        app.db,
        emailConfigured,
        request.tenant,
        request.body,
        meta(request),
        resetLinkBase(request, app.config.baseDomain, request.tenant),
      ),
    }),
    RESET_RATE_LIMIT,
  );

  route(
    app,
    API.resetPassword,
    async (request) => ({
      success: true as const,
      data: await app.readCache.invalidateAround(() =>
        resetService.resetPassword(app.db, emailConfigured, request.tenant, request.body, meta(request)),
      ),
    }),
    RESET_RATE_LIMIT,
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
