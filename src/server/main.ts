/**
 * Entry point: read config → open the database (PGlite in DATA_DIR, or PostgreSQL with
 * DATABASE_URL) → migrate → seed an empty database → listen → print the URL and the demo logins.
 * Closes the database on SIGINT/SIGTERM (an unclosed PGlite can lose its last writes).
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROLE_LABELS } from '../shared/domain/roles';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { pgliteChangeListener, postgresChangeListener } from './db/change-listener';
import {
  migrateToLatest,
  openDatabase,
  pgliteDir,
  refreshStatistics,
  STATISTICS_EVERY_MS,
  securePrivateDirectory,
} from './db/database';
import { demoLogins, type SeedLogin, seedIfEmpty } from './db/seed';
import { purgeStaging, staleStagingBefore } from './products/import/import.service';
import { hasDemoData } from './tenants/tenants.repository';

function table(logins: SeedLogin[]): string {
  const rows = logins.map((l) => [l.tenant, l.username, `${l.role} (${ROLE_LABELS[l.role]})`, l.password]);
  const head = ['Şirket (tenant)', 'Kullanıcı adı', 'Rol', 'Şifre'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main() {
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

  securePrivateDirectory(config.dataDir, { create: !config.databaseUrl });
  // Progress on a first start: creating a PGlite cluster takes seconds (more on a busy machine),
  // and a silent terminal looks hung.
  if (!config.databaseUrl && !existsSync(join(pgliteDir(config.dataDir), 'PG_VERSION'))) {
    console.log(`Veritabanı ilk kez oluşturuluyor (PGlite: ${pgliteDir(config.dataDir)})…`);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: pgliteDir(config.dataDir),
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
    await migrateToLatest(database.db);
    const seeded = await seedIfEmpty(database.db, {
      demoPassword: config.demoPassword,
      production: config.nodeEnv === 'production',
      // A first start seeds for a few seconds: say so, or it looks hung.
      onProgress: (line) => console.log(line),
    });
    // Live push (GET /api/events): committed changes are heard by NOTIFY (db/change-listener.ts).
    const changes = database.pglite
      ? pgliteChangeListener(database.pglite)
      : config.databaseUrl
        ? postgresChangeListener(config.databaseUrl)
        : undefined;
    // Rows an import confirmation staged and never made live (the process died mid-way): nothing
    // reads them. The embedded database is this process's own, so none of them is under way;
    // on PostgreSQL another process may be confirming, so only stale ones go (import.service.ts).
    await purgeStaging(database.db, database.kind === 'pglite' ? new Date() : staleStagingBefore());
    app = await buildApp({ db: database.db, config, changes });
    await app.listen({ port: config.port, host: config.host });
    if (database.kind === 'pglite') {
      // PGlite has no autovacuum: do its work ourselves (database.ts), now and periodically. Not
      // awaited: start-up does not wait for it; on the single connection it queues like a request.
      const maintain = () => {
        if (!closing)
          void refreshStatistics(database.db).catch((error) => console.error('VACUUM (ANALYZE):', error));
      };
      maintain();
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
