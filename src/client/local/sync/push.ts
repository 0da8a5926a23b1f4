import { API } from '../../../shared/api/endpoints';
import type { PushResponse, PushResult } from '../../../shared/api/push';
import { IDEMPOTENCY_HEADER } from '../../../shared/api/routes';
import { ApiError, NetworkError } from '../../api/errors';
import { request } from '../../api/http';
import type { LocalDb, OutboxEntry } from '../database';
import { mutationFor } from '../mutations';
import { acknowledge, postpone, recomputeAll, reject } from '../outbox';
import { isTransient } from './backoff';
import { wireEntry } from './batch';

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
        field: typeof error.body?.field === 'string' ? error.body.field : null,
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

/** What the engine does when sendInTurn meets each kind of answer. */
export interface InTurnHooks {
  stopped: () => boolean;
  /** The server answered (applied when the entry was acknowledged). */
  reached: (applied: boolean) => void;
  retry: (error: Error | undefined) => void;
  unreachable: (error: Error, entry: OutboxEntry) => void;
  unauthorized: (error: Error) => void;
}

/**
 * One request per entry (the per-record endpoints), in order, until a refusal or a postponement
 * asks for a new plan, or a network error or a 401 ends the pass.
 */
export interface Step {
  /** Something was applied or refused (the server answered). */
  sent: boolean;
  /** Something was refused or postponed: plan again. */
  replan: boolean;
  /** A network error or a 401: this pass is over. */
  stop: boolean;
  /** The engine was stopped meanwhile. */
  aborted?: boolean;
  /** The server refused the batch itself: send one request per entry instead. */
  unsupported?: boolean;
}

export async function sendInTurn(ctx: SendContext, send: OutboxEntry[], on: InTurnHooks): Promise<Step> {
  let sent = false;
  for (const planned of send) {
    if (on.stopped()) return { sent, replan: false, stop: true, aborted: true };
    // The entry as stored NOW, not as planned: acknowledging an earlier entry of its record may have
    // moved its `expected_version` on (outbox.ts carryVersions), or the user discarded it meanwhile.
    const entry = planned.seq !== undefined ? await ctx.db.outbox.get(planned.seq) : planned;
    if (entry?.status !== 'pending') continue;
    const { result, error } = await sendEntry(ctx, entry);
    if (result === 'ok' || result === 'rejected') {
      sent = true;
      on.reached(result === 'ok');
    }
    if (result === 'rejected') return { sent, replan: true, stop: false };
    if (result === 'retry') {
      on.retry(error);
      return { sent, replan: true, stop: false };
    }
    if (result === 'network') {
      on.unreachable(error as Error, entry);
      return { sent, replan: false, stop: true };
    }
    if (result === 'unauthorized') {
      on.unauthorized(error as Error);
      return { sent, replan: false, stop: true };
    }
    if (result === 'stopped') return { sent, replan: false, stop: true, aborted: true };
  }
  return { sent, replan: false, stop: false };
}

// ---------------------------------------------------------------------------------------------
// Batched push: POST /sync/push.
// ---------------------------------------------------------------------------------------------

export interface BatchOutcome {
  /**
   * 'sent': the server answered per entry (each recorded in the outbox); 'unsupported': the server
   * refused the batch itself (an older server without the endpoint, a bound it enforces) —
   * nothing was applied, send these entries one at a time; the others as for one entry.
   */
  result: 'sent' | 'unsupported' | 'retry' | 'network' | 'unauthorized' | 'stopped';
  /** Entries acknowledged / refused / postponed by their answer. */
  applied: number;
  rejected: number;
  postponed: number;
  /** The last failure (network, 401, a refusal, a transient answer), for the status line. */
  error?: Error;
}

type Answer = Extract<PushResult, { outcome: 'answered' }>;

/** What the outbox records for one entry's answer (the same rules as sendEntry's). */
async function settle(
  ctx: SendContext,
  entry: OutboxEntry,
  answer: Answer,
  later: Set<string>,
): Promise<SendOutcome> {
  const body = answer.body as Record<string, unknown>;
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = mutationFor(entry.kind)?.endpoint.response.safeParse(body.data);
    await acknowledge(ctx.db, entry, parsed?.success ? parsed.data : undefined, later);
    return { result: 'ok' };
  }
  const error = new ApiError(
    typeof body.error === 'string' ? body.error : `HTTP ${answer.status}`,
    answer.status,
    typeof body.code === 'string' ? body.code : undefined,
    body,
  );
  if (error.status === 401) return { result: 'unauthorized', error };
  if (isTransient(error)) {
    await postpone(ctx.db, entry, ctx.backoff(entry), error.message, 'server');
    return { result: 'retry', error };
  }
  await reject(
    ctx.db,
    entry,
    {
      status: error.status,
      error: error.message,
      code: error.code ?? null,
      field: typeof body.field === 'string' ? body.field : null,
      current: 'current' in body ? (body.current as Record<string, unknown> | null) : undefined,
    },
    later,
  );
  return { result: 'rejected', error };
}

/**
 * PUSH A BATCH: the entries (in the order the plan gave, see batch.ts) in one POST /sync/push.
 * The server answers each entry with what its own request would have answered, and each answer is
 * recorded exactly as sendEntry records it (acknowledge / postpone / reject; a 401 records
 * nothing). Entries the server held back (behind a refused entry of their record, or after the
 * batch stopped) are left as they are: the next plan holds them behind the refused one or sends
 * them again. All answers of a batch are recorded in ONE Dexie transaction: the screens and the
 * outbox counts see the batch land at once, not a hundred small writes.
 *
 * When the batch gets no per-entry answer: no answer at all → every entry waits for the network;
 * 401 → nothing recorded (the engine pauses); 5xx/408/429 → every entry postponed with backoff;
 * the batch itself refused (older server, 4xx) → 'unsupported', nothing recorded.
 */
export async function sendBatch(ctx: SendContext, entries: OutboxEntry[]): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { result: 'sent', applied: 0, rejected: 0, postponed: 0 };
  let answer: PushResponse;
  try {
    const data = await request<unknown>(API.syncPush.path, {
      baseUrl: ctx.baseUrl,
      fetch: ctx.fetch,
      signal: ctx.signal,
      method: API.syncPush.method,
      json: { entries: entries.map(wireEntry) },
      token: ctx.token,
      tenant: ctx.db.tenant,
      ignoreUnauthorized: true,
    });
    answer = API.syncPush.response.parse(data);
  } catch (error) {
    if (ctx.signal.aborted || (error instanceof Error && error.name === 'AbortError'))
      return { ...outcome, result: 'stopped' };
    const failure = error instanceof Error ? error : new Error(String(error));
    if (error instanceof ApiError && error.status === 401)
      return { ...outcome, result: 'unauthorized', error };
    if (error instanceof ApiError && !isTransient(error)) return { ...outcome, result: 'unsupported', error };
    const network = error instanceof NetworkError;
    await ctx.db.transaction('rw', ctx.db.outbox, async () => {
      for (const entry of entries)
        await postpone(ctx.db, entry, ctx.backoff(entry), failure.message, network ? 'network' : 'server');
    });
    return { ...outcome, postponed: entries.length, result: network ? 'network' : 'retry', error: failure };
  }
  const byKey = new Map(answer.results.map((r) => [r.key, r]));
  await ctx.db.transaction('rw', ctx.db.tables, async () => {
    // Each touched record is rebuilt once, after all its answers (outbox.ts recomputeNowOrLater).
    const later = new Set<string>();
    for (const entry of entries) {
      const result = byKey.get(entry.id);
      if (result?.outcome !== 'answered') continue;
      const settled = await settle(ctx, entry, result, later);
      if (settled.error) outcome.error = settled.error;
      if (settled.result === 'ok') outcome.applied++;
      else if (settled.result === 'rejected') outcome.rejected++;
      else if (settled.result === 'retry') outcome.postponed++;
      else if (settled.result === 'unauthorized') outcome.result = 'unauthorized';
    }
    await recomputeAll(ctx.db, later);
  });
  return outcome;
}

/** One batch of the plan's entries (batch.ts `nextBatch`), its outcome told to the engine's hooks. */
export async function sendBatchInTurn(
  ctx: SendContext,
  batch: OutboxEntry[],
  on: InTurnHooks,
): Promise<Step> {
  const out = await sendBatch(ctx, batch);
  if (out.result === 'stopped') return { sent: false, replan: false, stop: true, aborted: true };
  if (out.result === 'unsupported') return { sent: false, replan: false, stop: false, unsupported: true };
  const sent = out.applied + out.rejected > 0;
  if (sent) on.reached(out.applied > 0);
  if (out.result === 'network') on.unreachable(out.error as Error, batch[0] as OutboxEntry);
  else if (out.postponed > 0) on.retry(out.error);
  if (out.result === 'unauthorized') on.unauthorized(out.error as Error);
  return {
    sent,
    replan: out.result === 'retry' || out.postponed > 0,
    stop: out.result === 'network' || out.result === 'unauthorized',
  };
}
