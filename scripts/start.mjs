/**
 * `npm start`: the product (API under /api + the built PWA) in THIS process, from JavaScript.
 *
 *  1. The PWA is built (vite) when its sources changed since the last build: `dist/.build-hash`
 *     holds a hash of them.
 *  2. The server is built (esbuild: our TypeScript and its packages bundled into dist-server/,
 *     PGlite and a few others left in node_modules, BUNDLE_EXTERNAL) when its sources or the
 *     lockfile changed: `dist-server/.build-hash`.
 *  3. dist-server/main.cjs is run: plain Node, nothing compiles TypeScript at run time. It is
 *     compiled with V8's code cache of an earlier start (`main.cjs.v8-cache`, written by the first
 *     start after a build): runServer() below.
 *
 * Plain JavaScript on purpose: run through tsx, this launcher alone cost ~0.5 s of every start.
 * Each step prints how long it took (`Başlatma: <step> — <n> ms`, as the server's own steps do).
 * SKIP_BUILD=1 skips the PWA build (the server is always built when stale: it cannot run without).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script, constants as vmConstants } from 'node:vm';

// PGlite's WebAssembly (PostgreSQL) starts in V8's baseline code and moves hot functions to the
// optimizing compiler as they run. Opening the database runs a lot of code once; with the default
// budget much of it is optimized during the start, work on the start's way that is never used
// again (measured: the start's CPU time 1.01 → 0.88 s and 1.06 → 0.96 s, medians of 5 alternating
// runs each). A budget 10× larger optimizes what stays hot while serving, a moment later.
// Set before PGlite compiles its module (the server is imported below).
if (process.env.WASM_TIERING_DEFAULT !== '1') setFlagsFromString('--wasm-tiering-budget=18000000');

// V8 lets its heap grow to up to 4× what survived the last full collection before it collects
// again. Work that builds much short-lived data at once (a 10,000-row product import: ~7 MB of
// rows per 20 ms, held for the length of a step) then leaves the heap at 3–4× its live size until
// the next full collection: 240 MB with 60 MB live, measured. A growth of 50 % collects sooner
// (the import's peak resident memory 656–675 → 480–520 MiB) at the cost of more frequent full
// collections (a few ms each at this heap size). HEAP_GROWING_PERCENT=0 keeps V8's own rule.
const heapGrowing = Number(process.env.HEAP_GROWING_PERCENT ?? 50);
if (heapGrowing > 0) setFlagsFromString(`--heap-growing-percent=${heapGrowing}`);

// The server collects the heap a big job grew once users are quiet (src/server/lib/heap-trim.ts),
// with V8's `gc`, which only this flag makes available. Set here, before the server's code is
// compiled, and never changed later: a flag changed after start changes V8's flag hash, and the
// code cache written then would be refused by every next start.
setFlagsFromString('--expose-gc');

const root = process.cwd();
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const serverDir = join(root, 'dist-server');

const clientInputs = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'src/client',
  'src/shared',
  'public',
];
// The launcher itself is an input: it holds the server's build options.
const serverInputs = ['package-lock.json', 'tsconfig.json', 'scripts/start.mjs', 'src/server', 'src/shared'];

const BUNDLE_EXTERNAL = [
  '@electric-sql/pglite',
  '@zxing/library',
  'dejavu-fonts-ttf',
  'nodemailer',
  'pdfkit',
  'pg',
  'pg-native',
  'write-excel-file',
  'tsx',
];

function stepLine(label, started) {
  console.log(`Başlatma: ${label} — ${Math.round(performance.now() - started)} ms`);
}

/** @param {string} path @returns {Generator<string>} */
function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  yield* filesIn(path);
}

/** @param {string} dir @returns {Generator<string>} */
function* filesIn(dir) {
  // Entries with their types: no stat per entry to tell directories from files.
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else yield path;
  }
}

/** @param {string[]} inputs */
function sourceHash(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** @param {string} stampFile */
function stamp(stampFile) {
  return existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
}

/**
 * The inputs' names, sizes and modification times, hashed: reading them is a stat per file, not
 * a read of every byte (~40 ms less on every start). Kept beside the content hash: when it is
 * unchanged the content is taken as unchanged; when it differs (an edit, a checkout, a copy) the
 * content hash decides, and a build follows only if that differs too.
 * @param {string[]} inputs
 */
function statHash(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      const { size, mtimeMs } = statSync(file);
      hash.update(`${relative(root, file)}\0${size}\0${mtimeMs}\0`);
    }
  }
  return hash.digest('hex');
}

/**
 * Whether the build in `dir` was made from the current `inputs` (its `.build-hash`, checked
 * cheaply through `.build-stat` first). Returns the content hash to stamp a new build with.
 * @param {string} dir @param {string[]} inputs
 * @returns {{ current: boolean, contentHash: () => string, statStamp: string }}
 */
function buildState(dir, inputs) {
  const statStamp = statHash(inputs);
  const built = stamp(join(dir, '.build-hash'));
  if (built && stamp(join(dir, '.build-stat')) === statStamp) {
    return { current: true, contentHash: () => built, statStamp };
  }
  const wanted = sourceHash(inputs);
  if (built === wanted) {
    writeFileSync(join(dir, '.build-stat'), statStamp);
    return { current: true, contentHash: () => wanted, statStamp };
  }
  return { current: false, contentHash: () => wanted, statStamp };
}

function buildClient() {
  const started = performance.now();
  if (process.env.SKIP_BUILD === '1') {
    stepLine('istemci derlemesi atlandı (SKIP_BUILD=1)', started);
    return;
  }
  const state = buildState(distDir, clientInputs);
  if (state.current) {
    stepLine('istemci derlemesi güncel', started);
    return;
  }
  console.log('İstemci derleniyor (vite build)…');
  // Always a production build, whatever NODE_ENV the server runs with (Vite would otherwise take
  // NODE_ENV=development from the environment and emit a dev bundle without the service worker).
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'production', '--outDir', distDir, '--emptyOutDir'],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) {
    console.error('İstemci derlenemedi.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(join(distDir, '.build-hash'), state.contentHash());
  writeFileSync(join(distDir, '.build-stat'), state.statStamp);
  stepLine('istemci derlendi', started);
}

async function buildServer() {
  const started = performance.now();
  const state = buildState(serverDir, serverInputs);
  if (state.current && existsSync(join(serverDir, 'main.cjs'))) {
    stepLine('sunucu derlemesi güncel', started);
    return;
  }
  // Loaded only to build: a start with an up-to-date build never pays for it.
  const { build, stop } = await import('esbuild');
  // Built beside, then swapped in whole: an interrupted build never leaves half a server behind.
  const building = `${serverDir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: 'src/server/main.ts',
      // The import-file reader's worker thread (products/import/parse-file.ts starts it).
      'parse-worker': 'src/server/products/import/parse-worker.ts',
      // A first start's set-up, in a child process (main.ts starts it; seed/setup.ts).
      setup: 'src/server/seed/setup.ts',
    },
    outdir: building,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    // CommonJS, one file per entry: a script V8 can compile from a code cache (runServer()); Node 20
    // has no code cache for ES modules. main.ts's import() of its own modules becomes a call that
    // runs their top-level code then, so the app still loads while PGlite opens.
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // Packages are bundled too: one file parses faster than hundreds resolved and read one by one
    // (~40 % of the start's module loading). Left where they are: PGlite (it finds its .wasm and
    // .data files beside its code), the packages lib/lazy-require.ts loads on first use, and those
    // that read files of their own at run time.
    external: BUNDLE_EXTERNAL,
    // The sources find files beside themselves through import.meta.url (the set-up's and the
    // worker's entries, package.json): in the bundle, the bundle's own address.
    define: { 'import.meta.url': '__bundle_url' },
    banner: { js: "var __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise live (and hold ~60 MB) as long as the server.
  await stop();
  writeFileSync(join(building, '.build-hash'), state.contentHash());
  writeFileSync(join(building, '.build-stat'), state.statStamp);
  rmSync(serverDir, { recursive: true, force: true });
  renameSync(building, serverDir);
  stepLine('sunucu derlendi (esbuild)', started);
}

/** How long after the server is ready (main.ts's 'server-ready' mark) its code cache is written. */
const CODE_CACHE_AFTER_MS = Number(process.env.CODE_CACHE_AFTER_MS ?? 2_000);

/**
 * Runs dist-server/main.cjs as Node runs a CommonJS file, but compiled through V8's code cache:
 * parsing and compiling the 4.6 MB bundle took ~200 ms of every start's main thread, where
 * PGlite's opening wants it too (measured: ready 1.96 → 1.62 s, medians of 4 alternating starts).
 * The cache is made from the running server (so it holds the functions the start compiled, not
 * only the top level) once per build: when there was none, or V8 refused it (another Node version,
 * other V8 flags). It lives in dist-server/, which a rebuild replaces whole; writing it is never a
 * reason to fail (a read-only install runs uncached).
 */
function runServer() {
  const filename = join(serverDir, 'main.cjs');
  const cacheFile = join(serverDir, 'main.cjs.v8-cache');
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  // Node's own CommonJS wrapper: the same five names a required file sees.
  const source = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(filename, 'utf8')}\n});`;
  const compiling = performance.now();
  const script = new Script(source, {
    filename,
    cachedData,
    // The bundle's import() of ES-module packages (nodemailer, write-excel-file) resolves as in any file.
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cached = cachedData !== undefined && !script.cachedDataRejected;
  stepLine(
    cached
      ? 'sunucu kodu önbellekten derlendi'
      : `sunucu kodu derlendi (${cachedData ? 'kod önbelleği geçersiz' : 'kod önbelleği yok'})`,
    compiling,
  );
  // A function restored from the code cache has lost the callback above (Node throws
  // ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING): the bundle's lib/import-package.ts uses this file's
  // own import() instead, lent here under the symbol it looks for.
  globalThis[Symbol.for('sys.importPackage')] = (id) => import(id);
  const module = { exports: {}, filename, id: '.', loaded: false };
  script.runInThisContext()(module.exports, createRequire(filename), module, filename, dirname(filename));
  if (cached) return;
  // Made once the server is ready, so it holds what the start compiled (a first start's set-up,
  // seconds long, runs in another process first).
  const observer = new PerformanceObserver((marks) => {
    if (!marks.getEntriesByName('server-ready').length) return;
    observer.disconnect();
    setTimeout(writeCache, CODE_CACHE_AFTER_MS).unref();
  });
  observer.observe({ entryTypes: ['mark'] });
  function writeCache() {
    const started = performance.now();
    try {
      const writing = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(writing, script.createCachedData());
      renameSync(writing, cacheFile);
      stepLine('kod önbelleği yazıldı (sonraki başlatmalar için)', started);
    } catch {
      /* read-only or removed meanwhile: the next start compiles without it */
    }
  }
}

buildClient();
await buildServer();
// main.ts measures its own loading from this mark.
performance.mark('server-import');
runServer();
