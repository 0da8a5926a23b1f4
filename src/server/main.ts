/**
 * Entry point: read config → open the database (PGlite in DATA_DIR, or PostgreSQL with
 * DATABASE_URL) → migrate → seed an empty database → listen → print the URL and the demo logins.
 * Closes the database on SIGINT/SIGTERM (an unclosed PGlite can lose its last writes).
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { ROLE_LABELS } from '../shared/domain/roles';
import { ConfigError, loadConfig } from './config';
import { pgliteDir, securePrivateDirectory, startPglite } from './db/pglite';
import type { SeedLogin } from './db/seed';

/**
 * Everything but PGlite, loaded WHILE PGlite opens: opening spends most of its time off the main
 * thread (compiling its WebAssembly, reading the data directory), and loading Kysely, Fastify,
 * the routes and their packages fills that time instead of following it. Static imports would all
 * load before the first line of main() runs.
 */
async function loadServerModules() {
  const [database, app, listener, seed, imports, tenants] = await Promise.all([
    import('./db/database'),
    import('./app'),
    import('./db/change-listener'),
    import('./db/seed'),
    import('./products/import/import.service'),
    import('./tenants/tenants.repository'),
  ]);
  return {
    openDatabase: database.openDatabase,
    migrateToLatest: database.migrateToLatest,
    refreshStatistics: database.refreshStatistics,
    STATISTICS_EVERY_MS: database.STATISTICS_EVERY_MS,
    STATISTICS_FIRST_MS: database.STATISTICS_FIRST_MS,
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
 * Start-up prints how long each step took, one line each (`Başlatma: <step> — <n> ms`): a slow
 * start then shows where its time went without a profiler. The launcher (scripts/start.mjs) marks
 * `server-import` before it loads this module, so "modules loaded" is this module's own cost.
 */
function stepLine(label: string, ms: number): void {
  console.log(`Başlatma: ${label} — ${Math.round(ms)} ms`);
}

async function step<T>(label: string | ((result: T) => string), work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  stepLine(typeof label === 'string' ? label : label(result), performance.now() - started);
  return result;
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
  // A first start (no PGlite cluster yet) creates, migrates and seeds: seconds of work, done step by
  // step below. Any other start overlaps its steps (see below).
  const firstStart = !config.databaseUrl && !existsSync(join(dataDir, 'PG_VERSION'));
  // Progress on a first start: creating a PGlite cluster takes seconds (more on a busy machine),
  // and a silent terminal looks hung.
  if (firstStart) console.log(`Veritabanı ilk kez oluşturuluyor (PGlite: ${dataDir})…`);
  const openStarted = performance.now();
  // secure: false — DATA_DIR, which holds it, was secured just above (no second walk of its files).
  const pglite: PGlite | undefined = config.databaseUrl
    ? undefined
    : startPglite({ dataDir, sharedBuffers: config.pgliteSharedBuffers, secure: false });
  const pgliteReady = pglite?.waitReady.then(() =>
    stepLine('veritabanı açıldı (PGlite)', performance.now() - openStarted),
  );
  pgliteReady?.catch(() => {});
  const modules = await step('sunucu modülleri yüklendi (veritabanı açılırken)', loadServerModules).catch(
    async (error: unknown) => {
      await pglite?.close().catch(() => {});
      throw error;
    },
  );
  const {
    openDatabase,
    migrateToLatest,
    refreshStatistics,
    STATISTICS_EVERY_MS,
    STATISTICS_FIRST_MS,
    buildApp,
    pgliteChangeListener,
    postgresChangeListener,
    demoLogins,
    seedIfEmpty,
    purgeStaging,
    staleStagingBefore,
    hasDemoData,
  } = modules;
  const openOptions = { databaseUrl: config.databaseUrl, dataDir, sharedBuffers: config.pgliteSharedBuffers };
  // The PGlite started above, wrapped at once (its queries wait until it is ready); PostgreSQL's
  // pool connects on the first query.
  let database = await openDatabase({ ...openOptions, pglite });
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
    /** Migrations, the seed of an empty store, and the clean-up: what must precede serving. */
    const prepare = async () => {
      await pgliteReady;
      const applied = await step(
        (count) => (count === 0 ? 'veritabanı geçişleri güncel' : `${count} veritabanı geçişi uygulandı`),
        () => migrateToLatest(database.db),
      );
      const seeded = await step(
        (report) => (report ? 'ilk veriler oluşturuldu' : 'ilk veriler zaten var'),
        () =>
          seedIfEmpty(database.db, {
            demoPassword: config.demoPassword,
            production: config.nodeEnv === 'production',
            // A first start seeds for a few seconds: say so, or it looks hung.
            onProgress: (line) => console.log(line),
          }),
      );
      if (firstStart && (applied > 0 || seeded)) {
        // PGlite's WebAssembly memory never shrinks: the seed's one big transaction and the
        // migrations' index builds leave it hundreds of MB larger than serving needs, for the
        // life of the process. A fresh instance starts from what serving needs (the old one's
        // memory goes with it). A first start only: the app is built after this there.
        const previous = database;
        database = await step('veritabanı yeniden açıldı (kurulumun belleği bırakıldı)', async () => {
          await previous.close();
          return openDatabase(openOptions);
        });
      }
      // Rows an import confirmation staged and never made live (the process died mid-way): nothing
      // reads them. The embedded database is this process's own, so none of them is under way;
      // on PostgreSQL another process may be confirming, so only stale ones go (import.service.ts).
      await step('yarım kalmış içe aktarmalar temizlendi', () =>
        purgeStaging(database.db, database.kind === 'pglite' ? new Date() : staleStagingBefore()),
      );
      return seeded;
    };
    // Live push (GET /api/events): committed changes are heard by NOTIFY (db/change-listener.ts).
    const listen = () =>
      database.pglite
        ? pgliteChangeListener(database.pglite)
        : config.databaseUrl
          ? postgresChangeListener(config.databaseUrl)
          : undefined;
    let built: Awaited<ReturnType<typeof buildApp>>;
    let seeded: Awaited<ReturnType<typeof prepare>>;
    if (firstStart) {
      seeded = await prepare();
      built = await step('uygulama kuruldu (Fastify)', () =>
        buildApp({ db: database.db, config, changes: listen() }),
      );
    } else {
      // Any other start builds the app WHILE the database opens and is checked: buildApp's own
      // queries wait for `databaseReady` (the migrations come first).
      const prepared = prepare();
      prepared.catch(() => {});
      const building = step('uygulama kuruldu (Fastify; veritabanı açılırken)', () =>
        buildApp({ db: database.db, config, changes: listen(), databaseReady: prepared }),
      );
      building.catch(() => {});
      seeded = await prepared;
      built = await building;
    }
    app = built;
    await step('dinlemeye başladı', () => built.listen({ port: config.port, host: config.host }));
    // From the process's own start (performance.now() counts from it): Node, the launcher, all.
    stepLine('hazır (süreç başlangıcından bu yana)', performance.now());
    if (database.kind === 'pglite') {
      // PGlite has no autovacuum: do its work ourselves (database.ts), soon after start and
      // periodically. Not right at listening: on the single connection it queues like a request,
      // and the first requests (a load balancer's health check, the first sign-in) would wait
      // for its ~0.3 s. The statistics of the last run are kept in the data directory meanwhile.
      const maintain = () => {
        if (!closing)
          void refreshStatistics(database.db).catch((error) => console.error('VACUUM (ANALYZE):', error));
      };
      setTimeout(maintain, STATISTICS_FIRST_MS).unref();
      setInterval(maintain, STATISTICS_EVERY_MS).unref();
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
