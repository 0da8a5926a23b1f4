import type { FastifyInstance, FastifyReply } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { describe } from '../idempotency/mutation';
import { route } from '../lib/route';
import { newUserDefaults } from '../tenants/user-defaults';
import * as service from './admin-users.service';

/**
 * The admin panel's user management (admin of the tenant: the entries' access, enforced by the
 * auth hook; the service holds the finer rules). Every write changes what the read cache holds
 * (sessions with their user's name, role and state), so it runs inside invalidateAround; a write
 * that signed a user out also ends that user's open event streams once it has committed.
 */
export default async function adminUserRoutes(app: FastifyInstance) {
  /** Runs a write; afterwards ends the event streams of the user it signed out, if any. */
  async function write<T>(
    run: (signOut: (result: service.UserMutation<T>) => service.UserMutation<T>) => Promise<FastifyReply>,
    tenantId: string,
  ): Promise<FastifyReply> {
    let signedOut: string | undefined;
    const reply = await app.readCache.invalidateAround(() =>
      run((result) => {
        signedOut = result.signedOut;
        return result;
      }),
    );
    if (signedOut) app.eventHub.closeUser(tenantId, signedOut);
    return reply;
  }

  route(app, API.adminUsers, async (request) => ({
    success: true as const,
    data: await service.list(app.db, request.tenant.id, request.query),
  }));

  route(app, API.adminUserCreate, async (request, reply) => {
    let hash = '';
    return app.readCache.invalidateAround(() =>
      app.mutate(
        request,
        reply,
        {
          action: 'user.create',
          entity: 'user',
          prepare: async () => {
            hash = await service.preparePassword(request.tenant, request.body.password);
          },
        },
        (trx) =>
          describe(
            service.create(trx, request.tenant, request.body, hash, newUserDefaults(request.tenant)),
            (u) => ({ name: u.full_name, username: u.username }),
          ),
      ),
    );
  });

  route(app, API.adminUserUpdate, async (request, reply) =>
    write(
      (seen) =>
        app.mutate(request, reply, { action: 'user.update', entity: 'user' }, async (trx) =>
          seen(
            await describe(
              service.update(trx, request.tenant.id, request.user, request.params.id, request.body),
              (u) => ({ name: u.full_name, username: u.username }),
            ),
          ),
        ),
      request.tenant.id,
    ),
  );

  route(app, API.adminUserDelete, async (request, reply) =>
    write(
      (seen) =>
        app.mutate(request, reply, { action: 'user.delete', entity: 'user' }, async (trx) =>
          seen(await service.remove(trx, request.tenant.id, request.user, request.params.id)),
        ),
      request.tenant.id,
    ),
  );

  route(app, API.adminUserResetPassword, async (request, reply) => {
    let hash = '';
    return write(
      (seen) =>
        app.mutate(
          request,
          reply,
          {
            action: 'user.reset_password',
            entity: 'user',
            prepare: async () => {
              hash = await service.preparePassword(request.tenant, request.body.password);
            },
          },
          async (trx) => seen(await service.resetPassword(trx, request.tenant, request.params.id, hash)),
        ),
      request.tenant.id,
    );
  });

  route(app, API.adminUserUnlock, async (request, reply) =>
    app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'user.unlock', entity: 'user' }, (trx) =>
        service.unlock(trx, request.tenant.id, request.params.id),
      ),
    ),
  );
}
