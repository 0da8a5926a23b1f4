import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AuditParams } from '../../shared/api/audit-actions';
import type { AuditChange } from '../../shared/api/audit-fields';
import type { Database } from '../db/schema';
import type { AppError } from '../lib/errors';

/**
 * What a mutation is, apart from how it arrived: services return a MutationResult from inside the
 * transaction the idempotency step opened for them; the rules below decide which outcomes are
 * stored under a client's key and what makes two requests "the same". No HTTP here: the Fastify
 * plugin (idempotency/idempotency.plugin.ts) reads the request and writes the reply around these.
 */

/** What a mutating service returns: the response data, and what the audit log records. */
export interface MutationResult<T = unknown> {
  data: T;
  /** HTTP status of the success (default 200). */
  statusCode?: number;
  /** The entity the audit row points at. */
  entityId?: string | null;
  /** false: the request was valid but already satisfied (audit notes it). */
  changed?: boolean;
  /**
   * What the log row says besides the route's parameters: more named parameters of the message,
   * and for an update its changed fields (audit-fields.ts `auditChanges`, secrets never included).
   */
  audit?: { params?: AuditParams; changes?: AuditChange[] };
}

/**
 * A service's result with the named parameters of its log message read from its answer (the
 * record's name or number as it is after the change), under the service's own `audit.params`:
 *   (trx) => describe(service.update(trx, …), (p) => ({ name: p.name, code: p.product_code }))
 */
export async function describe<T>(
  pending: Promise<MutationResult<T>>,
  params: (data: T) => AuditParams,
): Promise<MutationResult<T>> {
  const result = await pending;
  return {
    ...result,
    audit: { ...result.audit, params: { ...params(result.data), ...result.audit?.params } },
  };
}

/** A service run inside the mutation's transaction. */
export type MutateService<T> = (trx: Transaction<Database>) => Promise<MutationResult<T>>;

/**
 * A 4xx that answers the REQUEST (not found, conflict, forbidden, invalid) is final and stored.
 * Not stored: 401 (about the caller's session: the outbox pauses and resends the same key after
 * signing in again, and must then get a real answer), 408/429 (try again later) and in-flight.
 */
export function isFinalRefusal(error: Pick<AppError, 'statusCode' | 'code'>): boolean {
  if (error.statusCode < 400 || error.statusCode >= 500) return false;
  if (error.statusCode === 401 || error.statusCode === 408 || error.statusCode === 429) return false;
  return error.code !== 'IDEMPOTENCY_IN_FLIGHT';
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * What makes two requests "the same": method, path (with its ids, without the query) and body,
 * the body's keys in a fixed order. The same key with another hash is a client bug (422).
 */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(canonical(body ?? null))}`)
    .digest('hex');
}
