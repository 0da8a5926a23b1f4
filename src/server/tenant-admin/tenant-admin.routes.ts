import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { TENANT_MESSAGES } from '../../shared/api/tenant-admin';
import { isPlatformAdmin } from '../../shared/domain/platform';
import { provisionTenantHost, removeTenantHost } from '../dns/dns.service';
import { describe } from '../idempotency/mutation';
import { AppError } from '../lib/errors';
import { hashPassword } from '../lib/password';
import { route } from '../lib/route';
import * as service from './tenant-admin.service';
import * as admins from './tenant-admins.service';

/**
 * Tenant management, for platform admins only: the entries let admins through the auth hook, and
 * this plugin's own hook refuses every admin of another tenant with 403 (a company's admin never
 * sees or changes other companies). Every write changes a tenant row that requests read through
 * the read cache (the login page's colours too), so it runs inside `invalidateAround`.
 */
export default async function tenantAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!request.user) return; // the auth hook has answered 401 already
    if (!isPlatformAdmin(request.user.role, request.tenant?.id)) {
      throw new AppError(403, 'FORBIDDEN', TENANT_MESSAGES.notPlatformAdmin);
    }
  });
  const baseDomain = app.config.baseDomain;

  route(app, API.adminTenants, async (request) => service.list(app.db, request.query));

  route(app, API.adminTenantGet, async (request) => ({
    success: true as const,
    data: await service.get(app.db, request.params.id),
  }));

  route(app, API.adminTenantUsage, async (request) => ({
    success: true as const,
    data: await service.usage(app.db, request.params.id),
  }));

  route(app, API.adminTenantAdmins, async (request) => ({
    success: true as const,
    data: await admins.listAdmins(app.db, request.params.id),
  }));

  // A company's admins: a new one, or a password reset (logged here and in the company's log).
  route(app, API.adminTenantAdminCreate, async (request, reply) => {
    let hash = '';
    const meta = { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
    return app.readCache.invalidateAround(() =>
      app.mutate(
        request,
        reply,
        {
          action: 'tenant.admin_create',
          entity: 'tenant',
          prepare: async () => {
            hash = await hashPassword(request.body.password);
          },
        },
        (trx) => admins.createAdmin(trx, request.params.id, request.body, hash, request.user, meta),
      ),
    );
  });

  route(app, API.adminTenantAdminReset, async (request, reply) => {
    let hash = '';
    let signedOut: string | undefined;
    const meta = { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
    const answered = await app.readCache.invalidateAround(() =>
      app.mutate(
        request,
        reply,
        {
          action: 'tenant.admin_reset_password',
          entity: 'tenant',
          prepare: async () => {
            hash = await hashPassword(request.body.password);
          },
        },
        async (trx) => {
          const result = await admins.resetAdminPassword(
            trx,
            request.params.id,
            request.params.userId,
            hash,
            request.user,
            meta,
          );
          signedOut = result.signedOut;
          return result;
        },
      ),
    );
    // Its sessions were ended: its open event streams end too, once committed.
    if (signedOut && reply.statusCode < 300) app.eventHub.closeUser(request.params.id, signedOut);
    return answered;
  });

  route(app, API.adminTenantCreate, async (request, reply) => {
    let adminHash: string | null = null;
    const password = request.body.first_admin?.password;
    const answered = await app.readCache.invalidateAround(() =>
      app.mutate(
        request,
        reply,
        {
          action: 'tenant.create',
          entity: 'tenant',
          // Slow work (scrypt) outside the transaction, after the replay check.
          prepare: async () => {
            if (password) adminHash = await hashPassword(password);
          },
        },
        (trx) =>
          describe(
            service.create(
              trx,
              request.body,
              baseDomain,
              adminHash,
              app.dns.configured ? 'pending' : 'inactive',
            ),
            (t) => ({ name: t.company_name, subdomain: t.subdomain }),
          ),
      ),
    );
    // A new company's host record, once it exists (answered 201 as 'pending'): written through the
    // DNS provider and asked of the resolver; its status shows in the list. Without a provider
    // the company was made 'inactive' and nothing is written.
    if (reply.statusCode === 201 && app.dns.configured) {
      const id = request.body.subdomain;
      await provisionTenantHost(
        { db: app.db, dns: app.dns, changed: () => app.readCache.invalidate() },
        id,
        id,
      );
    }
    return answered;
  });

  route(app, API.adminTenantUpdate, async (request, reply) =>
    app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'tenant.update', entity: 'tenant' }, (trx) =>
        describe(service.update(trx, request.params.id, request.body), (t) => ({
          name: t.company_name,
          subdomain: t.subdomain,
        })),
      ),
    ),
  );

  route(app, API.adminTenantSettings, async (request, reply) =>
    app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'tenant.settings', entity: 'tenant' }, (trx) =>
        describe(service.updateSettings(trx, request.params.id, request.body), (t) => ({
          name: t.company_name,
          subdomain: t.subdomain,
        })),
      ),
    ),
  );

  route(app, API.adminTenantDelete, async (request, reply) => {
    const id = request.params.id;
    let prepared: service.PreparedDelete | undefined;
    const deleting = app.readCache.invalidateAround(() =>
      app.mutate(
        request,
        reply,
        {
          action: 'tenant.delete',
          entity: 'tenant',
          // The final backup is written outside the transaction (it reads the whole tenant).
          prepare: async () => {
            prepared = await service.prepareDelete({ db: app.db, config: app.config }, id);
            // From here the tenant is switched off: its cached row must not let requests in.
            app.readCache.invalidate();
          },
        },
        (trx) => {
          if (!prepared) throw new Error('delete without its final backup');
          return service.remove(trx, id, prepared, request.user);
        },
      ),
    );
    try {
      const answered = await deleting;
      // Its users' open event streams end now (their sessions went with the tenant).
      if (reply.statusCode < 300) {
        app.eventHub.closeTenant(id);
        if (prepared) await removeTenantHost(app.dns, id);
      }
      return answered;
    } catch (error) {
      // The backup was written but the rows stayed (the transaction failed): switch it back on.
      if (prepared) await service.undoPrepare(app.db, id, prepared).catch(() => {});
      app.readCache.invalidate();
      throw error;
    }
  });
}
