import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as service from './registrations.service';

/**
 * Per IP. Signing up is rare (a person sends one form, maybe a second after a correction): a few
 * per quarter hour stop a script filling the review list. The subdomain check runs while a
 * person types (debounced), so it gets more.
 */
const CREATE_LIMIT = { config: { rateLimit: { max: 5, timeWindow: 15 * 60_000 } } };
const CHECK_LIMIT = { config: { rateLimit: { max: 60, timeWindow: 60_000 } } };
const FORM_LIMIT = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };
const VERIFY_LIMIT = { config: { rateLimit: { max: 20, timeWindow: 15 * 60_000 } } };

const meta = (request: FastifyRequest): service.RequestMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * The address an e-mailed link opens: the one this request came to, only when it is one of ours
 * (the base domain or a subdomain of it, or this machine). A forged Host header must not make us
 * mail a link to someone else's site: then null, and no link is sent.
 */
function linkBase(request: FastifyRequest, baseDomain: string): string | null {
  const host = request.hostname.toLowerCase();
  const ours =
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '[::1]' ||
    host === baseDomain ||
    host.endsWith(`.${baseDomain}`);
  return ours ? `${request.protocol}://${request.host}` : null;
}

export default async function registrationRoutes(app: FastifyInstance) {
  const emailConfigured = app.config.smtpUrl !== undefined;

  route(
    app,
    API.registrationForm,
    async () => ({ success: true as const, data: service.formToken(app.config.jwtSecret) }),
    FORM_LIMIT,
  );

  route(
    app,
    API.registrationSubdomainCheck,
    async (request) => ({
      success: true as const,
      data: await service.checkSubdomain(app.db, request.query.subdomain),
    }),
    CHECK_LIMIT,
  );

  route(
    app,
    API.registrationCreate,
    async (request, reply) => {
      const result = await service.register(
        app.db,
        {
          secret: app.config.jwtSecret,
          emailConfigured,
          linkBase: linkBase(request, app.config.baseDomain),
        },
        request.body,
        meta(request),
      );
      return reply.code(result.status).send({ success: true, data: result.data });
    },
    CREATE_LIMIT,
  );

  route(
    app,
    API.registrationVerifyEmail,
    async (request) => ({
      success: true as const,
      data: await service.verifyEmail(app.db, request.body.token),
    }),
    VERIFY_LIMIT,
  );

  route(app, API.adminRegistrations, async (request) => ({
    success: true as const,
    data: await service.list(app.db, request.tenant.id, request.user, request.query),
  }));

  route(app, API.adminPlatformStats, async (request) => ({
    success: true as const,
    data: await service.stats(app.db, request.tenant.id, request.user),
  }));

  // A suspension turns a tenant off: the read cache (tenants by id) forgets it around the write,
  // so the tenant's very next request is refused.
  route(app, API.adminRegistrationAction, async (request) => ({
    success: true as const,
    data: await app.readCache.invalidateAround(() =>
      service.act(
        {
          db: app.db,
          dns: app.dns,
          baseDomain: app.config.baseDomain,
          emailConfigured,
          linkBase: linkBase(request, app.config.baseDomain),
        },
        request.tenant.id,
        request.user,
        request.params.id,
        request.params.action,
        request.body.reason,
        meta(request),
      ),
    ),
  }));
}
