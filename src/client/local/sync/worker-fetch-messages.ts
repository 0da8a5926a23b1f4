/** The messages between the page and the fetch worker (fetch-worker.ts, worker-fetch.ts). */
export type WorkerFetchIn =
  | { id: number; url: string; headers: [string, string][] }
  | { id: number; abort: true };

export type WorkerFetchOut =
  | { id: number; head: { status: number; statusText: string; headers: [string, string][] } }
  | { id: number; body: ArrayBuffer }
  | { id: number; error: { name: string; message: string } };
