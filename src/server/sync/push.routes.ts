import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Endpoint } from '../../shared/api/endpoint';
import { API } from '../../shared/api/endpoints';
import { PUSH_MAX_BYTES, type PushEntry, type PushResult, recordKeysOverlap } from '../../shared/api/push';
import { IDEMPOTENCY_HEADER, type WriteKind } from '../../shared/api/routes';
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
  error: 'Adres (path): bu istek toplu gönderilemez',
  code: 'VALIDATION_ERROR',
  field: 'path',
};

function isQueueable(entry: PushEntry): boolean {
  return TARGETS.some((t) => t.method === entry.method && t.pattern.test(entry.path));
}

/** One entry through its own route; returns its status, body and whether it was a replay. */
async function dispatch(app: FastifyInstance, request: FastifyRequest, entry: PushEntry) {
  const hasBody = entry.body !== undefined && entry.body !== null;
  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER.toLowerCase()]: entry.key };
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

export async function pushBatch(
  app: FastifyInstance,
  request: FastifyRequest,
  entries: readonly PushEntry[],
): Promise<PushResult[]> {
  const results: PushResult[] = [];
  /** Ordering keys of entries not applied: their record's later entries are held. */
  const blocked: string[] = [];
  let stopped = false;
  for (const entry of entries) {
    const recordKey = entry.record_key ?? `key:${entry.key}`;
    if (stopped) {
      results.push({ key: entry.key, outcome: 'held', reason: 'stopped' });
      continue;
    }
    if (blocked.some((k) => recordKeysOverlap(k, recordKey))) {
      blocked.push(recordKey);
      results.push({ key: entry.key, outcome: 'held', reason: 'record' });
      continue;
    }
    const answer = isQueueable(entry)
      ? await dispatch(app, request, entry)
      : { status: 400, body: NOT_QUEUEABLE, replayed: false };
    results.push({ key: entry.key, outcome: 'answered', ...answer } as PushResult);
    if (answer.status >= 200 && answer.status < 300) continue;
    blocked.push(recordKey);
    // The session ended (401) or the server failed (5xx): the rest would fare the same.
    if (answer.status === 401 || answer.status >= 500) stopped = true;
  }
  return results;
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
