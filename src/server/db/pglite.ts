import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

/**
 * Opening the embedded database, apart from the rest of database.ts: main.ts imports only this
 * (and PGlite) before it starts PGlite, so the database begins opening before Kysely, Fastify and
 * the routes are loaded — they load while it opens.
 */

/**
 * PGlite sized for a small server. PGlite runs PostgreSQL inside the process's WebAssembly memory,
 * which only grows: whatever PostgreSQL touches once (its page cache, a sort's work memory, an
 * index build's maintenance memory) stays resident for the life of the process. PostgreSQL's
 * defaults (shared_buffers 128MB — with its bookkeeping ~180 MB of WebAssembly memory, most of it
 * touched — maintenance_work_mem 64MB, temp_buffers 8MB) cost ~115 MB of resident memory for a
 * cache this process rarely needs: the operating system's file cache keeps the data files in
 * memory anyway, and a page PostgreSQL does not hold is one read() away. Figures and their cost in
 * speed: docs/operations.md. PGLITE_SHARED_BUFFERS (config.ts) raises the cache for a big tenant.
 * On PostgreSQL the server's own settings apply; nothing here.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '32MB',
  // Per sort or hash: the app's sorts are over pages of rows; a bigger one spills to a temporary file.
  work_mem: '4MB',
  // VACUUM (every 15 minutes, database.ts) and CREATE INDEX (migrations).
  maintenance_work_mem: '16MB',
  // Temporary tables only (the app makes none).
  temp_buffers: '1MB',
};

/**
 * Open files. PostgreSQL keeps the files of the relations it reads open, in a cache of at most
 * `max_safe_fds` descriptors, closing the least recently used one to open another. A server
 * measures that number at start (`set_max_safe_fds`); PGlite's single-user start does not, so it
 * keeps the compiled-in floor of 48 — and a sync pull alone reads orders, their lines, events,
 * customers, products, users, their indexes and the catalogues: more than 48 files, so every
 * query closed and opened files again (~600 opens in 2 s of a first sync, a path lookup and an
 * open system call each through the WebAssembly file system).
 *
 * There is no setting for it, so the variable is set in PostgreSQL's memory once PGlite is ready:
 * PGlite starts with `max_files_per_process` = FILE_LIMIT_MARK (a value chosen to be found; the
 * setting itself is not used by PGlite's start), and fd.c keeps `max_safe_fds` right after it.
 * Exactly one place in the static data must hold FILE_LIMIT_MARK followed by 48; anything else
 * (another PGlite build) leaves PostgreSQL as it is. Node raises its own descriptor limit to the
 * system's hard limit at start, far above PGLITE_OPEN_FILES.
 */
const FILE_LIMIT_MARK = 977;
/** PostgreSQL's FD_MINFREE: the value max_safe_fds keeps when nothing measured it. */
const COMPILED_MAX_SAFE_FDS = 48;
export const PGLITE_OPEN_FILES = 300;
/**
 * PostgreSQL's static data lies in the first megabytes of the WebAssembly memory (~3 MB in PGlite
 * 0.4; the variable at 2.5 MB). Scanning 8 MB takes a few milliseconds once, when PGlite is ready.
 */
const STATIC_DATA_BYTES = 8 * 1024 * 1024;

const raised = new WeakSet<PGlite>();

function raiseOpenFileLimit(pg: PGlite): void {
  const heap = (pg as unknown as { mod?: { HEAP32?: Int32Array } }).mod?.HEAP32;
  if (!heap) return;
  const end = Math.min(heap.length - 1, STATIC_DATA_BYTES / 4);
  let at = -1;
  for (let i = 0; i < end; i++) {
    if (heap[i] !== FILE_LIMIT_MARK || heap[i + 1] !== COMPILED_MAX_SAFE_FDS) continue;
    if (at >= 0) return; // more than one: not sure which, so none
    at = i + 1;
  }
  if (at < 0) return;
  heap[at] = PGLITE_OPEN_FILES;
  raised.add(pg);
}

/** Whether PostgreSQL in this PGlite keeps PGLITE_OPEN_FILES files open (see raiseOpenFileLimit). */
export function openFileLimitRaised(pg: PGlite): boolean {
  return raised.has(pg);
}

/**
 * `bytea` values to and from the embedded database, through Node's own hex codec. PGlite passes
 * binary values as PostgreSQL's hex text (`\x0a1b…`) and its own converters build that text one
 * byte at a time in JavaScript — an array of strings per byte one way, a `parseInt` per byte the
 * other. On the server's one thread, with the database waiting: measured for 800 KB (an import's
 * stored rows, a delivery photo), 370–400 ms to write and 70–80 ms to read, against 33 ms and
 * 10 ms here. Same text, same values: a value read is a plain Uint8Array holding exactly its
 * bytes (its own buffer), as PGlite returns it.
 */
const byteaSerializer = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};

const defaultByteaParser = types.parsers[types.BYTEA] as (text: string, typeId?: number) => unknown;

const byteaParser = (text: string, typeId?: number): unknown => {
  // The hex format is the only one PostgreSQL writes unless `bytea_output` is set otherwise.
  if (!text.startsWith('\\x')) return defaultByteaParser(text, typeId);
  const bytes = new Uint8Array((text.length - 2) >>> 1);
  Buffer.from(bytes.buffer).write(text.slice(2), 'hex');
  return bytes;
};

/**
 * Starts PGlite on `dataDir` (made owner-only first; in memory without one) with PGLITE_SETTINGS.
 * Not awaited: the instance's queries wait until it is ready (`waitReady`).
 */
export function startPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  sharedBuffers?: string;
  /** false: the caller has just secured a directory holding dataDir (main.ts: DATA_DIR). */
  secure?: boolean;
  /** PGlite's WebAssembly already compiled (compilePgliteWasm); otherwise PGlite reads and compiles it. */
  wasmModule?: WebAssembly.Module;
}): PGlite {
  if (options.dataDir && options.secure !== false) securePrivateDirectory(options.dataDir);
  const settings = {
    ...PGLITE_SETTINGS,
    ...(options.sharedBuffers ? { shared_buffers: options.sharedBuffers } : {}),
  };
  const pg = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // PGlite's own start parameters, then ours (a later -c wins).
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
      '-c',
      `max_files_per_process=${FILE_LIMIT_MARK}`,
    ],
    pgliteWasmModule: options.wasmModule,
    serializers: { [types.BYTEA]: byteaSerializer },
    parsers: { [types.BYTEA]: byteaParser },
  });
  // Registered first: it runs before any caller's continuation of waitReady.
  pg.waitReady.then(
    () => raiseOpenFileLimit(pg),
    () => undefined,
  );
  return pg;
}

/**
 * PGlite's WebAssembly (~10 MB), compiled on V8's background threads from this call on. The file
 * is read synchronously, so the compile starts at once: PGlite's own asynchronous read needs a
 * turn of the main thread to hand the bytes over, and a start's main thread is busy loading the
 * server's modules for ~0.3–0.4 s (main.ts), so its compile began only after them. Compiled
 * beforehand and given to startPglite, it runs beside that loading instead.
 */
export function compilePgliteWasm(): Promise<WebAssembly.Module> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return WebAssembly.compile(readFileSync(join(dirname(entry), 'pglite.wasm')));
}

/**
 * INVARIANT: DATA_DIR is readable by its owner only. It holds the whole database (password
 * hashes, customers, prices) and the JWT signing key (config.ts), so no other local account may
 * read it — not even list it.
 *  - The process umask becomes 077: every file and directory created from now on is owner-only.
 *    That is what covers PGlite, which keeps creating files (WAL segments, new relations) for as
 *    long as it runs, with the modes its file-system layer asks for (0644/0755 under umask 022).
 *    The server writes nothing that others should read, so the process-wide mask is no loss.
 *  - What already exists (an install from before this rule, a copied backup) loses its group and
 *    other permission bits, recursively. Symbolic links are not followed.
 * Called by main.ts for DATA_DIR and by startPglite for the PGlite directory.
 */
export function securePrivateDirectory(dir: string, options: { create?: boolean } = {}): void {
  // process.umask() cannot be set from a worker thread; the chmod below still applies there.
  if (isMainThread) process.umask(0o077);
  // On PostgreSQL with JWT_SECRET set, DATA_DIR is not needed and need not be writable: not made.
  if (options.create === false && !existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  removeGroupAndOtherAccess(dir);
}

function removeGroupAndOtherAccess(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) {
    try {
      chmodSync(path, stat.mode & 0o700);
    } catch {
      /* best effort on file systems without POSIX modes */
    }
  }
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) removeGroupAndOtherAccess(join(path, entry));
  }
}

/** PGlite lives in DATA_DIR/pglite; DATA_DIR also holds the generated JWT secret. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}
