import { IDEMPOTENCY_HEADER } from '../../../shared/api/routes';
import { ApiError, NetworkError } from '../../api/errors';
import { request } from '../../api/http';
import type { LocalDb, OutboxEntry } from '../database';
import { mutationFor } from '../mutations';
import { acknowledge, postpone, reject } from '../outbox';
import { isTransient } from './backoff';

export type SendResult = 'ok' | 'rejected' | 'retry' | 'network' | 'unauthorized' | 'stopped';

export interface SendContext {
  db: LocalDb;
  token: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  signal: AbortSignal;
  /** The backoff for this entry's next attempt (ms). */
  backoff: (entry: OutboxEntry) => number;
}

export interface SendOutcome {
  result: SendResult;
  /** The failure, for the status line (network, 401, refusal, transient). */
  error?: Error;
}

/**
 * PUSH ONE ENTRY: send it with its Idempotency-Key and record the outcome in the outbox.
 * - 2xx (including the server replaying the stored outcome of this key — we sent it before and lost
 *   the answer): applied exactly once → acknowledge (the answer is parsed by the entry's endpoint
 *   contract; an answer that does not parse still acknowledges — the server HAS applied it, and
 *   retrying would only replay the same answer — and the next pull brings the record);
 * - no answer (network): postponed, waiting for the network;
 * - 401: nothing recorded, the engine pauses the whole outbox (every entry needs the same token);
 * - 5xx, 408, 429, in flight: postponed with backoff;
 * - any other 4xx: the server's decision → rejected (failed, with its reason and the record as the
 *   server has it now, when the answer carries `current`).
 */
export async function sendEntry(ctx: SendContext, entry: OutboxEntry): Promise<SendOutcome> {
  const def = mutationFor(entry.kind);
  try {
    const data = await request<unknown>(entry.path, {
      baseUrl: ctx.baseUrl,
      fetch: ctx.fetch,
      signal: ctx.signal,
      method: entry.method,
      json: entry.body === null || entry.body === undefined ? undefined : entry.body,
      headers: { [IDEMPOTENCY_HEADER]: entry.id },
      token: ctx.token,
      tenant: entry.tenant,
      ignoreUnauthorized: true,
      whole: def?.endpoint.envelope === false,
    });
    const parsed = def?.endpoint.response.safeParse(data);
    await acknowledge(ctx.db, entry, parsed?.success ? parsed.data : undefined);
    return { result: 'ok' };
  } catch (error) {
    if (ctx.signal.aborted || (error instanceof Error && error.name === 'AbortError'))
      return { result: 'stopped' };
    if (error instanceof NetworkError) {
      await postpone(ctx.db, entry, ctx.backoff(entry), error.message, 'network');
      return { result: 'network', error };
    }
    if (error instanceof ApiError) {
      if (error.status === 401) return { result: 'unauthorized', error };
      if (isTransient(error)) {
        await postpone(ctx.db, entry, ctx.backoff(entry), error.message, 'server');
        return { result: 'retry', error };
      }
      const current =
        error.body && 'current' in error.body
          ? (error.body.current as Record<string, unknown> | null)
          : undefined;
      await reject(ctx.db, entry, {
        status: error.status,
        error: error.message,
        code: error.code ?? null,
        current,
      });
      return { result: 'rejected', error };
    }
    // Anything else (a malformed answer): keep the entry and try again later.
    const failure = error instanceof Error ? error : new Error(String(error));
    await postpone(ctx.db, entry, ctx.backoff(entry), failure.message, 'server');
    return { result: 'retry', error: failure };
  }
}
