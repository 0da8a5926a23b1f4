import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PushRun } from './push-run';

/**
 * The live runs of POST /sync/push (shared transactions, ./push-run.ts) as the request hooks see
 * them: the in-process request of a run's entry names its run with PUSH_RUN_HEADER, whose value is
 * the run's random id, known only in this process while the run lasts (a request naming no live
 * run, or carrying another Authorization header, is an ordinary request). Such a request takes the
 * batch request's tenant and user (tenants/tenant.plugin.ts, auth/auth.plugin.ts) and runs its
 * mutation in the run's transaction (./idempotency.plugin.ts): no database access outside that
 * transaction, which on the embedded database holds the one connection.
 */
export const PUSH_RUN_HEADER = 'x-push-run';

/** A live run, with who runs it: its entries are the batch request's tenant and user. */
export interface ActivePushRun extends PushRun {
  tenant: FastifyRequest['tenant'];
  user: FastifyRequest['user'];
  /** The batch request's Authorization header. */
  authorization: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live runs of POST /sync/push, by id. */
    pushRuns: Map<string, ActivePushRun>;
  }
}

/** The live run a request belongs to, if it is one of a run's entries. */
export function runOf(app: FastifyInstance, request: FastifyRequest): ActivePushRun | undefined {
  const id = request.headers[PUSH_RUN_HEADER];
  if (typeof id !== 'string') return undefined;
  const run = app.pushRuns.get(id);
  if (!run || request.headers.authorization !== run.authorization) return undefined;
  return run;
}
