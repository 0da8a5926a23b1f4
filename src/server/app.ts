import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { API } from '../shared/api/endpoints';
import { MESSAGES } from '../shared/api/errors';
import accountRoutes from './accounts/accounts.routes';
import adminRoutes from './admin/admin.routes';
import authPlugin from './auth/auth.plugin';
import authRoutes from './auth/auth.routes';
import type { SessionUser } from './auth/sessions.repository';
import backupRoutes from './backups/backups.routes';
import companyRoutes from './company/company.routes';
import type { Config } from './config';
import customerRoutes from './customers/customers.routes';
import dashboardRoutes from './dashboard/dashboard.routes';
import type { ChangeListener } from './db/change-listener';
import type { Database } from './db/schema';
import debugRoutes from './debug/debug.routes';
import deliveryRoutes from './delivery/delivery.routes';
import { DeviceReports } from './devices/devices.service';
import { dnsProviderFor } from './dns/dns.config';
import dnsRoutes from './dns/dns.routes';
import type { DnsProvider } from './dns/provider';
import { registerEmailQueue } from './email/email-queue';
import eventRoutes from './events/events.routes';
import { EventHub } from './events/events.service';
import healthRoutes from './health/health.routes';
import idempotencyPlugin from './idempotency/idempotency.plugin';
import invoiceRoutes from './invoices/invoices.routes';
import { noteArrival } from './lib/arrivals';
import { answerClientError } from './lib/client-error';
import { ReadCaches } from './lib/read-cache';
import { Scheduler } from './lib/scheduler';
import notificationRoutes from './notifications/notifications.routes';
import openApiRoutes from './openapi/openapi.routes';
import orderRoutes from './orders/orders.routes';
import { WireCache } from './orders/wire-cache';
import compressPlugin from './plugins/app/compress';
import errorEnvelope from './plugins/app/error-envelope';
import staticPlugin from './plugins/app/static';
import helmetPlugin from './plugins/external/helmet';
import rateLimitPlugin from './plugins/external/rate-limit';
import zodPlugin from './plugins/external/zod';
import importRoutes from './products/import/import.routes';
import productRoutes from './products/products.routes';
import registrationRoutes from './registrations/registrations.routes';
import { Monitor } from './status/monitor';
import statusRoutes from './status/status.routes';
import stockRoutes from './stock/stock.routes';
import { PullAhead } from './sync/pull-ahead';
import pushRoutes from './sync/push.routes';
import syncRoutes from './sync/sync.routes';
import type { PulledPage } from './sync/sync.service';
import tenantAdminRoutes from './tenant-admin/tenant-admin.routes';
import maintenancePlugin from './tenants/maintenance.plugin';
import tenantPlugin from './tenants/tenant.plugin';
import { hasDemoData, type Tenant } from './tenants/tenants.repository';
import tenantRoutes from './tenants/tenants.routes';
import adminUserRoutes from './users/admin-users.routes';
import driverRoutes from './users/drivers.routes';
import warehouseRoutes from './warehouse/warehouse.routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    /** Tenants and sessions read by every request (lib/read-cache.ts). */
    readCache: ReadCaches<Tenant, SessionUser>;
    /** Orders' JSON by version (orders/wire-cache.ts). */
    wireCache: WireCache;
    pullAhead: PullAhead<PulledPage>;
    /** Open server-sent event streams of this process (events/events.service.ts). */
    eventHub: EventHub;
    /** Background jobs (lib/scheduler.ts): features register theirs with `app.scheduler.every`. */
    scheduler: Scheduler;
    /** This process's recent requests, active users and CPU readings (status/monitor.ts). */
    monitor: Monitor;
    /** Device health reports of the pulls: what was last written per device (devices/devices.service.ts). */
    deviceReports: DeviceReports;
    /** Tenant host records (dns/provider.ts): the configured provider, or the null provider. */
    dns: DnsProvider;
    registeredRoutes: ReadonlyArray<{ method: string; url: string; access: unknown }>;
  }
}

const EVENTS_URL = `/api${API.events.path}`;

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  /** The DNS provider (tests may pass one); default: from the configuration (dns/dns.config.ts). */
  dns?: DnsProvider;
  /** Extra route plugins registered under /api after the built-in ones (they see every decorator). */
  routes?: FastifyPluginAsync[];
  /**
   * Where committed changes are heard (db/change-listener.ts) for GET /events; the app closes it.
   * Without one, streams still open and catch up on connect, but hear nothing live.
   */
  changes?: ChangeListener;
  /**
   * Settles when the database may be queried (migrated): main.ts builds the app WHILE the database
   * opens, and buildApp's own queries (whether the store holds the demo data, the e-mail switch)
   * wait for it. Default: at once.
   */
  databaseReady?: Promise<unknown>;
}

/**
 * Builds the Fastify app without listening (tests use app.inject; main.ts listens).
 * Plugins in the fastify/demo order: external (validation, security headers, rate limit) →
 * app (error envelope, then — inside /api — idempotency's early check, tenant, auth) → routes.
 * Routes use only decorators and services; services use repositories; only repositories query.
 */
export async function buildApp({
  db,
  config,
  routes = [],
  changes,
  dns,
  databaseReady,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Behind a load balancer set TRUST_PROXY so X-Forwarded-For gives the client IP (login rate limit).
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    // What Node's HTTP parser refuses before Fastify sees a request (an over-long URL or headers,
    // a malformed request line): the same JSON error envelope (lib/client-error.ts).
    clientErrorHandler: answerClientError,
    // Errors Fastify raises before routing (malformed URL, over-long path parameter): same envelope.
    frameworkErrors: (_error, _request, reply) => {
      // (the generic reply type of this hook cannot name a status code; the raw reply is plain)
      const raw = reply as unknown as {
        code(n: number): { header(k: string, v: string): { type(t: string): { send(body: string): void } } };
      };
      raw
        .code(400)
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ success: false, error: MESSAGES.badRequest, code: 'VALIDATION_ERROR' }));
    },
  });
  app.decorate('db', db);
  // Test mode: answers whose status the API's document does not list (lib/route.ts).
  app.decorate('contractBreaches', [] as string[]);
  // Demo mode (the debug calls, GET /health `demo`) needs both: the configuration allows it and
  // the database was seeded with demo data (tenants.demo_data) — a real company's database, even
  // on the embedded PGlite, never gets calls that write invented orders.
  // Demo mode needs the demo data in this store: a query, so it waits for `databaseReady`. The
  // routes that depend on it are registered last, once it is known; until then it is off.
  const settings = { ...config, demoMode: false };
  app.decorate('config', settings);
  const demoMode = config.demoMode
    ? Promise.resolve(databaseReady).then(() => hasDemoData(db))
    : Promise.resolve(false);
  demoMode.catch(() => {});
  const readCache = new ReadCaches<Tenant, SessionUser>(config.authCacheMs);
  const wireCache = new WireCache();
  const pullAhead = new PullAhead<PulledPage>();
  // A user's name is in the orders' JSON: a change of a user empties the wire cache too, and the
  // sync pages prepared ahead.
  readCache.onInvalidate(() => {
    wireCache.clear();
    pullAhead.clear();
  });
  app.decorate('readCache', readCache);
  app.decorate('wireCache', wireCache);
  app.decorate('pullAhead', pullAhead);
  // A page still being prepared finishes before the database is closed after the app.
  app.addHook('onClose', async () => {
    await pullAhead.settled();
    pullAhead.clear();
  });
  const eventHub = new EventHub(db, changes ?? null, {
    heartbeatMs: config.eventsHeartbeatMs,
    maxStreamsPerUser: config.eventsMaxStreamsPerUser,
  });
  app.decorate('eventHub', eventHub);
  // Streams never end by themselves: end them before the server waits for its connections.
  app.addHook('preClose', async () => eventHub.closeAll());
  app.addHook('onClose', async () => changes?.close());
  const scheduler = new Scheduler((job, error) => app.log.error({ err: error, job }, 'scheduled job failed'));
  app.decorate('scheduler', scheduler);
  const monitor = new Monitor();
  app.decorate('monitor', monitor);
  app.decorate('deviceReports', new DeviceReports());
  app.decorate('dns', dns ?? dnsProviderFor(config));
  app.addHook('preClose', async () => scheduler.stop());
  // E-mail (SMTP_URL): notifications' copies and password reset links, sent from a queue.
  registerEmailQueue(app, databaseReady);
  // Every route as registered (method, url, config): the route walker test holds each /api route
  // to "authenticated unless its endpoint entry says public".
  const registered: Array<{ method: string; url: string; access: unknown }> = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      registered.push({ method: String(method), url: route.url, access: route.config?.access });
    }
  });

  // Long work that yields to other users (an import's chunks, a lending transaction's gaps) goes on
  // yielding while connections and requests keep arriving: Node accepts one connection per turn.
  app.server.on('connection', noteArrival);
  app.server.on('request', noteArrival);

  // JSON only: a text/plain body is refused with 415 instead of reaching a route as a string.
  app.removeContentTypeParser('text/plain');
  // A JSON body may be empty (POST /auth/logout from some clients): treat it as no body.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, body as string, done);
  });

  // external
  await app.register(zodPlugin);
  await app.register(helmetPlugin);
  await app.register(rateLimitPlugin);
  // app
  await app.register(errorEnvelope);
  // Every /api answer is per user and changes with each write: `no-store` keeps it out of browser,
  // proxy and service-worker HTTP caches (DESIGN). On the root (onSend), not in the /api scope, so
  // that errors and the 404 of unknown /api paths get it too; the PWA's files keep their caching.
  // An answer that states its own caching keeps it: a product image, named by its content hash.
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('Cache-Control')) return;
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?'))
      reply.header('Cache-Control', 'no-store');
  });
  // Large GET answers (the sync feed's pages) gzipped for clients that accept it.
  await app.register(compressPlugin);
  await app.register(staticPlugin);
  // routes, under /api with their own hooks
  await app.register(
    async (api) => {
      // Every finished API request feeds the system status (a few array writes; the figures are
      // computed only when an admin asks). The live stream is left out: it lasts for minutes.
      api.addHook('onResponse', async (request, reply) => {
        if (request.routeOptions.url === EVENTS_URL) return;
        monitor.record(reply.statusCode, reply.elapsedTime, request.tenant?.id);
      });
      // A signed-in user's request (after the auth hook): the status tab's "active users".
      api.addHook('preHandler', async (request) => {
        const user = request.user;
        if (user && request.tenant)
          monitor.seen(request.tenant.id, {
            user_id: user.id,
            username: user.username,
            full_name: user.full_name,
            role: user.role,
          });
      });
      await api.register(idempotencyPlugin);
      await api.register(tenantPlugin);
      await api.register(authPlugin);
      await api.register(maintenancePlugin);
      await api.register(healthRoutes);
      await api.register(openApiRoutes);
      await api.register(authRoutes);
      await api.register(tenantRoutes);
      await api.register(notificationRoutes);
      await api.register(syncRoutes);
      await api.register(pushRoutes);
      await api.register(eventRoutes);
      await api.register(adminRoutes);
      await api.register(companyRoutes);
      await api.register(statusRoutes);
      await api.register(adminUserRoutes);
      await api.register(backupRoutes);
      await api.register(tenantAdminRoutes);
      await api.register(registrationRoutes);
      await api.register(orderRoutes);
      await api.register(dashboardRoutes);
      await api.register(deliveryRoutes);
      await api.register(driverRoutes);
      await api.register(productRoutes);
      await api.register(importRoutes);
      await api.register(stockRoutes);
      await api.register(customerRoutes);
      await api.register(accountRoutes);
      await api.register(invoiceRoutes);
      await api.register(warehouseRoutes);
      await api.register(dnsRoutes);
      // The spec's debug calls: registered only in demo mode (otherwise their paths are 404).
      settings.demoMode = await demoMode;
      if (app.config.demoMode) await api.register(debugRoutes);
      for (const plugin of routes) await api.register(plugin);
    },
    { prefix: '/api' },
  );
  return app;
}
