import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Endpoint } from '../../shared/api/endpoint';
import { API } from '../../shared/api/endpoints';
import { PUSH_MAX_BYTES, type PushEntry, type PushResult, recordKeysOverlap } from '../../shared/api/push';
import { IDEMPOTENCY_HEADER, type WriteKind } from '../../shared/api/routes';
import { PUSH_RUN_HEADER } from '../idempotency/active-runs';
import { beginRun, commitRun, RUN_SIZE, rollbackRun } from '../idempotency/push-run';
import { route } from '../lib/route';

/**
 * POST /sync/push: a device's queued writes in one request (the contract and its ordering rule
 * are in src/shared/api/push.ts).
 *
 * Each entry is dispatched to the SAME route its single request would reach, through Fastify's
 * in-process request injection (no socket): the same tenant and auth hooks, the same zod
 * validation and messages, the same `app.mutate` — with the entry's own Idempotency-Key, so the
 * outcome is stored in the same transaction as the change, one transaction per entry — and the
 * same serialisation. The answer of each entry is therefore the single request's answer by
 * construction, and a key first sent alone and later in a batch (or the other way round) is one
 * request: same path, same body, same hash.
 *
 * Entries run one after another, never two at a time: PGlite has one connection, and an entry's
 * transaction must not interleave with the next one's (on PostgreSQL as well: order is the point).
 *
 * RUNS: consecutive entries of the writes a device queues by the hundred (scans, order creates,
 * edits and status changes — routes whose handler is app.mutate around a service and nothing
 * else) share one transaction, up to RUN_SIZE at a time, each in a savepoint of it
 * (idempotency/push-run.ts explains why the answers stay the single requests'). Their in-process
 * requests name the run (PUSH_RUN_HEADER) and take the batch request's tenant and user. When the
 * run breaks (an unexpected error, a 5xx or 401, a failed COMMIT) it is rolled back whole and its
 * entries are sent again one by one in their own transactions, as if there had been no run.
 *
 * Only the writes a device queues may be sent this way (create, status, version, ids and
 * idempotent writes); any other method + path is refused for that entry (400), without running
 * anything.
 */

const QUEUEABLE: ReadonlySet<WriteKind> = new Set(['create', 'status', 'version', 'ids', 'idempotent']);

interface Target {
  method: string;
  pattern: RegExp;
}

function targetsOf(entries: readonly Endpoint[]): Target[] {
  return entries
    .filter((e) => e.write !== undefined && QUEUEABLE.has(e.write as WriteKind))
    .map((e) => ({
      method: e.method,
      pattern: new RegExp(`^${e.path.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`),
    }));
}

const TARGETS = targetsOf(Object.values(API));

const NOT_QUEUEABLE = {
  success: false as const,
  error: 'Adres: bu istek toplu gönderilemez',
  code: 'VALIDATION_ERROR',
  field: 'path',
};

function isQueueable(entry: PushEntry): boolean {
  return TARGETS.some((t) => t.method === entry.method && t.pattern.test(entry.path));
}

/**
 * The routes whose entries may run in a shared transaction: their handler is app.mutate around a
 * service that writes only through the transaction it is given (no other database access, no
 * cache to invalidate, nothing done after the answer that needs the commit).
 */
const RUNNABLE = targetsOf([API.warehouseScan, API.orderCreate, API.orderUpdate, API.orderStatus]);

function isRunnable(entry: PushEntry): boolean {
  return RUNNABLE.some((t) => t.method === entry.method && t.pattern.test(entry.path));
}

/** One entry through its own route; returns its status, body and whether it was a replay. */
async function dispatch(app: FastifyInstance, request: FastifyRequest, entry: PushEntry, runId?: string) {
  const hasBody = entry.body !== undefined && entry.body !== null;
  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER.toLowerCase()]: entry.key };
  if (runId) headers[PUSH_RUN_HEADER] = runId;
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  const agent = request.headers['user-agent'];
  if (agent) headers['user-agent'] = agent;
  if (hasBody) headers['content-type'] = 'application/json';
  const response = await app.inject({
    method: entry.method,
    url: `${app.prefix}${entry.path}?tenant=${encodeURIComponent(request.tenant.id)}`,
    headers,
    ...(hasBody ? { payload: JSON.stringify(entry.body) } : {}),
    // The audit row of the entry records the device's address, as for its single request.
    remoteAddress: request.ip,
  });
  let body: unknown;
  try {
    body = JSON.parse(response.payload);
  } catch {
    body = { success: false, error: 'Sunucu hatası', code: 'INTERNAL_ERROR' };
  }
  return {
    status: response.statusCode,
    body,
    replayed: response.headers['idempotency-replayed'] === 'true',
  };
}

/** Where the batch stands: the results so far, the records held back, whether it stopped. */
interface Progress {
  results: PushResult[];
  /** Ordering keys of entries not applied: their record's later entries are held. */
  blocked: string[];
  stopped: boolean;
}

type Answer = Awaited<ReturnType<typeof dispatch>>;

/** Entry i of the batch through `send`, unless it is held; records the result. */
async function step(
  progress: Progress,
  entry: PushEntry,
  send: (entry: PushEntry) => Promise<Answer>,
): Promise<Answer | undefined> {
  const recordKey = entry.record_key ?? `key:${entry.key}`;
  if (progress.stopped) {
    progress.results.push({ key: entry.key, outcome: 'held', reason: 'stopped' });
    return undefined;
  }
  if (progress.blocked.some((k) => recordKeysOverlap(k, recordKey))) {
    progress.blocked.push(recordKey);
    progress.results.push({ key: entry.key, outcome: 'held', reason: 'record' });
    return undefined;
  }
  const answer = isQueueable(entry)
    ? await send(entry)
    : { status: 400, body: NOT_QUEUEABLE, replayed: false };
  progress.results.push({ key: entry.key, outcome: 'answered', ...answer } as PushResult);
  if (answer.status >= 200 && answer.status < 300) return answer;
  progress.blocked.push(recordKey);
  // The session ended (401) or the server failed (5xx): the rest would fare the same.
  if (answer.status === 401 || answer.status >= 500) progress.stopped = true;
  return answer;
}

/**
 * Entries in one shared transaction (see RUNS above). Returns false when the run broke: nothing of
 * it was applied and `progress` is as before it.
 */
async function inRun(
  app: FastifyInstance,
  request: FastifyRequest,
  entries: readonly PushEntry[],
  progress: Progress,
): Promise<boolean> {
  const authorization = request.headers.authorization;
  if (!authorization) return false;
  let run: Awaited<ReturnType<typeof beginRun>>;
  try {
    run = await beginRun(
      app.db,
      request.tenant.id,
      request.user.id,
      entries.map((e) => e.key),
    );
  } catch {
    return false;
  }
  const before = {
    results: progress.results.length,
    blocked: [...progress.blocked],
    stopped: progress.stopped,
  };
  app.pushRuns.set(run.id, { ...run, tenant: request.tenant, user: request.user, authorization });
  const active = app.pushRuns.get(run.id) as NonNullable<ReturnType<typeof app.pushRuns.get>>;
  let committed = false;
  try {
    for (const entry of entries) {
      const answer = await step(progress, entry, (e) => dispatch(app, request, e, run.id));
      if (active.broken || (answer && (answer.status === 401 || answer.status >= 500))) {
        active.broken = true;
        break;
      }
    }
    committed = await commitRun(active);
  } catch {
    await rollbackRun(active);
  } finally {
    app.pushRuns.delete(run.id);
  }
  if (!committed) {
    progress.results.length = before.results;
    progress.blocked = before.blocked;
    progress.stopped = before.stopped;
  }
  return committed;
}

export async function pushBatch(
  app: FastifyInstance,
  request: FastifyRequest,
  entries: readonly PushEntry[],
): Promise<PushResult[]> {
  const progress: Progress = { results: [], blocked: [], stopped: false };
  const single = (entry: PushEntry) => dispatch(app, request, entry);
  let i = 0;
  while (i < entries.length) {
    // The longest stretch of runnable entries from here, at most RUN_SIZE.
    let end = i;
    while (end < entries.length && end - i < RUN_SIZE && isRunnable(entries[end] as PushEntry)) end++;
    const slice = entries.slice(i, end);
    if (slice.length > 1 && !progress.stopped && (await inRun(app, request, slice, progress))) {
      i = end;
      continue;
    }
    // One by one, each in its own transaction: a lone entry, an entry that cannot run in a shared
    // transaction, or the entries of a run that broke (rolled back whole).
    for (const entry of slice.length > 0 ? slice : [entries[i] as PushEntry])
      await step(progress, entry, single);
    i = Math.max(end, i + 1);
  }
  return progress.results;
}

export default async function pushRoutes(app: FastifyInstance) {
  route(
    app,
    API.syncPush,
    async (request) => ({
      success: true as const,
      data: { results: await pushBatch(app, request, request.body.entries) },
    }),
    { bodyLimit: PUSH_MAX_BYTES },
  );
}
