import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as notifications from '../../../src/server/notifications/notifications.service';
import type { ZodTypeProvider } from '../../../src/server/plugins/external/zod';
import type { AuditAction } from '../../../src/shared/api/audit-actions';

/**
 * Test-only routes registered under /api through buildApp({ routes }). They use the real
 * decorators (authenticate, mutate) and a real service, and add one thing a test needs:
 * - POST /test/explode: the service applies its change, then throws → a 500 (tests prove the
 *   change AND the idempotency key are both rolled back);
 * - POST /test/gated: the service applies its change, then waits for the test to open the gate
 *   (tests send the retry while the first one is provably in flight);
 * - GET /test/managers-only: a route whose access list is ['manager', 'admin'] (the auth hook's
 *   role check, as for every route of the endpoint table).
 */
export interface Gate {
  entered: Promise<void>;
  open(): void;
}

export function makeGate(): Gate & { enter(): void; wait: Promise<void> } {
  let enter!: () => void;
  let open!: () => void;
  const entered = new Promise<void>((r) => {
    enter = r;
  });
  const wait = new Promise<void>((r) => {
    open = r;
  });
  return { entered, enter, open, wait };
}

/** A test-only action code: not in the message table, the log shows the code itself. */
const TEST_ACTION = (code: string) => code as AuditAction;

const body = z.object({ notification_id: z.uuid() });

export function testRoutes(gates: { current: ReturnType<typeof makeGate> | null }) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/test/explode', { onRequest: app.authenticate, schema: { body } }, async (request, reply) =>
      app.mutate(
        request,
        reply,
        { action: TEST_ACTION('test.explode'), entity: 'notification' },
        async (trx) => {
          await notifications.markRead(trx, request.tenant.id, request.user.id, request.body.notification_id);
          throw new Error('boom after the write (test)');
        },
      ),
    );
    app.get(
      '/test/managers-only',
      { config: { access: ['manager', 'admin'] as const } },
      async (request) => ({
        success: true,
        data: { role: request.user.role },
      }),
    );
    app.post('/test/gated', { onRequest: app.authenticate, schema: { body } }, async (request, reply) =>
      app.mutate(
        request,
        reply,
        { action: TEST_ACTION('test.gated'), entity: 'notification' },
        async (trx) => {
          const result = await notifications.markRead(
            trx,
            request.tenant.id,
            request.user.id,
            request.body.notification_id,
          );
          const gate = gates.current;
          if (gate) {
            gate.enter();
            await gate.wait;
          }
          return result;
        },
      ),
    );
  };
}
