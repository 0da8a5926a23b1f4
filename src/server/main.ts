/**
 * Entry point: read config → open the database (PGlite in DATA_DIR, or PostgreSQL with
 * DATABASE_URL) → migrate → seed an empty database → listen → print the URL and the demo logins.
 * Closes the database on SIGINT/SIGTERM (an unclosed PGlite can lose its last writes).
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROLE_LABELS } from '../shared/domain/roles';
import { ConfigError, loadConfig } from './config';
import {
  migrateToLatest,
  openDatabase,
  pgliteDir,
  refreshStatistics,
  STATISTICS_EVERY_MS,
  STATISTICS_FIRST_MS,
  securePrivateDirectory,
} from './db/database';
import type { SeedLogin } from './db/seed';

/**
 * Everything but the database, loaded WHILE the database opens: PGlite spends most of its opening
 * compiling its WebAssembly off the main thread, and loading the app's modules (Fastify, the
 * routes, their packages) fills that time instead of following it. Static imports would all load
 * before the first line of main() runs.
 */
async function loadServerModules() {
  const [app, listener, seed, imports, tenants] = await Promise.all([
    import('./app'),
    import('./db/change-listener'),
    import('./db/seed'),
    import('./products/import/import.service'),
    import('./tenants/tenants.repository'),
  ]);
  return {
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
  // Progress on a first start: creating a PGlite cluster takes seconds (more on a busy machine),
  // and a silent terminal looks hung.
  if (!config.databaseUrl && !existsSync(join(pgliteDir(config.dataDir), 'PG_VERSION'))) {
    console.log(`Veritabanı ilk kez oluşturuluyor (PGlite: ${pgliteDir(config.dataDir)})…`);
  }
  const opening = step(
    (handle) => `veritabanı açıldı (${handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
    () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir) }),
  );
  const loading = step('sunucu modülleri yüklendi (veritabanı açılırken)', loadServerModules);
  // Whichever fails first is reported; the other's rejection must not go unhandled meanwhile.
  loading.catch(() => {});
  const database = await opening;
  const {
    buildApp,
    pgliteChangeListener,
    postgresChangeListener,
    demoLogins,
    seedIfEmpty,
    purgeStaging,
    staleStagingBefore,
    hasDemoData,
  } = await loading.catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
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
    await step(
      (applied) => (applied === 0 ? 'veritabanı geçişleri güncel' : `${applied} veritabanı geçişi uygulandı`),
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
    // Live push (GET /api/events): committed changes are heard by NOTIFY (db/change-listener.ts).
    const changes = database.pglite
      ? pgliteChangeListener(database.pglite)
      : config.databaseUrl
        ? postgresChangeListener(config.databaseUrl)
        : undefined;
    // Rows an import confirmation staged and never made live (the process died mid-way): nothing
    // reads them. The embedded database is this process's own, so none of them is under way;
    // on PostgreSQL another process may be confirming, so only stale ones go (import.service.ts).
    await step('yarım kalmış içe aktarmalar temizlendi', () =>
      purgeStaging(database.db, database.kind === 'pglite' ? new Date() : staleStagingBefore()),
    );
    const built = await step('uygulama kuruldu (Fastify)', () =>
      buildApp({ db: database.db, config, changes }),
    );
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
