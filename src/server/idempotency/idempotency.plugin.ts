import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditAction, AuditParams } from '../../shared/api/audit-actions';
import { UNCHANGED_PARAM } from '../../shared/api/audit-messages';
import { MESSAGES } from '../../shared/api/errors';
import { IDEMPOTENCY_HEADER } from '../../shared/api/routes';
import { IDEMPOTENCY_TTL_MS } from '../../shared/domain/constants';
import { auditLogRow } from '../audit/audit.repository';
import { bearerToken, verifyToken } from '../auth/tokens';
import { AppError } from '../lib/errors';
import { requestedTenant } from '../plugins/app/tenant-source';
import { type ActivePushRun, runOf } from './active-runs';
import {
  findOutcome,
  insertOutcome,
  insertOutcomes,
  type KeyScope,
  lockAndFindOutcomes,
  purgeOutcomes,
  type StoredOutcome,
} from './idempotency.repository';
import { isFinalRefusal, type MutateService, type MutationResult, requestHash } from './mutation';
import { deferralOf, flushDeferred, inSavepoint, type PushRun } from './push-run';

export interface MutateOptions {
  /** Audit action, e.g. 'notification.read' (a code of src/shared/api/audit-actions.ts). */
  action: AuditAction;
  /** Audit entity, e.g. 'notification'. */
  entity: string;
  /**
   * Slow work that must not run inside the transaction (hashing a password), run after the replay
   * check — a replay must not redo it, e.g. re-check a password that the first request changed.
   * Its 4xx errors are outcomes like the service's.
   */
  prepare?: () => Promise<void>;
  /**
   * Clean-up after the transaction committed and before the answer is sent (an import's staged
   * rows): a client that has its answer must never see the request still writing.
   */
  finish?: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs a mutation: opens a transaction, runs the service, writes the audit row and (with an
     * Idempotency-Key) the stored outcome, commits, and answers `{ success: true, data }`.
     */
    mutate: <T>(
      request: FastifyRequest,
      reply: FastifyReply,
      options: MutateOptions,
      service: MutateService<T>,
    ) => Promise<FastifyReply>;
  }
}

/**
 * The parameters of a mutation's log message (the service's, and what the route read from the
 * answer: mutation.ts `describe`); a request that changed nothing (already applied) is marked so
 * its message says so.
 */
function auditParams<T>(result: MutationResult<T>): AuditParams {
  return {
    ...result.audit?.params,
    ...(result.changed === false ? { [UNCHANGED_PARAM]: 1 } : {}),
  };
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const PURGE_EVERY_MS = 3600_000;

/** Thrown inside the transaction to roll it back and answer with a stored outcome instead. */
class ReplayStored extends Error {
  constructor(readonly outcome: StoredOutcome | undefined) {
    super('replay stored outcome');
  }
}

function inFlightError() {
  return new AppError(409, 'IDEMPOTENCY_IN_FLIGHT', MESSAGES.idempotencyInFlight);
}

/** What makes two requests "the same": method, path (with ids) and body. */
function hashOf(request: FastifyRequest): string {
  return requestHash(request.method, request.url.split('?')[0] ?? request.url, request.body);
}

function readKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new AppError(400, 'VALIDATION_ERROR', MESSAGES.invalidIdempotencyKey, {
      field: IDEMPOTENCY_HEADER,
    });
  }
  return value;
}

/**
 * IDEMPOTENCY: a request retried after a lost answer is applied once.
 *
 * The outbox of a device sends every mutation with a client-made `Idempotency-Key` and retries it
 * until it gets an answer, so the same request can arrive twice (lost response, flapping network,
 * two tabs). The first outcome is stored per tenant + user + key and replayed for every later
 * request with that key; the same key with a different payload is a client bug → 422; a retry
 * while the first is still running → 409 (the outbox retries it later and then gets the replay).
 *
 * INVARIANT: the stored outcome is inserted in the SAME transaction as the mutation and its audit
 * row. Either all three commit or none does: a crash (or a thrown error) after the effect but
 * before the key cannot leave an applied change without its key — which would apply it twice on
 * the retry. If the key insert finds the key already taken (another process won the race), the
 * transaction rolls back and the winner's outcome is replayed.
 *
 * 4xx outcomes of the service (not found, conflict, forbidden…) are final answers too: they are
 * stored in a transaction of their own in which nothing else is written (the service's
 * transaction was rolled back). 5xx are not stored: they are retryable; nor are 401/408/429
 * (see isFinalRefusal).
 *
 * In-flight detection: in this process a set of running keys (checked before anything else, even
 * before the tenant and user are loaded, so a retry is answered at once also on PGlite, whose
 * single connection is held by the running request); across processes on PostgreSQL, a
 * transaction-scoped advisory lock on the key.
 */
export default fp(
  async function idempotencyPlugin(app: FastifyInstance) {
    const running = new Set<string>();
    const lastPurge = new Map<string, number>();
    const scopeId = (s: KeyScope) => `${s.tenantId}\u0000${s.userId}\u0000${s.key}`;

    // Early in-flight answer: from the verified token alone, no database access.
    app.addHook('onRequest', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
      const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      const token = bearerToken(request.headers.authorization);
      if (typeof key !== 'string' || !token) return;
      // The tenant as the tenant plugin will resolve it (query or host), not yet looked up.
      const tenant = requestedTenant(request, app.config).value;
      const claims = await verifyToken(app.config.jwtSecret, token);
      if (!claims) return;
      request.verifiedClaims = claims;
      if (
        claims.tid === tenant.toLowerCase() &&
        running.has(scopeId({ tenantId: claims.tid, userId: claims.sub, key }))
      ) {
        throw inFlightError();
      }
    });

    function maybePurge(tenantId: string) {
      const now = Date.now();
      if (now - (lastPurge.get(tenantId) ?? 0) < PURGE_EVERY_MS) return;
      lastPurge.set(tenantId, now);
      purgeOutcomes(app.db, tenantId, new Date(now - IDEMPOTENCY_TTL_MS)).catch((error) =>
        app.log.warn({ err: error }, 'idempotency purge failed'),
      );
    }

    function replay(reply: FastifyReply, outcome: StoredOutcome): FastifyReply {
      return reply.code(outcome.status_code).header('Idempotency-Replayed', 'true').send(outcome.response);
    }

    async function mutate<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      options: MutateOptions,
      service: MutateService<T>,
    ): Promise<FastifyReply> {
      const user = request.user;
      const tenantId = request.tenant.id;
      if (!user) throw new Error('mutate() needs an authenticated route');
      const key = readKey(request);
      const auditRow = (result: MutationResult<T>) =>
        auditLogRow(tenantId, {
          action: options.action,
          entity: options.entity,
          entity_id: result.entityId ?? null,
          params: auditParams(result),
          changes: result.changed === false ? null : (result.audit?.changes ?? null),
          user_id: user.id,
          user_name: user.full_name,
          ip: request.ip,
          user_agent: request.headers['user-agent'] ?? null,
          idempotency_key: key ?? null,
        });

      if (key === undefined) {
        await options.prepare?.();
        const result = await app.db.transaction().execute(async (trx) => {
          const out = await service(trx);
          await insertOutcomes(trx, [], [auditRow(out)]);
          return out;
        });
        await options.finish?.();
        return reply.code(result.statusCode ?? 200).send({ success: true, data: result.data });
      }

      const scope: KeyScope = { tenantId, userId: user.id, key };
      const id = scopeId(scope);
      const hash = hashOf(request);
      if (running.has(id)) throw inFlightError();
      running.add(id);
      try {
        const run = runOf(app, request);
        if (run && run.tenantId === tenantId && run.userId === user.id) {
          return await mutateInRun(run, reply, scope, hash, request.body, options, service, auditRow);
        }
        const stored = await findOutcome(app.db, scope);
        if (stored) return replayChecked(reply, stored, hash);
        try {
          await options.prepare?.();
          const result = await app.db.transaction().execute(async (trx) => {
            // The key's lock and (another process may have finished it between our look-up and the
            // lock) its outcome, in one statement.
            const locked = (await lockAndFindOutcomes(trx, tenantId, user.id, [key])).get(key);
            if (!locked?.locked) throw inFlightError();
            if (locked.outcome) throw new ReplayStored(locked.outcome);
            const out = await service(trx);
            const body = { success: true, data: out.data };
            const outcome = { request_hash: hash, status_code: out.statusCode ?? 200, response: body };
            const inserted = await insertOutcomes(trx, [{ scope, outcome }], [auditRow(out)]);
            if (!inserted.has(key)) throw new ReplayStored(undefined);
            return { status: out.statusCode ?? 200, body };
          });
          maybePurge(tenantId);
          await options.finish?.();
          return reply.code(result.status).send(result.body);
        } catch (error) {
          if (error instanceof ReplayStored) {
            const outcome = error.outcome ?? (await findOutcome(app.db, scope));
            if (!outcome) throw inFlightError();
            return replayChecked(reply, outcome, hash);
          }
          if (error instanceof AppError && isFinalRefusal(error)) {
            // A final refusal: store it (nothing else is written in this transaction) and answer it.
            const body = error.toBody();
            const inserted = await app.db.transaction().execute((trx) =>
              insertOutcome(trx, scope, {
                request_hash: hash,
                status_code: error.statusCode,
                response: body,
              }),
            );
            if (!inserted) {
              const outcome = await findOutcome(app.db, scope);
              if (outcome) return replayChecked(reply, outcome, hash);
            }
          }
          throw error;
        }
      } finally {
        running.delete(id);
      }
    }

    /** A stored outcome answers a request of the same hash; another payload under the key is a 422. */
    function replayChecked(reply: FastifyReply, outcome: StoredOutcome, hash: string): FastifyReply {
      if (outcome.request_hash !== hash)
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyReused);
      return replay(reply, outcome);
    }

    /**
     * The same steps as above inside a run of POST /sync/push (idempotency/push-run.ts): the key
     * was locked and looked up at the run's start; the service runs in a savepoint of the run's
     * transaction, or in none when it answers from memory (push-run.ts, DEFERRED WRITES); the
     * outcome (success or final refusal) and the audit row are written with the
     * run's others before its COMMIT. What is not an answer to the request (an unexpected error,
     * 5xx, 401) breaks the run: the batch then rolls it back and sends its entries one by one.
     */
    async function mutateInRun<T>(
      run: PushRun,
      reply: FastifyReply,
      scope: KeyScope,
      hash: string,
      requestBody: unknown,
      options: MutateOptions,
      service: MutateService<T>,
      auditRow: (result: MutationResult<T>) => ReturnType<typeof auditLogRow>,
    ): Promise<FastifyReply> {
      const known = run.keys.get(scope.key);
      // A key outside the run's look-up (never the case for the batch's own entries): not here.
      if (!known) {
        run.broken = true;
        throw inFlightError();
      }
      const earlier = run.decided.get(scope.key) ?? known.outcome;
      if (earlier) return replayChecked(reply, earlier, hash);
      if (!known.locked) throw inFlightError();
      const decide = (outcome: StoredOutcome) => {
        run.outcomes.push({ scope, outcome });
        // As a replay reads it back from the json column: the same text, parsed.
        run.decided.set(scope.key, { ...outcome, response: JSON.parse(JSON.stringify(outcome.response)) });
      };
      try {
        await options.prepare?.();
        // Writes left for later by earlier entries are made before this one runs, unless it is
        // answered from memory as well (push-run.ts, DEFERRED WRITES): then it needs no savepoint.
        const fromMemory =
          deferralOf(run.trx)?.takes({ action: options.action, body: requestBody, userId: scope.userId }) ??
          false;
        if (!fromMemory) await flushDeferred(run.trx);
        const out = fromMemory ? await service(run.trx) : await inSavepoint(run, () => service(run.trx));
        const status = out.statusCode ?? 200;
        const body = { success: true, data: out.data };
        decide({ request_hash: hash, status_code: status, response: body });
        // Its own time, as its own transaction's now() would have given it (the run's now() is
        // the run's start, the same for all of its rows).
        run.audits.push({ ...auditRow(out), created_at: new Date() });
        // Outside the run (app.db): on the embedded database it waits for the run's end.
        maybePurge(scope.tenantId);
        return reply.code(status).send(body);
      } catch (error) {
        if (error instanceof AppError && isFinalRefusal(error)) {
          decide({ request_hash: hash, status_code: error.statusCode, response: error.toBody() });
        } else if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 401) {
          run.broken = true;
        }
        throw error;
      }
    }

    app.decorate('mutate', mutate);
    app.decorate('pushRuns', new Map<string, ActivePushRun>());
  },
  { name: 'idempotency', dependencies: ['error-envelope'] },
);
