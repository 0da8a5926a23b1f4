import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { buildPgliteTemplate, DEMO_PASSWORD, databaseUrlFor, testDatabaseUrl } from './test-db';

/**
 * Runs once per `vitest run --project api`: migrates and seeds ONE template database, which every
 * test file then clones (tests/helpers/test-db.ts). PGlite: a data-directory dump in a temp file.
 * PostgreSQL (TEST_DATABASE_URL): a template database, dropped at the end with every test database
 * this run left behind.
 */
export default async function setup(project: TestProject) {
  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    const template = `sys_tmpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, template), poolSize: 2 });
    try {
      await migrateToLatest(handle.db);
      await seedIfEmpty(handle.db, { demoPassword: DEMO_PASSWORD, production: false });
    } finally {
      await handle.close();
    }
    project.provide('pgTemplate', { adminUrl, template });
    project.provide('pgliteTemplateFile', null);
    return async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
        // Test databases are named after the template (test-db.ts); a file that crashed before its
        // close() leaves one behind — drop those of THIS run only (other runs may be going on).
        const left = await a.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
          [`${template}_f`],
        );
        for (const row of left.rows)
          await a.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`).catch(() => {});
      } finally {
        await a.end();
      }
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'siparis-api-'));
  const file = join(dir, 'template.tar');
  const dump = await buildPgliteTemplate();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('pgTemplate', null);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
