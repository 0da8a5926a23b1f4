import { type SseEvent, SseParser } from '../../../src/shared/api/sse';

/**
 * A reader of GET /api/events over real HTTP, as the browser client reads it (fetch + an
 * Authorization header + the body stream), for API tests and the push benchmark.
 */
export interface OpenStream {
  status: number;
  headers: Headers;
  /** Events received so far, each with the time it arrived (performance.now()). */
  events: Array<SseEvent & { at: number }>;
  comments: string[];
  /** Resolves when the server ended the stream (or it broke). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Waits until `predicate` holds for the events (rejects after `ms`). */
  waitFor(predicate: (events: OpenStream['events']) => boolean, ms?: number): Promise<void>;
  close(): void;
}

export async function openEvents(
  baseUrl: string,
  options: { tenant: string; token?: string | null; lastEventId?: string | number },
): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = String(options.lastEventId);
  const response = await fetch(`${baseUrl}/api/events?tenant=${encodeURIComponent(options.tenant)}`, {
    headers,
    signal: abort.signal,
  });
  const events: OpenStream['events'] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const parser = new SseParser();
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  const endedPromise = (async () => {
    if (!response.body || !response.ok) {
      await response.text().catch(() => '');
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        for (const frame of parser.push(value)) {
          if (frame.type === 'event') events.push({ ...frame, at });
          else comments.push(frame.text);
        }
        notify();
      }
    } catch {
      /* aborted or broken */
    }
  })().finally(() => {
    ended = true;
    notify();
  });
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended: endedPromise,
    isEnded: () => ended,
    waitFor(predicate, ms = 2_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(events)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching event within ${ms} ms (got ${JSON.stringify(events.map((e) => e.id))})`),
          );
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
