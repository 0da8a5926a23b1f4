import { parentPort } from 'node:worker_threads';
import { ImportFileError } from './import-errors';
import { readTable } from './read-table';

/**
 * Worker thread entry: reads uploaded files (./read-table.ts) off the server's main thread, so
 * unpacking and parsing a 10,000-row workbook (half a second of CPU) never stalls other users'
 * requests. Each message is one file; answers `{ job, table }` or `{ job, refused: code }` for a
 * file refused as a whole.
 */
parentPort?.on('message', async ({ job, bytes }: { job: number; bytes: Uint8Array }) => {
  try {
    const table = await readTable(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    parentPort?.postMessage({ job, table });
  } catch (error) {
    const refused = error instanceof ImportFileError ? error.reason : 'UNREADABLE';
    parentPort?.postMessage({ job, refused });
  }
});
