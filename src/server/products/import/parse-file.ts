import { Worker } from 'node:worker_threads';
import { ImportFileError, type ImportFileErrorCode } from './import-errors';
import type { Table } from './read-table';

/** How long one file may take to read before it is given up (a pathological file). */
const PARSE_TIMEOUT_MS = 60_000;
/** The worker's JavaScript heap: a file that would need more ends the worker, not the server. */
const WORKER_HEAP_MB = 512;

/**
 * Reads an uploaded file in a worker thread of its own (./parse-worker.ts): the server's event
 * loop stays free for other users, and a file that would exhaust memory ends only that worker
 * (its heap is capped). The worker loads the TypeScript sources through tsx, the same way the
 * server itself runs.
 */
export function parseFileInWorker(bytes: Buffer): Promise<Table> {
  const entry = new URL('./parse-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new ImportFileError('UNREADABLE'));
    }, PARSE_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (answer: { table?: Table; refused?: ImportFileErrorCode }) => {
      done();
      if (answer.table) resolve(answer.table);
      else reject(new ImportFileError(answer.refused ?? 'UNREADABLE'));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      done();
      // Out of its heap: the file unpacks beyond what a spreadsheet of the allowed size needs.
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFileError('ZIP_TOO_LARGE') : error);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new ImportFileError('UNREADABLE'));
    });
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    worker.postMessage(copy, [copy.buffer]);
  });
}
