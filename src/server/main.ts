/**
 * Entry point: read config → open the database (PGlite in DATA_DIR, or PostgreSQL with
 * DATABASE_URL) → migrate → seed an empty database → listen → print the URL and the demo logins.
 * Closes the database on SIGINT/SIGTERM (an unclosed PGlite can lose its last writes).
 */

import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE_LABELS } from '../shared/domain/roles';
import { ConfigError, loadConfig } from './config';
import { compilePgliteWasm, pgliteDir, securePrivateDirectory, startPglite } from './db/pglite';
import { startHeapTrim } from './lib/heap-trim';
import { step, stepLine } from './lib/start-steps';
import type { SeedLogin } from './seed/seed';
import type { SetupInput, SetupResult } from './seed/setup';

/**
 * Everything but PGlite, loaded WHILE PGlite's WebAssembly compiles on V8's background threads
 * (compilePgliteWasm): loading Kysely, Fastify, the routes and their packages fills that time
 * instead of following it. Static imports would all load before the first line of main() runs.
 */
async function loadServerModules() {
  const [database, app, listener, seed, imports, tenants] = await Promise.all([
    import('./db/database'),
    import('./app'),
    import('./db/change-listener'),
    import('./seed/seed'),
    import('./products/import/import.service'),
    import('./tenants/tenants.repository'),
  ]);
  return {
    openDatabase: database.openDatabase,
    migrateToLatest: database.migrateToLatest,
    refreshStatistics: database.refreshStatistics,
    STATISTICS_EVERY_MS: database.STATISTICS_EVERY_MS,
    STATISTICS_FIRST_MS: database.STATISTICS_FIRST_MS,
    STATISTICS_QUIET_MS: database.STATISTICS_QUIET_MS,
    STATISTICS_QUIET_MAX_WAIT_MS: database.STATISTICS_QUIET_MAX_WAIT_MS,
    whenQuiet: database.whenQuiet,
    buildApp: app.buildApp,
    pgliteChangeListener: listener.pgliteChangeListener,
    postgresChangeListener: listener.postgresChangeListener,
    demoLogins: seed.demoLogins,
    seedIfEmpty: seed.seedIfEmpty,
    purgeStaging: imports.purgeStaging,
    staleStagingBefore: imports.staleStagingBefore,
    hasDemoData: tenants.hasDemoData,
  };
}

function table(logins: SeedLogin[]): string {
  const rows = logins.map((l) => [l.tenant, l.username, `${l.role} (${ROLE_LABELS[l.role]})`, l.password]);
  const head = ['Şirket (tenant)', 'Kullanıcı adı', 'Rol', 'Şifre'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * PGlite started on the data directory, and its readiness (printing how long it took since
 * `started`, when its opening began: the compile of its WebAssembly, if that came first).
 */
function startOpening(
  options: { dataDir: string; sharedBuffers?: string; wasmModule?: WebAssembly.Module },
  started = performance.now(),
) {
  // secure: false — main() has secured DATA_DIR, which holds it (no second walk of its files).
  const instance = startPglite({ ...options, secure: false });
  const ready = instance.waitReady.then(() =>
    stepLine('veritabanı açıldı (PGlite)', performance.now() - started),
  );
  ready.catch(() => {});
  return { instance, ready };
}

/**
 * Runs seed/setup.ts in a child process: from the built server (dist-server/) the built `setup.cjs`
 * beside this file; from the TypeScript sources (`dev:server`, tests) through tsx. Its output is
 * this process's; its result comes back over IPC.
 */
function runSetup(input: SetupInput): Promise<SetupResult> {
  const fromSource = import.meta.url.endsWith('.ts');
  const child = fork(
    fileURLToPath(new URL(fromSource ? './seed/setup.ts' : './setup.cjs', import.meta.url)),
    {
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      env: { ...process.env, SETUP_INPUT: JSON.stringify(input) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    let result: SetupResult | undefined;
    child.once('message', (message: SetupResult) => {
      result = message;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`İlk kurulum tamamlanamadı (çıkış kodu ${code}).`)),
    );
  });
}

async function main() {
  const importMark = performance.getEntriesByName('server-import')[0];
  stepLine('başlatıcı modülleri yüklendi', performance.now() - (importMark?.startTime ?? 0));
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const securing = performance.now();
  securePrivateDirectory(config.dataDir, { create: !config.databaseUrl });
  stepLine('veri dizininin izinleri denetlendi', performance.now() - securing);
  const dataDir = pgliteDir(config.dataDir);
  const openOptions = { databaseUrl: config.databaseUrl, dataDir, sharedBuffers: config.pgliteSharedBuffers };
  // A first start (no PGlite cluster yet) creates, migrates and seeds in a process of its own
  // (seed/setup.ts: its memory is returned when it ends), started now, while the modules load.
  const firstStart = !config.databaseUrl && !existsSync(join(dataDir, 'PG_VERSION'));
  let setup: Promise<SetupResult> | undefined;
  if (firstStart) {
    // Creating a PGlite cluster takes seconds (more on a busy machine): a silent terminal looks hung.
    console.log(`Veritabanı ilk kez oluşturuluyor (PGlite: ${dataDir})…`);
    setup = step('ilk kurulum tamamlandı (ayrı süreçte)', () =>
      runSetup({
        dataDir,
        sharedBuffers: config.pgliteSharedBuffers,
        demoPassword: config.demoPassword,
        production: config.nodeEnv === 'production',
      }),
    );
    setup.catch(() => {});
  }
  // Any other start compiles PGlite's WebAssembly first thing, loads the rest meanwhile, then
  // opens PGlite with it: its opening's own steps then find the main thread free.
  const opening = performance.now();
  const wasm = config.databaseUrl || firstStart ? undefined : compilePgliteWasm();
  wasm?.catch(() => {});
  const modules = await step('sunucu modülleri yüklendi (PGlite derlenirken)', loadServerModules);
  let pglite = wasm ? startOpening({ ...openOptions, wasmModule: await wasm }, opening) : undefined;
  const {
    openDatabase,
    migrateToLatest,
    refreshStatistics,
    STATISTICS_EVERY_MS,
    STATISTICS_FIRST_MS,
    STATISTICS_QUIET_MS,
    STATISTICS_QUIET_MAX_WAIT_MS,
    whenQuiet,
    buildApp,
    pgliteChangeListener,
    postgresChangeListener,
    demoLogins,
    seedIfEmpty,
    purgeStaging,
    staleStagingBefore,
    hasDemoData,
  } = modules;
  let setupResult: SetupResult | undefined;
  try {
    setupResult = await setup;
  } catch (error) {
    console.error('Başlatılamadı:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (setupResult) pglite = startOpening(openOptions);
  // The PGlite started above, wrapped at once (its queries wait until it is ready); PostgreSQL's
  // pool connects on the first query.
  const database = await openDatabase({ ...openOptions, pglite: pglite?.instance });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: kapanıyor…`);
    try {
      await app?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    /** The migrations and the seed of an empty store: what must precede serving. */
    const prepare = async () => {
      await pglite?.ready;
      await step(
        (count) => (count === 0 ? 'veritabanı geçişleri güncel' : `${count} veritabanı geçişi uygulandı`),
        () => migrateToLatest(database.db),
      );
      return step(
        (report) => (report ? 'ilk veriler oluşturuldu' : 'ilk veriler zaten var'),
        () =>
          seedIfEmpty(database.db, {
            demoPassword: config.demoPassword,
            production: config.nodeEnv === 'production',
            // A first start seeds for a few seconds: say so, or it looks hung.
            onProgress: (line) => console.log(line),
          }),
      );
    };
    // The app is built WHILE the database opens and is checked: buildApp's own queries wait for
    // `databaseReady` (the migrations come first).
    const prepared = prepare();
    prepared.catch(() => {});
    // Live push (GET /api/events): committed changes are heard by NOTIFY (db/change-listener.ts).
    const changes = database.pglite
      ? pgliteChangeListener(database.pglite)
      : config.databaseUrl
        ? postgresChangeListener(config.databaseUrl)
        : undefined;
    const building = step('uygulama kuruldu (Fastify; veritabanı açılırken)', () =>
      buildApp({ db: database.db, config, changes, databaseReady: prepared }),
    );
    building.catch(() => {});
    const seeded = setupResult?.seeded ?? (await prepared);
    await prepared;
    const built = await building;
    app = built;
    const startedAt = new Date();
    await step('dinlemeye başladı', () => built.listen({ port: config.port, host: config.host }));
    // Rows an import confirmation staged and never made live (the process died mid-way): nothing
    // reads them, so they go after the server listens, not on its way there. The embedded
    // database is this process's own, so every row staged before this start is such a row (one
    // staged since has a later time and is kept); on PostgreSQL another process may be confirming,
    // so only stale ones go (import.service.ts).
    void purgeStaging(database.db, database.kind === 'pglite' ? startedAt : staleStagingBefore()).catch(
      (error: unknown) => console.error('Yarım kalmış içe aktarmalar temizlenemedi:', error),
    );
    // From the process's own start (performance.now() counts from it): Node, the launcher, all.
    stepLine('hazır (süreç başlangıcından bu yana)', performance.now());
    // The launcher writes the server's code cache after this mark (scripts/start.mjs).
    performance.mark('server-ready');
    if (database.kind === 'pglite') {
      // PGlite has no autovacuum: do its work ourselves (database.ts), soon after start and
      // periodically. Not right at listening: on the single connection it queues like a request,
      // and the first requests (a load balancer's health check, the first sign-in) would wait
      // for its ~0.3 s. Nor in the middle of a burst of requests (a device's first sync): each
      // run waits for a quiet moment (at most a minute). The statistics of the last run are kept
      // in the data directory meanwhile.
      const quietFor = database.quietForMs ?? (() => Number.POSITIVE_INFINITY);
      let running = false;
      const maintain = async () => {
        if (closing || running) return;
        running = true;
        try {
          await whenQuiet(quietFor, STATISTICS_QUIET_MS, STATISTICS_QUIET_MAX_WAIT_MS, () => closing);
          if (!closing) await refreshStatistics(database.db);
        } catch (error) {
          console.error('VACUUM (ANALYZE):', error);
        } finally {
          running = false;
        }
      };
      setTimeout(() => void maintain(), STATISTICS_FIRST_MS).unref();
      setInterval(() => void maintain(), STATISTICS_EVERY_MS).unref();
      // The heap a big job (an import, a large first sync) grew goes back once users are quiet:
      // the embedded server is meant to stay small on a small machine (lib/heap-trim.ts).
      startHeapTrim(quietFor);
    }

    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(
      `\nSipariş Yönetim Sistemi hazır: http://${shownHost}:${port}/  (API: http://${shownHost}:${port}/api)`,
    );
    console.log(
      `Veritabanı: ${database.kind === 'pglite' ? `PGlite (${database.location})` : `PostgreSQL (${database.location})`}`,
    );
    if (seeded?.kind === 'production') {
      console.log('\nİlk kurulum: platform yöneticisi oluşturuldu. Bu şifre YALNIZCA BİR KEZ gösterilir:');
      console.log(table(seeded.logins));
      console.log('  (geçici şifredir: ilk girişte kendi şifrenizi belirlemeniz istenir)');
    } else if (await hasDemoData(database.db)) {
      if (seeded) console.log('\nDemo verisi oluşturuldu.');
      console.log('\nDemo girişleri (adres çubuğunda ?tenant=demo ile şirket seçilir):');
      console.log(table(demoLogins(config.demoPassword)));
      if (!seeded) console.log('  (şifre, veritabanı ilk oluşturulduğundaki DEMO_PASSWORD değeridir)');
    }
  } catch (error) {
    console.error('Başlatılamadı:', error instanceof Error ? error.message : error);
    await app?.close().catch(() => {});
    await database.close();
    process.exit(1);
  }
}

void main();
