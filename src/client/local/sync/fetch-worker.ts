/// <reference lib="webworker" />
/**
 * A dedicated worker that makes GET requests for the page and hands back their answers as bytes
 * (worker-fetch.ts holds the page's side and the reasons). Messages in: `{ id, url, headers }` to
 * ask, `{ id, abort: true }` to give up. Messages out, per request: `{ id, head }` as soon as the
 * answer's status and headers are there, then `{ id, body }` (the whole body, its buffer
 * transferred, not copied) — or `{ id, error }` at any point.
 */
import type { WorkerFetchIn, WorkerFetchOut } from './worker-fetch-messages';

declare const self: DedicatedWorkerGlobalScope;

const running = new Map<number, AbortController>();

function send(message: WorkerFetchOut, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

self.onmessage = async (event: MessageEvent<WorkerFetchIn>) => {
  const message = event.data;
  if ('abort' in message) {
    running.get(message.id)?.abort();
    return;
  }
  const { id, url, headers } = message;
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const response = await fetch(url, { headers, signal: controller.signal, credentials: 'same-origin' });
    send({
      id,
      head: { status: response.status, statusText: response.statusText, headers: [...response.headers] },
    });
    const body = await response.arrayBuffer();
    send({ id, body }, [body]);
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : 'TypeError';
    send({ id, error: { name, message: error instanceof Error ? error.message : String(error) } });
  } finally {
    running.delete(id);
  }
};
