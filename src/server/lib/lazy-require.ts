import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on its first use instead of when the server starts: for the heavy ones only a
 * few requests need (pdfkit and its fonts for a PDF, the QR encoder for an invoice, the PostgreSQL
 * driver on PGlite). Loading them at start cost ~250 ms of every start and tens of MB of memory
 * that most processes never use. A synchronous `require` (these packages ship CommonJS), so the
 * callers stay synchronous; the first call pays the load, later calls get the same module.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
