import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import { MESSAGES } from '../../../shared/api/errors';
import { IDEMPOTENCY_HEADER } from '../../../shared/api/routes';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/domain/constants';
import { insertAuditLog } from '../../audit/audit.repository';
import { bearerToken, verifyToken } from '../../auth/tokens';
import type { Database } from '../../db/schema';
import {
  findOutcome,
  insertOutcome,
  type KeyScope,
  purgeOutcomes,
  type StoredOutcome,
  tryLockKey,
} from '../../idempotency/idempotency.repository';
import {
  isFinalRefusal,
  type MutateService,
  type MutationResult,
  requestHash,
} from '../../idempotency/mutation';
import { AppError } from '../../lib/errors';
import { requestedTenant } from './tenant-source';

export interface MutateOptions {
  /** Audit action, e.g. 'notification.read'. */
  action: string;
  /** Audit entity, e.g. 'notification'. */
  entity: string;
  /**
   * Slow work that must not run inside the transaction (hashing a password), run after the replay
   * check — a replay must not redo it, e.g. re-check a password that the first request changed.
   * Its 4xx errors are outcomes like the service's.
   */
  prepare?: () => Promise<void>;
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
      const audit = (trx: Transaction<Database>, result: MutationResult<T>) =>
        insertAuditLog(trx, tenantId, {
          action: options.action,
          entity: options.entity,
          entity_id: result.entityId ?? null,
          message: result.changed === false ? 'değişiklik yok (zaten uygulanmış)' : null,
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
          await audit(trx, out);
          return out;
        });
        return reply.code(result.statusCode ?? 200).send({ success: true, data: result.data });
      }

      const scope: KeyScope = { tenantId, userId: user.id, key };
      const id = scopeId(scope);
      const hash = hashOf(request);
      if (running.has(id)) throw inFlightError();
      running.add(id);
      try {
        const stored = await findOutcome(app.db, scope);
        if (stored) {
          if (stored.request_hash !== hash)
            throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyReused);
          return replay(reply, stored);
        }
        try {
          await options.prepare?.();
          const result = await app.db.transaction().execute(async (trx) => {
            if (!(await tryLockKey(trx, scope))) throw inFlightError();
            // Another process may have finished this key between our look-up and the lock.
            const raced = await findOutcome(trx, scope);
            if (raced) throw new ReplayStored(raced);
            const out = await service(trx);
            await audit(trx, out);
            const body = { success: true, data: out.data };
            const inserted = await insertOutcome(trx, scope, {
              request_hash: hash,
              status_code: out.statusCode ?? 200,
              response: body,
            });
            if (!inserted) throw new ReplayStored(undefined);
            return { status: out.statusCode ?? 200, body };
          });
          maybePurge(tenantId);
          return reply.code(result.status).send(result.body);
        } catch (error) {
          if (error instanceof ReplayStored) {
            const outcome = error.outcome ?? (await findOutcome(app.db, scope));
            if (!outcome) throw inFlightError();
            if (outcome.request_hash !== hash)
              throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyReused);
            return replay(reply, outcome);
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
              if (outcome) {
                if (outcome.request_hash !== hash)
                  throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyReused);
                return replay(reply, outcome);
              }
            }
          }
          throw error;
        }
      } finally {
        running.delete(id);
      }
    }

    app.decorate('mutate', mutate);
  },
  { name: 'idempotency', dependencies: ['error-envelope'] },
);
