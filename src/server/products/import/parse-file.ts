import { Worker } from 'node:worker_threads';
import { ImportFileError, type ImportFileErrorCode } from './import-errors';
import type { Table } from './read-table';

/** How long one file may take to read before it is given up (a pathological file). */
const PARSE_TIMEOUT_MS = 60_000;
/** The worker's JavaScript heap: a file that would need more ends the worker, not the server. */
const WORKER_HEAP_MB = 512;
/**
 * An idle worker is ended after this long. It holds ~60 MB — on the embedded default, a fifth of
 * what the whole server needs idle — so it is not kept for minutes in case another file comes: a
 * file read after it ends waits for a new worker (a fraction of a second, beside the seconds the
 * read itself takes); files sent one after another keep the same one.
 */
const IDLE_MS = 10_000;

/**
 * Reads uploaded files in ONE worker thread (./parse-worker.ts): the server's event loop stays
 * free for other users while a 10,000-row workbook is unpacked and parsed, and a file that would
 * exhaust memory ends only the worker (its heap is capped) — the next file gets a new one. Files
 * are read one after another (a second upload waits for the first); the worker is started on the
 * first file and kept warm. From the built server (`npm start`: dist-server/, beside this code) the
 * worker is the built `parse-worker.cjs`; from the TypeScript sources (tests, `dev:server`) it is
 * loaded through tsx, which takes about a second.
 */
let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let queue: Promise<unknown> = Promise.resolve();
let nextJob = 1;

function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  let w: Worker;
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./parse-worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
    w = new Worker(boot, { ...options, eval: true });
  } else {
    w = new Worker(new URL('./parse-worker.cjs', import.meta.url), options);
  }
  w.unref();
  w.once('exit', () => {
    if (worker === w) worker = null;
  });
  return w;
}

function stopWorker(w: Worker) {
  if (worker === w) worker = null;
  void w.terminate();
}

function runJob(bytes: Buffer): Promise<Table> {
  if (idleTimer) clearTimeout(idleTimer);
  const w = worker ?? startWorker();
  worker = w;
  const job = nextJob++;
  return new Promise<Table>((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    const onMessage = (answer: { job: number; table?: Table; refused?: ImportFileErrorCode }) => {
      if (answer.job !== job) return;
      cleanup();
      if (answer.table) resolve(answer.table);
      else reject(new ImportFileError(answer.refused ?? 'UNREADABLE'));
    };
    const onError = (error: Error & { code?: string }) => {
      cleanup();
      stopWorker(w);
      // Out of its heap: the file unpacks beyond what a spreadsheet of the allowed size needs.
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFileError('ZIP_TOO_LARGE') : error);
    };
    const onExit = () => {
      cleanup();
      reject(new ImportFileError('UNREADABLE'));
    };
    const timer = setTimeout(() => {
      cleanup();
      stopWorker(w);
      reject(new ImportFileError('UNREADABLE'));
    }, PARSE_TIMEOUT_MS);
    w.on('message', onMessage);
    w.once('error', onError);
    w.once('exit', onExit);
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    w.postMessage({ job, bytes: copy }, [copy.buffer]);
  }).finally(() => {
    idleTimer = setTimeout(() => {
      if (worker) stopWorker(worker);
    }, IDLE_MS);
    idleTimer.unref();
  });
}

export function parseFileInWorker(bytes: Buffer): Promise<Table> {
  const result = queue.then(
    () => runJob(bytes),
    () => runJob(bytes),
  );
  queue = result.catch(() => undefined);
  return result;
}
