import { parentPort } from 'node:worker_threads';
import { ImportFileError } from './import-errors';
import { readTable } from './read-table';

/**
 * Worker thread entry: reads one uploaded file (./read-table.ts) off the server's main thread, so
 * unpacking and parsing a 10,000-row workbook (half a second of CPU) never stalls other users'
 * requests. Answers `{ table }` or `{ refused: code }` for a file refused as a whole.
 */
parentPort?.once('message', async (bytes: Uint8Array) => {
  try {
    const table = await readTable(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    parentPort?.postMessage({ table });
  } catch (error) {
    if (error instanceof ImportFileError) parentPort?.postMessage({ refused: error.reason });
    else parentPort?.postMessage({ refused: 'UNREADABLE' });
  }
});
