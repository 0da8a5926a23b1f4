/**
 * Restores one tenant backup archive: `npm run restore-tenant -- FILE`.
 *
 * Uses the same database as the server: DATABASE_URL (PostgreSQL), otherwise the PGlite data
 * directory under DATA_DIR — stop the server first on PGlite (one process owns that directory).
 * The database is migrated first (as the server does at start). The tenant must not exist there
 * yet: into an empty database, or as a new tenant beside others; otherwise it refuses and writes
 * nothing. Everything happens in one transaction.
 */
import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { RestoreRefused, restoreTenantArchive } from '../src/server/backups/archive-restore';
import { ConfigError, loadConfig } from '../src/server/config';
import { migrateToLatest, openDatabase, pgliteDir, securePrivateDirectory } from '../src/server/db/database';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Kullanım: npm run restore-tenant -- YEDEK_DOSYASI.ndjson.gz');
    return 2;
  }
  const path = resolve(file);
  if (!existsSync(path)) {
    console.error(`Dosya bulunamadı: ${path}`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (!config.databaseUrl) securePrivateDirectory(config.dataDir, { create: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: pgliteDir(config.dataDir),
  });
  try {
    console.log(
      `Veritabanı: ${database.kind === 'pglite' ? `PGlite (${database.location})` : database.location}`,
    );
    await migrateToLatest(database.db);
    const started = Date.now();
    const result = await restoreTenantArchive(database.db, createReadStream(path));
    const total = Object.values(result.rowCounts).reduce((a, b) => a + b, 0);
    console.log(
      `"${result.tenant}" geri yüklendi: ${total} satır, ${Object.keys(result.rowCounts).length} tablo, ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    for (const [table, n] of Object.entries(result.rowCounts)) console.log(`  ${table}: ${n}`);
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Geri yükleme reddedildi: ${error.message}`);
      return 1;
    }
    console.error(
      'Geri yükleme başarısız (hiçbir şey yazılmadı):',
      error instanceof Error ? error.message : error,
    );
    return 1;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));
