import type { WorkerFetchIn, WorkerFetchOut } from './worker-fetch-messages';

/**
 * `fetch` for the sync's pull pages, made by a dedicated worker (fetch-worker.ts).
 *
 * Why: receiving a large answer costs the thread that receives it. A first sync brings pages of
 * 2,000 orders (4.7 MB of JSON each) while the page writes the page before to IndexedDB — and the
 * writes' own share of the main thread (each row is serialized there) is what a first sync waits
 * for. Received on the main thread, six such pages left it 29–34 % of the time for other work;
 * received by a worker and handed over as one transferred buffer, 62–69 % (measured in Chromium
 * on the 2-core test machine). Only decoding and parsing the text stay on the main thread.
 *
 * What it gives is a real `Response` (status, headers, then the body), so everything that reads
 * answers — the HTTP client's errors, maintenance notices, the pull's early next-page headers —
 * works unchanged. GET requests only; anything else, and everything when the worker cannot be
 * started or fails to load, goes to the page's own `fetch`, as do requests already handed to a
 * worker that fails before answering. Aborting the request (the engine stopping, a time-out)
 * aborts the worker's request too.
 */
export function createWorkerFetch(
  makeWorker: () => Worker | null = startWorker,
): typeof fetch & { warm(): void } {
  let worker: Worker | null | undefined;
  let broken = false;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const fallBack = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.cleanup();
      // Not answered yet: asked again on the page. Already answering: the body cannot be had.
      if (!entry.stream) fetch(entry.request).then(entry.resolve, entry.reject);
      else entry.stream.error(new TypeError('Failed to fetch'));
    }
  };

  const onMessage = (event: MessageEvent<WorkerFetchOut>) => {
    const message = event.data;
    const entry = pending.get(message.id);
    if (!entry) return;
    if ('head' in message) {
      const { status, statusText, headers } = message.head;
      const noBody = NULL_BODY_STATUSES.has(status);
      const body = noBody
        ? null
        : new ReadableStream<Uint8Array>({
            start(controller) {
              entry.stream = controller;
            },
          });
      try {
        entry.resolve(new Response(body, { status, statusText, headers }));
      } catch {
        // A status a Response cannot carry: as if the request had failed.
        entry.reject(new TypeError('Failed to fetch'));
        finish(message.id);
        return;
      }
      if (noBody) finish(message.id);
    } else if ('body' in message) {
      entry.stream?.enqueue(new Uint8Array(message.body));
      entry.stream?.close();
      finish(message.id);
    } else {
      const error =
        message.error.name === 'AbortError'
          ? abortReason(entry.request.signal)
          : new TypeError(message.error.message || 'Failed to fetch');
      if (entry.stream) entry.stream.error(error);
      else entry.reject(error);
      finish(message.id);
    }
  };

  const finish = (id: number) => {
    pending.get(id)?.cleanup();
    pending.delete(id);
  };

  const ensureWorker = (): Worker | null => {
    if (worker !== undefined) return worker;
    try {
      worker = makeWorker();
    } catch {
      worker = null;
    }
    if (!worker) {
      broken = true;
      return null;
    }
    worker.onmessage = onMessage;
    worker.onerror = (event) => {
      event.preventDefault();
      fallBack();
    };
    worker.onmessageerror = () => fallBack();
    return worker;
  };

  const workerFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const target = broken || request.method !== 'GET' ? null : ensureWorker();
    if (!target) return fetch(request);
    if (request.signal.aborted) return Promise.reject(abortReason(request.signal));
    const id = ++nextId;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => {
        target.postMessage({ id, abort: true } satisfies WorkerFetchIn);
        const entry = pending.get(id);
        if (!entry) return;
        const reason = abortReason(request.signal);
        if (entry.stream) entry.stream.error(reason);
        else reject(reason);
        finish(id);
      };
      request.signal.addEventListener('abort', onAbort, { once: true });
      pending.set(id, {
        request,
        resolve,
        reject,
        cleanup: () => request.signal.removeEventListener('abort', onAbort),
      });
      target.postMessage({ id, url: request.url, headers: [...request.headers] } satisfies WorkerFetchIn);
    });
  };
  // The worker started ahead of its first request (its script loads meanwhile).
  return Object.assign(workerFetch, { warm: () => void (broken || ensureWorker()) });
}

interface Pending {
  request: Request;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
  /** The body's stream, once the answer's head came. */
  stream?: ReadableStreamDefaultController<Uint8Array>;
  cleanup: () => void;
}

/** Statuses whose answers have no body (a Response with one cannot be made). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./fetch-worker.ts', import.meta.url), { type: 'module', name: 'sys-pull' });
}

let shared: ReturnType<typeof createWorkerFetch> | undefined;

/**
 * The page's one worker fetch (started with its first request), or undefined where there are no
 * workers (tests outside a browser): callers then use the ordinary fetch.
 */
export function pullFetch(): typeof fetch | undefined {
  if (typeof Worker === 'undefined') return undefined;
  shared ??= createWorkerFetch();
  return shared;
}

/** Starts the page's worker now, ahead of its first request (nothing where there are no workers). */
export function warmPullFetch(): void {
  if (typeof Worker === 'undefined') return;
  shared ??= createWorkerFetch();
  shared.warm();
}
